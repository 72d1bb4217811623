import { useTranslation } from 'react-i18next'
import { data, Form, redirect, useLocation } from 'react-router'
import type { Route } from './+types/voucher-order.ts'
import { BankTransferInstructions } from '#app/components/booking-ui.tsx'
import { SubmitButton } from '#app/components/forms.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { findVoucherOrderByLink, voucherOrderView } from '#app/models/vouchers/voucher-orders.server.ts'
import { voucherOrderPath } from '#app/models/vouchers/voucher-order-links.server.ts'
import { startVoucherOrderCardPayment } from '#app/models/vouchers/voucher-order-card.server.ts'
import { maskedVoucherCode } from '#app/domain/voucher-codes.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { formatAmount } from '#app/utils/format.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { formatDate, formatDateTime } from '#app/utils/format-instant.ts'
import { getLocale } from '#app/utils/i18n.server.ts'
import { assertValidRouteParams, withNotFound } from '#app/utils/route-params.server.ts'

/**
 * /public/voucher-orders/:voucherOrderId?token=… (issue 33, ADR 0168): the voucher order's
 * secret link, no account needed. The bare id or a wrong token is the ordinary 404. Shows the
 * status, the bank details while unpaid, and once paid the voucher: its code, remaining balance,
 * validity, the PDFs and "book with this voucher" (the code kept for checkout as `voucherCode`).
 */
export async function loader(args: Route.LoaderArgs) {
	assertValidRouteParams(args.params)
	const token = args.url.searchParams.get('token')
	const order = withNotFound(() => findVoucherOrderByLink(args.params.voucherOrderId, token))
	const locale = getLocale(args.context)
	return { order: voucherOrderView(order, locale), selfPath: voucherOrderPath(order, locale) }
}

/**
 * A voucher order awaiting card payment (ADR 0172): opens a Checkout Session (again, e.g. after
 * the buyer came back from Stripe without paying) and sends the buyer there.
 */
export async function action(args: Route.ActionArgs) {
	assertValidRouteParams(args.params)
	const token = args.url.searchParams.get('token')
	const order = withNotFound(() => findVoucherOrderByLink(args.params.voucherOrderId, token))
	try {
		const { url } = await startVoucherOrderCardPayment(order, getLocale(args.context))
		return redirect(url)
	} catch (error) {
		if (!isAppError(error)) throw error
		return data(
			{ cardError: error.messageKey ?? 'booking:errors.paymentProviderFailed' },
			{ status: error.status },
		)
	}
}

/** The link is a secret: no referrer leaves the page, no shared cache keeps it. */
export function headers() {
	return { 'Referrer-Policy': 'no-referrer', 'Cache-Control': 'private, no-store' }
}

