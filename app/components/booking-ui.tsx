import { useTranslation } from 'react-i18next'
import type { OrderPriceLine, OrderStatus, OrderTax } from '#db/schema/orders.ts'
import { formatAmount } from '#app/utils/format.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { describePriceLine, describeTax } from '#app/utils/price-lines.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * The pieces every booking page shares (checkout, confirmation, guest, host
 * and owner orders): status badge, price breakdown, bank details, refund
 * schedule and status history. Money and dates are formatted for the page's
 * language in Europe/Berlin (app/utils/format.ts).
 */
/** The colour of an order status (badges, the host calendar's entries). */
export const ORDER_STATUS_TONE: Record<OrderStatus, string> = {
	Requested: 'border-warning text-warning',
	AwaitingPayment: 'border-warning text-warning',
	Confirmed: 'border-success text-success',
	Completed: 'border-line text-ink-muted',
	Declined: 'border-danger text-danger',
	Expired: 'border-line text-ink-muted',
	Cancelled: 'border-danger text-danger',
}

export function StatusBadge({ status }: { status: OrderStatus }) {
	const { t } = useTranslation('booking')
	return statusBadge(status, t(`statuses.${status}`))
}

/**
 * The badge's markup for a label translated once per page — for lists with a
 * badge per row, without a component (and its translation hook) per row.
 */
