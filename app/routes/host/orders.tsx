import { useTranslation } from 'react-i18next'
import { Form, useMatches } from 'react-router'
import type { Route } from './+types/orders.ts'
import { StatusBadge, statusBadge } from '#app/components/booking-ui.tsx'
import { CachedFragment } from '#app/components/cached-fragment.tsx'
import { LocaleLink, PathLink } from '#app/components/locale-link.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { addDays, localDateOf, startOfLocalDay } from '#app/domain/berlin-time.ts'
import {
	countOpenRequests,
	hostPlayroomOptions,
	listHostOrders,
	listOwnerAgenda,
	type OrderListItem,
} from '#app/models/booking/order-queries.server.ts'
import { hostOrdersQuerySchema } from '#app/schemas/booking.ts'
import { ORDER_STATUSES } from '#db/schema/orders.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDateTime, formatStay, formatTime } from '#app/utils/format-instant.ts'
import { localizePath, stripLocale } from '#app/utils/locale.ts'
import { translationTemplate, looseT } from '#app/utils/loose-t.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /host/orders (filters: status, playroom, period; new requests first) and
 * /owner/orders (the phone-first agenda: open requests, today, upcoming).
 * One module, two route ids; the same data and permissions.
 */
export async function loader(args: Route.LoaderArgs) {
	const host = await requireRole(args, 'Owner')
	const url = args.url
	const owner = stripLocale(url.pathname).startsWith('/owner/')
	const openRequests = countOpenRequests(host.id)
	if (owner) {
		return { owner: true as const, openRequests, agenda: listOwnerAgenda(host.id), now: Date.now() }
	}
	const query = hostOrdersQuerySchema.parse(Object.fromEntries(url.searchParams))
	const list = listHostOrders(host.id, {
		status: query.status,
		playroomId: query.playroomId,
		from: query.from ? startOfLocalDay(query.from) : undefined,
		to: query.to ? startOfLocalDay(addDays(query.to, 1)) : undefined,
		page: query.currentPage,
		perPage: query.perPage,
	})
	return {
		owner: false as const,
		openRequests,
		// Only what the table shows (the loader data travels in every page's HTML).
		list: { ...list, items: list.items.map(hostListRow) },
		filters: {
			status: query.status ?? '',
			playroomId: query.playroomId ?? '',
			from: query.from ?? '',
			to: query.to ?? '',
		},
		playrooms: hostPlayroomOptions(host.id),
		statuses: [...ORDER_STATUSES],
		now: Date.now(),
	}
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

function OpenRequests({ count }: { count: number }) {
	const { t } = useTranslation('booking')
	if (count === 0) return null
	return (
		<p
			role="status"
			className="mb-4 rounded-lg border border-warning p-3 font-medium"
			data-testid="open-requests"
		>
			{t('orders.newRequests', { count })}
		</p>
	)
}

export default function HostOrdersPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const id = useMatches().at(-1)?.id ?? 'host/orders'
	const title = pageTitle(t, id)
	return (
		<main id="main" data-testid={loaderData.owner ? 'owner-orders' : 'host-orders'}>
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-4 text-3xl font-bold">{title}</h1>
			<OpenRequests count={loaderData.openRequests} />
			{loaderData.owner ? (
				<Agenda items={loaderData.agenda} now={loaderData.now} />
			) : (
				<HostList data={loaderData} />
			)}
		</main>
	)
}

