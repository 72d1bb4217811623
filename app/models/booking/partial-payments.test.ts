import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { orders } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { getDb } from '#app/utils/db.server.ts'
import { getOrderView, listGuestOrders } from './order-queries.server.ts'
import { apiOrderSummary } from './order-api.server.ts'
import {
	bookingFixture,
	hourlySlot,
	mailsTo,
	NOW,
	orderRow,
	placeOrder,
	unbalancedJournals,
} from '#tests/helpers/booking.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { recordControlTransaction } from './control-transactions.server.ts'

/**
 * Partial payments (issue 34, ADR 0173): 100 € then 85 € of 185 € — the order keeps waiting,
 * partially paid, with the deadline; the second transfer confirms it; both e-mails say what arrived
 * and what is still due by when, in German and English.
 */
const LATER = NOW + 2 * 86_400_000

async function order185(locale: 'de' | 'en', date: string) {
	const fixture = await bookingFixture({ instantBooking: true })
	getDb().update(users).set({ langPreference: locale }).where(eq(users.id, fixture.guest.id)).run()
	const placed = placeOrder(fixture, hourlySlot(date, 10))
	expect(placed.status).toBe('AwaitingPayment')
	// The figures: an order of 185 € (the fixture's price list makes 95 €).
	getDb().update(orders).set({ totalAmount: 18_500 }).where(eq(orders.id, placed.id)).run()
	const admin = await createTestUser({ role: 'Admin' })
	return { fixture, order: orderRow(placed.id)!, admin }
}

function paymentMails(address: string) {
	// Amounts are formatted with a no-break space before the euro sign.
	return mailsTo(address)
		.filter((mail) => mail.template === 'order.paymentReceived')
		.map((mail) => ({ ...mail, text: mail.text.replace(/\u00a0/g, ' ') }))
}

describe('a bank transfer smaller than the amount due', () => {
	test.each([
		{
			locale: 'de' as const,
			date: '2026-06-16',
			status: 'Teilweise bezahlt',
			first: [
				'Wir haben deine Zahlung von 100,00 € für',
				'Es sind noch 85,00 € offen. Bitte überweise den Rest bis',
			],
			second: 'Wir haben deine Zahlung von 85,00 € für',
			notInSecond: 'noch',
			wrong: '185,00 €',
		},
		{
			locale: 'en' as const,
			date: '2026-06-17',
			status: 'Partially paid',
			first: ['We have received your payment of €100.00 for', '€85.00 is still due. Please pay the rest by'],
			second: 'We have received your payment of €85.00 for',
			notInSecond: 'still due',
			wrong: '€185.00',
		},
	])('100 € then 85 € of 185 € ($locale)', async ({ locale, date, first, second, notInSecond, wrong }) => {
		const { fixture, order, admin } = await order185(locale, date)
		const deadline = order.paymentDeadline
		expect(deadline).not.toBeNull()

		const one = recordControlTransaction(
			{ amount: 10_000, bookingDate: '2026-06-02', reference: order.code, idempotencyKey: `a-${order.id}` },
			admin,
			{ now: LATER },
		)
		expect(one).toMatchObject({ outcome: 'matched', paid: 10_000, due: 8_500 })
		const waiting = orderRow(order.id)!
		expect(waiting).toMatchObject({ status: 'AwaitingPayment', paymentStatus: 'PartiallyPaid' })
		expect(waiting.paymentDeadline?.getTime()).toBe(deadline?.getTime())
		// The guest's, the host's and the API's view: what arrived and what is still due.
		const guestView = getOrderView(order.id, { id: fixture.guest.id, role: 'Customer' })
		expect(guestView).toMatchObject({ paymentStatus: 'PartiallyPaid', paidAmount: 10_000, amountDue: 8_500 })
		expect(getOrderView(order.id, { id: fixture.host.id, role: 'Owner' })).toMatchObject({ amountDue: 8_500 })
		const listed = listGuestOrders(fixture.guest.id, { tab: 'upcoming', now: LATER }).items
		expect(listed.find((item) => item.id === order.id)).toMatchObject({
			paymentStatus: 'PartiallyPaid',
			amountDue: 8_500,
		})
		expect(apiOrderSummary(waiting)).toMatchObject({
			paymentStatus: 'PartiallyPaid',
			paidAmount: 10_000,
			amountDue: 8_500,
		})

		const [firstMail] = paymentMails(fixture.guest.email)
		expect(firstMail).toBeDefined()
		for (const text of first) expect(firstMail?.text).toContain(text)
		expect(firstMail?.text).not.toContain(`payment of ${wrong}`)
		expect(firstMail?.text).not.toContain(`Zahlung von ${wrong}`)

		const two = recordControlTransaction(
			{ amount: 8_500, bookingDate: '2026-06-03', reference: order.code, idempotencyKey: `b-${order.id}` },
			admin,
			{ now: LATER + 60_000 },
		)
		expect(two).toMatchObject({ outcome: 'matched', paid: 18_500, due: 0, excess: 0 })
		expect(orderRow(order.id)).toMatchObject({
			status: 'Confirmed',
			paymentStatus: 'Paid',
			paymentDeadline: null,
		})
		const mails = paymentMails(fixture.guest.email)
		expect(mails).toHaveLength(2)
		expect(mails[1]?.text).toContain(second)
		expect(mails[1]?.text).not.toContain(notInSecond)
		expect(unbalancedJournals()).toEqual([])
	})

	test('a gift voucher part counts as paid', async () => {
		const { order, admin } = await order185('de', '2026-06-18')
		getDb()
			.update(orders)
			.set({ voucherAmount: 5_000, voucherCode: 'GV-TEST' })
			.where(eq(orders.id, order.id))
			.run()
		const one = recordControlTransaction(
			{ amount: 10_000, bookingDate: '2026-06-02', reference: order.code },
			admin,
			{ now: LATER },
		)
		expect(one).toMatchObject({ outcome: 'matched', due: 3_500 })
		expect(orderRow(order.id)?.paymentStatus).toBe('PartiallyPaid')
		recordControlTransaction(
			{ amount: 3_500, bookingDate: '2026-06-02', reference: `${order.code} Rest` },
			admin,
			{
				now: LATER,
			},
		)
		expect(orderRow(order.id)).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid' })
	})
})
