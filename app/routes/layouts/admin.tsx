import type { Route } from './+types/admin.ts'
import { AreaLayout, type AreaNavItem } from '#app/components/area-layout.tsx'
import { EmailHealthBanner } from '#app/components/email-health-banner.tsx'
import { getEmailHealth } from '#app/models/admin/admin-emails.server.ts'
import { getUserStatus, STATUS_ENDPOINTS } from '#app/models/accounts/user-status.server.ts'
import { requireRole, roleGuard } from '#app/utils/auth.server.ts'

/** The admin area: role Admin only. The guard runs on the server for every loader and action below. */
export const middleware: Route.MiddlewareFunction[] = [roleGuard('Admin')]

export async function loader(args: Route.LoaderArgs) {
	const user = await requireRole(args, 'Admin')
	return {
		status: { endpoint: STATUS_ENDPOINTS[user.role], counts: getUserStatus(user) },
		emailHealth: getEmailHealth(user),
	}
}

const ITEMS: AreaNavItem[] = (
	[
		['admin/dashboard', '/admin/dashboard'],
		['admin/search', '/admin/search'],
		['admin/orders', '/admin/orders'],
		['admin/support', '/admin/support'],
		['admin/hosts', '/admin/hosts'],
		['admin/guests', '/admin/guests'],
		['admin/admins', '/admin/admins'],
		['admin/playrooms', '/admin/playrooms'],
		['admin/playroomRatings', '/admin/playroomRatings'],
		['admin/vouchers', '/admin/vouchers'],
		['admin/voucherOrders', '/admin/voucherOrders'],
		['admin/payouts', '/admin/payouts'],
		['admin/templateTexts', '/admin/templateTexts'],
		['admin/paymentTransactions', '/admin/paymentTransactions'],
		['admin/moneyTransactions', '/admin/moneyTransactions'],
		['admin/invoices', '/admin/invoices'],
		['admin/moduleSubscriptions', '/admin/moduleSubscriptions'],
		['admin/backgroundTaskExecutions', '/admin/backgroundTaskExecutions'],
		['admin/migration', '/admin/migration'],
		['admin/account/edit', '/admin/account/edit'],
	] as const
).map(([id, to]) => ({ id, to }))

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
	return (
		<AreaLayout
			areaId="admin"
			items={ITEMS}
			status={loaderData.status}
			phoneMenu
			notice={<EmailHealthBanner health={loaderData.emailHealth} />}
		/>
	)
}
