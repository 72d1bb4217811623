import { count as countRows, sum } from 'drizzle-orm'
import { ORDER_STATUSES, type OrderStatus } from '#db/schema/orders.ts'
import { paymentTransactions } from '#db/schema/payments.ts'
import { localDateOf } from '#app/domain/berlin-time.ts'
import type { MoneyTodoItem } from '#app/domain/money-todo.ts'
import { unmatchedTransferSql } from '#app/models/booking/unmatched-transfers.server.ts'
import { BOOKED_STATUSES, periodDays, type ReportPeriod } from '#app/domain/report-period.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, type AppDatabase } from '#app/utils/db.server.ts'

/**
 * /admin/dashboard (issue 14, docs/decisions/0093-admin-dashboard.md): the
 * platform's figures for a period of Europe/Berlin days. Every figure is one
 * aggregate in SQL over an index; nothing loads rows to count them.
 *
 * - Orders are counted by the day they were made (`created_at`), per status.
 * - Booking value and commission: Σ `total_amount` and Σ `commission_amount`
 *   (integer cents) of the orders made in the period that are Confirmed or
 *   Completed — the value booked, and the commission the platform gets for
 *   it (final at completion, ADR 0042). Commission booked to the ledger in
 *   the period (PlatformRevenue credits) is shown beside it.
 * - Page views and website clicks: the tracking tables, per local day.
 * - Pending bank transfers and the ledger check are the state now, not of
 *   the period.
 */
export { BOOKED_STATUSES }
export const TOP_LIMIT = 5
const LIST_LIMIT = 10
const HOUR = 3_600_000

type Client = AppDatabase['$client']

function count(client: Client, query: string, ...params: unknown[]): number {
	const row = client.prepare(query).get(...params) as { n: number | null } | undefined
	return Number(row?.n ?? 0)
}

function ordersByStatus(client: Client, period: ReportPeriod) {
	const rows = client
		.prepare(
			`SELECT status, count(*) AS n, sum(total_amount) AS total, sum(commission_amount) AS commission
			 FROM orders WHERE created_at >= ? AND created_at < ? GROUP BY status`,
		)
		.all(period.start, period.end) as { status: OrderStatus; n: number; total: number; commission: number }[]
	const byStatus = ORDER_STATUSES.map((status) => {
		const row = rows.find((r) => r.status === status)
		return { status, count: row?.n ?? 0, total: row?.total ?? 0, commission: row?.commission ?? 0 }
	})
	const booked = byStatus.filter((row) => (BOOKED_STATUSES as readonly string[]).includes(row.status))
	return {
		byStatus: byStatus.map(({ status, count }) => ({ status, count })),
		totalOrders: byStatus.reduce((sum, row) => sum + row.count, 0),
		bookedOrders: booked.reduce((sum, row) => sum + row.count, 0),
		bookingValue: booked.reduce((sum, row) => sum + row.total, 0),
		commission: booked.reduce((sum, row) => sum + row.commission, 0),
	}
}

/** Events per local day: grouped by UTC hour in SQL (Berlin offsets are whole hours), summed per day here. */
function perDay(client: Client, table: string, period: ReportPeriod) {
	const hours = client
		.prepare(
			`SELECT created_at / ${HOUR} AS hour, count(*) AS n FROM ${table}
			 WHERE created_at >= ? AND created_at < ? GROUP BY hour`,
		)
		.all(period.start, period.end) as { hour: number; n: number }[]
	const days = new Map(periodDays(period).map((day) => [day.date, 0]))
	for (const { hour, n } of hours) {
		const date = localDateOf(hour * HOUR)
		days.set(date, (days.get(date) ?? 0) + n)
	}
	return [...days].map(([date, value]) => ({ date, value }))
}

