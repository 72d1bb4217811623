import { redirect } from 'react-router'
import type { Route } from './+types/artefact-redirect.ts'

/**
 * Paths named after UI parts of the original front end
 * (/host/vouchers/HostVoucherCreateCard, /host/calendar/CalendarSync, …):
 * 302 to the parent page, where that UI part lives (PRODUCT.md §2).
 */
export async function loader({ url }: Route.LoaderArgs) {
	const { pathname } = url
	const trimmed = pathname.replace(/\/+$/, '')
	return redirect(trimmed.slice(0, trimmed.lastIndexOf('/')) || '/', 302)
}

export default function ArtefactRedirect() {
	return null
}
