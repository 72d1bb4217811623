import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { OrderView } from '#app/models/booking/order-queries.server.ts'
import type { FormActionData } from '#app/utils/form-actions.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDateTime, formatStay } from '#app/utils/format-instant.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { translateValidationMessage } from '#app/utils/validation-messages.ts'
import { Facts, OrderPriceLines, RefundSchedule, StatusHistory } from './booking-ui.tsx'
import { DetailSection } from './detail-frame.tsx'
import { LocaleLink } from './locale-link.tsx'
import { RefundAccountInputs, useRefundLabel } from './refund-account.tsx'

/**
 * The sections of an order's page for its guest, its host (/host and the
 * phone-first /owner) and the admin, each a section of the detail frame
 * (detail-frame.tsx): facts, price, cancellation state, history, the cancel
 * form; the frame, the actions and the page's own sections come from the page.
 */
export function OrderFacts({ order }: { order: OrderView }) {
	const { t } = useTranslation('booking')
	const { t: tc } = useTranslation('catalogue')
	const locale = useLocale()
	const refundLabel = useRefundLabel()
	const address = order.contact.eventAddress
	const rows: [string, React.ReactNode][] = [
		[t('detail.playroom'), order.playroom.name],
		[
			order.playroom.placeType === 'Mobile' ? t('detail.eventAddress') : t('detail.address'),
			order.playroom.placeType === 'Mobile' && address
				? `${address.street}, ${address.postalCode} ${address.city}`
				: `${order.playroom.street}, ${order.playroom.postalCode} ${order.playroom.city}`,
		],
		[t('detail.when'), formatStay(order.checkIn, order.checkOut, locale)],
		[t('detail.bookingType'), tc(`bookingTypes.${order.bookingType}`)],
		[
			t('detail.guests'),
			t('checkout.review.guestsValue', { adults: order.adults, children: order.children }),
		],
		[t('detail.paymentMethod'), tc(`paymentMethods.${order.paymentMethod}`)],
		[
			t('detail.paymentStatus'),
			// A refund is on its way until it is sent, then refunded on a day (ADR 0176), not "Refunded" at once.
			order.refund && (order.paymentStatus === 'Refunded' || order.paymentStatus === 'PartiallyRefunded') ? (
				<span data-testid="payment-status">{refundLabel(order.refund, 'status')}</span>
			) : (
				<span data-testid="payment-status">{t(`paymentStatuses.${order.paymentStatus}`)}</span>
			),
		],
	]
	// Part of the money arrived (issue 34): what was paid and what is still due, on every side's page.
	if (order.paymentStatus === 'PartiallyPaid') {
		rows.push(
			[t('detail.amountPaid'), formatAmount(order.paidAmount, locale)],
			[t('detail.amountDue'), <span data-testid="amount-due">{formatAmount(order.amountDue, locale)}</span>],
		)
	}
	if (order.responseDeadline && order.status === 'Requested') {
		rows.push([t('detail.answerBy'), formatDateTime(order.responseDeadline, locale)])
	}
	if (order.paymentDeadline && order.status === 'AwaitingPayment') {
		rows.push([t('payment.deadline'), formatDateTime(order.paymentDeadline, locale)])
	}
	// The guest reads its own message as its own (issue 31.15), the host and the admin as the guest's.
	if (order.message) {
		rows.push([order.viewer === 'Customer' ? t('detail.ownMessage') : t('detail.message'), order.message])
	}
	return (
		<DetailSection id="order-overview" title={t('detail.overview')}>
			<Facts rows={rows} testId="order-facts" />
		</DetailSection>
	)
}

export function GuestContact({ order }: { order: OrderView }) {
	const { t } = useTranslation('booking')
	const { contact } = order
	return (
		<DetailSection id="guest-contact" title={t('detail.guestContact')}>
			<p>
				{contact.firstName} {contact.lastName}
			</p>
			{contact.phoneNumber ? (
				<p>
					<a href={`tel:${contact.phoneNumber.replace(/[^\d+]/g, '')}`} className="link">
						{contact.phoneNumber}
					</a>
				</p>
			) : null}
			<p>
				<a href={`mailto:${contact.email}`} className="link">
					{contact.email}
				</a>
			</p>
		</DetailSection>
	)
}

export function OrderPrice({ order }: { order: OrderView }) {
	const { t } = useTranslation('booking')
	return (
		<DetailSection id="order-price" title={t('detail.priceTitle')}>
			<OrderPriceLines order={order} />
		</DetailSection>
	)
}

