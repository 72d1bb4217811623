import Stripe from 'stripe'
import { getEnv } from './env.server.ts'

/**
 * The official Stripe SDK (card payments, ADR 0042). Card payments exist only
 * when STRIPE_SECRET_KEY is set; the webhook also needs STRIPE_WEBHOOK_SECRET.
 * STRIPE_API_URL sends the SDK's calls elsewhere: the tests run a fake Stripe on
 * a local port (`tests/helpers/fake-stripe.ts`) and talk to it through this real
 * client, so nothing ever calls Stripe's servers; webhook signatures are checked
 * offline by the SDK itself.
 */
export type StripeClient = Pick<Stripe, 'checkout' | 'refunds' | 'webhooks'>

let client: { key: string; apiUrl: string | undefined; stripe: StripeClient } | undefined

export function isCardPaymentConfigured(): boolean {
	return Boolean(getEnv().STRIPE_SECRET_KEY)
}

function apiLocation(apiUrl: string | undefined) {
	if (!apiUrl) return {}
	const url = new URL(apiUrl)
	const protocol = url.protocol === 'http:' ? 'http' : 'https'
	return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol } as const
}

export function getStripe(): StripeClient | null {
	const { STRIPE_SECRET_KEY: key, STRIPE_API_URL: apiUrl } = getEnv()
	if (!key) return null
	// Keyed by key and address: a test (or an operator's restart) that changes them gets a new client.
	if (client?.key !== key || client.apiUrl !== apiUrl) {
		client = {
			key,
			apiUrl,
			stripe: new Stripe(key, { maxNetworkRetries: 1, timeout: 15_000, ...apiLocation(apiUrl) }),
		}
	}
	return client.stripe
}
