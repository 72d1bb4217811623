// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, test } from 'vitest'
import { invoices, payoutRuns } from '#db/schema/money.ts'
import { paymentTransactions } from '#db/schema/payments.ts'
import { addDays, localDateOf } from '#app/domain/berlin-time.ts'
import { MONEY_TODO_ITEMS, moneyTodoHref } from '#app/domain/money-todo.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { testInvoiceParty } from '#tests/helpers/books.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import AdminDashboardPage, { loader as dashboardLoader } from './dashboard.tsx'
import { loader as paymentsLoader } from './payment-transactions.tsx'

/**
 * Issue 34 / ADR 0180: the dashboard's "Money to do". Rows on both sides of each definition are
 * inserted; the four counts and sums must be exactly the rows that are due, each count links to its
 * list (app/domain/money-todo.ts), and a zero says "nothing to do" in its place.
 */
const adminArea = [roleGuard('Admin')]
let admin: Awaited<ReturnType<typeof createLoggedInUser>>
type Dashboard = Awaited<ReturnType<typeof dashboardLoader>>

async function loadDashboard() {
	const result = await callRoute(dashboardLoader as never, {
		path: '/en/admin/dashboard',
		cookie: admin.cookie,
		middleware: adminArea,
	})
	expect(result.status).toBe(200)
	return result.data as Dashboard
}

async function render(data: Dashboard) {
	const Page = AdminDashboardPage as unknown as (props: { loaderData: Dashboard }) => React.ReactNode
	await renderWithApp(<Page loaderData={data} />, { locale: 'en' })
}

const party = testInvoiceParty('Host GmbH')

async function insertRows() {
	const db = getDb()
	const room = await createTestPlayroom()
	const order = await createTestOrder({
		playroomId: room.id,
		hostId: room.hostId,
		checkIn: new Date(Date.now() + 86_400_000),
		checkOut: new Date(Date.now() + 90_000_000),
	})
	const payment = (fields: Omit<typeof paymentTransactions.$inferInsert, 'reference'>) => ({
		reference: 'REF',
		...fields,
	})
	db.insert(paymentTransactions)
		.values([
			// Three refunds owed (two due, one card refund Stripe refused); one already sent and an
			// incoming pending card payment are not.
			payment({
				orderId: order.id,
				provider: 'Stripe',
				direction: 'Outgoing',
				amount: 1_000,
				status: 'Failed',
			}),
			payment({
				orderId: order.id,
				provider: 'BankTransfer',
				direction: 'Outgoing',
				amount: 7_100,
				status: 'Pending',
			}),
			payment({
				orderId: order.id,
				provider: 'Stripe',
				direction: 'Outgoing',
				amount: 2_550,
				status: 'Pending',
			}),
			payment({
				orderId: order.id,
				provider: 'BankTransfer',
				direction: 'Outgoing',
				amount: 999,
				status: 'Succeeded',
			}),
			payment({
				orderId: order.id,
				provider: 'Stripe',
				direction: 'Incoming',
				amount: 998,
				status: 'Pending',
			}),
			// One transfer still unmatched; one assigned since, a voucher order's payment: not.
			payment({
				provider: 'BankTransfer',
				direction: 'Incoming',
				amount: 4_200,
				status: 'Succeeded',
				note: 'unmatched',
			}),
			payment({
				orderId: order.id,
				provider: 'BankTransfer',
				direction: 'Incoming',
				amount: 997,
				status: 'Succeeded',
				note: 'unmatched',
			}),
			payment({
				provider: 'BankTransfer',
				direction: 'Incoming',
				amount: 996,
				status: 'Succeeded',
				note: 'voucherOrder',
			}),
		])
		.run()
	const run = (reference: string, status: 'Created' | 'Executed', totalAmount: number) => ({
		reference,
		trigger: 'manual' as const,
		cutoffAt: new Date(),
		status,
		payoutCount: 1,
		totalAmount,
		sepaXml: '<Document/>',
	})
	db.insert(payoutRuns)
		.values([run('RUN-1', 'Created', 16_650), run('RUN-2', 'Executed', 995)])
		.run()
	const today = localDateOf(Date.now())
	const invoice = (
		sequence: number,
		status: 'Open' | 'Paid' | 'Netted',
		dueDate: string | null,
		gross: number,
	) => ({
		number: `SZ-2026-${String(sequence).padStart(6, '0')}`,
		year: 2026,
		sequence,
		kind: 'Invoice' as const,
		hostId: room.hostId,
		periodStart: `2026-0${sequence}-01`,
		periodEnd: `2026-0${sequence}-28`,
		issuedAt: new Date(),
		dueDate,
		netAmount: gross,
		vatRateBp: 1900,
		vatAmount: 0,
		grossAmount: gross,
		status,
		locale: 'de' as const,
		seller: party,
		buyer: party,
	})
	db.insert(invoices)
		.values([
			// Due yesterday and open: overdue. Due today, paid, netted: not.
			invoice(1, 'Open', addDays(today, -1), 4_760),
			invoice(2, 'Open', today, 994),
			invoice(3, 'Paid', addDays(today, -20), 993),
			invoice(4, 'Netted', null, 992),
		])
		.run()
}

