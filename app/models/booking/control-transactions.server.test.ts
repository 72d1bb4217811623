import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { moneyTransactions, paymentTransactions } from '#db/schema/payments.ts'
import { euroTextToCents } from '#app/schemas/fields.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { getDb } from '#app/utils/db.server.ts'
import {
	accountBalance,
	bookingFixture,
	hourlySlot,
	ledgerOf,
	NOW,
	orderRow,
	paymentsOf,
	placeOrder,
	unbalancedJournals,
} from '#tests/helpers/booking.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import {
	orderCodesIn,
	previewControlTransaction,
	recordControlTransaction,
} from './control-transactions.server.ts'
import { cancelOrder } from './order-transitions.server.ts'

/** Two days after the orders were placed: transfers booked on 1 to 3 June lie in the past. */
const LATER = NOW + 2 * 86_400_000

async function awaitingOrder(date = '2026-06-10') {
	const fixture = await bookingFixture({ instantBooking: true })
	const order = placeOrder(fixture, hourlySlot(date, 10))
	const admin = await createTestUser({ role: 'Admin' })
	expect(order.status).toBe('AwaitingPayment')
	return { fixture, order, admin }
}

function unmatchedRows(reference: string) {
	return getDb()
		.select()
		.from(paymentTransactions)
		.where(sql`${paymentTransactions.reference} = ${reference} AND ${paymentTransactions.orderId} IS NULL`)
		.all()
}

describe('reading a transfer', () => {
	test('order codes are found case-insensitively, with spaces and dashes', () => {
		expect(orderCodesIn('Buchung sz-ab c2-34 Familie Koch')).toEqual(['SZ-ABC234'])
		expect(orderCodesIn('SZABC234')).toEqual(['SZ-ABC234'])
		expect(orderCodesIn('Miete Juni')).toEqual([])
	})

	test('euros as typed in German or English become cents', () => {
		expect(euroTextToCents('35')).toBe(3_500)
		expect(euroTextToCents('35,5')).toBe(3_550)
		expect(euroTextToCents('1.234,56')).toBe(123_456)
		expect(euroTextToCents('1,234.56')).toBe(123_456)
		expect(euroTextToCents('12 €')).toBe(1_200)
		// Ambiguous between German and English: refused, never guessed.
		expect(euroTextToCents('12,345')).toBeNull()
		expect(euroTextToCents('1.234')).toBeNull()
		expect(euroTextToCents('35.50')).toBe(3_550)
		expect(euroTextToCents('1e3')).toBeNull()
		expect(euroTextToCents('-5')).toBeNull()
	})
})