export function CancellationState({ order }: { order: OrderView }) {
	const { t } = useTranslation('booking')
	const { t: tr } = useTranslation('refunds')
	const locale = useLocale()
	const refundLabel = useRefundLabel()
	if (order.status === 'Declined' && order.declineReason) {
		return (
			<p className="card" data-testid="decline-reason">
				{t('detail.declineReason', { reason: order.declineReason })}
			</p>
		)
	}
	if (order.status !== 'Cancelled' || !order.cancelledAt) return null
	return (
		<DetailSection id="cancellation-state" title={t('detail.cancellation')}>
			<p>
				{t('detail.cancelledBy', {
					date: formatDateTime(order.cancelledAt, locale),
					role: t(`actorRoles.${order.cancelledByRole ?? 'System'}`),
				})}
			</p>
			{order.cancellationReason ? <p>{t('detail.reason', { reason: order.cancellationReason })}</p> : null}
			<p data-testid="refund-amount">
				{order.refund
					? refundLabel(order.refund, 'amount')
					: t('detail.refund', { amount: formatAmount(order.refundAmount ?? 0, locale) })}
			</p>
			{order.refund?.account ? (
				<p className="text-sm text-ink-muted" data-testid="refund-account-given">
					{tr('guest.accountGiven', order.refund.account)}
				</p>
			) : null}
		</DetailSection>
	)
}

export function OrderHistory({ order }: { order: OrderView }) {
	const { t } = useTranslation('booking')
	return (
		<DetailSection id="order-history" title={t('detail.historyTitle')}>
			<StatusHistory history={order.history} />
		</DetailSection>
	)
}

/** The cancellation form with what it refunds, shown after "Cancel booking" (?cancel=1). */
export function CancelPanel({
	order,
	reasonRequired,
	actionData,
	backTo,
}: {
	order: OrderView
	reasonRequired: boolean
	actionData: FormActionData | undefined
	backTo: string
}) {
	const { t } = useTranslation('booking')
	const { t: tc } = useTranslation('catalogue')
	const { t: tv } = useTranslation()
	const { t: tr } = useTranslation('refunds')
	const locale = useLocale()
	const quote = order.cancellation
	if (!quote) return null
	if (!quote.allowed) return <p className="card">{t('detail.cancelTooLate')}</p>
	const result = actionData?.intent === 'cancel' ? actionData.result : undefined
	const errors = result?.error?.reason ?? []
	// The guest's own bank refund goes back to an account they may give here (ADR 0176).
	const askAccount =
		order.viewer === 'Customer' && order.refundVia === 'BankTransfer' && quote.refundAmount > 0
	const formErrors = [
		...(result?.error?.[''] ?? []),
		...(result?.error?.refundAccountHolder ?? []),
		...(result?.error?.refundIban ?? []),
	]
	const money = (cents: number) => formatAmount(cents, locale)
	return (
		<DetailSection id="cancel-panel" title={t('detail.cancelQuoteTitle')} tone="danger">
			<p className="mb-3" data-testid="cancel-quote">
				{order.viewer !== 'Customer'
					? t('detail.cancelQuoteHost', { refund: money(quote.refundAmount) })
					: quote.paidAmount > 0
						? t('detail.cancelQuotePaid', {
								paid: money(quote.paidAmount),
								policy: tc(`cancellationPolicies.${quote.policy}`),
								percent: quote.refundPercent,
								refund: money(quote.refundAmount),
							})
						: t('detail.cancelQuoteUnpaid')}
			</p>
			{order.viewer === 'Customer' ? <RefundSchedule tiers={order.refundSchedule} /> : null}
			<Form method="post" className="mt-3">
				<input type="hidden" name="intent" value="cancel" />
				{formErrors.length ? (
					<p role="alert" className="mb-2 text-danger">
						{formErrors.map((e) => translateValidationMessage(tv, e)).join(' ')}
					</p>
				) : null}
				<label htmlFor="cancel-reason" className="mb-1 block text-sm font-medium">
					{reasonRequired ? t('detail.cancelReasonLabel') : t('detail.cancelReasonOptional')}
					{reasonRequired ? (
						<span className="ml-0.5 text-danger" aria-hidden="true">
							*
						</span>
					) : null}
				</label>
				<textarea
					id="cancel-reason"
					name="reason"
					defaultValue={String((result?.initialValue as { reason?: unknown } | undefined)?.reason ?? '')}
					rows={3}
					maxLength={1000}
					required={reasonRequired}
					aria-invalid={errors.length ? true : undefined}
					aria-describedby={errors.length ? 'cancel-reason-error' : undefined}
					className="mb-1 w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink"
				/>
				{errors.length ? (
					<p id="cancel-reason-error" className="mb-2 text-sm text-danger">
						{errors.map((e) => translateValidationMessage(tv, e)).join(' ')}
					</p>
				) : null}
				{askAccount ? (
					<div className="mt-2" data-testid="cancel-refund-account">
						<h3 className="mb-1 font-medium">{tr('account.title')}</h3>
						<p className="mb-2 text-sm">{tr('account.cancelIntro')}</p>
						<RefundAccountInputs result={result} required={false} />
					</div>
				) : null}
				<div className="flex flex-wrap gap-2">
					<button
						type="submit"
						className="btn border border-danger text-danger hover:bg-surface-sunken"
						data-testid="cancel-confirm"
					>
						{t('detail.cancelConfirm')}
					</button>
					<LocaleLink to={backTo} className="btn-secondary">
						{t('detail.cancelKeep')}
					</LocaleLink>
				</div>
			</Form>
		</DetailSection>
	)
}
