import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { moneyTransactions } from '#db/schema/payments.ts'
import { vouchers } from '#db/schema/vouchers.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import { bookingFixture, daysAhead, hourlySlot, placeOrder } from '#tests/helpers/booking.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import {
	adjustVoucher,
	captureVoucher,
	expireVoucher,
	findVoucherByCode,
	holdVoucher,
	issueVoucher,
	refundToVoucher,
	releaseVoucher,
	voucherTransactionsOf,
} from './voucher-ledger.server.ts'

/**
 * The voucher ledger (issue 33): the balance is what the transactions add up to, never below
 * zero; hold → capture / release / refund keep the balance and the platform ledger right; a retry
 * changes nothing.
 */
type Fixture = Awaited<ReturnType<typeof bookingFixture>>
let fixture: Fixture
let slot = 0
const NOW = new Date()

beforeAll(async () => {
	fixture = await bookingFixture({ instantBooking: false })
})

/** A fresh order of the fixture's playroom (a distinct slot each time). */
function newOrder(guestId = fixture.guest.id) {
	slot++
	return placeOrder(
		{ playroom: fixture.playroom, guest: { id: guestId } },
		hourlySlot(daysAhead(5 + slot), 10),
		{ now: Date.now() - 60_000 },
	)
}

function giftVoucher(amount: number) {
	return immediateTransaction((tx) =>
		issueVoucher(
			{ kind: 'Gift', issuer: 'Platform', scope: 'All', amount, origin: 'Purchase', paid: true, now: NOW },
			tx,
		),
	)
}

function voucherRow(id: string) {
	const row = getDb().select().from(vouchers).where(eq(vouchers.id, id)).get()
	if (!row) throw new Error('no voucher')
	return row
}

/** The platform ledger's VoucherLiability for one voucher (credit: negative). */
function liability(voucherId: string) {
	return (
		getDb()
			.select({ sum: sql<number>`coalesce(sum(${moneyTransactions.amount}), 0)` })
			.from(moneyTransactions)
			.where(
				sql`${moneyTransactions.account} = 'VoucherLiability' AND (${moneyTransactions.description} LIKE ${`voucher ${voucherId}%`})`,
			)
			.get()?.sum ?? 0
	)
}

function transactionSum(voucherId: string) {
	return voucherTransactionsOf(voucherId).reduce((sum, row) => sum + row.amount, 0)
}

function refusal(work: () => unknown): string | null {
	try {
		work()
		return null
	} catch (error) {
		if (isAppError(error)) return error.messageKey
		throw error
	}
}

