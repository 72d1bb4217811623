import type { Route } from './+types/guest.ts'
import { AreaLayout, type AreaNavItem } from '#app/components/area-layout.tsx'
import { getUserStatus, STATUS_ENDPOINTS } from '#app/models/accounts/user-status.server.ts'
import { requireRole, roleGuard } from '#app/utils/auth.server.ts'

/** The guest area: role Customer only. The guard runs on the server for every loader and action below. */
export const middleware: Route.MiddlewareFunction[] = [roleGuard('Customer')]

export async function loader(args: Route.LoaderArgs) {
	const user = await requireRole(args, 'Customer')
	return { status: { endpoint: STATUS_ENDPOINTS[user.role], counts: getUserStatus(user) } }
}

const ITEMS: AreaNavItem[] = (
	[
		['guest/orders', '/guest/orders'],
		['guest/chatMessages', '/guest/chatMessages'],
		['guest/account/edit', '/guest/account/edit'],
	] as const
).map(([id, to]) => ({ id, to }))

export default function GuestLayout({ loaderData }: Route.ComponentProps) {
	return <AreaLayout areaId="guest" items={ITEMS} status={loaderData.status} />
}
