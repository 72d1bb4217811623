import { eq } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { newsletterConsents, VOUCHER_ORDER_STATUSES, voucherOrders, vouchers } from '#db/schema/vouchers.ts'
import { findVoucherByCode, voucherTransactionsOf } from '#app/models/vouchers/voucher-ledger.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { seedDemoData } from './index.server.ts'
import { DEMO_VOUCHER_CODES } from './vouchers.server.ts'

beforeAll(async () => {
	await seedDemoData()
}, 120_000)

test('the demo vouchers are found by their printed codes, in the states the README names', () => {
	const gift = findVoucherByCode(DEMO_VOUCHER_CODES.gift)
	expect(gift).toMatchObject({ kind: 'Gift', status: 'Active', balance: 5_000, codeLast4: 'AG25' })
	expect(findVoucherByCode(DEMO_VOUCHER_CODES.playroomGift)).toMatchObject({
		scope: 'Playroom',
		balance: 3_000,
	})
	expect(findVoucherByCode(DEMO_VOUCHER_CODES.hostDiscount)).toMatchObject({
		kind: 'Discount',
		issuer: 'Host',
		discountPercent: 10,
	})
	expect(findVoucherByCode(DEMO_VOUCHER_CODES.platformDiscount)).toMatchObject({ discountAmount: 500 })
	const expired = findVoucherByCode(DEMO_VOUCHER_CODES.expiredGift)
	expect(expired).toMatchObject({ status: 'Expired', balance: 0 })
	expect(voucherTransactionsOf(expired?.id ?? '').map((row) => row.kind)).toEqual(['Issue', 'Expire'])
	expect(
		getDb().select().from(vouchers).where(eq(vouchers.origin, 'Purchase')).all().length,
	).toBeGreaterThanOrEqual(3)
})

test('guest4 has a confirmed newsletter consent and its welcome voucher', () => {
	const consents = getDb().select().from(newsletterConsents).all()
	expect(consents).toEqual([
		expect.objectContaining({ email: 'guest4@example.com', action: 'Consent', source: 'Page' }),
	])
	expect(getDb().select().from(vouchers).where(eq(vouchers.origin, 'Welcome')).all()).toHaveLength(1)
})

test('the admin list has demo voucher orders in every status (ADR 0171)', () => {
	const statuses = getDb()
		.selectDistinct({ status: voucherOrders.status })
		.from(voucherOrders)
		.all()
		.map((row) => row.status)
		.sort()
	expect(statuses).toEqual([...VOUCHER_ORDER_STATUSES].sort())
})
