import { useTranslation } from 'react-i18next'
import type { Route } from './+types/orders.ts'
import { StatusBadge } from '#app/components/booking-ui.tsx'
import { LocaleLink, LocaleNavLink } from '#app/components/locale-link.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { GuestVoucherList } from '#app/components/guest-vouchers.tsx'
import { WaitlistList } from '#app/components/waitlist-list.tsx'
import { listGuestOrders } from '#app/models/booking/order-queries.server.ts'
import { listWaitlistForGuest } from '#app/models/booking/waitlist.server.ts'
import { listGuestVouchers } from '#app/models/vouchers/guest-vouchers.server.ts'
import { guestOrdersQuerySchema } from '#app/schemas/booking.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { getLocale } from '#app/utils/i18n.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatStay } from '#app/utils/format-instant.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /guest/orders: the guest's bookings — upcoming, past, cancelled — with status badges, their
 * waitlist, and their vouchers (bought, received, the welcome voucher; ADR 0171).
 */
export async function loader(args: Route.LoaderArgs) {
	const user = await requireRole(args, 'Customer')
	const url = args.url
	// The "Warteliste" tab: the guest's own waitlist entries (docs/subsystems/waitlist.md).
	const waiting = url.searchParams.get('tab') === 'waiting' ? listWaitlistForGuest(user.id) : null
	// The "Gutscheine" tab: the guest's own vouchers (docs/subsystems/vouchers.md).
	const vouchers =
		url.searchParams.get('tab') === 'vouchers' ? listGuestVouchers(user, getLocale(args.context)) : null
	const query = guestOrdersQuerySchema.parse(Object.fromEntries(url.searchParams))
	return {
		tab: waiting ? ('waiting' as const) : vouchers ? ('vouchers' as const) : query.tab,
		waiting,
		vouchers,
		...(waiting || vouchers
			? { items: [], currentPage: 1, perPage: query.perPage, totalCount: 0 }
			: listGuestOrders(user.id, { tab: query.tab, page: query.currentPage, perPage: query.perPage })),
	}
}

const TABS = ['upcoming', 'past', 'cancelled', 'waiting', 'vouchers'] as const

export default function GuestOrdersPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('booking')
	const { t: tc } = useTranslation()
	const { t: tw } = useTranslation('waitlist')
	const { t: tv } = useTranslation('voucherOrders')
	const locale = useLocale()
	const title = pageTitle(tc, 'guest/orders')
	return (
		<main id="main" data-testid="guest-orders">
			<title>{`${title} | ${tc('appName')}`}</title>
			<h1 className="mb-4 text-3xl font-bold">{title}</h1>
			<nav aria-label={t('orders.tabs.label')} className="mb-4">
				<ul className="flex flex-wrap gap-2">
					{TABS.map((tab) => (
						<li key={tab}>
							<LocaleNavLink
								to={`/guest/orders?tab=${tab}`}
								aria-current={tab === loaderData.tab ? 'page' : undefined}
								className={`btn px-3 py-1 ${tab === loaderData.tab ? 'bg-accent text-accent-ink' : 'border border-line'}`}
							>
								{tab === 'waiting'
									? tw('tab')
									: tab === 'vouchers'
										? tv('mine.tab')
										: t(`orders.tabs.${tab}`)}
							</LocaleNavLink>
						</li>
					))}
				</ul>
			</nav>
			{loaderData.waiting ? (
				<WaitlistList entries={loaderData.waiting} />
			) : loaderData.vouchers ? (
				<GuestVoucherList vouchers={loaderData.vouchers} />
			) : loaderData.items.length === 0 ? (
				<div className="card">
					<p className="mb-2">
						{loaderData.tab === 'upcoming' ? t('orders.emptyUpcoming') : t('orders.empty')}
					</p>
					<LocaleLink to="/playrooms" className="link">
						{t('orders.findPlayroom')}
					</LocaleLink>
				</div>
			) : (
				<ul className="flex flex-col gap-3">
					{loaderData.items.map((order) => (
						<li
							key={order.id}
							className="card flex flex-wrap items-center justify-between gap-3"
							data-testid="order-row"
						>
							<div>
								<p className="font-semibold">
									<LocaleLink to={`/guest/orders/${order.id}`} className="link">
										{order.playroom.name}
									</LocaleLink>{' '}
									<span className="font-mono text-sm text-ink-muted">{order.code}</span>
								</p>
								<p className="text-sm">{formatStay(order.checkIn, order.checkOut, locale)}</p>
								<p className="text-sm text-ink-muted">
									{order.playroom.city} · {formatAmount(order.totalAmount, locale)}
								</p>
							</div>
							<StatusBadge status={order.status} />
						</li>
					))}
				</ul>
			)}
			<Pagination
				currentPage={loaderData.currentPage}
				perPage={loaderData.perPage}
				totalCount={loaderData.totalCount}
			/>
		</main>
	)
}
