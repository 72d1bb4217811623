import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/orders.ts'
import { loadAdminTablePage } from './admin-table.server.ts'
import { StatusBadge } from '#app/components/booking-ui.tsx'
import { DataTablePage } from '#app/components/data-table.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { listAdminOrders, orderTable, type AdminOrderItem } from '#app/models/admin/admin-orders.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDateTime, formatStay } from '#app/utils/format-instant.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /admin/orders (issue 14): every order in the data table — filters by
 * status, payment status, date, playroom, host and guest; sorting, paging,
 * columns and CSV (the same definition as /api/Admin/Orders/Index and Export).
 */
export async function loader(args: Route.LoaderArgs) {
	const { page } = await loadAdminTablePage(args, orderTable, listAdminOrders)
	return data(page.data, { status: page.status })
}

export default function AdminOrdersPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tb } = useTranslation('booking')
	const { t: tc } = useTranslation('catalogue')
	const locale = useLocale()
	const title = pageTitle(t, 'admin/orders')
	const cell = (key: string, order: AdminOrderItem): React.ReactNode => {
		switch (key) {
			case 'code':
				return (
					<LocaleLink to={`/admin/orders/${order.id}`} className="font-mono font-medium underline">
						{order.code}
					</LocaleLink>
				)
			case 'status':
				return <StatusBadge status={order.status} />
			case 'paymentStatus':
				return tb(`paymentStatuses.${order.paymentStatus}`)
			case 'paymentMethod':
				return tc(`paymentMethods.${order.paymentMethod}`)
			case 'playroom':
				return order.playroomName
			case 'guest':
				return (
					<>
						<div>{order.guestName}</div>
						<div className="text-ink-muted">{order.guestEmail}</div>
					</>
				)
			case 'host':
				return order.hostName
			case 'checkIn':
				return formatStay(order.checkIn, order.checkOut, locale)
			case 'totalAmount':
				return formatAmount(order.totalAmount, locale)
			case 'createdAt':
				return formatDateTime(order.createdAt, locale)
			default:
				return null
		}
	}
	return (
		<DataTablePage
			title={title}
			testId="admin-orders"
			page={loaderData}
			rowKey={(order) => order.id}
			cell={cell}
			exportPath="/api/Admin/Orders/Export"
			rowTestId="order-row"
		/>
	)
}
