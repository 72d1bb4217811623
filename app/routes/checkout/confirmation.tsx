import { useTranslation } from 'react-i18next'
import { redirect } from 'react-router'
import type { Route } from './+types/confirmation.ts'
import { OrderPriceLines, StatusBadge } from '#app/components/booking-ui.tsx'
import { NextSteps, PaymentPanel } from '#app/components/order-panels.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { getOrderView } from '#app/models/booking/order-queries.server.ts'
import { startCardPayment } from '#app/models/booking/payments.server.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { requireUser } from '#app/utils/auth.server.ts'
import { formatStay } from '#app/utils/format-instant.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { pageTitle } from '#app/utils/page-title.ts'
import { assertValidRouteParams, notFound } from '#app/utils/route-params.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { localizePath } from '#app/utils/locale.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * /public/playroomOrder/:orderId/confirmation (issue 5): order code, status,
 * what happens next, payment instructions, the .ics and the way to the order.
 * Only the order's guest, its host or an admin may see it (others: 404).
 */
function loadView(orderId: string, user: Awaited<ReturnType<typeof requireUser>>) {
	try {
		return getOrderView(orderId, user)
	} catch (error) {
		if (isAppError(error) && error.status === 404) throw notFound()
		throw error
	}
}

export async function loader(args: Route.LoaderArgs) {
	const user = await requireUser(args)
	assertValidRouteParams(args.params)
	const payment = args.url.searchParams.get('payment')
	return {
		order: loadView(args.params.orderId, user),
		payment: payment === 'returned' || payment === 'cancelled' ? payment : null,
	}
}

export async function action(args: Route.ActionArgs) {
	const user = await requireUser(args)
	assertValidRouteParams(args.params)
	const locale = getLocale(args.context)
	try {
		const { url } = await startCardPayment(args.params.orderId, user, locale)
		return redirect(url)
	} catch (error) {
		// Someone else's order stays a 404, like the page itself (ADR 0057).
		if (isAppError(error) && error.status === 404) throw notFound()
		if (!isAppError(error)) throw error
		return redirectWithToast(
			localizePath(`/public/playroomOrder/${args.params.orderId}/confirmation`, locale),
			{
				type: 'danger',
				description: looseT(getT(args.context))(error.messageKey, error.params),
			},
		)
	}
}

export default function ConfirmationPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('booking')
	const { t: tc } = useTranslation()
	const locale = useLocale()
	const { order, payment } = loaderData
	const heading = order.status === 'Requested' ? t('confirmation.titleRequest') : t('confirmation.title')
	const orderPath =
		order.viewer === 'Customer'
			? `/guest/orders/${order.id}`
			: order.viewer === 'Owner'
				? `/host/orders/${order.id}`
				: null
	return (
		<main id="main" className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-10" data-testid="confirmation">
			<title>{`${pageTitle(tc, 'checkout/confirmation')} ${order.code} | ${tc('appName')}`}</title>
			<meta name="robots" content="noindex" />
			<h1 className="text-3xl font-bold">{heading}</h1>
			{payment === 'cancelled' ? (
				<p role="alert" className="rounded-lg border border-warning p-3">
					{t('confirmation.cardCancelled')}
				</p>
			) : null}
			{payment === 'returned' && order.status === 'AwaitingPayment' ? (
				<p role="status" className="rounded-lg border border-success p-3">
					{t('confirmation.cardReturned')}
				</p>
			) : null}
			<section className="card" aria-labelledby="order-facts">
				<h2 id="order-facts" className="sr-only">
					{t('detail.overview')}
				</h2>
				<p className="text-sm text-ink-muted">{t('confirmation.code')}</p>
				<p className="mb-2 font-mono text-2xl font-bold" data-testid="order-code">
					{order.code}
				</p>
				<p className="mb-2">
					<span className="mr-2 text-sm text-ink-muted">{t('confirmation.status')}</span>
					<StatusBadge status={order.status} />
				</p>
				<p className="font-semibold">{order.playroom.name}</p>
				<p className="text-sm">{formatStay(order.checkIn, order.checkOut, locale)}</p>
				<p className="text-sm">
					{t('checkout.review.guestsValue', { adults: order.adults, children: order.children })}
				</p>
			</section>
			<NextSteps order={order} />
			<PaymentPanel order={order} />
			<section className="card" aria-labelledby="confirmation-price">
				<h2 id="confirmation-price" className="mb-2 text-lg font-semibold">
					{t('detail.priceTitle')}
				</h2>
				<OrderPriceLines order={order} />
			</section>
			<div className="flex flex-wrap gap-3">
				{order.actions.ics ? (
					<a href={localizePath(`/guest/orders/${order.id}/ics`, locale)} className="btn-secondary" download>
						{t('confirmation.downloadIcs')}
					</a>
				) : null}
				{orderPath ? (
					<LocaleLink to={orderPath} className="btn-primary" data-testid="to-order">
						{t('confirmation.toOrder')}
					</LocaleLink>
				) : null}
				{order.viewer === 'Customer' ? (
					<LocaleLink to="/guest/orders" className="btn-ghost">
						{t('confirmation.toOrders')}
					</LocaleLink>
				) : null}
			</div>
		</main>
	)
}
