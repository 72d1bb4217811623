import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import type { Route } from './+types/orders.ts'
import { statusBadge } from '#app/components/booking-ui.tsx'
import { DataTablePage } from '#app/components/data-table.tsx'
import { PathLink } from '#app/components/locale-link.tsx'
import { OpenRequests } from '#app/components/open-requests.tsx'
import {
	countOpenRequests,
	hostPlayroomOptions,
	type OrderListItem,
} from '#app/models/booking/order-queries.server.ts'
import { hostOrderTable, listHostOrderPage } from '#app/models/host-office/host-orders.server.ts'
import { ORDER_STATUSES } from '#db/schema/order-enums.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { loadTablePage } from '#app/utils/data-table.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDateTime, formatStay } from '#app/utils/format-instant.ts'
import { getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { translationTemplate, looseT } from '#app/utils/loose-t.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /host/orders: the host's orders on the data table block (docs/subsystems/data-table.md) —
 * filters status, playroom and period (`from`, `to`), free text, sorting, paging; new
 * requests first unless a sort is chosen. Only the host's own orders; a bad filter value
 * is dropped (ADR 0030). The same definition answers /api/Owner/Orders/Index. The
 * phone-first agenda /owner/orders is its own module (owner-agenda.tsx).
 */
export async function loader(args: Route.LoaderArgs) {
	const host = await requireRole(args, 'Owner')
	const playrooms = hostPlayroomOptions(host.id).map((playroom) => ({
		value: playroom.id,
		text: playroom.name,
	}))
	const page = loadTablePage(
		hostOrderTable,
		args.url,
		looseT(getT(args.context)),
		(query) => listHostOrderPage(host, query),
		{ playroomId: playrooms },
	)
	return data(
		{
			openRequests: countOpenRequests(host.id),
			// Only what the table shows (the loader data travels in every page's HTML).
			list: { ...page.data, items: page.data.items.map(hostListRow) },
		},
		{ status: page.status },
	)
}

function hostListRow(order: OrderListItem) {
	const { id, code, status, checkIn, checkOut, guests, totalAmount, responseDeadline, guestName } = order
	return {
		id,
		code,
		status,
		checkIn,
		checkOut,
		guests,
		totalAmount,
		responseDeadline,
		guestName,
		playroom: { name: order.playroom.name },
	}
}

type Row = ReturnType<typeof hostListRow>

export default function HostOrdersPage({ loaderData }: Route.ComponentProps) {
	const { t: tc } = useTranslation()
	const { t } = useTranslation('booking')
	const locale = useLocale()
	const title = pageTitle(tc, 'host/orders')
	// Labels repeated per row are translated once per page (ADR 0121).
	const lt = looseT(t as unknown as Parameters<typeof looseT>[0])
	const statusLabels = Object.fromEntries(ORDER_STATUSES.map((status) => [status, lt(`statuses.${status}`)]))
	const openOrder = translationTemplate(lt, 'orders.openOrder', ['code'])
	const respondBy = translationTemplate(lt, 'orders.respondBy', ['deadline'])
	const cell = (key: string, order: Row): React.ReactNode => {
		switch (key) {
			case 'code':
				return (
					<PathLink
						to={localizePath(`/host/orders/${order.id}`, locale)}
						className="link font-mono"
						aria-label={openOrder({ code: order.code })}
					>
						{order.code}
					</PathLink>
				)
			case 'checkIn':
				return formatStay(order.checkIn, order.checkOut, locale)
			case 'playroom':
				return order.playroom.name
			case 'guest':
				return order.guestName
			case 'guests':
				return order.guests
			case 'totalAmount':
				return <span className="tabular-nums">{formatAmount(order.totalAmount, locale)}</span>
			case 'status':
				return (
					<>
						{statusBadge(order.status, statusLabels[order.status] ?? order.status)}
						{order.status === 'Requested' && order.responseDeadline ? (
							<span className="block text-xs text-ink-muted">
								{respondBy({ deadline: formatDateTime(order.responseDeadline, locale) })}
							</span>
						) : null}
					</>
				)
			default:
				return null
		}
	}
	return (
		<DataTablePage
			title={title}
			testId="host-orders"
			page={loaderData.list}
			rowKey={(order) => order.id}
			// ADR 0123: a row is the same HTML for the same order and language.
			cell={cell}
			rowTestId="order-row"
		>
			<OpenRequests count={loaderData.openRequests} />
		</DataTablePage>
	)
}