function HostList({ data }: { data: Extract<Route.ComponentProps['loaderData'], { owner: false }> }) {
	const { t } = useTranslation('booking')
	const { t: tc } = useTranslation()
	const locale = useLocale()
	// Labels repeated per row are translated once per page.
	const lt = looseT(t as unknown as Parameters<typeof looseT>[0])
	const statusLabels = Object.fromEntries(data.statuses.map((status) => [status, lt(`statuses.${status}`)]))
	const openOrder = translationTemplate(lt, 'orders.openOrder', ['code'])
	const respondBy = translationTemplate(lt, 'orders.respondBy', ['deadline'])
	return (
		<>
			<Form
				method="get"
				className="card mb-4 flex flex-wrap items-end gap-3"
				aria-label={t('orders.filters.title')}
			>
				<div>
					<label htmlFor="filter-status" className="mb-1 block text-sm font-medium">
						{t('orders.filters.status')}
					</label>
					<select
						id="filter-status"
						name="status"
						defaultValue={data.filters.status}
						className="rounded-lg border border-line bg-surface px-3 py-2 text-ink"
					>
						<option value="">{t('orders.filters.allStatuses')}</option>
						{data.statuses.map((status) => (
							<option key={status} value={status}>
								{statusLabels[status]}
							</option>
						))}
					</select>
				</div>
				<div>
					<label htmlFor="filter-playroom" className="mb-1 block text-sm font-medium">
						{t('orders.filters.playroom')}
					</label>
					<select
						id="filter-playroom"
						name="playroomId"
						defaultValue={data.filters.playroomId}
						className="rounded-lg border border-line bg-surface px-3 py-2 text-ink"
					>
						<option value="">{t('orders.filters.allPlayrooms')}</option>
						{data.playrooms.map((playroom) => (
							<option key={playroom.id} value={playroom.id}>
								{playroom.name}
							</option>
						))}
					</select>
				</div>
				<div>
					<label htmlFor="filter-from" className="mb-1 block text-sm font-medium">
						{t('orders.filters.from')}
					</label>
					<input
						id="filter-from"
						type="date"
						name="from"
						defaultValue={data.filters.from}
						className="rounded-lg border border-line bg-surface px-3 py-2 text-ink"
					/>
				</div>
				<div>
					<label htmlFor="filter-to" className="mb-1 block text-sm font-medium">
						{t('orders.filters.to')}
					</label>
					<input
						id="filter-to"
						type="date"
						name="to"
						defaultValue={data.filters.to}
						className="rounded-lg border border-line bg-surface px-3 py-2 text-ink"
					/>
				</div>
				<button type="submit" className="btn-primary">
					{t('orders.filters.apply')}
				</button>
				<LocaleLink to="/host/orders" className="btn-ghost">
					{t('orders.filters.reset')}
				</LocaleLink>
			</Form>
			{data.list.items.length === 0 ? (
				<p className="card">{t('orders.empty')}</p>
			) : (
				<div className="overflow-x-auto">
					<table className="w-full text-left text-sm">
						<caption className="sr-only">{pageTitle(tc, 'host/orders')}</caption>
						<thead>
							<tr className="border-b border-line">
								<th className="p-2">{t('orders.columns.code')}</th>
								<th className="p-2">{t('orders.columns.when')}</th>
								<th className="p-2">{t('orders.columns.playroom')}</th>
								<th className="p-2">{t('orders.columns.guest')}</th>
								<th className="p-2">{t('orders.columns.guests')}</th>
								<th className="p-2">{t('orders.columns.total')}</th>
								<th className="p-2">{t('orders.columns.status')}</th>
							</tr>
						</thead>
						<tbody>
							{data.list.items.map((order) => (
								// ADR 0123: a row is the same HTML for the same order and language.
								<CachedFragment
									key={order.id}
									cacheKey={() => `host-order-row\n${locale}\n${JSON.stringify(order)}`}
								>
									<tr className="border-b border-line" data-testid="order-row">
										<td className="p-2 font-mono">
											<PathLink
												to={localizePath(`/host/orders/${order.id}`, locale)}
												className="link"
												aria-label={openOrder({ code: order.code })}
											>
												{order.code}
											</PathLink>
										</td>
										<td className="p-2">{formatStay(order.checkIn, order.checkOut, locale)}</td>
										<td className="p-2">{order.playroom.name}</td>
										<td className="p-2">{order.guestName}</td>
										<td className="p-2">{order.guests}</td>
										<td className="p-2 tabular-nums">{formatAmount(order.totalAmount, locale)}</td>
										<td className="p-2">
											{statusBadge(order.status, statusLabels[order.status] ?? order.status)}
											{order.status === 'Requested' && order.responseDeadline ? (
												<span className="block text-xs text-ink-muted">
													{respondBy({ deadline: formatDateTime(order.responseDeadline, locale) })}
												</span>
											) : null}
										</td>
									</tr>
								</CachedFragment>
							))}
						</tbody>
					</table>
				</div>
			)}
			<Pagination
				currentPage={data.list.currentPage}
				perPage={data.list.perPage}
				totalCount={data.list.totalCount}
			/>
		</>
	)
}

function Agenda({ items, now }: { items: OrderListItem[]; now: number }) {
	const { t } = useTranslation('booking')
	const locale = useLocale()
	const today = localDateOf(now)
	const requests = items.filter((o) => o.status === 'Requested')
	const todays = items.filter((o) => o.status !== 'Requested' && localDateOf(o.checkIn) <= today)
	const later = items.filter((o) => o.status !== 'Requested' && localDateOf(o.checkIn) > today)
	const card = (order: OrderListItem) => (
		<li key={order.id}>
			<LocaleLink
				to={`/owner/orders/${order.id}`}
				className="card flex items-start justify-between gap-3 hover:bg-surface-sunken"
				data-testid="order-row"
			>
				<span>
					<span className="block font-semibold">
						{formatTime(order.checkIn)}–{formatTime(order.checkOut)} · {order.playroom.name}
					</span>
					<span className="block text-sm">
						{order.guestName} · {order.guests} · <span className="font-mono">{order.code}</span>
					</span>
					<span className="block text-xs text-ink-muted">
						{formatStay(order.checkIn, order.checkOut, locale)}
					</span>
				</span>
				<StatusBadge status={order.status} />
			</LocaleLink>
		</li>
	)
	return (
		<div className="mx-auto flex max-w-xl flex-col gap-6">
			{requests.length ? (
				<section aria-labelledby="agenda-requests">
					<h2 id="agenda-requests" className="mb-2 text-xl font-semibold">
						{t('statuses.Requested')}
					</h2>
					<ul className="flex flex-col gap-2">{requests.map(card)}</ul>
				</section>
			) : null}
			<section aria-labelledby="agenda-today">
				<h2 id="agenda-today" className="mb-2 text-xl font-semibold">
					{t('orders.today')}
				</h2>
				{todays.length ? (
					<ul className="flex flex-col gap-2">{todays.map(card)}</ul>
				) : (
					<p className="card">{t('orders.nothingToday')}</p>
				)}
			</section>
			<section aria-labelledby="agenda-upcoming">
				<h2 id="agenda-upcoming" className="mb-2 text-xl font-semibold">
					{t('orders.upcoming')}
				</h2>
				{later.length ? (
					<ul className="flex flex-col gap-2">{later.map(card)}</ul>
				) : (
					<p className="card">{t('orders.empty')}</p>
				)}
			</section>
		</div>
	)
}
