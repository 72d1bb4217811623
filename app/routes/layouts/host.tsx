import type { Route } from './+types/host.ts'
import { AreaLayout, type AreaNavItem } from '#app/components/area-layout.tsx'
import { getUserStatus, STATUS_ENDPOINTS } from '#app/models/user-status.server.ts'
import { requireRole, roleGuard } from '#app/utils/auth.server.ts'

/** The host area: role Owner only. The guard runs on the server for every loader and action below. */
export const middleware: Route.MiddlewareFunction[] = [roleGuard('Owner')]

export async function loader(args: Route.LoaderArgs) {
	const user = await requireRole(args, 'Owner')
	return { status: { endpoint: STATUS_ENDPOINTS[user.role], counts: getUserStatus(user) } }
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
		['host/accessAreas', '/host/accessAreas'],
		['host/templateTexts', '/host/templateTexts'],
		['host/playroomRatings', '/host/playroomRatings'],
		['host/modules', '/host/modules'],
		['host/account/edit', '/host/account/edit'],
	] as const
).map(([id, to]) => ({ id, to }))

export default function HostLayout({ loaderData }: Route.ComponentProps) {
	return <AreaLayout areaId="host" items={ITEMS} status={loaderData.status} />
}
