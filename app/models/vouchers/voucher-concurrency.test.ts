import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { vouchers } from '#db/schema/vouchers.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import {
	bookingFixture,
	daysAhead,
	hourlySlot,
	orderApiBody,
	unbalancedJournals,
} from '#tests/helpers/booking.ts'
import { raceInProcesses } from '#tests/helpers/process-race.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { issueVoucher, voucherTransactionsOf } from './voucher-ledger.server.ts'

/**
 * Issue 33: 20 concurrent redemptions of 10 EUR from a 100 EUR gift voucher, from several
 * processes against the real order API → exactly 10 succeed, the balance ends at 0 and never
 * goes below, and the ledger balances.
 */
const WORKERS = 4
const REQUESTS = 20

describe('a gift voucher under concurrent redemption', () => {
	test(`${REQUESTS} orders of 10 € each with one 100 € voucher from ${WORKERS} processes: exactly 10 succeed`, async () => {
		// 2 h × 5 € = 10 € (no cleaning fee), every day alike.
		const fixture = await bookingFixture({
			instantBooking: true,
			bookingTypes: [
				{
					bookingType: 'Hourly',
					minHours: 2,
					maxHours: 4,
					weekdayPrice: 500,
					weekendPrice: 500,
					guestsIncluded: 10,
					extraGuestFee: 0,
					cleaningFee: 0,
					deposit: 0,
				},
			],
		})
		const { voucher, code } = immediateTransaction((tx) =>
			issueVoucher(
				{
					kind: 'Gift',
					issuer: 'Platform',
					scope: 'All',
					amount: 10_000,
					origin: 'Purchase',
					paid: true,
					now: new Date(),
				},
				tx,
			),
		)
		const guests = await Promise.all(
			Array.from({ length: REQUESTS }, () =>
				createLoggedInUser({ role: 'Customer', phoneNumber: '+49 30 1234567' }),
			),
		)
		// A distinct slot for each order: only the voucher is contended.
		const jobs = guests.map(({ token }, i) => ({
			token,
			path: '/api/Customer/Orders/Create',
			body: orderApiBody(
				fixture.playroom.id,
				hourlySlot(daysAhead(10 + Math.floor(i / 3)), 9 + (i % 3) * 3, 2),
				{
					voucherCode: code,
					idempotencyKey: `voucher-race-${String(i).padStart(3, '0')}-${Date.now().toString(36)}`,
				},
			),
		}))
		const results = await raceInProcesses({
			route: '#app/routes/api/customer-orders.ts',
			workers: WORKERS,
			jobs,
		})
		const created = results.filter((r) => r.status === 200)
		const refused = results.filter((r) => r.status === 400)
		expect(results.filter((r) => r.status !== 200 && r.status !== 400).slice(0, 3)).toEqual([])
		expect(created).toHaveLength(10)
		expect(refused).toHaveLength(10)
		for (const r of created) expect(r.value).toMatchObject({ status: 'Confirmed', voucherAmount: 1_000 })
		for (const r of refused) expect(r.error?.name).toBe('VoucherRefused')
		const row = getDb().select().from(vouchers).where(eq(vouchers.id, voucher.id)).get()
		expect(row).toMatchObject({ balance: 0, status: 'UsedUp' })
		const transactions = voucherTransactionsOf(voucher.id)
		// Never below zero after any transaction, and they add up to the balance.
		expect(transactions.every((t) => t.balanceAfter >= 0)).toBe(true)
		expect(transactions.reduce((sum, t) => sum + t.amount, 0)).toBe(0)
		expect(transactions.filter((t) => t.kind === 'Hold')).toHaveLength(10)
		expect(transactions.filter((t) => t.kind === 'Capture')).toHaveLength(10)
		expect(unbalancedJournals()).toEqual([])
		// The platform's liability for the voucher is used up exactly.
		const liability = getDb().get<{ sum: number }>(
			sql`SELECT coalesce(sum(amount), 0) AS sum FROM money_transactions
					WHERE account = 'VoucherLiability' AND description LIKE ${`voucher ${voucher.id}%`}`,
		)
		expect(liability?.sum).toBe(0)
	}, 120_000)

	test('the API refuses a code with the envelope at the field voucherCode', async () => {
		const fixture = await bookingFixture({ instantBooking: true })
		const { token } = await createLoggedInUser({ role: 'Customer', phoneNumber: '+49 30 1234567' })
		const [result] = await raceInProcesses({
			route: '#app/routes/api/customer-orders.ts',
			workers: 1,
			jobs: [
				{
					token,
					path: '/api/Customer/Orders/Create',
					body: orderApiBody(fixture.playroom.id, hourlySlot(daysAhead(15), 10), {
						voucherCode: 'ABCD-EFGH-JKMN',
					}),
				},
			],
		})
		expect(result?.status).toBe(400)
		expect(result?.error?.name).toBe('VoucherRefused')
	}, 60_000)
})
