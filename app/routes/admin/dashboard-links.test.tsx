// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { eq, inArray } from 'drizzle-orm'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { orders } from '#db/schema/orders.ts'
import { moneyTransactions } from '#db/schema/payments.ts'
import { backgroundTaskExecutions } from '#db/schema/platform.ts'
import { users } from '#db/schema/users.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser, createTestUser } from '#tests/helpers/users.ts'
import AdminDashboardPage, { loader as dashboardLoader } from './dashboard.tsx'
import { loader as moneyLoader } from './money-transactions.tsx'
import { loader as ordersLoader } from './orders.tsx'
import { loader as tasksLoader } from './task-runs.tsx'
import { loader as usersLoader } from './users.tsx'

/**
 * Issue 31.11: every figure of /admin/dashboard opens exactly the rows behind it. The dashboard
 * is rendered, each of its links followed through the list page's loader, and the list's count
 * (or, for a money figure, the sum over its rows) must equal the figure: the same period, status
 * set and date field. The data puts rows on every side of each boundary: orders made in the period
 * whose stay is months later, orders made before it whose stay is in it, a deleted guest, a failed
 * run and commission before the period.
 */
const adminArea = [roleGuard('Admin')]
const DAY = 86_400_000
let admin: Awaited<ReturnType<typeof createLoggedInUser>>

type Dashboard = Awaited<ReturnType<typeof dashboardLoader>>['dashboard']
type ListData = { items: Record<string, unknown>[]; totalCount: number; error: string | null }

const LOADERS: Record<string, unknown> = {
	'/admin/orders': ordersLoader,
	'/admin/guests': usersLoader,
	'/admin/hosts': usersLoader,
	'/admin/moneyTransactions': moneyLoader,
	'/admin/backgroundTaskExecutions': tasksLoader,
}

async function follow(href: string, perPage = 100): Promise<ListData> {
	const url = new URL(href, 'http://localhost')
	const path = url.pathname.replace(/^\/en/, '')
	const loader = LOADERS[path]
	if (!loader) throw new Error(`no list loader for ${href}`)
	url.searchParams.set('perPage', String(perPage))
	const result = await callRoute(loader as never, {
		path: `/en${path}${url.search}`,
		cookie: admin.cookie,
		middleware: adminArea,
	})
	expect(result.status, href).toBe(200)
	const data = result.data as ListData
	expect(data.error, href).toBeNull()
	return data
}

async function order(
	playroom: { id: string; hostId: string },
	createdAt: number,
	checkIn: number,
	patch: Partial<typeof orders.$inferInsert>,
) {
	const row = await createTestOrder({
		playroomId: playroom.id,
		hostId: playroom.hostId,
		checkIn: new Date(checkIn),
		checkOut: new Date(checkIn + 2 * 3_600_000),
	})
	getDb()
		.update(orders)
		.set({ createdAt: new Date(createdAt), ...patch })
		.where(eq(orders.id, row.id))
		.run()
}

let dashboard: Dashboard
let loaderData: unknown

beforeAll(async () => {
	admin = await createLoggedInUser({ role: 'Admin' })
	const now = Date.now()
	const room = await createTestPlayroom()
	const inPeriod = now - 2 * DAY
	const before = now - 45 * DAY
	const later = now + 60 * DAY
	// Made in the period, staying later: counted by the dashboard, missed by a check-in filter.
	await order(room, inPeriod, later, { status: 'Confirmed', totalAmount: 12_000, commissionAmount: 1_200 })
	await order(room, inPeriod, later, { status: 'Completed', totalAmount: 8_050, commissionAmount: 805 })
	await order(room, inPeriod, later, { status: 'Cancelled', totalAmount: 5_000, commissionAmount: 500 })
	await order(room, inPeriod, later, {
		status: 'AwaitingPayment',
		paymentMethod: 'BankTransfer',
		totalAmount: 4_200,
	})
	await order(room, inPeriod, later, {
		status: 'AwaitingPayment',
		paymentMethod: 'OnSite',
		totalAmount: 3_000,
	})
	// Made before the period, staying in it: neither counted nor listed.
	await order(room, before, inPeriod, { status: 'Confirmed', totalAmount: 50_000, commissionAmount: 5_000 })
	await order(room, before, inPeriod, { status: 'Completed', totalAmount: 40_000, commissionAmount: 4_000 })

	await createTestUser({ role: 'Owner', createdAt: new Date(inPeriod) })
	await createTestUser({ role: 'Owner', createdAt: new Date(before) })
	await createTestUser({ role: 'Customer', createdAt: new Date(before) })
	const gone = await createTestUser({ role: 'Customer', createdAt: new Date(inPeriod) })
	getDb().update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id)).run()

	getDb()
		.insert(backgroundTaskExecutions)
		.values([
			{
				taskName: 'order-expiry',
				trigger: 'schedule',
				startedAt: new Date(inPeriod),
				status: 'failed',
				runner: 't',
			},
			{
				taskName: 'email-delivery',
				trigger: 'manual',
				startedAt: new Date(inPeriod),
				status: 'failed',
				runner: 't',
			},
			{
				taskName: 'order-expiry',
				trigger: 'schedule',
				startedAt: new Date(before),
				status: 'failed',
				runner: 't',
			},
		])
		.run()
	getDb()
		.insert(moneyTransactions)
		.values(
			[
				[inPeriod, 1_200],
				[inPeriod, 805],
				[before, 5_000],
			].flatMap(([at, amount], i) => [
				{
					journalId: `j${i}`,
					kind: 'Commission' as const,
					account: 'GuestPrepayments' as const,
					amount: amount ?? 0,
					createdAt: new Date(at ?? 0),
				},
				{
					journalId: `j${i}`,
					kind: 'Commission' as const,
					account: 'PlatformRevenue' as const,
					amount: -(amount ?? 0),
					createdAt: new Date(at ?? 0),
				},
			]),
		)
		.run()

	const result = await callRoute(dashboardLoader as never, {
		path: '/en/admin/dashboard?period=30d',
		cookie: admin.cookie,
		middleware: adminArea,
	})
	loaderData = result.data
	dashboard = (result.data as { dashboard: Dashboard }).dashboard
})

