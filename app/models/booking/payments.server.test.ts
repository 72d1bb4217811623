import Stripe from 'stripe'
import { eq } from 'drizzle-orm'
import { describe, expect, test, vi } from 'vitest'
import { webhookEvents } from '#db/schema/payments.ts'
import { action as webhookAction } from '#app/routes/api/stripe-webhook.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { getDb } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { cancelOrder, completeOrder, expireOrder } from './order-transitions.server.ts'
import {
	executeCardRefunds,
	handleStripeWebhook,
	recordBankTransfer,
	startCardPayment,
} from './payments.server.ts'
import {
	accountBalance,
	bookingFixture,
	daysAhead,
	historyOf,
	hourlySlot,
	mailsTo,
	NOW,
	orderRow,
	paymentsOf,
	placeOrder,
	unbalancedJournals,
} from '#tests/helpers/booking.ts'
import {
	FAKE_STRIPE_WEBHOOK_SECRET,
	signedEvent,
	unconfigureStripe,
	withFakeStripe,
} from '#tests/helpers/fake-stripe.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createTestUser } from '#tests/helpers/users.ts'

// A real SDK instance for signing events with other secrets and timestamps (offline helpers).
const sdk = new Stripe('sk_test_offline_only')
const SECRET = FAKE_STRIPE_WEBHOOK_SECRET
const signed = signedEvent

function sessionCompleted(
	eventId: string,
	orderId: string,
	amount: number,
	sessionId = fake().lastSessionId,
) {
	return signed({
		id: eventId,
		type: 'checkout.session.completed',
		data: {
			object: {
				id: sessionId,
				object: 'checkout.session',
				amount_total: amount,
				payment_status: 'paid',
				client_reference_id: orderId,
				metadata: { orderId },
				payment_intent: 'pi_test_1',
			},
		},
	})
}

async function cardOrder() {
	const fixture = await bookingFixture({ instantBooking: true, paymentMethods: ['Card', 'BankTransfer'] })
	const order = placeOrder(
		fixture,
		{ ...hourlySlot(daysAhead(10), 10), paymentMethod: 'Card' },
		{ now: Date.now() - 60_000 },
	)
	return { fixture, order }
}

const fake = withFakeStripe()