describe('recording a control transaction', () => {
	test('the exact amount confirms an AwaitingPayment order with balanced ledger rows', async () => {
		const { order, admin } = await awaitingOrder()
		const reference = `Buchung ${order.code.toLowerCase().replace('-', ' ')} Familie`
		expect(previewControlTransaction(reference, admin)).toMatchObject({
			code: order.code,
			due: order.totalAmount,
		})
		const result = recordControlTransaction(
			{ amount: order.totalAmount, bookingDate: '2026-06-01', reference, payerName: 'Koch' },
			admin,
			{ now: LATER },
		)
		expect(result).toMatchObject({ outcome: 'matched', due: 0, excess: 0 })
		expect(orderRow(order.id)).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid' })
		expect(paymentsOf(order.id)).toHaveLength(1)
		expect(paymentsOf(order.id)[0]?.rawPayload).toMatchObject({
			bookingDate: '2026-06-01',
			payerName: 'Koch',
		})
		const rows = ledgerOf(order.id)
		expect(rows.map((row) => [row.kind, row.account, row.amount])).toEqual([
			['GuestPayment', 'PlatformBank', order.totalAmount],
			['GuestPayment', 'GuestPrepayments', -order.totalAmount],
		])
		expect(unbalancedJournals()).toEqual([])
	})

	test('a partial payment keeps the order awaiting payment with less due', async () => {
		const { order, admin } = await awaitingOrder('2026-06-11')
		const result = recordControlTransaction(
			{ amount: 1_000, bookingDate: '2026-06-01', reference: order.code },
			admin,
			{ now: LATER },
		)
		expect(result).toMatchObject({ outcome: 'matched', due: order.totalAmount - 1_000, excess: 0 })
		expect(orderRow(order.id)?.status).toBe('AwaitingPayment')
		expect(previewControlTransaction(order.code, admin)?.due).toBe(order.totalAmount - 1_000)
		expect(accountBalance(order.id, 'PlatformBank')).toBe(1_000)
	})

	test('an overpayment is recorded, confirms the order and shows the excess', async () => {
		const { order, admin } = await awaitingOrder('2026-06-12')
		const result = recordControlTransaction(
			{ amount: order.totalAmount + 2_500, bookingDate: '2026-06-01', reference: order.code },
			admin,
			{ now: LATER },
		)
		expect(result).toMatchObject({ outcome: 'matched', due: 0, excess: 2_500 })
		expect(orderRow(order.id)?.status).toBe('Confirmed')
		expect(paymentsOf(order.id).map((p) => [p.direction, p.amount])).toEqual([
			['Incoming', order.totalAmount + 2_500],
			['Outgoing', 2_500],
		])
		expect(unbalancedJournals()).toEqual([])
	})

	test('the same transfer twice is flagged and recorded again only with confirmation', async () => {
		const { order, admin } = await awaitingOrder('2026-06-15')
		const input = { amount: 1_000, bookingDate: '2026-06-02', reference: `${order.code} Anzahlung` }
		expect(recordControlTransaction(input, admin, { now: LATER }).outcome).toBe('matched')
		const again = recordControlTransaction(
			{ ...input, reference: `  ${input.reference.toUpperCase()} ` },
			admin,
		)
		expect(again.outcome).toBe('duplicate')
		expect(paymentsOf(order.id)).toHaveLength(1)
		// Another booking date is another transfer.
		expect(recordControlTransaction({ ...input, bookingDate: '2026-06-03' }, admin).outcome).toBe('matched')
		expect(recordControlTransaction({ ...input, confirmDuplicate: true }, admin).outcome).toBe('matched')
		expect(paymentsOf(order.id)).toHaveLength(3)
	})

	test('a cancelled order is refused and nothing is written', async () => {
		const { order, admin } = await awaitingOrder('2026-06-16')
		cancelOrder(order.id, admin, 'Gast hat abgesagt', { now: NOW })
		const ledgerBefore = ledgerOf(order.id).length
		let caught: unknown
		try {
			recordControlTransaction(
				{ amount: order.totalAmount, bookingDate: '2026-06-02', reference: order.code },
				admin,
			)
		} catch (error) {
			caught = error
		}
		expect(isAppError(caught) && caught.messageKey).toBe('adminPayments:errors.orderClosedCancelled')
		expect(paymentsOf(order.id)).toEqual([])
		expect(ledgerOf(order.id)).toHaveLength(ledgerBefore)
	})

	test('the same idempotency key again answers with the first outcome and books nothing more', async () => {
		const { order, admin } = await awaitingOrder('2026-06-17')
		const input = {
			amount: order.totalAmount,
			bookingDate: '2026-06-02',
			reference: order.code,
			idempotencyKey: 'control-key-000001',
		}
		const first = recordControlTransaction(input, admin, { now: LATER })
		expect(first).toMatchObject({ outcome: 'matched', due: 0, excess: 0 })
		// Not flagged as the duplicate of itself: the same key is the same transfer.
		expect(recordControlTransaction(input, admin, { now: LATER })).toEqual(first)
		expect(recordControlTransaction({ ...input, confirmDuplicate: true }, admin, { now: LATER })).toEqual(
			first,
		)
		expect(paymentsOf(order.id)).toHaveLength(1)
		expect(() => recordControlTransaction({ ...input, amount: 1 }, admin, { now: LATER })).toThrow(
			expect.objectContaining({ status: 409, messageKey: 'adminPayments:errors.transferKeyReused' }),
		)

		const reference = `Spende ${Math.random().toString(36).slice(2, 8)}`
		const unmatched = {
			amount: 700,
			bookingDate: '2026-06-02',
			reference,
			idempotencyKey: 'control-key-000002',
		}
		const once = recordControlTransaction(unmatched, admin, { now: LATER })
		expect(once.outcome).toBe('unmatched')
		expect(recordControlTransaction(unmatched, admin, { now: LATER })).toEqual(once)
		expect(unmatchedRows(reference)).toHaveLength(1)
	})

	test('booking dates in the future, long before the order, in 1970 or 9999 are refused', async () => {
		const { order, admin } = await awaitingOrder('2026-06-18')
		const reference = `Miete ${Math.random().toString(36).slice(2, 8)}`
		for (const [bookingDate, reason, ref] of [
			['9999-12-31', 'bookingDateFuture', order.code],
			['2026-06-04', 'bookingDateFuture', order.code],
			['1970-01-01', 'bookingDateBeforeOrder', order.code],
			['9999-12-31', 'bookingDateFuture', reference],
			['1970-01-01', 'bookingDateTooOld', reference],
			['2025-06-01', 'bookingDateTooOld', reference],
		] as const) {
			expect(
				() => recordControlTransaction({ amount: 1_000, bookingDate, reference: ref }, admin, { now: LATER }),
				`${bookingDate} ${ref}`,
			).toThrow(expect.objectContaining({ status: 400, messageKey: `adminPayments:errors.${reason}` }))
		}
		expect(paymentsOf(order.id)).toEqual([])
		expect(unmatchedRows(reference)).toEqual([])
	})

	test('a reference without a known order code is recorded unmatched with balanced ledger rows', async () => {
		const admin = await createTestUser({ role: 'Admin' })
		const reference = `Miete ${Math.random().toString(36).slice(2, 8)} SZ-ZZZZZ9`
		const result = recordControlTransaction({ amount: 4_200, bookingDate: '2026-06-02', reference }, admin)
		expect(result.outcome).toBe('unmatched')
		const [row] = unmatchedRows(reference)
		expect(row).toMatchObject({
			amount: 4_200,
			status: 'Succeeded',
			note: 'unmatched',
			recordedById: admin.id,
		})
		const ledger = getDb()
			.select()
			.from(moneyTransactions)
			.where(eq(moneyTransactions.paymentTransactionId, row?.id ?? ''))
			.all()
		expect(ledger.map((line) => line.amount).sort((a, b) => a - b)).toEqual([-4_200, 4_200])
		expect(ledger.every((line) => line.orderId === null)).toBe(true)
	})

	test('only admins', async () => {
		const host = await createTestUser({ role: 'Owner' })
		expect(() =>
			recordControlTransaction({ amount: 100, bookingDate: '2026-06-02', reference: 'x' }, host),
		).toThrow()
		expect(() => previewControlTransaction('SZ-ABC234', host)).toThrow()
	})
})
