import { useTranslation } from 'react-i18next'
import type { OrderStatus } from '#db/schema/orders.ts'
import type { AdminDashboard } from '#app/models/admin/admin-dashboard.server.ts'
import { BOOKED_STATUSES } from '#app/domain/report-period.ts'
import { formatAmount, formatLocalDate, formatNumber } from '#app/utils/format.ts'
import { formatDate, formatDateTime } from '#app/utils/format-instant.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { StatusBadge } from './booking-ui.tsx'
import { BarChart } from './charts/bar-chart.tsx'
import { ColumnChart } from './charts/column-chart.tsx'
import { DetailSection } from './detail-frame.tsx'
import { LocaleLink } from './locale-link.tsx'

/**
 * The sections of /admin/dashboard (issue 14). Every figure is a link to the
 * admin page where an operator acts on it; lists carry their filters as
 * query parameters (status, paymentMethod, from/to as local dates …).
 */
type Dashboard = AdminDashboard

function href(path: string, params: Record<string, string | string[]> = {}) {
	const search = new URLSearchParams()
	for (const [name, value] of Object.entries(params)) {
		for (const item of Array.isArray(value) ? value : [value]) search.append(name, item)
	}
	const query = search.toString()
	return query ? `${path}?${query}` : path
}

/**
 * The parameters that limit a list to the dashboard's period, by the date field the figure counts
 * by (issue 31.11): orders and users by the day they were made, ledger rows by their date, task
 * runs by their start. Each is the list's own date-range filter (docs/subsystems/data-table.md).
 */
function periodParams(period: Dashboard['period'], field: 'createdAt' | 'startedAt' = 'createdAt') {
	return { [`${field}From`]: period.from, [`${field}To`]: period.to }
}

/** "Confirmed or completed" as one enum-set parameter of the order list. */
const BOOKED = BOOKED_STATUSES.join(',')

/**
 * The key figures and the list each opens (null: a figure that is no rows, page views and clicks).
 * Every link opens exactly the rows behind its figure: the same period, status set and date
 * field (count figures: that many rows; money figures: the sum over those rows).
 */
export function dashboardFigures(dashboard: Dashboard) {
	const period = periodParams(dashboard.period)
	const booked = { ...period, status: BOOKED }
	return [
		{ key: 'orders', value: dashboard.orders.totalOrders, money: false, to: href('/admin/orders', period) },
		{
			key: 'bookedOrders',
			value: dashboard.orders.bookedOrders,
			money: false,
			to: href('/admin/orders', booked),
		},
		{
			key: 'bookingValue',
			value: dashboard.orders.bookingValue,
			money: true,
			to: href('/admin/orders', booked),
		},
		{ key: 'commission', value: dashboard.orders.commission, money: true, to: href('/admin/orders', booked) },
		{
			key: 'ledgerCommission',
			value: dashboard.ledgerCommission,
			money: true,
			to: href('/admin/moneyTransactions', { ...period, kind: 'Commission', account: 'PlatformRevenue' }),
		},
		{ key: 'newGuests', value: dashboard.newGuests, money: false, to: href('/admin/guests', period) },
		{ key: 'newHosts', value: dashboard.newHosts, money: false, to: href('/admin/hosts', period) },
		{ key: 'pageViews', value: dashboard.pageViews.total, money: false, to: null },
		{ key: 'websiteClicks', value: dashboard.websiteClicks.total, money: false, to: null },
	] as const
}

function Figure({
	label,
	value,
	to,
	testId,
}: {
	label: string
	value: string
	to: string | null
	testId: string
}) {
	return (
		<div className="rounded-lg border border-line p-3">
			<dt className="text-sm text-ink-muted">{label}</dt>
			<dd className="text-2xl font-semibold tabular-nums">
				{to ? (
					<LocaleLink to={to} className="link" data-testid={testId}>
						{value}
					</LocaleLink>
				) : (
					<span data-testid={testId}>{value}</span>
				)}
			</dd>
		</div>
	)
}

export function KeyFigures({ dashboard }: { dashboard: Dashboard }) {
	const { t } = useTranslation('adminDashboard')
	const locale = useLocale()
	return (
		<DetailSection id="dashboard-figures" title={t('figures.title')} wide>
			<dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
				{dashboardFigures(dashboard).map(({ key, value, money, to }) => (
					<Figure
						key={key}
						label={t(`figures.${key}`)}
						value={money ? formatAmount(value, locale) : formatNumber(value, locale)}
						to={to}
						testId={`figure-${key}`}
					/>
				))}
			</dl>
			<p className="mt-2 text-xs text-ink-muted">{t('figures.bookingValueHint')}</p>
		</DetailSection>
	)
}