describe('bank transfer (admin control transaction)', () => {
	test('recording the full amount confirms the order, books the payment and e-mails the guest', async () => {
		const fixture = await bookingFixture({ instantBooking: true })
		const order = placeOrder(fixture, hourlySlot('2026-06-10', 10))
		const admin = await createTestUser({ role: 'Admin' })
		const { payment } = recordBankTransfer(
			{ orderCode: order.code.toLowerCase(), amount: order.totalAmount, reference: `${order.code} Familie` },
			admin,
			{ now: NOW + 3_600_000 },
		)
		expect(payment).toMatchObject({
			provider: 'BankTransfer',
			direction: 'Incoming',
			status: 'Succeeded',
			recordedById: admin.id,
		})
		expect(orderRow(order.id)).toMatchObject({
			status: 'Confirmed',
			paymentStatus: 'Paid',
			paymentDeadline: null,
		})
		expect(historyOf(order.id).at(-1)).toMatchObject({
			fromStatus: 'AwaitingPayment',
			toStatus: 'Confirmed',
			actorRole: 'Admin',
			actorId: admin.id,
		})
		expect(accountBalance(order.id, 'PlatformBank')).toBe(order.totalAmount)
		expect(accountBalance(order.id, 'GuestPrepayments')).toBe(-order.totalAmount)
		expect(mailsTo(fixture.guest.email).map((m) => m.template)).toEqual([
			'order.paymentInstructions',
			'order.paymentReceived',
			'order.confirmed',
		])
		expect(unbalancedJournals()).toEqual([])
	})

	test('a part payment keeps the order waiting; only admins record; bad amounts are refused', async () => {
		const fixture = await bookingFixture({ instantBooking: true })
		const order = placeOrder(fixture, hourlySlot('2026-06-11', 10))
		const admin = await createTestUser({ role: 'Admin' })
		recordBankTransfer({ orderId: order.id, amount: 1_000 }, admin, { now: NOW })
		expect(orderRow(order.id)?.status).toBe('AwaitingPayment')
		recordBankTransfer({ orderId: order.id, amount: order.totalAmount - 1_000 }, admin, { now: NOW })
		expect(orderRow(order.id)?.status).toBe('Confirmed')
		expect(() =>
			recordBankTransfer({ orderId: order.id, amount: 100 }, { id: fixture.host.id, role: 'Owner' }),
		).toThrow()
		expect(() => recordBankTransfer({ orderId: order.id, amount: 0 }, admin)).toThrow()
	})

	test('a transfer for a closed order is a 409 and books nothing: expired, completed (ADR 0142)', async () => {
		const fixture = await bookingFixture({ instantBooking: true })
		const admin = await createTestUser({ role: 'Admin' })
		const expired = placeOrder(fixture, hourlySlot('2026-06-12', 10))
		expect(expireOrder(expired.id, { now: NOW + 3 * 86_400_000 })).toBe(true)
		const paid = placeOrder(fixture, hourlySlot('2026-06-04', 10))
		recordBankTransfer({ orderId: paid.id, amount: paid.totalAmount }, admin, { now: NOW })
		expect(completeOrder(paid.id, { now: paid.checkOut.getTime() + 3_600_000 })).toBe(true)
		const paymentsBefore = paymentsOf(paid.id).length
		for (const [order, key] of [
			[expired, 'adminPayments:errors.orderClosedExpired'],
			[paid, 'adminPayments:errors.orderClosedCompleted'],
		] as const) {
			expect(() =>
				recordBankTransfer(
					{ orderId: order.id, amount: order.totalAmount, idempotencyKey: `closed-${order.id}` },
					admin,
					{ now: NOW + 4 * 86_400_000 },
				),
			).toThrow(expect.objectContaining({ status: 409, errorName: 'OrderClosed', messageKey: key }))
		}
		expect(paymentsOf(expired.id)).toEqual([])
		expect(orderRow(expired.id)).toMatchObject({ status: 'Expired', paymentStatus: 'Unpaid' })
		expect(paymentsOf(paid.id)).toHaveLength(paymentsBefore)
		expect(unbalancedJournals()).toEqual([])
	})

	test('the same idempotency key books once and answers alike; another amount under it is a 409', async () => {
		const fixture = await bookingFixture({ instantBooking: true })
		const order = placeOrder(fixture, hourlySlot('2026-06-13', 10))
		const admin = await createTestUser({ role: 'Admin' })
		const input = { orderId: order.id, amount: order.totalAmount, idempotencyKey: 'model-key-0000001' }
		const first = recordBankTransfer(input, admin, { now: NOW })
		const again = recordBankTransfer(input, admin, { now: NOW + 60_000 })
		expect([first.replayed, again.replayed]).toEqual([false, true])
		expect(again.payment.id).toBe(first.payment.id)
		expect(again.order).toMatchObject({ id: order.id, status: 'Confirmed' })
		expect(() => recordBankTransfer({ ...input, amount: 1_000 }, admin, { now: NOW })).toThrow(
			expect.objectContaining({ status: 409, messageKey: 'adminPayments:errors.transferKeyReused' }),
		)
		expect(paymentsOf(order.id)).toHaveLength(1)
		expect(mailsTo(fixture.guest.email).filter((m) => m.template === 'order.confirmed')).toHaveLength(1)
	})

	test('the booking date: not in the future, not over a week before the order, never 1970 or 9999', async () => {
		const fixture = await bookingFixture({ instantBooking: true })
		const order = placeOrder(fixture, hourlySlot('2026-06-14', 10))
		const admin = await createTestUser({ role: 'Admin' })
		const refused = (bookingDate: string, reason: string) =>
			expect(() =>
				recordBankTransfer({ orderId: order.id, amount: 1_000, bookingDate }, admin, { now: NOW }),
			).toThrow(
				expect.objectContaining({
					status: 400,
					messageKey: `adminPayments:errors.${reason}`,
					fields: { bookingDate: [expect.stringMatching(`^adminPayments:errors.${reason}`)] },
				}),
			)
		refused('9999-12-31', 'bookingDateFuture')
		refused('2026-06-02', 'bookingDateFuture')
		refused('1970-01-01', 'bookingDateBeforeOrder')
		refused('2026-05-24', 'bookingDateBeforeOrder')
		expect(paymentsOf(order.id)).toEqual([])
		recordBankTransfer({ orderId: order.id, amount: 1_000, bookingDate: '2026-05-25' }, admin, { now: NOW })
		recordBankTransfer({ orderId: order.id, amount: 1_000, bookingDate: '2026-06-01' }, admin, { now: NOW })
		expect(paymentsOf(order.id).map((p) => (p.rawPayload as { bookingDate?: string }).bookingDate)).toEqual([
			'2026-05-25',
			'2026-06-01',
		])
	})
})

