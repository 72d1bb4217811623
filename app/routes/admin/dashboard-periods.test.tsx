// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { orders } from '#db/schema/orders.ts'
import { moneyTransactions } from '#db/schema/payments.ts'
import { backgroundTaskExecutions } from '#db/schema/platform.ts'
import { users } from '#db/schema/users.ts'
import { addDays, localDateOf, startOfLocalDay } from '#app/domain/berlin-time.ts'
import { REPORT_PERIODS, resolveReportPeriod, type ReportPeriodKey } from '#app/domain/report-period.ts'
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
 * Issue 34 "Dashboard figures and their lists agree": for every period of /admin/dashboard (7d,
 * 30d, 90d, this month, last month, custom) every figure's link is followed through its list's
 * loader, and the list's total (or the sum over its rows) must equal the figure — never an error,
 * never all-time rows. Rows sit on both sides of each period's Berlin midnights (ADR 0154).
 */
const adminArea = [roleGuard('Admin')]
const HOUR = 3_600_000
const DAY = 24 * HOUR
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

async function follow(href: string): Promise<ListData> {
	const url = new URL(href, 'http://localhost')
	const path = url.pathname.replace(/^\/en/, '')
	const loader = LOADERS[path]
	if (!loader) throw new Error(`no list loader for ${href}`)
	url.searchParams.set('perPage', '100')
	const result = await callRoute(loader as never, {
		path: `/en${path}${url.search}`,
		cookie: admin.cookie,
		middleware: adminArea,
	})
	const data = result.data as ListData
	expect(data.error, href).toBeNull()
	expect(result.status, href).toBe(200)
	return data
}

const today = localDateOf(Date.now())
/** The custom period: the 20 days ending 10 days ago. */
const custom = { from: addDays(today, -29), to: addDays(today, -10) }

/** Instants on both sides of every period's first and last Berlin midnight, and inside. */
function boundaryInstants(): number[] {
	const instants = new Set<number>()
	for (const key of REPORT_PERIODS) {
		const period = resolveReportPeriod({ period: key, ...custom })
		for (const edge of [period.start, period.end]) {
			if (edge > Date.now()) continue
			instants.add(edge)
			instants.add(edge - 1)
		}
		instants.add(Math.min(period.start + 12 * HOUR, Date.now() - HOUR))
	}
	// Before every period and in none of them.
	instants.add(startOfLocalDay(addDays(today, -200)))
	return [...instants].filter((instant) => instant < Date.now())
}

let room: { id: string; hostId: string }
let otherRoom: { id: string; hostId: string }

beforeAll(async () => {
	admin = await createLoggedInUser({ role: 'Admin' })
	room = await createTestPlayroom()
	otherRoom = await createTestPlayroom({ city: 'Berlin', citySlug: 'berlin' })
	const statuses = ['Confirmed', 'Completed', 'Cancelled', 'AwaitingPayment'] as const
	let i = 0
	for (const at of boundaryInstants()) {
		i++
		const status = statuses[i % statuses.length]!
		const playroom = i % 3 === 0 ? otherRoom : room
		const row = await createTestOrder({
			playroomId: playroom.id,
			hostId: playroom.hostId,
			checkIn: new Date(Date.now() + 60 * DAY),
			checkOut: new Date(Date.now() + 60 * DAY + 2 * HOUR),
		})
		getDb()
			.update(orders)
			.set({
				createdAt: new Date(at),
				status,
				totalAmount: 1_000 + i,
				commissionAmount: 100 + i,
				paymentMethod: status === 'AwaitingPayment' ? 'BankTransfer' : 'OnSite',
			})
			.where(eq(orders.id, row.id))
			.run()
		await createTestUser({ role: i % 2 ? 'Owner' : 'Customer', createdAt: new Date(at) })
		if (i % 4 === 0) {
			const gone = await createTestUser({ role: 'Customer', createdAt: new Date(at) })
			getDb().update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id)).run()
		}
		getDb()
			.insert(backgroundTaskExecutions)
			.values({
				taskName: i % 2 ? 'order-expiry' : 'email-delivery',
				trigger: 'schedule',
				startedAt: new Date(at),
				status: 'failed',
				runner: 't',
			})
			.run()
		getDb()
			.insert(moneyTransactions)
			.values([
				{
					journalId: `p${i}`,
					kind: 'Commission',
					account: 'GuestPrepayments',
					amount: 10 + i,
					createdAt: new Date(at),
				},
				{
					journalId: `p${i}`,
					kind: 'Commission',
					account: 'PlatformRevenue',
					amount: -(10 + i),
					createdAt: new Date(at),
				},
			])
			.run()
	}
})

