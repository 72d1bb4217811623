import { useTranslation } from 'react-i18next'
import type { Route } from './+types/owner-agenda.ts'
import { StatusBadge } from '#app/components/booking-ui.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { OpenRequests } from '#app/components/open-requests.tsx'
import { localDateOf } from '#app/domain/berlin-time.ts'
import { countOpenRequests, type OrderListItem } from '#app/models/booking/order-queries.server.ts'
import { listOwnerAgenda } from '#app/models/host-office/host-orders.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { formatStay, formatTime } from '#app/utils/format-instant.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /owner/orders: the host's phone-first agenda — open requests, today, upcoming
 * (slot-holding stays not over yet), each a card linking to /owner/orders/:orderId.
 * The full list with filters is /host/orders (orders.tsx).
 */
export async function loader(args: Route.LoaderArgs) {
	const host = await requireRole(args, 'Owner')
	return {
		owner: true as const, // which of the two order views this is (the host list has none)
		openRequests: countOpenRequests(host.id),
		agenda: listOwnerAgenda(host.id),
		now: Date.now(),
	}
}

export default function OwnerAgendaPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const title = pageTitle(t, 'owner/orders')
	return (
		<main id="main" data-testid="owner-orders">
			<title>{`${title} | ${t('appName')}`}</title>
			<h1 className="mb-4 text-3xl font-bold">{title}</h1>
			<OpenRequests count={loaderData.openRequests} />
			<Agenda items={loaderData.agenda} now={loaderData.now} />
		</main>
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
	// A part of the agenda: its heading, its cards, or what it says when empty (none: left out).
	const part = (id: string, title: string, orders: OrderListItem[], empty: string | null) =>
		orders.length || empty ? (
			<section aria-labelledby={id}>
				<h2 id={id} className="mb-2 text-xl font-semibold">
					{title}
				</h2>
				{orders.length ? (
					<ul className="flex flex-col gap-2">{orders.map(card)}</ul>
				) : (
					<p className="card">{empty}</p>
				)}
			</section>
		) : null
	return (
		<div className="mx-auto flex max-w-xl flex-col gap-6">
			{part('agenda-requests', t('statuses.Requested'), requests, null)}
			{part('agenda-today', t('orders.today'), todays, t('orders.nothingToday'))}
			{part('agenda-upcoming', t('orders.upcoming'), later, t('orders.empty'))}
		</div>
	)
}
