import { useTranslation } from 'react-i18next'
import type { Route } from './+types/dashboard.ts'
import { StatusBadge } from '#app/components/booking-ui.tsx'
import { BarChart } from '#app/components/charts/bar-chart.tsx'
import { DetailSection } from '#app/components/detail-frame.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { getHostDashboard } from '#app/models/host-office/host-dashboard.server.ts'
import type { OrderListItem } from '#app/models/booking/order-queries.server.ts'
import {
	getUserStatus,
	nextActivityPath,
	type NextActivity,
} from '#app/models/accounts/user-status.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { formatAmount, formatMonth } from '#app/utils/format.ts'
import { formatStay } from '#app/utils/format-instant.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /host/dashboard (issue 12, spec §3/§4 Next activities): what to do next,
 * today's and this week's bookings, open requests with the time left,
 * revenue of this and last month, occupancy per playroom as an SVG chart.
 * Everything is rendered on the server; the list is computed on every load,
 * so a handled item is gone the next time the page loads.
 */
export async function loader(args: Route.LoaderArgs) {
	const host = await requireRole(args, 'Owner')
	const dashboard = getHostDashboard(host.id)
	const status = getUserStatus(host)
	return {
		...dashboard,
		activities: dashboard.nextActivities.map((activity) => ({
			...activity,
			path: nextActivityPath(activity),
			count:
				activity.type === 'NewOrders'
					? status.newOrderCount
					: activity.type === 'UnreadMessages'
						? status.unreadMessageCount
						: status.unreadChatMessageCount,
		})),
	}
}

function NextActivities({ items }: { items: (NextActivity & { path: string; count: number })[] }) {
	const { t } = useTranslation('hostOffice')
	if (items.length === 0) return <p data-testid="no-next-activities">{t('dashboard.nothingToDo')}</p>
	return (
		<ul className="flex flex-col gap-2" data-testid="next-activities">
			{items.map((item) => (
				<li key={item.type} data-type={item.type}>
					<LocaleLink to={item.path} className="btn-primary">
						{t(`dashboard.activities.${item.type}`, { count: item.count })}
					</LocaleLink>
				</li>
			))}
		</ul>
	)
}

function OrderList({ orders, testId }: { orders: OrderListItem[]; testId: string }) {
	const { t } = useTranslation('hostOffice')
	const locale = useLocale()
	if (orders.length === 0) return <p data-testid={testId}>{t('dashboard.noOrders')}</p>
	return (
		<ul className="flex flex-col gap-2" data-testid={testId}>
			{orders.map((order) => (
				<li key={order.id} className="flex flex-wrap items-center gap-2">
					<LocaleLink to={`/host/orders/${order.id}`} className="link font-mono">
						{order.code}
					</LocaleLink>
					<span>{formatStay(order.checkIn, order.checkOut, locale)}</span>
					<span>{order.playroom.name}</span>
					<StatusBadge status={order.status} />
				</li>
			))}
		</ul>
	)
}

function timeLeft(deadline: number, now: number) {
	const minutes = Math.max(0, Math.floor((deadline - now) / 60_000))
	return { hours: Math.floor(minutes / 60), minutes: minutes % 60 }
}

export default function HostDashboardPage({ loaderData: data }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: th } = useTranslation('hostOffice')
	const locale = useLocale()
	const title = pageTitle(t, 'host/dashboard')
	const occupancyRows = data.occupancy.map((row) => ({
		key: row.playroomId,
		label: row.name,
		value: row.percent,
		valueLabel: row.percent === null ? th('dashboard.noOpeningHours') : `${row.percent} %`,
	}))
	return (
		<main id="main" data-testid="host-dashboard">
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-4 text-3xl font-bold">{title}</h1>
			<div className="grid gap-4 lg:grid-cols-2">
				<DetailSection id="dashboard-next" title={th('dashboard.nextActivities')} wide>
					<NextActivities items={data.activities} />
				</DetailSection>
				{data.calendarConflicts.length ? (
					<DetailSection id="dashboard-conflicts" title={th('dashboard.conflicts')} wide>
						<ul className="flex flex-col gap-2" data-testid="calendar-conflicts">
							{data.calendarConflicts.map((conflict) => (
								<li key={`${conflict.blockId}-${conflict.orderId}`}>
									<LocaleLink to={`/host/orders/${conflict.orderId}`} className="link">
										{th('dashboard.conflict', {
											event: conflict.eventTitle || th('dashboard.conflictUntitled'),
											eventTime: formatStay(conflict.eventStart, conflict.eventEnd, locale),
											code: conflict.orderCode,
											orderTime: formatStay(conflict.checkIn, conflict.checkOut, locale),
											playroom: conflict.playroomName,
										})}
									</LocaleLink>
								</li>
							))}
						</ul>
					</DetailSection>
				) : null}
				<DetailSection id="dashboard-today" title={th('dashboard.today')}>
					<OrderList orders={data.today} testId="orders-today" />
				</DetailSection>
				<DetailSection id="dashboard-week" title={th('dashboard.thisWeek')}>
					<OrderList orders={data.thisWeek} testId="orders-week" />
				</DetailSection>
				<DetailSection id="dashboard-requests" title={th('dashboard.openRequests')}>
					{data.openRequests.length === 0 ? (
						<p>{th('dashboard.noOpenRequests')}</p>
					) : (
						<ul className="flex flex-col gap-2" data-testid="open-requests">
							{data.openRequests.map((order) => (
								<li key={order.id} className="flex flex-wrap items-center gap-2">
									<LocaleLink to={`/host/orders/${order.id}`} className="link font-mono">
										{order.code}
									</LocaleLink>
									<span>{order.playroom.name}</span>
									<span className="font-semibold text-warning">
										{th('dashboard.timeLeft', {
											time: th('dashboard.hoursLeft', timeLeft(order.responseDeadline ?? data.now, data.now)),
										})}
									</span>
								</li>
							))}
						</ul>
					)}
				</DetailSection>
				<DetailSection id="dashboard-revenue" title={th('dashboard.revenue')}>
					<dl className="grid grid-cols-2 gap-2" data-testid="revenue">
						{[data.revenue.thisMonth, data.revenue.lastMonth].map((month) => (
							<div key={month.month} className="contents">
								<dt>{formatMonth(month.month, locale)}</dt>
								<dd className="text-right tabular-nums" data-month={month.month}>
									{formatAmount(month.amount, locale)}
								</dd>
							</div>
						))}
					</dl>
					<p className="mt-2 text-xs text-ink-muted">{th('dashboard.revenueHint')}</p>
				</DetailSection>
				<DetailSection
					id="dashboard-occupancy"
					title={th('dashboard.occupancy', { days: data.occupancyDays })}
					wide
				>
					{occupancyRows.length === 0 ? (
						<p>{th('dashboard.noPlayrooms')}</p>
					) : (
						<BarChart
							title={th('dashboard.occupancy', { days: data.occupancyDays })}
							description={th('dashboard.occupancyDescription', {
								values: occupancyRows.map((row) => `${row.label}: ${row.valueLabel}`).join('; '),
							})}
							rows={occupancyRows}
							max={100}
							testId="occupancy-chart"
						/>
					)}
				</DetailSection>
			</div>
		</main>
	)
}