export function statusBadge(status: OrderStatus, label: string) {
	return (
		<span
			className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${ORDER_STATUS_TONE[status]}`}
			data-testid="order-status"
			data-status={status}
		>
			{label}
		</span>
	)
}

/** A breakdown to show: the price engine's or an order's frozen one, with its tax part (ADR 0150). */
export type PriceView = {
	lines: OrderPriceLine[]
	total: number
	deposit: number
} & OrderTax

export function PriceBreakdown({ price, testId = 'price-breakdown' }: { price: PriceView; testId?: string }) {
	const { t } = useTranslation()
	const locale = useLocale()
	const lt = looseT(t)
	const tax = describeTax(price, lt, locale)
	return (
		<div data-testid={testId}>
			<table className="w-full text-sm">
				<tbody>
					{price.lines.map((line, index) => {
						const { label, detail } = describePriceLine(line, lt, locale)
						return (
							<tr key={`${line.kind}-${line.additionId ?? line.part ?? index}`}>
								<th scope="row" className="py-1 pr-2 text-left font-normal">
									{label}
									{detail ? <span className="block text-xs text-ink-muted">{detail}</span> : null}
								</th>
								<td className="py-1 text-right tabular-nums">{formatAmount(line.amount, locale)}</td>
							</tr>
						)
					})}
				</tbody>
				<tfoot>
					<tr className="border-t border-line">
						<th scope="row" className="pt-2 text-left font-semibold">
							{lt('catalogue:priceLines.total')}
						</th>
						<td className="pt-2 text-right font-semibold tabular-nums" data-testid="price-total">
							{formatAmount(price.total, locale)}
						</td>
					</tr>
					<tr>
						<td colSpan={2} className="text-right text-xs text-ink-muted" data-testid="price-tax">
							{tax.amount === null ? tax.label : `${tax.label}: ${tax.amount}`}
						</td>
					</tr>
					{price.deposit > 0 ? (
						<tr>
							<td colSpan={2} className="pt-1 text-right text-xs text-ink-muted">
								{lt('catalogue:priceLines.deposit')}: {formatAmount(price.deposit, locale)}
							</td>
						</tr>
					) : null}
				</tfoot>
			</table>
		</div>
	)
}

export type BankDetailsView = { accountHolder: string; iban: string; bic: string; bankName: string }

export function BankTransferInstructions({
	bank,
	code,
	amount,
	deadline,
}: {
	bank: BankDetailsView
	code: string
	amount: number
	deadline: number | null
}) {
	const { t } = useTranslation('booking')
	const locale = useLocale()
	const rows: [string, string][] = [
		[t('payment.amount'), formatAmount(amount, locale)],
		[t('payment.reference'), code],
		[t('payment.accountHolder'), bank.accountHolder],
		[t('payment.iban'), bank.iban],
		[t('payment.bic'), bank.bic],
		[t('payment.bankName'), bank.bankName],
		...(deadline ? ([[t('payment.deadline'), formatDateTime(deadline, locale)]] as [string, string][]) : []),
	]
	return (
		<section className="card" aria-labelledby="bank-instructions" data-testid="bank-instructions">
			<h2 id="bank-instructions" className="mb-2 text-lg font-semibold">
				{t('payment.instructionsTitle')}
			</h2>
			<dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
				{rows.map(([label, value]) => (
					<div key={label} className="contents">
						<dt className="font-medium">{label}</dt>
						<dd className="min-w-0 font-mono break-all">{value}</dd>
					</div>
				))}
			</dl>
		</section>
	)
}

export function RefundSchedule({ tiers }: { tiers: { percent: number; until: number }[] }) {
	const { t } = useTranslation('booking')
	const locale = useLocale()
	const [first, ...rest] = tiers
	if (!first) return null
	return (
		<p className="text-sm" data-testid="refund-schedule">
			{t('checkout.review.refundUntil', {
				percent: first.percent,
				until: formatDateTime(first.until, locale),
			})}
			{rest.map((tier) => `, ${t('checkout.review.refundAfter', { percent: tier.percent })}`).join('')}.
		</p>
	)
}

export type HistoryEntry = {
	fromStatus: OrderStatus | null
	toStatus: OrderStatus
	actorRole: string
	reason: string | null
	createdAt: number
}

export function StatusHistory({ history }: { history: HistoryEntry[] }) {
	const { t } = useTranslation('booking')
	const locale = useLocale()
	return (
		<ol className="space-y-2 text-sm" data-testid="status-history">
			{history.map((entry, index) => (
				<li key={`${entry.createdAt}-${index}`} className="border-l-2 border-line pl-3">
					<div className="font-medium">
						{entry.fromStatus
							? t('detail.historyEntry', {
									from: t(`statuses.${entry.fromStatus}`),
									to: t(`statuses.${entry.toStatus}`),
								})
							: t('detail.historyCreated', { to: t(`statuses.${entry.toStatus}`) })}
					</div>
					<div className="text-ink-muted">
						{formatDateTime(entry.createdAt, locale)} ·{' '}
						{t('detail.historyBy', { role: t(`actorRoles.${entry.actorRole as 'System'}`) })}
					</div>
					{entry.reason ? <div>{t('detail.reason', { reason: entry.reason })}</div> : null}
				</li>
			))}
		</ol>
	)
}

/** A label/value list (order facts, a payment's facts): term above value on a phone. */
export function Facts({ rows, testId }: { rows: [string, React.ReactNode][]; testId?: string }) {
	return (
		<dl
			className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]"
			data-testid={testId}
		>
			{rows.map(([label, value]) => (
				<div key={label} className="contents">
					<dt className="font-medium text-ink-muted">{label}</dt>
					{/* Long values (ids, e-mail addresses) break instead of widening a phone's page. */}
					<dd className="min-w-0 break-words">{value}</dd>
				</div>
			))}
		</dl>
	)
}

/**
 * A gift voucher pays after the price (ADR 0167): under the breakdown, what it pays and what is
 * left to pay by the chosen method. The checkout, the confirmation and the order pages show it.
 */
export function GiftVoucherPayment({
	code,
	amount,
	amountLeft,
}: {
	code: string
	amount: number
	amountLeft: number
}) {
	const { t } = useTranslation('vouchers')
	const locale = useLocale()
	return (
		<dl className="mt-2 border-t border-line pt-2 text-sm" data-testid="gift-voucher-lines">
			<div className="flex justify-between gap-2">
				<dt>{t('checkout.giftPays', { code })}</dt>
				<dd className="tabular-nums">{formatAmount(-amount, locale)}</dd>
			</div>
			<div className="flex justify-between gap-2 font-semibold">
				<dt>{t('checkout.amountDue')}</dt>
				<dd className="tabular-nums" data-testid="amount-due">
					{formatAmount(amountLeft, locale)}
				</dd>
			</div>
		</dl>
	)
}

/** An order's price: the breakdown, and under it what a gift voucher paid and what is left (the order and confirmation pages). */
export function OrderPriceLines({
	order,
}: {
	order: { price: PriceView; voucherAmount: number; voucherCode: string | null; amountPayable: number }
}) {
	return (
		<>
			<PriceBreakdown price={order.price} />
			{order.voucherAmount > 0 ? (
				<GiftVoucherPayment
					code={order.voucherCode ?? ''}
					amount={order.voucherAmount}
					amountLeft={order.amountPayable}
				/>
			) : null}
		</>
	)
}
