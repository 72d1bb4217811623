import { eq, sql } from 'drizzle-orm'
import { emailOutbox } from '#db/schema/platform.ts'
import { moneyTransactions, paymentTransactions } from '#db/schema/payments.ts'
import { orders, orderStatusHistory } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { addDays, localDateOf, localToInstant } from '#app/domain/berlin-time.ts'
import { createOrder, type CreateOrderInput } from '#app/models/booking/order-creation.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { createTestPlayroom } from './catalogue.ts'
import { createTestUser } from './users.ts'

/** "Now" of most booking tests: Monday 1 June 2026, 10:00 in Berlin. */
export const NOW = Date.parse('2026-06-01T08:00:00Z')
const HOUR = 3_600_000

/** An hourly stay on a local date: from `hour` o'clock for `hours` hours (Berlin time). */
export function hourlySlot(date: string, hour: number, hours = 2) {
	const checkIn = localToInstant(date, hour * 60)
	if (checkIn === null) throw new Error(`no ${hour}:00 on ${date}`)
	return { checkIn, checkOut: checkIn + hours * HOUR }
}

/** The local date `days` after today (for tests that run against the real clock). */
export function daysAhead(days: number) {
	return addDays(localDateOf(Date.now()), days)
}

let keys = 0
/** A fresh key of the accepted shape (16–64 characters): a random suffix of fixed length, never shorter. */
export function idempotencyKey() {
	keys++
	return `key-${keys}-${crypto.randomUUID()}`
}

/** A valid JSON body for POST /api/Customer/Orders/Create (hourly, bank transfer); override what a test is about. */
export function orderApiBody(
	playroomId: string,
	slot: { checkIn: number; checkOut: number },
	overrides: Record<string, unknown> = {},
) {
	return {
		playroomId,
		bookingType: 'Hourly',
		checkIn: new Date(slot.checkIn).toISOString(),
		checkOut: new Date(slot.checkOut).toISOString(),
		adults: 2,
		children: 1,
		paymentMethod: 'BankTransfer',
		acceptTerms: true,
		idempotencyKey: idempotencyKey(),
		...overrides,
	}
}

/** A playroom (test defaults: hourly 2–4 h, 9–18 daily) and a guest who can book it. */
export async function bookingFixture(overrides: Parameters<typeof createTestPlayroom>[0] = {}) {
	const playroom = await createTestPlayroom(overrides)
	const guest = await createTestUser({ role: 'Customer', phoneNumber: '+49 170 5550101' })
	const host = getDb().select().from(users).where(eq(users.id, playroom.hostId)).get()
	if (!host) throw new Error('no host')
	return { playroom, guest, host }
}

/** Places an order through the booking engine. */
export function placeOrder(
	fixture: { playroom: { id: string }; guest: { id: string } },
	input: Partial<CreateOrderInput> & { checkIn: number; checkOut: number },
	options: { now?: number } = {},
) {
	return createOrder(
		{
			playroomId: fixture.playroom.id,
			bookingType: 'Hourly',
			adults: 2,
			children: 3,
			paymentMethod: 'BankTransfer',
			idempotencyKey: idempotencyKey(),
			...input,
		},
		{ id: fixture.guest.id, role: 'Customer' },
		{ now: options.now ?? NOW },
	).order
}

export function orderRow(orderId: string) {
	return getDb().select().from(orders).where(eq(orders.id, orderId)).get()
}

export function historyOf(orderId: string) {
	return getDb()
		.select()
		.from(orderStatusHistory)
		.where(eq(orderStatusHistory.orderId, orderId))
		.orderBy(sql`rowid`)
		.all()
}

export function mailsTo(address: string) {
	return getDb()
		.select()
		.from(emailOutbox)
		.where(eq(emailOutbox.to, address.toLowerCase()))
		.orderBy(sql`rowid`)
		.all()
}

export function paymentsOf(orderId: string) {
	return getDb()
		.select()
		.from(paymentTransactions)
		.where(eq(paymentTransactions.orderId, orderId))
		.orderBy(sql`rowid`)
		.all()
}

export function ledgerOf(orderId: string) {
	return getDb()
		.select()
		.from(moneyTransactions)
		.where(eq(moneyTransactions.orderId, orderId))
		.orderBy(sql`rowid`)
		.all()
}

/** Every journal sums to zero (and so does the whole ledger). */
export function unbalancedJournals() {
	return getDb().all<{ journal_id: string; total: number }>(
		sql`SELECT journal_id, sum(amount) AS total FROM money_transactions GROUP BY journal_id HAVING sum(amount) <> 0`,
	)
}

/** Balance of one ledger account for an order. */
export function accountBalance(orderId: string, account: string) {
	return ledgerOf(orderId)
		.filter((row) => row.account === account)
		.reduce((sum, row) => sum + row.amount, 0)
}
