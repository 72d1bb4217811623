import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { orders } from '#db/schema/orders.ts'
import { moneyTransactions } from '#db/schema/payments.ts'
import { backgroundTaskExecutions } from '#db/schema/platform.ts'
import { playroomViews, playroomWebsiteClicks } from '#db/schema/tracking.ts'
import { resolveReportPeriod } from '#app/domain/report-period.ts'
import { getDb } from '#app/utils/db.server.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { getAdminDashboard } from './admin-dashboard.server.ts'

/** March 2026 in Berlin: CET until the 29th, CEST after (a 23-hour day). */
const MARCH = resolveReportPeriod({ period: 'custom', from: '2026-03-01', to: '2026-03-31' })
const NOW = Date.parse('2026-04-02T10:00:00Z')
const admin = { role: 'Admin' }
const at = (iso: string) => new Date(iso)

let top: { id: string }
let second: { id: string }

async function order(
	playroom: { id: string; hostId: string },
	createdAt: string,
	patch: Partial<typeof orders.$inferInsert>,
) {
	const row = await createTestOrder({
		playroomId: playroom.id,
		hostId: playroom.hostId,
		checkIn: at('2026-05-01T08:00:00Z'),
		checkOut: at('2026-05-01T10:00:00Z'),
	})
	getDb()
		.update(orders)
		.set({ createdAt: at(createdAt), ...patch })
		.where(eq(orders.id, row.id))
		.run()
	return row
}

beforeAll(async () => {
	const db = getDb()
	const cologne = await createTestPlayroom({ name: 'Toberaum Köln' })
	const berlin = await createTestPlayroom({ name: 'Spielhalle Berlin', city: 'Berlin', citySlug: 'berlin' })
	top = cologne
	second = berlin
	// In March: 2 Confirmed + 1 Completed (booked), 1 Cancelled, 1 AwaitingPayment by transfer.
	await order(cologne, '2026-03-02T09:00:00Z', {
		status: 'Confirmed',
		totalAmount: 10_000,
		commissionAmount: 1_000,
	})
	await order(cologne, '2026-03-30T09:00:00Z', {
		status: 'Completed',
		totalAmount: 25_050,
		commissionAmount: 2_505,
	})
	await order(berlin, '2026-03-15T09:00:00Z', {
		status: 'Confirmed',
		totalAmount: 7_000,
		commissionAmount: 700,
	})
	await order(berlin, '2026-03-16T09:00:00Z', {
		status: 'Cancelled',
		totalAmount: 99_900,
		commissionAmount: 9_990,
	})
	await order(berlin, '2026-03-31T21:59:00Z', {
		status: 'AwaitingPayment',
		totalAmount: 4_200,
		paymentDeadline: at('2026-04-01T10:00:00Z'),
	})
	// Outside March (local days): 1 March 00:00 is 28 Feb 23:00 UTC; 1 April 00:00 is 31 March 22:00 UTC.
	await order(cologne, '2026-02-28T22:59:00Z', { status: 'Confirmed', totalAmount: 50_000 })
	await order(cologne, '2026-03-31T22:00:00Z', { status: 'Confirmed', totalAmount: 50_000 })

	await createTestUser({ role: 'Customer', createdAt: at('2026-03-10T12:00:00Z') })
	await createTestUser({ role: 'Customer', createdAt: at('2026-03-11T12:00:00Z') })
	await createTestUser({ role: 'Owner', createdAt: at('2026-03-12T12:00:00Z') })
	await createTestUser({ role: 'Owner', createdAt: at('2026-04-01T12:00:00Z') })

	db.insert(playroomViews)
		.values(
			[
				'2026-02-28T23:00:00Z', // 1 March 00:00 CET
				'2026-03-29T22:30:00Z', // 30 March 00:30 CEST
				'2026-03-29T22:45:00Z',
				'2026-03-31T21:59:00Z', // 31 March 23:59 CEST
				'2026-03-31T22:00:00Z', // 1 April: outside
			].map((iso) => ({ playroomId: cologne.id, createdAt: at(iso) })),
		)
		.run()
	db.insert(playroomWebsiteClicks)
		.values({ playroomId: berlin.id, createdAt: at('2026-03-05T10:00:00Z') })
		.run()
	db.insert(backgroundTaskExecutions)
		.values([
			{
				taskName: 'expireOrders',
				trigger: 'schedule',
				startedAt: at('2026-03-20T03:00:00Z'),
				status: 'failed',
				error: 'boom\nstack',
				runner: 't',
			},
			{
				taskName: 'expireOrders',
				trigger: 'schedule',
				startedAt: at('2026-03-21T03:00:00Z'),
				status: 'succeeded',
				runner: 't',
			},
			{
				taskName: 'sendEmails',
				trigger: 'schedule',
				startedAt: at('2026-04-01T03:00:00Z'),
				status: 'failed',
				runner: 't',
			},
		])
		.run()
	db.insert(moneyTransactions)
		.values([
			{
				journalId: 'j1',
				kind: 'Commission',
				account: 'GuestPrepayments',
				amount: 2_505,
				createdAt: at('2026-03-30T10:00:00Z'),
			},
			{
				journalId: 'j1',
				kind: 'Commission',
				account: 'PlatformRevenue',
				amount: -2_505,
				createdAt: at('2026-03-30T10:00:00Z'),
			},
		])
		.run()
})

