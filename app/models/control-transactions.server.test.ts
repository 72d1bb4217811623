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
import { cancelOrder } from './orders.server.ts'

const LATER = NOW + 3_600_000

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