beforeAll(async () => {
	admin = await createLoggedInUser({ role: 'Admin' })
})

describe('money to-do on the admin dashboard (ADR 0180)', () => {
	test('with nothing owed, every item is still there and says "Nothing to do"', async () => {
		const data = await loadDashboard()
		for (const item of MONEY_TODO_ITEMS)
			expect(data.dashboard.moneyToDo[item]).toEqual({ count: 0, amount: 0 })
		await render(data)
		const box = screen.getByTestId('money-todo')
		expect(within(box).getAllByText('Nothing to do')).toHaveLength(4)
		expect(within(box).queryAllByRole('link')).toHaveLength(0)
	})

	test('counts and sums are exactly the rows due, and each links to its list', async () => {
		await insertRows()
		const data = await loadDashboard()
		expect(data.dashboard.moneyToDo).toEqual({
			refundsDue: { count: 3, amount: 10_650 },
			payoutsToExecute: { count: 1, amount: 16_650 },
			unmatchedTransfers: { count: 1, amount: 4_200 },
			overdueInvoices: { count: 1, amount: 4_760 },
		})
		await render(data)
		const links = Object.fromEntries(
			MONEY_TODO_ITEMS.map((item) => [
				item,
				within(screen.getByTestId(`money-todo-${item}`)).getByRole('link'),
			]),
		)
		expect(links.refundsDue?.textContent).toBe('3 · €106.50')
		expect(
			Object.fromEntries(Object.entries(links).map(([item, a]) => [item, a.getAttribute('href')])),
		).toEqual({
			refundsDue: '/en/admin/paymentTransactions?refunds=due,failed',
			payoutsToExecute: '/en/admin/payouts?status=Created',
			unmatchedTransfers: '/en/admin/paymentTransactions?unmatched=true',
			overdueInvoices: '/en/admin/invoices?status=overdue',
		})
		expect(screen.getByRole('link', { name: 'DATEV export for the tax advisor' }).getAttribute('href')).toBe(
			'/en/admin/exports',
		)
	})

	test('the refunds link opens exactly the refunds owed in the payment list', async () => {
		const result = await callRoute(paymentsLoader as never, {
			path: `/en${moneyTodoHref('refundsDue')}`,
			cookie: admin.cookie,
			middleware: adminArea,
		})
		expect(result.status).toBe(200)
		const list = result.data as { items: { amount: number }[]; totalCount: number }
		expect(list.items.map((row) => row.amount).sort((a, b) => a - b)).toEqual([1_000, 2_550, 7_100])
		expect(list.totalCount).toBe(3)
	})

	test('the unmatched link opens exactly the unmatched transfer in the payment list', async () => {
		const result = await callRoute(paymentsLoader as never, {
			path: `/en${moneyTodoHref('unmatchedTransfers')}`,
			cookie: admin.cookie,
			middleware: adminArea,
		})
		expect(result.status).toBe(200)
		const list = result.data as { items: { amount: number }[]; totalCount: number }
		expect(list.totalCount).toBe(1)
		expect(list.items.map((row) => row.amount)).toEqual([4_200])
	})
})
