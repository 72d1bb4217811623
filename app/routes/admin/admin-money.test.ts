import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { moneyTransactions, paymentTransactions } from '#db/schema/payments.ts'
import { backgroundTaskExecutions, taskLeases } from '#db/schema/platform.ts'
import { maskSecrets } from '#app/models/admin/admin-ledger.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { acquireLease, releaseLease } from '#app/utils/scheduler.server.ts'
import { bookingFixture, daysAhead, hourlySlot, placeOrder } from '#tests/helpers/booking.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { loader as ledgerLoader } from './money-transactions.tsx'
import { loader as paymentLoader } from './payment-detail.tsx'
import { loader as paymentsLoader } from './payment-transactions.tsx'
import { action as runAction, loader as runsLoader } from './task-runs.tsx'

/** Issue 14: the ledger, the payments and the task runs of the admin back office. */
const adminArea = [roleGuard('Admin')]
type Page<T> = { items: T[]; totalCount: number; error: string | null }
type LedgerPage = Page<{ account: string; amount: number; balance: number; kind: string }> & {
	oneAccount: boolean
	check: { balanced: boolean; difference: number; journals: { journalId: string }[] }
}

/** The data of an admin page's loader for `path`. */
async function adminGet<T>(loader: unknown, path: string, cookie: string): Promise<T> {
	return (await callRoute(loader as never, { path, cookie, middleware: adminArea })).data as T
}

const day = (d: number, h = 12) => new Date(Date.UTC(2001, 0, d, h))

/** A known, balanced ledger in January 2001 (before anything else in this database). */
function seedLedger() {
	const rows = [
		{
			journalId: 'j1aaaaaaaaaaaaaa',
			kind: 'GuestPayment',
			account: 'PlatformBank',
			amount: 10_000,
			createdAt: day(2),
		},
		{
			journalId: 'j1aaaaaaaaaaaaaa',
			kind: 'GuestPayment',
			account: 'GuestPrepayments',
			amount: -10_000,
			createdAt: day(2),
		},
		{
			journalId: 'j2aaaaaaaaaaaaaa',
			kind: 'GuestPayment',
			account: 'PlatformBank',
			amount: 5_000,
			createdAt: day(3),
		},
		{
			journalId: 'j2aaaaaaaaaaaaaa',
			kind: 'GuestPayment',
			account: 'GuestPrepayments',
			amount: -5_000,
			createdAt: day(3),
		},
		{
			journalId: 'j3aaaaaaaaaaaaaa',
			kind: 'Refund',
			account: 'PlatformBank',
			amount: -2_000,
			createdAt: day(4),
		},
		{
			journalId: 'j3aaaaaaaaaaaaaa',
			kind: 'Refund',
			account: 'GuestPrepayments',
			amount: 2_000,
			createdAt: day(4),
		},
		{
			journalId: 'j4aaaaaaaaaaaaaa',
			kind: 'HostPayout',
			account: 'PlatformBank',
			amount: -1_000,
			createdAt: day(5),
		},
		{
			journalId: 'j4aaaaaaaaaaaaaa',
			kind: 'HostPayout',
			account: 'HostPayable',
			amount: 1_000,
			createdAt: day(5),
		},
	] as const
	getDb()
		.insert(moneyTransactions)
		.values([...rows])
		.run()
}

describe('admin ledger', () => {
	test('filters by account, kind, date and journal; running balance per account on every page', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		seedLedger()
		const get = (query: string) =>
			adminGet<LedgerPage>(ledgerLoader, `/en/admin/moneyTransactions?${query}`, cookie)
		const range = 'createdAtFrom=2001-01-01&createdAtTo=2001-01-31'
		const bank = await get(`${range}&account=PlatformBank&sortCriterias=createdAt:asc`)
		expect(bank.oneAccount).toBe(true)
		expect(bank.items.map((row) => [row.amount, row.balance])).toEqual([
			[10_000, 10_000],
			[5_000, 15_000],
			[-2_000, 13_000],
			[-1_000, 12_000],
		])
		// Paging-safe: page 2 of 2 in the reverse order still shows balances over the whole history.
		const page2 = await get(
			`${range}&account=PlatformBank&sortCriterias=createdAt:desc&perPage=2&currentPage=2`,
		)
		expect(page2.totalCount).toBe(4)
		expect(page2.items.map((row) => row.balance)).toEqual([15_000, 10_000])
		// Another filter does not restart the balance.
		const refunds = await get(`${range}&account=PlatformBank&kind=Refund`)
		expect(refunds.items.map((row) => [row.amount, row.balance])).toEqual([[-2_000, 13_000]])
		const laterDays = await get(`createdAtFrom=2001-01-04&createdAtTo=2001-01-31&account=GuestPrepayments`)
		expect(laterDays.items.map((row) => row.balance)).toEqual([-13_000])
		const journal = await get('journalId=j3aaaaaaaaaaaaaa')
		expect(journal.totalCount).toBe(2)
		expect(journal.oneAccount).toBe(false)
		expect(journal.check.balanced).toBe(true)
		const bad = await get('account=Nope')
		expect(bad.error).toBeTruthy()
	})

	test('an unbalanced ledger shows the banner data with the journal that does not add up', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		getDb()
			.insert(moneyTransactions)
			.values({ journalId: 'brokenjournal123', kind: 'GuestPayment', account: 'PlatformBank', amount: 999 })
			.run()
		const result = await callRoute(ledgerLoader as never, {
			path: '/en/admin/moneyTransactions',
			cookie,
			middleware: adminArea,
		})
		const page = result.data as LedgerPage
		expect(page.check.balanced).toBe(false)
		expect(page.check.difference).toBe(999)
		expect(page.check.journals.map((j) => j.journalId)).toContain('brokenjournal123')
		getDb().delete(moneyTransactions).where(eq(moneyTransactions.journalId, 'brokenjournal123')).run()
	})
})