describe('getAdminDashboard over a known month', () => {
	test('counts orders by status and sums booking value and commission of booked orders (cents)', () => {
		const dashboard = getAdminDashboard(admin, MARCH, { now: NOW })
		const byStatus = Object.fromEntries(dashboard.orders.byStatus.map((row) => [row.status, row.count]))
		expect(byStatus).toMatchObject({
			Confirmed: 2,
			Completed: 1,
			Cancelled: 1,
			AwaitingPayment: 1,
			Requested: 0,
		})
		expect(dashboard.orders.totalOrders).toBe(5)
		expect(dashboard.orders.bookedOrders).toBe(3)
		expect(dashboard.orders.bookingValue).toBe(10_000 + 25_050 + 7_000)
		expect(dashboard.orders.commission).toBe(1_000 + 2_505 + 700)
		expect(dashboard.ledgerCommission).toBe(2_505)
		expect(dashboard.ordersPerDay).toHaveLength(31)
		expect(dashboard.ordersPerDay.find((day) => day.date === '2026-03-31')?.value).toBe(1)
	})

	test('new guests and hosts, page views per Berlin day across the DST change, clicks', () => {
		const dashboard = getAdminDashboard(admin, MARCH, { now: NOW })
		expect([dashboard.newGuests, dashboard.newHosts]).toEqual([2, 1])
		expect(dashboard.pageViews.total).toBe(4)
		const views = Object.fromEntries(dashboard.pageViews.perDay.map((day) => [day.date, day.value]))
		expect(views['2026-03-01']).toBe(1)
		expect(views['2026-03-29']).toBe(0)
		expect(views['2026-03-30']).toBe(2)
		expect(views['2026-03-31']).toBe(1)
		expect(dashboard.websiteClicks.total).toBe(1)
	})

	test('top playrooms and cities by booking value, failed tasks of the period, pending transfers', () => {
		const dashboard = getAdminDashboard(admin, MARCH, { now: NOW })
		expect(dashboard.topPlayrooms.map((row) => [row.id, row.orders, row.value])).toEqual([
			[top.id, 2, 35_050],
			[second.id, 1, 7_000],
		])
		expect(dashboard.topCities.map((row) => [row.citySlug, row.value])).toEqual([
			['koeln', 35_050],
			['berlin', 7_000],
		])
		expect(dashboard.failedTasks.total).toBe(1)
		expect(dashboard.failedTasks.latest[0]).toMatchObject({ taskName: 'expireOrders', error: 'boom' })
		expect(dashboard.pendingBankTransfers).toMatchObject({ total: 1, amount: 4_200, overdue: 1 })
	})

	test('the ledger check: balanced, then a row without its counterpart is reported with its journal', () => {
		expect(getAdminDashboard(admin, MARCH, { now: NOW }).ledger).toMatchObject({
			balanced: true,
			debit: 2_505,
		})
		getDb()
			.insert(moneyTransactions)
			.values({ journalId: 'broken', kind: 'GuestPayment', account: 'PlatformBank', amount: 1_234 })
			.run()
		const ledger = getAdminDashboard(admin, MARCH, { now: NOW }).ledger
		expect(ledger).toMatchObject({ balanced: false, difference: 1_234 })
		expect(ledger.journals).toEqual([{ journalId: 'broken', difference: 1_234 }])
		getDb().delete(moneyTransactions).where(eq(moneyTransactions.journalId, 'broken')).run()
	})

	test('only admins', () => {
		expect(() => getAdminDashboard({ role: 'Owner' }, MARCH)).toThrow()
	})
})
