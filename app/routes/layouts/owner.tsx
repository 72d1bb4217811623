import type { Route } from './+types/owner.ts'
import { AreaLayout, type AreaNavItem } from '#app/components/area-layout.tsx'
import { getUserStatus, STATUS_ENDPOINTS } from '#app/models/accounts/user-status.server.ts'
import { requireRole, roleGuard } from '#app/utils/auth.server.ts'

/** The owner area: role Owner only. The guard runs on the server for every loader and action below. */
export const middleware: Route.MiddlewareFunction[] = [roleGuard('Owner')]

export async function loader(args: Route.LoaderArgs) {
	const user = await requireRole(args, 'Owner')
	return { status: { endpoint: STATUS_ENDPOINTS[user.role], counts: getUserStatus(user) } }
}

const ITEMS: AreaNavItem[] = (
	[
		['owner/orders', '/owner/orders'],
		['owner/calendar', '/owner/calendar'],
		['owner/chatMessages', '/owner/chatMessages'],
	] as const
).map(([id, to]) => ({ id, to }))

export default function OwnerLayout({ loaderData }: Route.ComponentProps) {
	return <AreaLayout areaId="owner" items={ITEMS} status={loaderData.status} />
}
