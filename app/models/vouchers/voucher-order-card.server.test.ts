import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { paymentTransactions, webhookEvents } from '#db/schema/payments.ts'
import { voucherOrders, vouchers } from '#db/schema/vouchers.ts'
import { handleStripeWebhook } from '#app/models/booking/payments.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { translateValidationMessage } from '#app/utils/validation.ts'
import * as newVoucherOrderPage from '#app/routes/vouchers/new-voucher-order.tsx'
import * as voucherOrderPage from '#app/routes/vouchers/voucher-order.tsx'
import { mailsTo, unbalancedJournals } from '#tests/helpers/booking.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { signedEvent, unconfigureStripe, withFakeStripe } from '#tests/helpers/fake-stripe.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { voucherOrderToken } from './voucher-order-links.server.ts'
import type { VoucherOrderRow } from './voucher-orders.server.ts'

/**
 * Issue 33, card payment of gift voucher orders (ADR 0172): a fake Stripe on a local port
 * (tests/helpers/fake-stripe.ts) records the Checkout Sessions the real SDK opens; webhook events
 * are signed with the SDK's own test helper.
 */
const action = newVoucherOrderPage.action as never
const pageLoader = voucherOrderPage.loader as never
const pageAction = voucherOrderPage.action as never

const fake = withFakeStripe()
let counter = 0
/** The parameters of each Checkout Session the app opened in this test, as Stripe received them. */
const sessionParams = () => fake().sessions.map((call) => call.params)

function form(overrides: Record<string, string> = {}) {
	counter++
	return {
		amountChoice: '5000',
		scope: 'All',
		childName: 'Mia',
		greeting: 'Alles Gute!',
		buyerName: 'Oma Inge',
		buyerEmail: `card${counter}-${Math.random().toString(36).slice(2, 6)}@example.com`,
		language: 'de',
		paymentMethod: 'Card',
		idempotencyKey: `voucher-card-key-${counter}-${Math.random().toString(36).slice(2, 10)}`,
		...overrides,
	}
}

function order(fields: Record<string, string>, locale: 'de' | 'en' = 'de') {
	return callRoute(action, {
		path: `${locale === 'en' ? '/en' : ''}/public/voucher-orders/new-voucher-order`,
		method: 'POST',
		form: fields,
	})
}

function voucherOrderBy(email: string): VoucherOrderRow {
	const row = getDb().select().from(voucherOrders).where(eq(voucherOrders.buyerEmail, email)).get()
	if (!row) throw new Error('no voucher order')
	return row
}

function completed(eventId: string, session: { id: string; amount: number; voucherOrderId: string }) {
	return signedEvent({
		id: eventId,
		type: 'checkout.session.completed',
		data: {
			object: {
				id: session.id,
				object: 'checkout.session',
				amount_total: session.amount,
				payment_status: 'paid',
				client_reference_id: session.voucherOrderId,
				metadata: { voucherOrderId: session.voucherOrderId },
				payment_intent: 'pi_test_voucher',
			},
		},
	})
}

function vouchersOf(voucherOrderId: string) {
	const row = getDb().select().from(voucherOrders).where(eq(voucherOrders.id, voucherOrderId)).get()
	return row?.voucherId ? getDb().select().from(vouchers).where(eq(vouchers.id, row.voucherId)).all() : []
}

