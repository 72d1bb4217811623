import type { Route } from './+types/content-page.ts'
import { notFound } from '#app/utils/route-params.server.ts'

/**
 * The catch-all (spec §2): content pages by slug. Until content pages exist
 * (catalogue capability), every slug is unknown → the 404 page.
 */
export async function loader(_args: Route.LoaderArgs) {
	throw notFound()
}

export default function ContentPage() {
	return null
}
