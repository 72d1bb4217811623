import { eq, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { moneyTransactions } from '#db/schema/payments.ts'
import { vouchers } from '#db/schema/vouchers.ts'
import { issueVoucher } from '#app/models/vouchers/voucher-ledger.server.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import { expireDueVouchers } from './voucher-expiry.server.ts'

const DAY = 86_400_000

function gift(amount: number, validUntil: Date) {
	return immediateTransaction(
		(tx) =>
			issueVoucher(
				{
					kind: 'Gift',
					issuer: 'Platform',
					scope: 'All',
					amount,
					origin: 'Purchase',
					paid: true,
					validUntil,
					now: new Date(),
				},
				tx,
			).voucher,
	)
}

test('vouchers past their validity expire once; the rest of a gift voucher leaves the liability; valid ones stay', () => {
	const now = new Date()
	const past = gift(2_500, new Date(now.getTime() - DAY))
	const future = gift(4_000, new Date(now.getTime() + DAY))
	expect(expireDueVouchers(now)).toBeGreaterThanOrEqual(1)
	expect(expireDueVouchers(now)).toBe(0)
	const row = (id: string) => getDb().select().from(vouchers).where(eq(vouchers.id, id)).get()
	expect(row(past.id)).toMatchObject({ status: 'Expired', balance: 0 })
	expect(row(future.id)).toMatchObject({ status: 'Active', balance: 4_000 })
	const breakage = getDb()
		.select({ sum: sql<number>`coalesce(sum(${moneyTransactions.amount}), 0)` })
		.from(moneyTransactions)
		.where(
			sql`${moneyTransactions.kind} = 'VoucherExpiry' AND ${moneyTransactions.account} = 'PlatformRevenue' AND ${moneyTransactions.description} = ${`voucher ${past.id}`}`,
		)
		.get()
	expect(breakage?.sum).toBe(-2_500)
})
