import { describe, expect, test } from 'vitest'
import { localDateOf } from '#app/domain/berlin-time.ts'
import {
	bookingFixture,
	daysAhead,
	hourlySlot,
	idempotencyKey,
	orderRow,
	paymentsOf,
	placeOrder,
	unbalancedJournals,
} from '#tests/helpers/booking.ts'
import { raceInProcesses } from '#tests/helpers/process-race.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'

/**
 * Issue 29 (ADR 0142): two server processes on one database file record a bank
 * transfer once. The duplicate checks run inside the IMMEDIATE transaction of
 * the booking, and the key is unique in the database.
 */
const REQUESTS = 60
const WORKERS = 2

async function awaitingOrder(days: number) {
	const fixture = await bookingFixture({ instantBooking: true })
	const order = placeOrder(fixture, hourlySlot(daysAhead(days), 10), { now: Date.now() - 60_000 })
	expect(order.status).toBe('AwaitingPayment')
	return order
}

describe('one bank transfer, two processes', () => {
	test(`${REQUESTS} identical RecordBankTransfer calls from ${WORKERS} processes record one payment`, async () => {
		const { token } = await createLoggedInUser({ role: 'Admin' })
		const order = await awaitingOrder(25)
		const body = { orderId: order.id, amount: order.totalAmount, idempotencyKey: idempotencyKey() }
		const results = await raceInProcesses({
			route: '#app/routes/api/admin-orders.ts',
			workers: WORKERS,
			jobs: Array.from({ length: REQUESTS }, () => ({
				token,
				path: '/api/Admin/Orders/RecordBankTransfer',
				body,
			})),
		})
		expect(results).toHaveLength(REQUESTS)
		expect(results.filter((r) => r.status !== 200).slice(0, 3)).toEqual([])
		expect(new Set(results.map((r) => r.value?.paymentTransactionId)).size).toBe(1)
		expect(paymentsOf(order.id).map((p) => [p.direction, p.amount])).toEqual([
			['Incoming', order.totalAmount],
		])
		expect(orderRow(order.id)).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid' })
		expect(unbalancedJournals()).toEqual([])
	}, 120_000)

	test(`the same statement line entered ${REQUESTS} times from ${WORKERS} processes (each its own form): one payment, the rest flagged`, async () => {
		const { token } = await createLoggedInUser({ role: 'Admin' })
		const order = await awaitingOrder(26)
		const line = { amount: 1_000, bookingDate: localDateOf(Date.now()), reference: `${order.code} Anzahlung` }
		const results = await raceInProcesses({
			route: '#app/routes/api/admin-payments.ts',
			workers: WORKERS,
			jobs: Array.from({ length: REQUESTS }, () => ({
				token,
				path: '/api/Admin/Payments/RecordControlTransaction',
				body: { ...line, idempotencyKey: idempotencyKey() },
			})),
		})
		expect(results.filter((r) => r.status !== 200).slice(0, 3)).toEqual([])
		const outcomes = results.map((r) => r.value?.outcome)
		expect(outcomes.filter((o) => o === 'matched')).toHaveLength(1)
		expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(REQUESTS - 1)
		expect(paymentsOf(order.id).map((p) => [p.direction, p.amount])).toEqual([['Incoming', 1_000]])
		expect(unbalancedJournals()).toEqual([])
	}, 120_000)
})
