import { and, eq, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { orders } from '#db/schema/orders.ts'
import { paymentTransactions } from '#db/schema/payments.ts'
import { users } from '#db/schema/users.ts'
import { refundStateOf } from '#app/models/booking/refunds.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { seedDemoData } from './index.server.ts'
import { DEMO_REFUND_IBAN } from './refunds.server.ts'

test('the demo refunds: one due with its account, sent by bank and by card, familie3 paid ahead (ADR 0176)', async () => {
	await seedDemoData({ now: new Date('2026-06-01T08:00:00Z') })
	const db = getDb()
	const outgoing = db
		.select()
		.from(paymentTransactions)
		.where(eq(paymentTransactions.direction, 'Outgoing'))
		.all()
	const due = outgoing.filter((row) => row.status === 'Pending')
	expect(due).toHaveLength(1)
	expect(due[0]).toMatchObject({ provider: 'BankTransfer', refundIban: DEMO_REFUND_IBAN, completedAt: null })
	expect(refundStateOf(due[0]?.orderId ?? '')).toMatchObject({ state: 'due', needsAccount: false })
	const sent = outgoing.filter((row) => row.status === 'Succeeded')
	expect(sent.every((row) => row.completedAt instanceof Date)).toBe(true)
	expect(
		sent.some((row) => row.provider === 'BankTransfer' && row.refundIban === 'DE•• •••• •••• 2051'),
	).toBe(true)
	expect(sent.some((row) => row.provider === 'Stripe' && row.externalId?.startsWith('re_demo_'))).toBe(true)
	const familie3 = db.select().from(users).where(eq(users.email, 'familie3@example.com')).get()
	const ahead = db
		.select()
		.from(orders)
		.where(
			and(
				eq(orders.guestId, familie3?.id ?? ''),
				eq(orders.status, 'Confirmed'),
				eq(orders.paymentMethod, 'BankTransfer'),
			),
		)
		.all()
	expect(ahead).toHaveLength(1)
	const unmatched = db
		.select()
		.from(paymentTransactions)
		.where(and(sql`${paymentTransactions.orderId} IS NULL`, eq(paymentTransactions.note, 'unmatched')))
		.all()
	expect(unmatched.length).toBeGreaterThanOrEqual(1)
	expect(
		db.all(sql`SELECT journal_id FROM money_transactions GROUP BY journal_id HAVING sum(amount) <> 0`),
	).toEqual([])
})