async function renderPeriod(key: ReportPeriodKey) {
	const query = key === 'custom' ? `period=custom&from=${custom.from}&to=${custom.to}` : `period=${key}`
	const result = await callRoute(dashboardLoader as never, {
		path: `/en/admin/dashboard?${query}`,
		cookie: admin.cookie,
		middleware: adminArea,
	})
	const data = result.data as { dashboard: Dashboard; errors: Record<string, string[]> }
	expect(data.errors).toEqual({})
	expect(data.dashboard.period.key).toBe(key)
	cleanup()
	const Page = AdminDashboardPage as unknown as (props: { loaderData: unknown }) => React.ReactElement
	await renderWithApp(<Page loaderData={data} />, { locale: 'en' })
	return data.dashboard
}

const hrefOf = (element: HTMLElement) => element.getAttribute('href') ?? ''
const sum = (list: ListData, field: string) =>
	list.items.reduce((total, item) => total + Number(item[field]), 0)

describe.each(REPORT_PERIODS)('period %s: every figure opens exactly its rows', (key) => {
	test('the key figures', async () => {
		const dashboard = await renderPeriod(key)
		expect(dashboard.orders.totalOrders).toBeGreaterThan(0)
		const figures: [string, number][] = [
			['orders', dashboard.orders.totalOrders],
			['bookedOrders', dashboard.orders.bookedOrders],
			['newGuests', dashboard.newGuests],
			['newHosts', dashboard.newHosts],
		]
		for (const [name, figure] of figures) {
			expect((await follow(hrefOf(screen.getByTestId(`figure-${name}`)))).totalCount, name).toBe(figure)
		}
		const value = await follow(hrefOf(screen.getByTestId('figure-bookingValue')))
		expect(sum(value, 'totalAmount')).toBe(dashboard.orders.bookingValue)
		const commission = await follow(hrefOf(screen.getByTestId('figure-commission')))
		expect(commission.totalCount).toBe(dashboard.orders.bookedOrders)
		const ledger = await follow(hrefOf(screen.getByTestId('figure-ledgerCommission')))
		expect(-sum(ledger, 'amount')).toBe(dashboard.ledgerCommission)
	})

	test('orders by status, pending transfers, failed tasks', async () => {
		const dashboard = await renderPeriod(key)
		for (const item of within(screen.getByTestId('orders-by-status')).getAllByRole('listitem')) {
			const list = await follow(hrefOf(within(item).getByRole('link')))
			expect(list.totalCount, item.dataset.status).toBe(Number(item.dataset.count))
		}
		const transfers = await follow(hrefOf(screen.getByTestId('pending-transfers-total')))
		expect(transfers.totalCount).toBe(dashboard.pendingBankTransfers.total)
		const failed = await follow(hrefOf(screen.getByTestId('failed-tasks-total')))
		expect(failed.totalCount).toBe(dashboard.failedTasks.total)
		const links = within(screen.getByTestId('failed-tasks')).getAllByRole('link')
		const perTask = new Map<string, number>()
		for (const [i, task] of dashboard.failedTasks.latest.entries()) {
			const list = await follow(hrefOf(links[i] as HTMLElement))
			perTask.set(task.taskName, list.totalCount)
		}
		expect([...perTask.values()].reduce((a, b) => a + b, 0)).toBe(dashboard.failedTasks.total)
	})

	test('top playrooms and top cities open their booked orders of the period', async () => {
		const dashboard = await renderPeriod(key)
		const rows = [
			...within(screen.getByTestId('dashboard-top-playrooms')).getAllByRole('link'),
			...within(screen.getByTestId('dashboard-top-cities')).getAllByRole('link'),
		]
		const figures = [...dashboard.topPlayrooms, ...dashboard.topCities]
		expect(rows).toHaveLength(figures.length)
		for (const [i, figure] of figures.entries()) {
			const list = await follow(hrefOf(rows[i] as HTMLElement))
			expect(list.totalCount, hrefOf(rows[i] as HTMLElement)).toBe(figure.orders)
			expect(sum(list, 'totalAmount')).toBe(figure.value)
		}
	})
})
