import { eq, isNull, and } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { moneyTransactions, paymentTransactions } from '#db/schema/payments.ts'
import { getDb } from '#app/utils/db.server.ts'
import {
	accountBalance,
	bookingFixture,
	hourlySlot,
	NOW,
	orderRow,
	paymentsOf,
	placeOrder,
	unbalancedJournals,
} from '#tests/helpers/booking.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { recordControlTransaction } from './control-transactions.server.ts'
import { assignUnmatchedTransfer, searchOrdersToAssign } from './unmatched-transfers.server.ts'

/** Unmatched → assigned (issue 34, ADR 0173). */
const LATER = NOW + 2 * 86_400_000

async function setup(date: string) {
	const fixture = await bookingFixture({ instantBooking: true })
	const order = placeOrder(fixture, hourlySlot(date, 10))
	const admin = await createTestUser({ role: 'Admin' })
	const reference = `Miete ${Math.random().toString(36).slice(2, 8)}`
	const result = recordControlTransaction(
		{ amount: order.totalAmount, bookingDate: '2026-06-02', reference, payerName: 'Koch' },
		admin,
		{ now: LATER },
	)
	if (result.outcome !== 'unmatched') throw new Error('expected unmatched')
	return { fixture, order, admin, paymentId: result.paymentId }
}

/** The unmatched rows of the ledger (no order): what the platform holds for nobody yet. */
function unassignedPrepayments() {
	return getDb()
		.select({ amount: moneyTransactions.amount })
		.from(moneyTransactions)
		.where(and(isNull(moneyTransactions.orderId), eq(moneyTransactions.account, 'GuestPrepayments')))
		.all()
		.reduce((sum, row) => sum + row.amount, 0)
}

describe('assigning an unmatched transfer', () => {
	test('the payment gets the order, the ledger moves the money, the order is confirmed; twice is refused', async () => {
		const { order, admin, paymentId } = await setup('2026-06-19')
		const before = unassignedPrepayments()
		expect(searchOrdersToAssign(order.code.toLowerCase(), admin).map((o) => o.id)).toContain(order.id)
		const guestName = `${order.contact.firstName} ${order.contact.lastName}`
		expect(searchOrdersToAssign(guestName, admin).map((o) => o.id)).toContain(order.id)
		expect(searchOrdersToAssign('nobody-like-this', admin)).toEqual([])
		const euros = (order.totalAmount / 100).toFixed(2).replace('.', ',')
		expect(searchOrdersToAssign(euros, admin).map((o) => o.id)).toContain(order.id)

		const assigned = assignUnmatchedTransfer(
			{ paymentId, orderId: order.id, idempotencyKey: 'assign-key-1' },
			admin,
			{
				now: LATER + 1_000,
			},
		)
		expect(assigned).toMatchObject({ paid: order.totalAmount, due: 0, replayed: false })
		expect(orderRow(order.id)).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid' })
		const [payment] = paymentsOf(order.id)
		expect(payment).toMatchObject({
			id: paymentId,
			orderId: order.id,
			note: 'assigned',
			amount: order.totalAmount,
		})
		expect(accountBalance(order.id, 'GuestPrepayments')).toBe(-order.totalAmount)
		expect(accountBalance(order.id, 'PlatformBank')).toBe(order.totalAmount)
		expect(unassignedPrepayments()).toBe(before + order.totalAmount)
		const bank = getDb()
			.select({ amount: moneyTransactions.amount })
			.from(moneyTransactions)
			.where(
				and(
					eq(moneyTransactions.paymentTransactionId, paymentId),
					eq(moneyTransactions.account, 'PlatformBank'),
				),
			)
			.all()
		// The bank saw the money once: +T unmatched, −T reversed, +T for the order.
		expect(bank.reduce((sum, row) => sum + row.amount, 0)).toBe(order.totalAmount)
		expect(unbalancedJournals()).toEqual([])

		// The same form again: the first outcome, nothing booked.
		const ledgerRows = getDb().select().from(moneyTransactions).all().length
		expect(
			assignUnmatchedTransfer({ paymentId, orderId: order.id, idempotencyKey: 'assign-key-1' }, admin),
		).toMatchObject({ replayed: true, paid: order.totalAmount })
		// A second assignment: refused with a translated message, nothing booked.
		expect(() =>
			assignUnmatchedTransfer({ paymentId, orderId: order.id, idempotencyKey: 'assign-key-2' }, admin),
		).toThrow(expect.objectContaining({ status: 409, messageKey: 'adminPayments:errors.alreadyAssigned' }))
		expect(getDb().select().from(moneyTransactions).all()).toHaveLength(ledgerRows)
		expect(paymentsOf(order.id)).toHaveLength(1)
	})

	test('less than due makes the order partially paid; a matched transfer cannot be assigned', async () => {
		const { fixture, admin } = await setup('2026-06-22')
		const other = placeOrder(fixture, hourlySlot('2026-06-23', 10))
		const partial = recordControlTransaction(
			{ amount: 1_000, bookingDate: '2026-06-02', reference: `Rest ${Math.random()}` },
			admin,
			{ now: LATER },
		)
		if (partial.outcome !== 'unmatched') throw new Error('expected unmatched')
		assignUnmatchedTransfer(
			{ paymentId: partial.paymentId, orderId: other.id, idempotencyKey: 'assign-key-3' },
			admin,
			{
				now: LATER,
			},
		)
		expect(orderRow(other.id)).toMatchObject({ status: 'AwaitingPayment', paymentStatus: 'PartiallyPaid' })
		const matched = recordControlTransaction(
			{ amount: 500, bookingDate: '2026-06-02', reference: other.code },
			admin,
			{ now: LATER },
		)
		if (matched.outcome !== 'matched') throw new Error('expected matched')
		expect(() =>
			assignUnmatchedTransfer(
				{ paymentId: matched.paymentId, orderId: other.id, idempotencyKey: 'assign-key-4' },
				admin,
			),
		).toThrow(expect.objectContaining({ status: 409, messageKey: 'adminPayments:errors.alreadyAssigned' }))
		expect(unbalancedJournals()).toEqual([])
	})

	test('only admins', async () => {
		const { order, paymentId, fixture } = await setup('2026-06-24')
		expect(() =>
			assignUnmatchedTransfer(
				{ paymentId, orderId: order.id, idempotencyKey: 'assign-key-5' },
				{ id: fixture.host.id, role: 'Owner' },
			),
		).toThrow(expect.objectContaining({ status: 403 }))
		expect(
			getDb().select().from(paymentTransactions).where(eq(paymentTransactions.id, paymentId)).get()?.orderId,
		).toBeNull()
	})
})