export default function VoucherOrderPage({ loaderData, actionData }: Route.ComponentProps) {
	const { t } = useTranslation()
	const { t: tv } = useTranslation('vouchers')
	const locale = useLocale()
	const { order } = loaderData
	const title = tv('orders.detail.title', { code: order.code })
	const voucher = order.voucher
	const payment = new URLSearchParams(useLocation().search).get('payment')
	return (
		<main id="main" className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-8" data-testid="voucher-order">
			<title>{`${title} | ${t('appName')}`}</title>
			<meta name="robots" content="noindex" />
			<h1 className="text-3xl font-bold">{title}</h1>
			<section className="card">
				<dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
					<dt className="font-medium">{tv('orders.detail.status')}</dt>
					<dd data-testid="voucher-order-status">
						{order.status === 'AwaitingPayment' && order.paymentMethod === 'Card'
							? tv('orders.detail.awaitingCard')
							: tv(`orders.detail.statuses.${order.status}`)}
					</dd>
					<dt className="font-medium">{tv('orders.fields.amount')}</dt>
					<dd>{formatAmount(order.amount, locale)}</dd>
					<dt className="font-medium">{tv('orders.fields.scope')}</dt>
					<dd>{order.scopeText}</dd>
					{order.childName ? (
						<>
							<dt className="font-medium">{tv('orders.fields.childName')}</dt>
							<dd>{order.childName}</dd>
						</>
					) : null}
				</dl>
				{order.greeting ? <p className="mt-2 whitespace-pre-line italic">{order.greeting}</p> : null}
				{order.recipientEmail ? (
					<p className="mt-2 text-sm text-ink-muted">
						{order.deliveredToRecipientAt
							? tv('orders.detail.delivered', {
									email: order.recipientEmail,
									date: formatDateTime(order.deliveredToRecipientAt, locale),
								})
							: order.sendDate
								? tv('orders.detail.recipient', { email: order.recipientEmail, date: order.sendDate })
								: tv('orders.detail.recipientNow', { email: order.recipientEmail })}
					</p>
				) : null}
			</section>
			{order.cardPayable ? (
				<section className="card" data-testid="voucher-order-card">
					<p className="mb-2">
						{payment === 'returned' ? tv('orders.detail.cardReturned') : tv('orders.detail.cardIntro')}
					</p>
					{actionData?.cardError ? (
						<p role="alert" className="mb-2 text-danger">
							{looseT(t)(actionData.cardError)}
						</p>
					) : null}
					<Form method="POST" action={loaderData.selfPath}>
						<SubmitButton>{tv('orders.detail.payByCard')}</SubmitButton>
					</Form>
				</section>
			) : null}
			{order.bankDetails ? (
				<>
					<p>{tv('orders.detail.bankIntro')}</p>
					<BankTransferInstructions
						bank={order.bankDetails}
						code={order.code}
						amount={order.amount}
						deadline={null}
					/>
				</>
			) : null}
			{voucher ? (
				<section className="card" data-testid="voucher-order-voucher" aria-labelledby="voucher-heading">
					<h2 id="voucher-heading" className="mb-2 text-xl font-semibold">
						{tv('orders.detail.voucher')}
					</h2>
					{voucher.convertedToPlatformAt ? (
						<p className="mb-2 rounded-lg bg-surface-muted p-2" data-testid="voucher-converted">
							{tv('orders.detail.convertedToPlatform', {
								date: formatDate(voucher.convertedToPlatformAt, locale),
							})}
						</p>
					) : null}
					<dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
						<dt className="font-medium">{tv('orders.detail.code')}</dt>
						<dd className="font-mono break-all" data-testid="voucher-code">
							{voucher.code ?? maskedVoucherCode(voucher.last4)}
						</dd>
						<dt className="font-medium">{tv('orders.detail.balance')}</dt>
						<dd data-testid="voucher-balance">{formatAmount(voucher.balance, locale)}</dd>
						{voucher.validUntil ? (
							<>
								<dt className="font-medium">{tv('orders.detail.validUntil')}</dt>
								<dd>{formatDate(voucher.validUntil, locale)}</dd>
							</>
						) : null}
					</dl>
					<div className="mt-4 flex flex-wrap gap-2">
						<a className="btn-secondary" href={voucher.pdfA4} download>
							{tv('orders.detail.pdfA4')}
						</a>
						<a className="btn-secondary" href={voucher.pdfA6} download>
							{tv('orders.detail.pdfA6')}
						</a>
						{voucher.code && voucher.status === 'Active' && voucher.balance > 0 ? (
							<LocaleLink
								className="btn-primary"
								to={`${voucher.bookPath}?${new URLSearchParams({ voucherCode: voucher.code })}`}
								data-testid="book-with-voucher"
							>
								{tv('orders.detail.book')}
							</LocaleLink>
						) : null}
					</div>
				</section>
			) : null}
			<p className="text-sm text-ink-muted">{tv('orders.detail.keepLink')}</p>
			<p className="text-sm text-ink-muted" data-testid="host-leaves">
				{tv('orders.hostLeaves')}
			</p>
		</main>
	)
}
