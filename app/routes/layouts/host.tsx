import type { Route } from './+types/host.ts'
import { AreaLayout, type AreaNavItem } from '#app/components/area-layout.tsx'
import { getUserStatus, STATUS_ENDPOINTS } from '#app/models/accounts/user-status.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { hostAreaRoles } from '../host/editor/editor.server.ts'

/**
 * The host area: role Owner only — except the playroom editor's routes, which
 * an admin may open on behalf of the host (ADR 0102; the editor still checks
 * the playroom). The guard runs on the server for every loader and action below.
 */
export const middleware: Route.MiddlewareFunction[] = [
	async (args, next) => {
		await requireRole(args, ...hostAreaRoles(args.url))
		return next()
	},
]

export async function loader(args: Route.LoaderArgs) {
	const user = await requireRole(args, ...hostAreaRoles(args.url))
	return {
		status: { endpoint: STATUS_ENDPOINTS[user.role], counts: getUserStatus(user) },
		asAdmin: user.role === 'Admin',
	}
}

const ITEMS: AreaNavItem[] = (
	[
		['host/dashboard', '/host/dashboard'],
		['host/orders', '/host/orders'],
		['host/calendar', '/host/calendar'],
		['host/playrooms', '/host/playrooms'],
		['host/chatMessages', '/host/chatMessages'],
		['host/messages', '/host/messages'],
		['host/vouchers', '/host/vouchers'],
		['host/payouts', '/host/payouts'],
		['host/invoices', '/host/invoices'],
		['host/accessAreas', '/host/accessAreas'],
		['host/templateTexts', '/host/templateTexts'],
		['host/playroomRatings', '/host/playroomRatings'],
		['host/modules', '/host/modules'],
		['host/account/edit', '/host/account/edit'],
	] as const
).map(([id, to]) => ({ id, to }))

/** An admin in the playroom editor: the way back to the admin back office instead of the host's menu. */
const ADMIN_ITEMS: AreaNavItem[] = [
	{ id: 'admin/dashboard', to: '/admin/dashboard' },
	{ id: 'admin/playrooms', to: '/admin/playrooms' },
]

export default function HostLayout({ loaderData }: Route.ComponentProps) {
	return (
		<AreaLayout areaId="host" items={loaderData.asAdmin ? ADMIN_ITEMS : ITEMS} status={loaderData.status} />
	)
}