describe('admin payments', () => {
	test('masks secret-looking keys at any depth', () => {
		expect(
			maskSecrets({
				id: 'cs_1',
				client_secret: 'cs_secret_x',
				payment_method: { card: { last4: '4242' }, billing: { IBAN: 'DE89…' } },
				items: [{ api_key: 'k', amount: 1 }],
				Authorization_Token: 't',
				password: 'p',
			}),
		).toEqual({
			id: 'cs_1',
			client_secret: '••••',
			payment_method: { card: '••••', billing: { IBAN: '••••' } },
			items: [{ api_key: '••••', amount: 1 }],
			Authorization_Token: '••••',
			password: '••••',
		})
	})

	test('list filters by provider and status; the detail pretty-prints the masked payload; guests and hosts 403', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		const fixture = await bookingFixture()
		const order = placeOrder(fixture, hourlySlot(daysAhead(30), 10), { now: Date.now() })
		const payment = getDb()
			.insert(paymentTransactions)
			.values({
				orderId: order.id,
				provider: 'Stripe',
				direction: 'Incoming',
				amount: 4_200,
				reference: 'cs_test_reference',
				status: 'Failed',
				rawPayload: { id: 'cs_test', client_secret: 'cs_live_SECRET', amount_total: 4200 },
			})
			.returning()
			.get()
		const list = await adminGet<Page<{ id: string; orderCode: string }>>(
			paymentsLoader,
			'/en/admin/paymentTransactions?provider=Stripe&status=Failed&tableFilter=cs_test_reference',
			cookie,
		)
		expect(list.items.map((item) => item.id)).toEqual([payment.id])
		expect(list.items[0]?.orderCode).toBe(order.code)
		const detail = await callRoute(paymentLoader as never, {
			path: `/en/admin/paymentTransactions/${payment.id}`,
			params: { paymentTransactionId: payment.id },
			cookie,
			middleware: adminArea,
		})
		const text = (detail.data as { payment: { payload: string } }).payment.payload
		expect(text).toContain('"client_secret": "••••"')
		expect(text).toContain('"amount_total": 4200')
		expect(text).not.toContain('SECRET')
		for (const role of ['Customer', 'Owner'] as const) {
			const other = await createLoggedInUser({ role })
			const denied = await callRoute(paymentLoader as never, {
				path: `/en/admin/paymentTransactions/${payment.id}`,
				params: { paymentTransactionId: payment.id },
				cookie: other.cookie,
				middleware: adminArea,
			})
			expect(denied.status).toBe(403)
		}
	})
})

describe('admin task runs', () => {
	test('filters failed runs by task; run now records a manual run, and is refused while the task runs', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		getDb()
			.insert(backgroundTaskExecutions)
			.values([
				{
					taskName: 'email-delivery',
					trigger: 'schedule',
					startedAt: day(2),
					status: 'failed',
					error: 'smtp down',
					runner: 't',
				},
				{
					taskName: 'email-delivery',
					trigger: 'schedule',
					startedAt: day(3),
					status: 'succeeded',
					runner: 't',
				},
				{
					taskName: 'order-expiry',
					trigger: 'schedule',
					startedAt: day(3),
					status: 'failed',
					error: 'x',
					runner: 't',
				},
			])
			.run()
		const failed = await adminGet<
			Page<{ taskName: string; status: string; error: string }> & { tasks: { name: string }[] }
		>(runsLoader, '/en/admin/backgroundTaskExecutions?status=failed&taskName=email-delivery', cookie)
		expect(failed.items.map((run) => [run.taskName, run.status, run.error])).toEqual([
			['email-delivery', 'failed', 'smtp down'],
		])
		expect(failed.tasks.map((task) => task.name)).toContain('session-cleanup')

		const manualRuns = () =>
			getDb()
				.select()
				.from(backgroundTaskExecutions)
				.where(
					and(
						eq(backgroundTaskExecutions.taskName, 'session-cleanup'),
						eq(backgroundTaskExecutions.trigger, 'manual'),
					),
				)
				.all()
		const run = (taskName: string) =>
			callRoute(runAction as never, {
				method: 'POST',
				path: '/en/admin/backgroundTaskExecutions',
				form: { taskName },
				cookie,
				middleware: adminArea,
			})
		const done = await run('session-cleanup')
		expect(done.status).toBe(302)
		expect(manualRuns()).toHaveLength(1)
		expect(manualRuns()[0]?.status).toBe('succeeded')
		// Another process holds the lease: refused, nothing recorded.
		expect(acquireLease('session-cleanup', 'other-process', 600)).toBe(true)
		const busy = await run('session-cleanup')
		expect(busy.status).toBe(302)
		expect(manualRuns()).toHaveLength(1)
		releaseLease('session-cleanup', 'other-process')
		expect(
			getDb().select().from(taskLeases).where(eq(taskLeases.taskName, 'session-cleanup')).get(),
		).toBeUndefined()
		const unknown = await run('drop-tables')
		expect(unknown.status).toBe(302)
		for (const role of ['Customer', 'Owner'] as const) {
			const other = await createLoggedInUser({ role })
			const denied = await callRoute(runAction as never, {
				method: 'POST',
				path: '/en/admin/backgroundTaskExecutions',
				form: { taskName: 'session-cleanup' },
				cookie: other.cookie,
				middleware: adminArea,
			})
			expect(denied.status).toBe(403)
		}
		expect(manualRuns()).toHaveLength(1)
	})
})