describe('card payments through Stripe (a fake Stripe on a local port)', () => {
	test('a Checkout Session is opened for the amount due and recorded as pending', async () => {
		const { fixture, order } = await cardOrder()
		const { url } = await startCardPayment(order.id, { id: fixture.guest.id, role: 'Customer' }, 'en')
		expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\//)
		expect(fake().sessions[0]?.params).toMatchObject({
			mode: 'payment',
			client_reference_id: order.id,
			metadata: { orderId: order.id, orderCode: order.code },
			locale: 'en',
			line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: order.totalAmount } }],
		})
		expect(paymentsOf(order.id)).toMatchObject([
			{ provider: 'Stripe', status: 'Pending', externalId: fake().lastSessionId },
		])
		// Not for someone else's order, and not without Stripe.
		const stranger = await createTestUser()
		await expect(
			startCardPayment(order.id, { id: stranger.id, role: 'Customer' }, 'de'),
		).rejects.toMatchObject({ status: 404 })
		unconfigureStripe()
		await expect(
			startCardPayment(order.id, { id: fixture.guest.id, role: 'Customer' }, 'de'),
		).rejects.toMatchObject({
			errorName: 'CardNotAvailable',
		})
		// Issue 10: ownership first — without Stripe a stranger, the host and an unknown id still get 404.
		for (const [orderId, caller] of [
			[order.id, { id: stranger.id, role: 'Customer' }],
			[order.id, { id: fixture.host.id, role: 'Owner' }],
			['Zz9Zz9Zz9Zz9Zz9Z', { id: fixture.guest.id, role: 'Customer' }],
		] as const) {
			await expect(startCardPayment(orderId, caller, 'de')).rejects.toMatchObject({ status: 404 })
		}
	})

	test('a signed checkout.session.completed confirms the order once, however often it arrives', async () => {
		const { fixture, order } = await cardOrder()
		await startCardPayment(order.id, { id: fixture.guest.id, role: 'Customer' }, 'de')
		const event = sessionCompleted('evt_paid_1', order.id, order.totalAmount)
		const first = handleStripeWebhook(event.payload, event.signature)
		expect(first).toMatchObject({ duplicate: false, orderId: order.id, type: 'checkout.session.completed' })
		expect(orderRow(order.id)).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid' })
		expect(historyOf(order.id).at(-1)).toMatchObject({ toStatus: 'Confirmed', actorRole: 'System' })
		expect(paymentsOf(order.id)).toMatchObject([
			{ provider: 'Stripe', status: 'Succeeded', amount: order.totalAmount },
		])
		const ledgerRows = accountBalance(order.id, 'PlatformBank')
		const mails = mailsTo(fixture.guest.email).length

		const again = handleStripeWebhook(event.payload, event.signature)
		expect(again).toMatchObject({ duplicate: true })
		expect(accountBalance(order.id, 'PlatformBank')).toBe(ledgerRows)
		expect(paymentsOf(order.id)).toHaveLength(1)
		expect(mailsTo(fixture.guest.email)).toHaveLength(mails)
		expect(historyOf(order.id)).toHaveLength(2)
		expect(unbalancedJournals()).toEqual([])
		expect(
			getDb().select().from(webhookEvents).where(eq(webhookEvents.eventId, 'evt_paid_1')).all(),
		).toMatchObject([{ provider: 'Stripe', orderId: order.id }])
	})

	test('a bad signature is a 400 through the route and changes nothing', async () => {
		const { order } = await cardOrder()
		const event = sessionCompleted('evt_forged', order.id, order.totalAmount, 'cs_direct_3')
		const forged = sdk.webhooks.generateTestHeaderString({
			payload: event.payload,
			secret: 'whsec_someone_else',
		})
		const result = await callRoute(webhookAction, {
			path: '/api/Payments/StripeWebhook',
			method: 'POST',
			headers: { 'Stripe-Signature': forged, 'Content-Type': 'application/json' },
			json: JSON.parse(event.payload),
		})
		expect(result.status).toBe(400)
		expect(JSON.parse((result.json as { error: string }).error)).toMatchObject({ name: 'InvalidSignature' })
		expect(orderRow(order.id)?.status).toBe('AwaitingPayment')
		expect(getDb().select().from(webhookEvents).where(eq(webhookEvents.eventId, 'evt_forged')).all()).toEqual(
			[],
		)
		const tampered = await callRoute(webhookAction, {
			path: '/api/Payments/StripeWebhook',
			method: 'POST',
			headers: { 'Stripe-Signature': event.signature },
			json: { ...JSON.parse(event.payload), id: 'evt_other' },
		})
		expect(tampered.status).toBe(400)
		const unsigned = await callRoute(webhookAction, {
			path: '/api/Payments/StripeWebhook',
			method: 'POST',
			json: {},
		})
		expect(unsigned.status).toBe(400)
	})

	test('the route accepts a correctly signed raw body', async () => {
		const { order } = await cardOrder()
		const event = sessionCompleted('evt_route_1', order.id, order.totalAmount, 'cs_direct_1')
		const result = await callRoute(webhookAction, {
			path: '/api/Payments/StripeWebhook',
			method: 'POST',
			headers: { 'Stripe-Signature': event.signature, 'Content-Type': 'application/json' },
			json: JSON.parse(event.payload),
		})
		// callRoute re-serialises the JSON identically (no spaces), so the signature still matches.
		expect(result.status).toBe(200)
		expect(orderRow(order.id)?.status).toBe('Confirmed')
	})

	test('without a webhook secret the endpoint does not exist', async () => {
		delete process.env.STRIPE_WEBHOOK_SECRET
		resetEnvCache()
		const result = await callRoute(webhookAction, {
			path: '/api/Payments/StripeWebhook',
			method: 'POST',
			json: {},
		})
		expect(result.status).toBe(404)
	})

	test('an expired session is closed; a payment that arrives after expiry is refunded', async () => {
		const { fixture, order } = await cardOrder()
		await startCardPayment(order.id, { id: fixture.guest.id, role: 'Customer' }, 'de')
		const expired = signed({
			id: 'evt_expired',
			type: 'checkout.session.expired',
			data: {
				object: { id: fake().lastSessionId, object: 'checkout.session', metadata: { orderId: order.id } },
			},
		})
		handleStripeWebhook(expired.payload, expired.signature)
		expect(paymentsOf(order.id)[0]?.status).toBe('Cancelled')
		expect(expireOrder(order.id, { now: Date.now() + 3_600_000 })).toBe(true)
		const late = sessionCompleted('evt_late', order.id, order.totalAmount)
		handleStripeWebhook(late.payload, late.signature)
		expect(orderRow(order.id)).toMatchObject({ status: 'Expired', paymentStatus: 'Refunded' })
		expect(paymentsOf(order.id).map((p) => [p.direction, p.status])).toEqual([
			['Incoming', 'Succeeded'],
			['Outgoing', 'Pending'],
		])
		await executeCardRefunds(order.id)
		expect(fake().refunds.map((call) => call.params)).toMatchObject([
			{ payment_intent: 'pi_test_1', amount: order.totalAmount },
		])
		// The refund is sent with an idempotency key, so a retry cannot refund twice.
		expect(fake().refunds[0]?.idempotencyKey).toBe(`refund-${paymentsOf(order.id)[1]?.id}`)
		expect(paymentsOf(order.id)[1]).toMatchObject({ status: 'Succeeded', externalId: 're_test_fake_1' })
		expect(unbalancedJournals()).toEqual([])
	})

	test('cancelling a card-paid order refunds through Stripe; a failed refund is kept for an admin', async () => {
		const { fixture, order } = await cardOrder()
		const paid = sessionCompleted('evt_paid_2', order.id, order.totalAmount, 'cs_direct_2')
		handleStripeWebhook(paid.payload, paid.signature)
		cancelOrder(order.id, { id: fixture.host.id, role: 'Owner' }, 'Rohrbruch')
		fake().failRefunds = true
		const error = vi.spyOn(console, 'error')
		expect(await executeCardRefunds(order.id)).toBe(0)
		expect(error).not.toHaveBeenCalled()
		expect(paymentsOf(order.id).at(-1)).toMatchObject({
			direction: 'Outgoing',
			status: 'Failed',
			amount: order.totalAmount,
		})
		expect(orderRow(order.id)).toMatchObject({ status: 'Cancelled', refundAmount: order.totalAmount })
	})

	test('signature checks use the SDK: a stale timestamp is refused', async () => {
		const { order } = await cardOrder()
		const event = sessionCompleted('evt_old', order.id, order.totalAmount, 'cs_direct_4')
		const old = sdk.webhooks.generateTestHeaderString({
			payload: event.payload,
			secret: SECRET,
			timestamp: Math.floor(Date.now() / 1000) - 3_600,
		})
		let failure: unknown
		try {
			handleStripeWebhook(event.payload, old)
		} catch (thrown) {
			failure = thrown
		}
		expect(isAppError(failure) && failure.status).toBe(400)
	})
})
