import { useTranslation } from 'react-i18next'
import { Form } from 'react-router'
import type { OrderView } from '#app/models/booking/order-queries.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { localizePath } from '#app/utils/locale.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { BankTransferInstructions } from './booking-ui.tsx'

/** What happens next and how to pay — the confirmation page and the guest's order page. */
export function NextSteps({ order }: { order: OrderView }) {
	const { t } = useTranslation('booking')
	const locale = useLocale()
	const deadline = (ms: number | null) => (ms ? formatDateTime(ms, locale) : '')
	let text: string
	if (order.status === 'Requested')
		text = t('confirmation.nextRequested', { deadline: deadline(order.responseDeadline) })
	else if (order.status === 'AwaitingPayment')
		text = t(
			order.paymentMethod === 'Card' ? 'confirmation.nextAwaitingCard' : 'confirmation.nextAwaitingBank',
			{
				deadline: deadline(order.paymentDeadline),
			},
		)
	else if (order.status === 'Confirmed') text = t('confirmation.nextConfirmed')
	else text = t('confirmation.nextOther')
	return (
		<section className="card" aria-labelledby="next-steps">
			<h2 id="next-steps" className="mb-2 text-lg font-semibold">
				{t('confirmation.next')}
			</h2>
			<p data-testid="next-steps">{text}</p>
		</section>
	)
}

export function PaymentPanel({ order }: { order: OrderView }) {
	const { t } = useTranslation('booking')
	const locale = useLocale()
	if (order.bankDetails && order.amountDue > 0) {
		return (
			<BankTransferInstructions
				bank={order.bankDetails}
				code={order.code}
				amount={order.amountDue}
				deadline={order.paymentDeadline}
			/>
		)
	}
	if (order.actions.payByCard) {
		return (
			<Form method="post" action={localizePath(`/public/playroomOrder/${order.id}/confirmation`, locale)}>
				<button type="submit" className="btn-primary" data-testid="pay-by-card">
					{t('payment.payByCard')} ({formatAmount(order.amountDue, locale)})
				</button>
			</Form>
		)
	}
	if (order.status === 'Requested') {
		// Nothing to pay before the host accepts (issue 11): the instructions follow then.
		return (
			<p className="card" data-testid="payment-after-acceptance">
				{t('payment.afterAcceptance')}
			</p>
		)
	}
	if (order.paymentMethod === 'OnSite' && order.status === 'Confirmed') {
		return <p className="card">{t('payment.onSite', { amount: formatAmount(order.totalAmount, locale) })}</p>
	}
	return null
}
