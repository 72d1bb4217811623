import qs from 'qs'
import Stripe from 'stripe'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { startLocalServer } from './local-server.ts'

/**
 * A fake Stripe API on a local port for the card-payment tests: real HTTP, reached by the real
 * Stripe SDK (STRIPE_API_URL), so the tests see what the app really sends — form-encoded
 * parameters, idempotency keys — without Stripe's servers. It answers the calls the app makes:
 * create and expire a Checkout Session, create a refund. `withFakeStripe()` starts it for a test
 * file, configures the app with it before each test and undoes that afterwards; `signedEvent`
 * signs a webhook payload with the SDK's own test helper.
 */
export type StripeCall = { params: Record<string, unknown>; idempotencyKey: string | null }

export type FakeStripe = {
	url: string
	sessions: StripeCall[]
	refunds: StripeCall[]
	expired: string[]
	/** The next refund answers 402 "card declined" while true. */
	failRefunds: boolean
	lastSessionId: string
	reset: () => void
	close: () => Promise<void>
}

export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_test_fake_stripe'
const sdk = new Stripe('sk_test_fake_stripe')

/** Stripe's form encoding (`metadata[orderId]=…`, `line_items[0][price_data][unit_amount]=…`) as objects; digit strings as numbers. */
function decode(body: string): Record<string, unknown> {
	return qs.parse(body, {
		depth: 10,
		arrayLimit: 100,
		decoder: (value, decoder, charset, type) => {
			const decoded = decoder(value, decoder, charset) as string
			return type === 'value' && /^-?\d{1,12}$/.test(decoded) ? Number(decoded) : decoded
		},
	}) as Record<string, unknown>
}

export async function startFakeStripe(): Promise<FakeStripe> {
	let counter = 0
	const state = {
		sessions: [] as StripeCall[],
		refunds: [] as StripeCall[],
		expired: [] as string[],
		failRefunds: false,
		lastSessionId: '',
	}
	const server = await startLocalServer((req, res) => {
		let body = ''
		req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
		req.on('end', () => {
			const call: StripeCall = {
				params: decode(body),
				idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
			}
			const send = (status: number, json: unknown) => {
				res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_fake_${++counter}` })
				res.end(JSON.stringify(json))
			}
			const path = (req.url ?? '').split('?')[0] ?? ''
			if (req.method === 'POST' && path === '/v1/checkout/sessions') {
				state.sessions.push(call)
				const id = `cs_test_fake_${++counter}`
				state.lastSessionId = id
				return send(200, {
					id,
					object: 'checkout.session',
					url: `https://checkout.stripe.com/c/pay/${id}`,
					amount_total: null,
					metadata: call.params.metadata ?? {},
					expires_at: Math.floor(Date.now() / 1000) + 1800,
				})
			}
			const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)
			if (req.method === 'POST' && expire) {
				state.expired.push(decodeURIComponent(expire[1] ?? ''))
				return send(200, { id: expire[1], object: 'checkout.session', status: 'expired' })
			}
			if (req.method === 'POST' && path === '/v1/refunds') {
				if (state.failRefunds)
					return send(402, {
						error: { type: 'card_error', code: 'card_declined', message: 'The card declined the refund.' },
					})
				state.refunds.push(call)
				return send(200, {
					id: `re_test_fake_${state.refunds.length}`,
					object: 'refund',
					status: 'succeeded',
					amount: call.params.amount,
					payment_intent: call.params.payment_intent,
				})
			}
			send(404, {
				error: {
					type: 'invalid_request_error',
					message: `Unrecognized request URL (${req.method}: ${path})`,
				},
			})
		})
	})
	return Object.assign(state, {
		url: server.baseUrl,
		reset: () => {
			state.sessions.length = 0
			state.refunds.length = 0
			state.expired.length = 0
			state.failRefunds = false
		},
		close: server.close,
	})
}

/**
 * A fake Stripe for the whole test file, emptied and configured before each test (card payments
 * on); after each test card payments are off again. Returns the running fake.
 */
export function withFakeStripe(): () => FakeStripe {
	let fake: FakeStripe | undefined
	const running = () => {
		if (!fake) throw new Error('the fake Stripe is not running yet')
		return fake
	}
	beforeAll(async () => {
		fake = await startFakeStripe()
	})
	afterAll(() => fake?.close())
	beforeEach(() => {
		running().reset()
		configureFakeStripe(running())
	})
	afterEach(() => unconfigureStripe())
	return running
}

/** Points the app's Stripe client at the fake (key, API address, webhook secret). */
export function configureFakeStripe(fake: Pick<FakeStripe, 'url'>) {
	process.env.STRIPE_SECRET_KEY = 'sk_test_fake_stripe'
	process.env.STRIPE_API_URL = fake.url
	process.env.STRIPE_WEBHOOK_SECRET = FAKE_STRIPE_WEBHOOK_SECRET
	resetEnvCache()
}

/** Card payments off again (no key, no address, no webhook secret). */
export function unconfigureStripe() {
	delete process.env.STRIPE_SECRET_KEY
	delete process.env.STRIPE_API_URL
	delete process.env.STRIPE_WEBHOOK_SECRET
	resetEnvCache()
}

/** A webhook event as Stripe sends it: the JSON payload and its `Stripe-Signature` header. */
export function signedEvent(
	event: { id: string; type: string; data: { object: Record<string, unknown> } },
	secret = FAKE_STRIPE_WEBHOOK_SECRET,
) {
	const payload = JSON.stringify({ object: 'event', api_version: '2025-01-01', created: 1, ...event })
	return { payload, signature: sdk.webhooks.generateTestHeaderString({ payload, secret }) }
}
