import type Stripe from 'stripe'
import { paymentTransactions } from '#db/schema/payments.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb } from '#app/utils/db.server.ts'
import { getLogger } from '#app/utils/logger.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import type { StripeClient } from '#app/utils/stripe.server.ts'

/**
 * Stripe Checkout Sessions (ADR 0042, ADR 0172): the one way card money is asked for — an
 * order's rest (payments.server.ts) and a gift voucher order (voucher-order-card.server.ts).
 * The HTTP call happens outside any transaction; the session is then recorded as a pending
 * payment transaction that the signed webhook turns into Succeeded, Failed or Cancelled.
 */
export const CARD_SESSION_MINUTES = 31

export function paymentProviderFailed() {
	return new AppError(500, 'PaymentProviderFailed', { messageKey: 'booking:errors.paymentProviderFailed' })
}

export type CardSessionRequest = {
	/** Cents, the exact amount the guest pays. */
	amount: number
	/** The line the guest sees at Stripe. */
	name: string
	email: string
	clientReferenceId: string
	/** Copied to the payment intent too; the webhook finds what was paid by it. */
	metadata: Record<string, string>
	locale: Locale
	now: number
	/** The absolute page Stripe sends the guest back to (`?payment=returned|cancelled` is added). */
	returnUrl: string
}

/** Opens a Checkout Session for one amount in EUR; a provider failure is a translated 500. */
export async function openCardSession(
	stripe: StripeClient,
	request: CardSessionRequest,
): Promise<Stripe.Checkout.Session & { url: string }> {
	const back = (outcome: string) =>
		`${request.returnUrl}${request.returnUrl.includes('?') ? '&' : '?'}payment=${outcome}`
	let session: Stripe.Checkout.Session
	try {
		session = await stripe.checkout.sessions.create({
			mode: 'payment',
			line_items: [
				{
					quantity: 1,
					price_data: {
						currency: 'eur',
						unit_amount: request.amount,
						product_data: { name: request.name },
					},
				},
			],
			customer_email: request.email,
			client_reference_id: request.clientReferenceId,
			metadata: request.metadata,
			payment_intent_data: { metadata: request.metadata },
			locale: request.locale === 'en' ? 'en' : 'de',
			expires_at: Math.floor(request.now / 1000) + CARD_SESSION_MINUTES * 60,
			success_url: back('returned'),
			cancel_url: back('cancelled'),
		})
	} catch (error) {
		getLogger().warn({ err: error, ...request.metadata }, 'could not open a Stripe Checkout Session')
		throw paymentProviderFailed()
	}
	if (!session.url) throw paymentProviderFailed()
	return session as Stripe.Checkout.Session & { url: string }
}

/** The opened session as a pending incoming payment (of an order, or of none: a voucher order). */
export function recordPendingCardSession(
	session: Pick<Stripe.Checkout.Session, 'id' | 'expires_at'>,
	payment: { orderId: string | null; amount: number; now: number; note?: string; voucherOrderId?: string },
) {
	getDb()
		.insert(paymentTransactions)
		.values({
			orderId: payment.orderId,
			provider: 'Stripe',
			direction: 'Incoming',
			amount: payment.amount,
			reference: session.id,
			externalId: session.id,
			status: 'Pending',
			note: payment.note ?? null,
			rawPayload: {
				id: session.id,
				expires_at: session.expires_at,
				...(payment.voucherOrderId ? { voucherOrderId: payment.voucherOrderId } : {}),
			},
			createdAt: new Date(payment.now),
			updatedAt: new Date(payment.now),
		})
		.onConflictDoNothing()
		.run()
}
