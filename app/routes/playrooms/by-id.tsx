import { redirect } from 'react-router'
import type { Route } from './+types/by-id.ts'
import { findVisiblePlayroom } from '#app/models/catalogue/playrooms.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'
import { playroomPath } from '#app/utils/catalogue-urls.ts'
import { getLocale } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { assertValidRouteParams, notFound } from '#app/utils/route-params.server.ts'

/** /playrooms/id/:playroomId → 301 to the canonical /playrooms/:playroomUrlPath (PRODUCT.md §2). */
export async function loader({ params, url, context }: Route.LoaderArgs) {
	assertValidRouteParams(params)
	let urlPath: string
	try {
		urlPath = findVisiblePlayroom({ playroomId: params.playroomId }, getCaller(context)).playroomUrlPath
	} catch {
		throw notFound()
	}
	throw redirect(`${localizePath(playroomPath(urlPath), getLocale(context))}${url.search}`, 301)
}

/** Never rendered (the loader always redirects or throws); makes a 404 render the error page. */
export default function PlayroomById() {
	return null
}