function topPlayrooms(client: Client, period: ReportPeriod) {
	return client
		.prepare(
			`SELECT p.id, p.name, p.city, t.orders, t.value FROM (
				SELECT playroom_id, count(*) AS orders, sum(total_amount) AS value FROM orders
				WHERE created_at >= ? AND created_at < ? AND status IN ('Confirmed', 'Completed')
				GROUP BY playroom_id ORDER BY value DESC, orders DESC LIMIT ?
			 ) t JOIN playrooms p ON p.id = t.playroom_id ORDER BY t.value DESC, t.orders DESC, p.name`,
		)
		.all(period.start, period.end, TOP_LIMIT) as {
		id: string
		name: string
		city: string
		orders: number
		value: number
	}[]
}

function topCities(client: Client, period: ReportPeriod) {
	return client
		.prepare(
			`SELECT p.city AS city, p.city_slug AS citySlug, count(*) AS orders, sum(o.total_amount) AS value
			 FROM orders o JOIN playrooms p ON p.id = o.playroom_id
			 WHERE o.created_at >= ? AND o.created_at < ? AND o.status IN ('Confirmed', 'Completed')
			 GROUP BY p.city_slug ORDER BY value DESC, orders DESC LIMIT ?`,
		)
		.all(period.start, period.end, TOP_LIMIT) as {
		city: string
		citySlug: string
		orders: number
		value: number
	}[]
}

function failedTasks(client: Client, period: ReportPeriod) {
	const total = count(
		client,
		`SELECT count(*) AS n FROM background_task_executions
		 WHERE status = 'failed' AND started_at >= ? AND started_at < ?`,
		period.start,
		period.end,
	)
	const latest = (
		client
			.prepare(
				`SELECT id, task_name AS taskName, started_at AS startedAt, error FROM background_task_executions
				 WHERE status = 'failed' AND started_at >= ? AND started_at < ? ORDER BY started_at DESC LIMIT ?`,
			)
			.all(period.start, period.end, TOP_LIMIT) as {
			id: string
			taskName: string
			startedAt: number
			error: string | null
		}[]
	).map((row) => ({ ...row, error: row.error?.split('\n')[0]?.slice(0, 200) ?? null }))
	return { total, latest }
}

function pendingBankTransfers(client: Client, now: number) {
	const where = `status = 'AwaitingPayment' AND payment_method = 'BankTransfer'`
	const rows = client
		.prepare(
			`SELECT id, code, total_amount AS amount, payment_deadline AS dueAt FROM orders
			 WHERE ${where} ORDER BY payment_deadline LIMIT ?`,
		)
		.all(LIST_LIMIT) as { id: string; code: string; amount: number; dueAt: number | null }[]
	const sums = client
		.prepare(`SELECT count(*) AS n, coalesce(sum(total_amount), 0) AS amount FROM orders WHERE ${where}`)
		.get() as { n: number; amount: number }
	return {
		total: sums.n,
		amount: sums.amount,
		overdue: rows.filter((row) => row.dueAt !== null && row.dueAt < now).length,
		items: rows.map((row) => ({ ...row, overdue: row.dueAt !== null && row.dueAt < now })),
	}
}

/**
 * The money to-do (issue 34, ADR 0180): what is owed or waiting now, each count with its sum in cents —
 * the same rows the list behind each link shows (app/domain/money-todo.ts):
 * refunds due (outgoing payments still Pending), payout runs created but not executed, transfers
 * still unmatched (`unmatchedTransferSql`), open invoices whose due date (Berlin) is before today.
 */