describe('paying a gift voucher order by card', () => {
	test('the form offers card only when Stripe is configured', async () => {
		const loader = newVoucherOrderPage.loader as never
		const withStripe = await callRoute(loader, { path: '/public/voucher-orders/new-voucher-order' })
		expect((withStripe.data as { cardAvailable: boolean }).cardAvailable).toBe(true)
		unconfigureStripe()
		const without = await callRoute(loader, { path: '/public/voucher-orders/new-voucher-order' })
		expect((without.data as { cardAvailable: boolean }).cardAvailable).toBe(false)
	})

	test('submitting opens a Checkout Session for the amount with the voucher order in its metadata', async () => {
		const playroom = await createTestPlayroom()
		const fields = form({
			amountChoice: 'other',
			otherAmount: '42,50',
			scope: 'Playroom',
			playroomId: playroom.id,
		})
		const result = await order(fields)
		const row = voucherOrderBy(fields.buyerEmail)
		expect(result.status).toBe(302)
		expect(result.location).toBe(`https://checkout.stripe.com/c/pay/${row.stripeSessionId}`)
		expect(row).toMatchObject({ paymentMethod: 'Card', status: 'AwaitingPayment', amount: 4250 })
		expect(sessionParams()).toHaveLength(1)
		expect(sessionParams()[0]).toMatchObject({
			mode: 'payment',
			customer_email: fields.buyerEmail,
			client_reference_id: row.id,
			metadata: { voucherOrderId: row.id, voucherOrderCode: row.code },
			line_items: [{ quantity: 1, price_data: { currency: 'eur', unit_amount: 4250 } }],
		})
		expect(String(sessionParams()[0]?.success_url)).toContain(
			`/public/voucher-orders/${row.id}?token=${voucherOrderToken(row.id)}&payment=returned`,
		)
		expect(
			getDb()
				.select()
				.from(paymentTransactions)
				.where(eq(paymentTransactions.externalId, row.stripeSessionId!))
				.all(),
		).toMatchObject([
			{ orderId: null, provider: 'Stripe', status: 'Pending', amount: 4250, note: 'voucherOrder' },
		])
		// No bank details to send: the paid e-mail brings the link.
		expect(mailsTo(fields.buyerEmail)).toHaveLength(0)

		// The page offers to pay again while unpaid, and opens a new session.
		const page = await callRoute(pageLoader, {
			path: `/public/voucher-orders/${row.id}?token=${voucherOrderToken(row.id)}`,
			params: { voucherOrderId: row.id },
		})
		expect((page.data as { order: { cardPayable: boolean; bankDetails: unknown } }).order).toMatchObject({
			cardPayable: true,
			bankDetails: null,
		})
		const again = await callRoute(pageAction, {
			path: `/public/voucher-orders/${row.id}?token=${voucherOrderToken(row.id)}`,
			params: { voucherOrderId: row.id },
			method: 'POST',
			form: {},
		})
		expect(again.status).toBe(302)
		expect(sessionParams()).toHaveLength(2)
		const wrongToken = await callRoute(pageAction, {
			path: `/public/voucher-orders/${row.id}?token=${'x'.repeat(43)}`,
			params: { voucherOrderId: row.id },
			method: 'POST',
			form: {},
		})
		expect(wrongToken.status).toBe(404)
		expect(sessionParams()).toHaveLength(2)
	})

	test('the webhook pays it once: one voucher, one e-mail with the PDF; a replay does nothing', async () => {
		const fields = form({ amountChoice: '10000' })
		await order(fields)
		const row = voucherOrderBy(fields.buyerEmail)
		const event = completed('evt_voucher_paid_1', {
			id: row.stripeSessionId!,
			amount: 10000,
			voucherOrderId: row.id,
		})
		const first = handleStripeWebhook(event.payload, event.signature)
		expect(first).toMatchObject({ duplicate: false, orderId: null, voucherOrderId: row.id })
		const paid = voucherOrderBy(fields.buyerEmail)
		expect(paid.status).toBe('Paid')
		expect(vouchersOf(row.id)).toMatchObject([
			{ kind: 'Gift', origin: 'Purchase', balance: 10000, initialAmount: 10000, scope: 'All' },
		])
		expect(
			getDb()
				.select()
				.from(paymentTransactions)
				.where(eq(paymentTransactions.externalId, row.stripeSessionId!))
				.all(),
		).toMatchObject([{ status: 'Succeeded', amount: 10000, orderId: null }])
		const mails = mailsTo(fields.buyerEmail)
		expect(mails).toHaveLength(1)
		expect(mails[0]?.template).toBe('voucherOrder.paid')
		expect(JSON.stringify(mails[0]?.attachments)).toContain('application/pdf')
		expect(unbalancedJournals()).toEqual([])

		// The same event again, and another event for the same session: no second voucher, no e-mail.
		expect(handleStripeWebhook(event.payload, event.signature)).toMatchObject({ duplicate: true })
		const other = completed('evt_voucher_paid_2', {
			id: row.stripeSessionId!,
			amount: 10000,
			voucherOrderId: row.id,
		})
		expect(handleStripeWebhook(other.payload, other.signature)).toMatchObject({ duplicate: false })
		expect(voucherOrderBy(fields.buyerEmail).voucherId).toBe(paid.voucherId)
		expect(getDb().select().from(vouchers).where(eq(vouchers.id, paid.voucherId!)).all()).toHaveLength(1)
		expect(mailsTo(fields.buyerEmail)).toHaveLength(1)
		expect(
			getDb().select().from(webhookEvents).where(eq(webhookEvents.eventId, 'evt_voucher_paid_1')).all(),
		).toHaveLength(1)
	})

	test('another amount than the voucher order costs is refused: no voucher', async () => {
		const fields = form({ amountChoice: '5000' })
		await order(fields)
		const row = voucherOrderBy(fields.buyerEmail)
		const event = completed('evt_voucher_wrong', {
			id: row.stripeSessionId!,
			amount: 500,
			voucherOrderId: row.id,
		})
		handleStripeWebhook(event.payload, event.signature)
		expect(voucherOrderBy(fields.buyerEmail)).toMatchObject({ status: 'AwaitingPayment', voucherId: null })
		expect(mailsTo(fields.buyerEmail)).toHaveLength(0)
		// A session this server never opened for it is not taken either.
		const forged = completed('evt_voucher_forged', {
			id: 'cs_never_opened',
			amount: 5000,
			voucherOrderId: row.id,
		})
		handleStripeWebhook(forged.payload, forged.signature)
		expect(voucherOrderBy(fields.buyerEmail)).toMatchObject({ status: 'AwaitingPayment', voucherId: null })
	})

	test('without Stripe card is refused with a translated message and nothing is stored', async () => {
		unconfigureStripe()
		for (const locale of ['de', 'en'] as const) {
			const fields = form()
			const result = (await order(fields, locale)) as unknown as {
				status: number
				data: { result: { error: Record<string, string[]> } }
			}
			expect(result.status).toBe(400)
			const said = (result.data.result.error.paymentMethod ?? []).map((message) =>
				translateValidationMessage(getFixedT(locale), message),
			)
			expect(said).toEqual([
				locale === 'de'
					? 'Kartenzahlung ist gerade nicht möglich. Bitte wähle die Überweisung.'
					: 'Card payment is not available right now. Please choose bank transfer.',
			])
			expect(
				getDb().select().from(voucherOrders).where(eq(voucherOrders.buyerEmail, fields.buyerEmail)).all(),
			).toEqual([])
		}
		expect(sessionParams()).toHaveLength(0)
	})
})
