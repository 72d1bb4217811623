import { redirect } from 'react-router'
import type { Route } from './+types/area-index.ts'
import { getLocale } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'

const AREA_START: Record<string, string> = {
	guest: '/guest/orders',
	host: '/host/dashboard',
	owner: '/owner/orders',
	admin: '/admin/dashboard',
}

/** /guest, /host, /owner, /admin: go to the area's start page (the guard has run already). */
export async function loader({ url, context }: Route.LoaderArgs) {
	const area = url.pathname
		.split('/')
		.filter(Boolean)
		.find((s) => s in AREA_START)
	return redirect(localizePath(AREA_START[area ?? 'guest'] ?? '/', getLocale(context)))
}