describe('voucher ledger', () => {
	test('a sold gift voucher: found by its code in any spelling, balance and liability equal its value', () => {
		const { voucher, code } = giftVoucher(10_000)
		expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/)
		expect(voucher.codeLast4).toBe(code.slice(-4))
		// The code is stored hashed only.
		expect(JSON.stringify(voucherRow(voucher.id))).not.toContain(code.replaceAll('-', ''))
		expect(findVoucherByCode(code.toLowerCase().replaceAll('-', ' '))?.id).toBe(voucher.id)
		expect(findVoucherByCode('AAAA-AAAA-AAAA')).toBeNull()
		expect(voucherRow(voucher.id).balance).toBe(10_000)
		expect(liability(voucher.id)).toBe(-10_000)
		expect(transactionSum(voucher.id)).toBe(10_000)
	})

	test('20 redemptions of 10 EUR from a 100 EUR voucher: exactly 10 succeed, balance 0, never negative', () => {
		const { voucher } = giftVoucher(10_000)
		const outcomes = Array.from({ length: 20 }, () => {
			const order = newOrder()
			return refusal(() =>
				immediateTransaction((tx) =>
					holdVoucher(
						{ voucherId: voucher.id, orderId: order.id, guestId: fixture.guest.id, value: 1_000, now: NOW },
						tx,
					),
				),
			)
		})
		expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(10)
		expect(outcomes.filter((outcome) => outcome === 'vouchers:errors.usedUp')).toHaveLength(10)
		const row = voucherRow(voucher.id)
		expect(row.balance).toBe(0)
		expect(row.status).toBe('UsedUp')
		expect(transactionSum(voucher.id)).toBe(0)
	})

	test('hold → capture → partial refund, and hold → release: the balance and the liability after each', () => {
		const { voucher } = giftVoucher(10_000)
		const paid = newOrder()
		const dropped = newOrder()
		const hold = (orderId: string, value: number) =>
			immediateTransaction((tx) =>
				holdVoucher({ voucherId: voucher.id, orderId, guestId: fixture.guest.id, value, now: NOW }, tx),
			)
		hold(paid.id, 3_000)
		// The same hold again (a retry of the order's transaction) is the first one.
		hold(paid.id, 3_000)
		hold(dropped.id, 2_000)
		expect(voucherRow(voucher.id).balance).toBe(5_000)
		expect(liability(voucher.id)).toBe(-10_000) // holds move no money

		immediateTransaction((tx) =>
			captureVoucher({ voucherId: voucher.id, orderId: paid.id, hostId: fixture.host.id, now: NOW }, tx),
		)
		immediateTransaction((tx) =>
			captureVoucher({ voucherId: voucher.id, orderId: paid.id, hostId: fixture.host.id, now: NOW }, tx),
		)
		expect(liability(voucher.id)).toBe(-7_000)

		immediateTransaction((tx) => releaseVoucher({ voucherId: voucher.id, orderId: dropped.id, now: NOW }, tx))
		immediateTransaction((tx) => releaseVoucher({ voucherId: voucher.id, orderId: dropped.id, now: NOW }, tx))
		expect(voucherRow(voucher.id).balance).toBe(7_000)
		// A captured hold is not released; a released one is not captured.
		expect(
			immediateTransaction((tx) => releaseVoucher({ voucherId: voucher.id, orderId: paid.id, now: NOW }, tx)),
		).toBeNull()
		expect(
			immediateTransaction((tx) =>
				captureVoucher({ voucherId: voucher.id, orderId: dropped.id, hostId: null, now: NOW }, tx),
			),
		).toBeNull()

		// Cancelled under a 50 % policy: 1,500 of the 3,000 go back onto the voucher, once.
		const refund = {
			voucherId: voucher.id,
			orderId: paid.id,
			hostId: fixture.host.id,
			amount: 1_500,
			now: NOW,
		}
		immediateTransaction((tx) => refundToVoucher(refund, tx))
		immediateTransaction((tx) => refundToVoucher(refund, tx))
		expect(voucherRow(voucher.id).balance).toBe(8_500)
		expect(liability(voucher.id)).toBe(-8_500)
		expect(transactionSum(voucher.id)).toBe(8_500)
		expect(voucherTransactionsOf(voucher.id).map((row) => row.kind)).toEqual([
			'Issue',
			'Hold',
			'Hold',
			'Capture',
			'Release',
			'Refund',
		])
	})

	test('a discount code counts uses: max uses and once per guest', async () => {
		const other = await createTestUser({ role: 'Customer' })
		const code = immediateTransaction((tx) =>
			issueVoucher(
				{
					kind: 'Discount',
					issuer: 'Host',
					issuerHostId: fixture.host.id,
					scope: 'Host',
					scopeHostId: fixture.host.id,
					discountPercent: 10,
					maxUses: 2,
					maxUsesPerGuest: 1,
					origin: 'Created',
					now: NOW,
				},
				tx,
			),
		)
		const use = (guestId: string) => {
			const order = newOrder(guestId)
			return refusal(() =>
				immediateTransaction((tx) =>
					holdVoucher({ voucherId: code.voucher.id, orderId: order.id, guestId, value: 890, now: NOW }, tx),
				),
			)
		}
		expect(use(fixture.guest.id)).toBeNull()
		expect(use(fixture.guest.id)).toBe('vouchers:errors.alreadyUsedByYou')
		expect(use(other.id)).toBeNull()
		const third = await createTestUser({ role: 'Customer' })
		expect(use(third.id)).toBe('vouchers:errors.usedUp')
		expect(voucherRow(code.voucher.id)).toMatchObject({ usesCount: 2, status: 'UsedUp', balance: 0 })
	})

	test('expiry takes the rest off the liability (breakage); the voucher is refused afterwards', () => {
		const { voucher } = giftVoucher(4_000)
		immediateTransaction((tx) => expireVoucher(voucher.id, NOW, tx))
		immediateTransaction((tx) => expireVoucher(voucher.id, NOW, tx))
		expect(voucherRow(voucher.id)).toMatchObject({ status: 'Expired', balance: 0 })
		expect(liability(voucher.id)).toBe(0)
		const order = newOrder()
		expect(
			refusal(() =>
				immediateTransaction((tx) =>
					holdVoucher(
						{ voucherId: voucher.id, orderId: order.id, guestId: fixture.guest.id, value: 100, now: NOW },
						tx,
					),
				),
			),
		).toBe('vouchers:errors.expired')
	})

	test('an adjustment never takes the balance below zero, and a refused one changes nothing', async () => {
		const admin = await createTestUser({ role: 'Admin' })
		const { voucher } = giftVoucher(1_000)
		const adjust = (amount: number, idempotencyKey: string) =>
			refusal(() =>
				immediateTransaction((tx) =>
					adjustVoucher(
						{ voucherId: voucher.id, amount, reason: 'Kulanz', actorId: admin.id, idempotencyKey, now: NOW },
						tx,
					),
				),
			)
		expect(adjust(500, 'adjust-plus-1')).toBeNull()
		expect(adjust(500, 'adjust-plus-1')).toBeNull() // the same key: once
		expect(voucherRow(voucher.id).balance).toBe(1_500)
		expect(adjust(-2_000, 'adjust-minus-1')).toBe('vouchers:errors.adjustBelowZero')
		expect(voucherRow(voucher.id).balance).toBe(1_500)
		expect(liability(voucher.id)).toBe(-1_500)
		expect(transactionSum(voucher.id)).toBe(1_500)
	})

	test('every voucher journal balances', () => {
		const unbalanced = getDb()
			.select({ journal: moneyTransactions.journalId, sum: sql<number>`sum(${moneyTransactions.amount})` })
			.from(moneyTransactions)
			.groupBy(moneyTransactions.journalId)
			.having(sql`sum(${moneyTransactions.amount}) <> 0`)
			.all()
		expect(unbalanced).toEqual([])
	})
})