function PerDayChart({
	title,
	series,
	testId,
}: {
	title: string
	series: { date: string; value: number }[]
	testId: string
}) {
	const { t } = useTranslation('adminDashboard')
	const locale = useLocale()
	const first = series[0]?.date ?? ''
	const last = series.at(-1)?.date ?? first
	const points = series.map((day) => {
		const label = formatLocalDate(day.date, locale, 'short')
		return {
			key: day.date,
			label,
			value: day.value,
			valueLabel: `${label}: ${formatNumber(day.value, locale)}`,
		}
	})
	return (
		<ColumnChart
			title={title}
			description={t('charts.perDayDescription', {
				title,
				from: formatLocalDate(first, locale),
				to: formatLocalDate(last, locale),
				values: points.map((point) => point.valueLabel).join('; '),
			})}
			maxLabel={formatNumber(Math.max(0, ...series.map((day) => day.value)), locale)}
			points={points}
			testId={testId}
		/>
	)
}

function TopList({
	id,
	title,
	rows,
}: {
	id: string
	title: string
	rows: { key: string; label: string; to: string; orders: number; value: number }[]
}) {
	const { t } = useTranslation('adminDashboard')
	const locale = useLocale()
	const chartRows = rows.map((row) => ({
		key: row.key,
		label: row.label,
		value: row.value,
		valueLabel: formatAmount(row.value, locale),
	}))
	return (
		<DetailSection id={id} title={title}>
			{rows.length === 0 ? (
				<p>{t('charts.noData')}</p>
			) : (
				<>
					<BarChart
						title={title}
						description={t('charts.topDescription', {
							title,
							values: chartRows.map((row) => `${row.label}: ${row.valueLabel}`).join('; '),
						})}
						rows={chartRows}
						testId={`${id}-chart`}
					/>
					<ol className="mt-3 flex flex-col gap-1">
						{rows.map((row) => (
							<li key={row.key}>
								<LocaleLink to={row.to} className="link">
									{row.label}
								</LocaleLink>{' '}
								<span className="text-ink-muted">
									{t('charts.topValue', { value: formatAmount(row.value, locale), count: row.orders })}
								</span>
							</li>
						))}
					</ol>
				</>
			)}
		</DetailSection>
	)
}

export function DashboardCharts({ dashboard }: { dashboard: Dashboard }) {
	const { t } = useTranslation('adminDashboard')
	const { t: tb } = useTranslation('booking')
	const locale = useLocale()
	const period = periodParams(dashboard.period)
	// A top list's row opens the booked orders of the period it sums (issue 34).
	const booked = { ...period, status: BOOKED }
	const statusRows = dashboard.orders.byStatus.map((row) => ({
		key: row.status,
		label: tb(`statuses.${row.status}`),
		value: row.count,
		valueLabel: formatNumber(row.count, locale),
	}))
	return (
		<>
			<DetailSection id="dashboard-status" title={t('charts.ordersByStatus')}>
				<BarChart
					title={t('charts.ordersByStatus')}
					description={t('charts.ordersByStatusDescription', {
						values: statusRows.map((row) => `${row.label}: ${row.valueLabel}`).join('; '),
					})}
					rows={statusRows}
					testId="orders-by-status-chart"
				/>
				<ul className="mt-3 flex flex-wrap gap-2" data-testid="orders-by-status">
					{dashboard.orders.byStatus.map((row) => (
						<li key={row.status} data-status={row.status} data-count={row.count}>
							<LocaleLink
								to={href('/admin/orders', { ...period, status: row.status satisfies OrderStatus })}
								className="inline-flex items-center gap-1"
							>
								<StatusBadge status={row.status} />
								<span className="link tabular-nums">{formatNumber(row.count, locale)}</span>
							</LocaleLink>
						</li>
					))}
				</ul>
			</DetailSection>
			<DetailSection id="dashboard-per-day" title={t('charts.ordersPerDay')}>
				<PerDayChart
					title={t('charts.ordersPerDay')}
					series={dashboard.ordersPerDay}
					testId="orders-per-day"
				/>
			</DetailSection>
			<DetailSection id="dashboard-views" title={t('charts.pageViewsPerDay')}>
				<PerDayChart
					title={t('charts.pageViewsPerDay')}
					series={dashboard.pageViews.perDay}
					testId="views-per-day"
				/>
			</DetailSection>
			<DetailSection id="dashboard-clicks" title={t('charts.websiteClicksPerDay')}>
				<PerDayChart
					title={t('charts.websiteClicksPerDay')}
					series={dashboard.websiteClicks.perDay}
					testId="clicks-per-day"
				/>
			</DetailSection>
			<TopList
				id="dashboard-top-playrooms"
				title={t('charts.topPlayrooms')}
				rows={dashboard.topPlayrooms.map((row) => ({
					key: row.id,
					label: `${row.name} (${row.city})`,
					to: href('/admin/orders', { ...booked, playroomId: row.id }),
					orders: row.orders,
					value: row.value,
				}))}
			/>
			<TopList
				id="dashboard-top-cities"
				title={t('charts.topCities')}
				rows={dashboard.topCities.map((row) => ({
					key: row.citySlug,
					label: row.city,
					to: href('/admin/orders', { ...booked, city: row.citySlug }),
					orders: row.orders,
					value: row.value,
				}))}
			/>
		</>
	)
}

