import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { orders, orderStatusHistory } from '#db/schema/orders.ts'
import { paymentTransactions } from '#db/schema/payments.ts'
import { users } from '#db/schema/users.ts'
import { getDb } from '#app/utils/db.server.ts'
import { seedDemoData, wipeDatabase } from './index.server.ts'

const NOW = new Date('2026-06-01T08:00:00Z')

describe('demo orders', () => {
	test('guest@ and host@ have orders in every status with history, payments and balanced journals', async () => {
		await seedDemoData({ now: NOW })
		const db = getDb()
		const guest = db.select().from(users).where(eq(users.email, 'guest@example.com')).get()
		const host = db.select().from(users).where(eq(users.email, 'host@example.com')).get()
		const mine = db
			.select()
			.from(orders)
			.where(eq(orders.guestId, guest?.id ?? ''))
			.all()
		const upcoming = mine.filter((o) => o.checkIn.getTime() > NOW.getTime()).map((o) => o.status)
		const past = mine.filter((o) => o.checkOut.getTime() < NOW.getTime()).map((o) => o.status)
		for (const status of ['Requested', 'AwaitingPayment', 'Confirmed']) expect(upcoming).toContain(status)
		for (const status of ['Completed', 'Cancelled', 'Declined', 'Expired']) expect(past).toContain(status)
		expect(mine.filter((o) => o.hostId === host?.id).length).toBeGreaterThanOrEqual(10)
		// Deadlines of open orders lie ahead of the seed's now.
		for (const order of mine.filter((o) => o.status === 'Requested')) {
			expect(order.responseDeadline?.getTime()).toBeGreaterThan(NOW.getTime())
		}
		for (const order of mine.filter((o) => o.status === 'AwaitingPayment')) {
			expect(order.paymentDeadline?.getTime()).toBeGreaterThan(NOW.getTime())
		}

		for (const order of db.select().from(orders).all()) {
			const history = db
				.select()
				.from(orderStatusHistory)
				.where(eq(orderStatusHistory.orderId, order.id))
				.orderBy(orderStatusHistory.createdAt)
				.all()
			expect(history[0]?.fromStatus).toBeNull()
			expect(history.at(-1)?.toStatus).toBe(order.status)
			if (order.paymentStatus === 'Paid' && order.paymentMethod !== 'OnSite') {
				const incoming = db
					.select()
					.from(paymentTransactions)
					.where(eq(paymentTransactions.orderId, order.id))
					.all()
					.filter((p) => p.direction === 'Incoming' && p.status === 'Succeeded')
				// A gift voucher's part is paid by the voucher, not by a payment (ADR 0167).
				expect(incoming.reduce((s, p) => s + p.amount, 0)).toBe(order.totalAmount - order.voucherAmount)
			}
		}
		expect(
			db.all(sql`SELECT journal_id FROM money_transactions GROUP BY journal_id HAVING sum(amount) <> 0`),
		).toEqual([])
		const overlaps = db.all(
			sql`SELECT a.id FROM orders a JOIN orders b ON a.playroom_id = b.playroom_id AND a.id < b.id
				WHERE a.status IN ('Requested', 'AwaitingPayment', 'Confirmed')
				AND b.status IN ('Requested', 'AwaitingPayment', 'Confirmed')
				AND a.check_in < b.check_out AND b.check_in < a.check_out`,
		)
		expect(overlaps).toEqual([])

		// Reproducible: the same ids and codes on a second run.
		const first = mine.map((o) => `${o.id}:${o.code}`).sort()
		wipeDatabase()
		await seedDemoData({ now: NOW })
		const again = db
			.select()
			.from(orders)
			.where(eq(orders.guestId, guest?.id ?? ''))
			.all()
			.map((o) => `${o.id}:${o.code}`)
			.sort()
		expect(again).toEqual(first)
	}, 60_000)
})
