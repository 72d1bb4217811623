import { and, eq } from 'drizzle-orm'
import type Stripe from 'stripe'
import { paymentTransactions } from '#db/schema/payments.ts'
import { voucherOrders } from '#db/schema/vouchers.ts'
import { openCardSession, recordPendingCardSession } from '#app/models/booking/card-sessions.server.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, type Transaction } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { getLogger } from '#app/utils/logger.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import { getStripe } from '#app/utils/stripe.server.ts'
import { voucherOrderPath } from './voucher-order-links.server.ts'
import { payVoucherOrder, voucherCardNotAvailable, type VoucherOrderRow } from './voucher-orders.server.ts'

/**
 * Card payment of gift voucher orders (issue 33, ADR 0172): when Stripe is configured the buyer
 * may pay by card. Submitting the form opens a Checkout Session for exactly the voucher order's
 * amount (the same `openCardSession` an order's card payment uses) and sends the buyer there; the
 * signed webhook (`handleStripeWebhook`, checkout.session.completed) recognises the session by its
 * metadata `voucherOrderId` and pays the voucher order with `payVoucherOrder` — the voucher is
 * issued and the PDF e-mailed exactly once: the webhook event id is recorded once, the pending
 * payment row turns Succeeded once, and the voucher order's status guards the issue.
 */

/**
 * Opens a Checkout Session for a voucher order awaiting card payment, remembers it on the order
 * (`stripeSessionId`) and as a pending payment (no order; note `voucherOrder`). Returns Stripe's URL.
 */
export async function startVoucherOrderCardPayment(
	voucherOrder: VoucherOrderRow,
	locale: Locale,
	options: { now?: number } = {},
): Promise<{ url: string }> {
	const stripe = getStripe()
	if (!stripe) throw voucherCardNotAvailable()
	if (voucherOrder.status !== 'AwaitingPayment' || voucherOrder.paymentMethod !== 'Card') {
		throw new AppError(409, 'VoucherOrderNotAwaitingPayment', {
			messageKey: 'vouchers:orders.errors.notAwaitingPayment',
			params: { code: voucherOrder.code },
		})
	}
	const now = options.now ?? Date.now()
	const metadata = { voucherOrderId: voucherOrder.id, voucherOrderCode: voucherOrder.code }
	const session = await openCardSession(stripe, {
		amount: voucherOrder.amount,
		name: `Gutschein / Gift voucher – ${voucherOrder.code}`,
		email: voucherOrder.buyerEmail,
		clientReferenceId: voucherOrder.id,
		metadata,
		locale,
		now,
		returnUrl: `${getEnv().PUBLIC_URL}${voucherOrderPath(voucherOrder, locale)}`,
	})
	recordPendingCardSession(session, {
		orderId: null,
		amount: voucherOrder.amount,
		now,
		note: 'voucherOrder',
		voucherOrderId: voucherOrder.id,
	})
	getDb()
		.update(voucherOrders)
		.set({ stripeSessionId: session.id, updatedAt: new Date(now) })
		.where(eq(voucherOrders.id, voucherOrder.id))
		.run()
	return { url: session.url }
}

type SessionObject = Pick<Stripe.Checkout.Session, 'id' | 'amount_total' | 'metadata'>

/** The voucher order a Checkout Session was opened for, by its metadata; null for an order's session. */
export function voucherOrderIdOfSession(session: Pick<Stripe.Checkout.Session, 'metadata'>): string | null {
	return session.metadata?.voucherOrderId ?? null
}

/**
 * A paid Checkout Session of a voucher order (inside the webhook's IMMEDIATE transaction): only a
 * session this server opened for it (a pending payment row), only its exact amount; then the
 * payment succeeds and the voucher order is paid (voucher, sale journal, e-mail with the PDF).
 * A session already Succeeded or a voucher order already paid issues nothing.
 */
export function voucherOrderCardPaid(
	tx: Transaction,
	session: SessionObject,
	now: Date,
): { voucherOrderId: string | null; emails: string[] } {
	const voucherOrderId = voucherOrderIdOfSession(session) ?? ''
	const log = getLogger()
	const voucherOrder = tx.select().from(voucherOrders).where(eq(voucherOrders.id, voucherOrderId)).get()
	const payment = tx
		.select()
		.from(paymentTransactions)
		.where(and(eq(paymentTransactions.provider, 'Stripe'), eq(paymentTransactions.externalId, session.id)))
		.get()
	if (!voucherOrder || !payment || payment.orderId !== null) {
		log.warn({ sessionId: session.id, voucherOrderId }, 'Stripe payment for an unknown voucher order session')
		return { voucherOrderId: null, emails: [] }
	}
	if (payment.status === 'Succeeded') return { voucherOrderId: voucherOrder.id, emails: [] }
	const amount = session.amount_total ?? 0
	if (amount !== voucherOrder.amount) {
		// Never issue a voucher for other money than its price: the row stays for an admin to look at.
		log.error(
			{ sessionId: session.id, voucherOrderId, amount, expected: voucherOrder.amount },
			'Stripe paid another amount than the voucher order costs',
		)
		tx.update(paymentTransactions)
			.set({ note: 'voucherOrder: amount mismatch', rawPayload: session, updatedAt: now })
			.where(eq(paymentTransactions.id, payment.id))
			.run()
		return { voucherOrderId: voucherOrder.id, emails: [] }
	}
	tx.update(paymentTransactions)
		.set({ status: 'Succeeded', rawPayload: session, updatedAt: now })
		.where(eq(paymentTransactions.id, payment.id))
		.run()
	if (voucherOrder.status !== 'AwaitingPayment') {
		// A second session paid after the first: the money is recorded, no second voucher.
		log.warn(
			{ sessionId: session.id, voucherOrderId },
			'card payment for a voucher order no longer awaiting it',
		)
		return { voucherOrderId: voucherOrder.id, emails: [] }
	}
	const paid = payVoucherOrder(tx, voucherOrder, { now })
	return { voucherOrderId: voucherOrder.id, emails: paid.emailIds }
}
