import { redirect } from 'react-router'
import type { Route } from './+types/de-redirect.ts'

/** German is the default locale at the bare path: /de/... → /... (301, query kept). */
export async function loader({ url }: Route.LoaderArgs) {
	const path = url.pathname.replace(/^\/de(?=\/|$)/, '') || '/'
	return redirect(`${path}${url.search}`, 301)
}

export default function DeRedirect() {
	return null
}