export function PendingTransfers({ transfers }: { transfers: Dashboard['pendingBankTransfers'] }) {
	const { t } = useTranslation('adminDashboard')
	const locale = useLocale()
	const all = href('/admin/orders', { status: 'AwaitingPayment', paymentMethod: 'BankTransfer' })
	return (
		<DetailSection id="dashboard-transfers" title={t('transfers.title')}>
			{transfers.total === 0 ? (
				<p>{t('transfers.none')}</p>
			) : (
				<>
					<p className="mb-2">
						<LocaleLink to={all} className="link" data-testid="pending-transfers-total">
							{t('transfers.summary', {
								count: transfers.total,
								amount: formatAmount(transfers.amount, locale),
							})}
						</LocaleLink>
					</p>
					<ul className="flex flex-col gap-1" data-testid="pending-transfers">
						{transfers.items.map((item) => (
							<li key={item.id} className="flex flex-wrap gap-2">
								<LocaleLink to={`/admin/orders/${item.id}`} className="link font-mono">
									{item.code}
								</LocaleLink>
								<span className="tabular-nums">{formatAmount(item.amount, locale)}</span>
								{item.dueAt === null ? null : (
									<span className={item.overdue ? 'font-semibold text-danger' : 'text-ink-muted'}>
										{t(item.overdue ? 'transfers.overdue' : 'transfers.due', {
											date: formatDateTime(item.dueAt, locale),
										})}
									</span>
								)}
							</li>
						))}
					</ul>
				</>
			)}
			<p className="mt-3 flex flex-wrap gap-3">
				<LocaleLink to={all} className="link">
					{t('transfers.showAll')}
				</LocaleLink>
				<LocaleLink to="/admin/paymentTransactions/new-control-transaction" className="link">
					{t('transfers.record')}
				</LocaleLink>
			</p>
		</DetailSection>
	)
}

export function FailedTasks({
	tasks,
	period: days,
}: {
	tasks: Dashboard['failedTasks']
	period: Dashboard['period']
}) {
	const { t } = useTranslation('adminDashboard')
	const { t: tm } = useTranslation('adminMoney')
	const locale = useLocale()
	const period = periodParams(days, 'startedAt')
	const all = href('/admin/backgroundTaskExecutions', { ...period, status: 'failed' })
	return (
		<DetailSection id="dashboard-tasks" title={t('tasks.title')}>
			{tasks.total === 0 ? (
				<p>{t('tasks.none')}</p>
			) : (
				<>
					<p className="mb-2">
						<LocaleLink to={all} className="link font-semibold text-danger" data-testid="failed-tasks-total">
							{t('tasks.count', { count: tasks.total })}
						</LocaleLink>
					</p>
					<ul className="flex flex-col gap-1" data-testid="failed-tasks">
						{tasks.latest.map((task) => (
							<li key={task.id}>
								<LocaleLink
									to={href('/admin/backgroundTaskExecutions', {
										...period,
										status: 'failed',
										taskName: task.taskName,
									})}
									className="link"
								>
									{tm(`tasks.names.${task.taskName}`, { defaultValue: task.taskName })}
								</LocaleLink>{' '}
								<span className="text-ink-muted">{formatDate(task.startedAt, locale)}</span>
								{task.error ? <span className="block text-sm text-ink-muted">{task.error}</span> : null}
							</li>
						))}
					</ul>
				</>
			)}
		</DetailSection>
	)
}

export function LedgerCheck({ ledger, banner }: { ledger: Dashboard['ledger']; banner?: boolean }) {
	const { t } = useTranslation('adminDashboard')
	const locale = useLocale()
	const message = ledger.balanced
		? t('ledger.balanced', { amount: formatAmount(ledger.debit, locale) })
		: t('ledger.unbalanced', {
				debit: formatAmount(ledger.debit, locale),
				credit: formatAmount(ledger.credit, locale),
				difference: formatAmount(ledger.difference, locale),
			})
	if (banner) {
		return (
			<div
				role="alert"
				className="mb-4 rounded-lg border-2 border-danger p-4 text-danger"
				data-testid="ledger-banner"
			>
				<p className="font-semibold">{message}</p>
				<p className="mt-1">{t('ledger.journals')}</p>
				<ul className="font-mono text-sm">
					{ledger.journals.map((journal) => (
						<li key={journal.journalId}>
							<LocaleLink
								to={href('/admin/moneyTransactions', { journalId: journal.journalId })}
								className="link"
							>
								{journal.journalId}
							</LocaleLink>{' '}
							{formatAmount(journal.difference, locale)}
						</li>
					))}
				</ul>
			</div>
		)
	}
	return (
		<DetailSection id="dashboard-ledger" title={t('ledger.title')}>
			<p
				className={ledger.balanced ? 'text-success' : 'font-semibold text-danger'}
				data-testid="ledger-check"
			>
				{message}
			</p>
			<p className="mt-2">
				<LocaleLink to="/admin/moneyTransactions" className="link">
					{t('ledger.show')}
				</LocaleLink>
			</p>
		</DetailSection>
	)
}