// Testing Library empties the document after each test: each test renders the page again.
beforeEach(async () => {
	const Page = AdminDashboardPage as unknown as (props: { loaderData: unknown }) => React.ReactElement
	await renderWithApp(<Page loaderData={loaderData} />, { locale: 'en' })
})

const hrefOf = (element: HTMLElement) => element.getAttribute('href') ?? ''

describe('every dashboard figure opens the rows behind it', () => {
	test('the data has something on each side', () => {
		expect(dashboard.orders.totalOrders).toBeGreaterThanOrEqual(5)
		expect(dashboard.orders.bookedOrders).toBe(2)
		expect(dashboard.orders.bookingValue).toBe(20_050)
		expect(dashboard.newGuests).toBeGreaterThan(0)
		expect(dashboard.newHosts).toBeGreaterThan(0)
		expect(dashboard.failedTasks.total).toBe(2)
		expect(dashboard.ledgerCommission).toBe(2_005)
	})

	test.each([
		['orders', () => dashboard.orders.totalOrders],
		['bookedOrders', () => dashboard.orders.bookedOrders],
		['newGuests', () => dashboard.newGuests],
		['newHosts', () => dashboard.newHosts],
	])('%s: the list has as many rows as the figure', async (key, figure) => {
		const list = await follow(hrefOf(screen.getByTestId(`figure-${key}`)))
		expect(list.totalCount).toBe(figure())
	})

	test('booking value and commission: the sums over the rows their links open', async () => {
		const value = await follow(hrefOf(screen.getByTestId('figure-bookingValue')))
		expect(value.totalCount).toBe(dashboard.orders.bookedOrders)
		expect(value.items.reduce((sum, item) => sum + Number(item.totalAmount), 0)).toBe(
			dashboard.orders.bookingValue,
		)
		const commission = await follow(hrefOf(screen.getByTestId('figure-commission')))
		const ids = commission.items.map((item) => String(item.id))
		const rows = getDb()
			.select({ commission: orders.commissionAmount })
			.from(orders)
			.where(inArray(orders.id, ids))
			.all()
		expect(rows.reduce((sum, row) => sum + row.commission, 0)).toBe(dashboard.orders.commission)
	})

	test('commission booked to the ledger: the sum over the ledger rows its link opens', async () => {
		const ledger = await follow(hrefOf(screen.getByTestId('figure-ledgerCommission')))
		expect(ledger.totalCount).toBe(2)
		expect(-ledger.items.reduce((sum, item) => sum + Number(item.amount), 0)).toBe(dashboard.ledgerCommission)
	})

	test('page views and website clicks are no rows: shown without a link', () => {
		expect(screen.getByTestId('figure-pageViews').tagName).not.toBe('A')
		expect(screen.getByTestId('figure-websiteClicks').tagName).not.toBe('A')
	})

	test('each status of "orders by status" opens that many orders', async () => {
		const items = within(screen.getByTestId('orders-by-status')).getAllByRole('listitem')
		expect(items).toHaveLength(7)
		for (const item of items) {
			const list = await follow(hrefOf(within(item).getByRole('link')))
			expect(list.totalCount, item.dataset.status).toBe(Number(item.dataset.count))
		}
	})

	test('pending bank transfers open exactly the orders awaiting a transfer', async () => {
		const list = await follow(hrefOf(screen.getByTestId('pending-transfers-total')))
		expect(list.totalCount).toBe(dashboard.pendingBankTransfers.total)
		expect(list.items.every((item) => item.paymentMethod === 'BankTransfer')).toBe(true)
	})

	test('failed tasks open the runs that failed in the period, all and per task', async () => {
		const all = await follow(hrefOf(screen.getByTestId('failed-tasks-total')))
		expect(all.totalCount).toBe(dashboard.failedTasks.total)
		const links = within(screen.getByTestId('failed-tasks')).getAllByRole('link')
		expect(links).toHaveLength(dashboard.failedTasks.latest.length)
		for (const [i, task] of dashboard.failedTasks.latest.entries()) {
			const list = await follow(hrefOf(links[i] as HTMLElement))
			expect(list.totalCount).toBe(
				dashboard.failedTasks.latest.filter((t) => t.taskName === task.taskName).length,
			)
		}
	})
})