export function moneyToDo(
	db: AppDatabase,
	now: number,
): Record<MoneyTodoItem, { count: number; amount: number }> {
	const client = db.$client
	const row = (query: string, ...params: unknown[]) => {
		const result = client.prepare(query).get(...params) as { n: number; amount: number }
		return { count: result.n, amount: result.amount }
	}
	const unmatched = db
		.select({ n: countRows(), amount: sum(paymentTransactions.amount) })
		.from(paymentTransactions)
		.where(unmatchedTransferSql)
		.get()
	return {
		refundsDue: row(
			`SELECT count(*) AS n, coalesce(sum(amount), 0) AS amount FROM payment_transactions
			 WHERE direction = 'Outgoing' AND status IN ('Pending', 'Failed')`,
		),
		payoutsToExecute: row(
			`SELECT count(*) AS n, coalesce(sum(total_amount), 0) AS amount FROM payout_runs WHERE status = 'Created'`,
		),
		unmatchedTransfers: { count: unmatched?.n ?? 0, amount: Number(unmatched?.amount ?? 0) },
		overdueInvoices: row(
			`SELECT count(*) AS n, coalesce(sum(gross_amount), 0) AS amount FROM invoices
			 WHERE status = 'Open' AND due_date IS NOT NULL AND due_date < ?`,
			localDateOf(now),
		),
	}
}

/** Σ debit = Σ credit over the whole ledger; when not, the journals that do not add up. */
export function ledgerCheck(client: Client = getDb().$client) {
	const sums = client
		.prepare(
			`SELECT coalesce(sum(CASE WHEN amount > 0 THEN amount ELSE 0 END), 0) AS debit,
			        coalesce(sum(CASE WHEN amount < 0 THEN -amount ELSE 0 END), 0) AS credit
			 FROM money_transactions`,
		)
		.get() as { debit: number; credit: number }
	const balanced = sums.debit === sums.credit
	const journals = balanced
		? []
		: (client
				.prepare(
					`SELECT journal_id AS journalId, sum(amount) AS difference FROM money_transactions
					 GROUP BY journal_id HAVING sum(amount) <> 0 LIMIT ?`,
				)
				.all(LIST_LIMIT) as { journalId: string; difference: number }[])
	return { balanced, debit: sums.debit, credit: sums.credit, difference: sums.debit - sums.credit, journals }
}

/** Everything /admin/dashboard shows for `period`. */
export function getAdminDashboard(
	caller: { role: string },
	period: ReportPeriod,
	options: { now?: number } = {},
	db: AppDatabase = getDb(),
) {
	if (caller.role !== 'Admin') throw new AppError(403)
	const client = db.$client
	const now = options.now ?? Date.now()
	const range = [period.start, period.end] as const
	const newUsers = client
		.prepare(
			`SELECT role, count(*) AS n FROM users
			 WHERE role IN ('Customer', 'Owner') AND deleted_at IS NULL AND created_at >= ? AND created_at < ?
			 GROUP BY role`,
		)
		.all(...range) as { role: 'Customer' | 'Owner'; n: number }[]
	const views = perDay(client, 'playroom_views', period)
	const clicks = perDay(client, 'playroom_website_clicks', period)
	return {
		period,
		orders: ordersByStatus(client, period),
		ordersPerDay: perDay(client, 'orders', period),
		ledgerCommission: count(
			client,
			`SELECT -coalesce(sum(amount), 0) AS n FROM money_transactions
			 WHERE kind = 'Commission' AND account = 'PlatformRevenue' AND created_at >= ? AND created_at < ?`,
			...range,
		),
		newGuests: newUsers.find((row) => row.role === 'Customer')?.n ?? 0,
		newHosts: newUsers.find((row) => row.role === 'Owner')?.n ?? 0,
		pageViews: { total: views.reduce((sum, day) => sum + day.value, 0), perDay: views },
		websiteClicks: { total: clicks.reduce((sum, day) => sum + day.value, 0), perDay: clicks },
		topPlayrooms: topPlayrooms(client, period),
		topCities: topCities(client, period),
		failedTasks: failedTasks(client, period),
		pendingBankTransfers: pendingBankTransfers(client, now),
		ledger: ledgerCheck(client),
		moneyToDo: moneyToDo(db, now),
		now,
	}
}

export type AdminDashboard = ReturnType<typeof getAdminDashboard>
