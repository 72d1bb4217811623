import Stripe from 'stripe'
import { getEnv } from './env.server.ts'

/**
 * The official Stripe SDK (card payments, ADR 0042). Card payments exist only
 * when STRIPE_SECRET_KEY is set; the webhook also needs STRIPE_WEBHOOK_SECRET.
 * Tests replace the client (`setStripeClient`) so nothing ever calls Stripe's
 * servers; webhook signatures are checked offline by the SDK itself.
 */
export type StripeClient = Pick<Stripe, 'checkout' | 'refunds' | 'webhooks'>

let client: StripeClient | undefined
let replacement: StripeClient | null | undefined

export function isCardPaymentConfigured(): boolean {
	return replacement !== undefined ? replacement !== null : Boolean(getEnv().STRIPE_SECRET_KEY)
}

export function getStripe(): StripeClient | null {
	if (replacement !== undefined) return replacement
	const key = getEnv().STRIPE_SECRET_KEY
	if (!key) return null
	client ??= new Stripe(key, { maxNetworkRetries: 1, timeout: 15_000 })
	return client
}

/** Tests: a stand-in client (null = not configured); undefined restores the real one. */
export function setStripeClient(stand: StripeClient | null | undefined) {
	replacement = stand
}
