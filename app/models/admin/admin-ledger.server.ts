import { count, eq, sql } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/sqlite-core'
import { orders } from '#db/schema/orders.ts'
import {
	LEDGER_ACCOUNTS,
	MONEY_TRANSACTION_KINDS,
	moneyTransactions,
	PAYMENT_PROVIDERS,
	PAYMENT_TRANSACTION_STATUSES,
	paymentTransactions,
} from '#db/schema/payments.ts'
import { AppError } from '#app/utils/app-error.ts'
import {
	defineDataTable,
	runTableQuery,
	type ListPage,
	type TableQuery,
} from '#app/utils/data-table.server.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import { ledgerCheck } from './admin-dashboard.server.ts'
import { assertAdmin } from '#app/utils/assert-admin.ts'
import { unmatchedTransferSql } from '#app/models/booking/unmatched-transfers.server.ts'

/**
 * The admin's money lists (issue 14, ADR 0097): the ledger (money
 * transactions) with a running balance per account, and the payment
 * transactions with their raw provider payload (secrets masked).
 */

/**
 * The ledger rows with `runningBalance`: Σ amount of the row's account up to
 * and including the row (created_at, id), a window over the account's WHOLE
 * history computed inside the subquery, before the outer WHERE/ORDER/LIMIT —
 * so it is the same on every page, in every sort order and with every other
 * filter. Filters and sorts address the subquery's columns.
 */
const ledger = new QueryBuilder()
	.select({
		id: moneyTransactions.id,
		journalId: moneyTransactions.journalId,
		kind: moneyTransactions.kind,
		account: moneyTransactions.account,
		amount: moneyTransactions.amount,
		orderId: moneyTransactions.orderId,
		hostId: moneyTransactions.hostId,
		description: moneyTransactions.description,
		createdAt: moneyTransactions.createdAt,
		balance:
			sql<number>`sum(${moneyTransactions.amount}) OVER (PARTITION BY ${moneyTransactions.account} ORDER BY ${moneyTransactions.createdAt}, ${moneyTransactions.id} ROWS UNBOUNDED PRECEDING)`.as(
				'running_balance',
			),
	})
	.from(moneyTransactions)
	.as('ledger')

const ledgerColumns = {
	id: ledger.id,
	journalId: ledger.journalId,
	kind: ledger.kind,
	account: ledger.account,
	amount: ledger.amount,
	orderId: ledger.orderId,
	hostId: ledger.hostId,
	description: ledger.description,
	createdAt: ledger.createdAt,
	balance: ledger.balance,
	orderCode: orders.code,
}
type LedgerRow = {
	id: string
	journalId: string
	kind: (typeof MONEY_TRANSACTION_KINDS)[number]
	account: (typeof LEDGER_ACCOUNTS)[number]
	amount: number
	orderId: string | null
	hostId: string | null
	description: string | null
	createdAt: Date
	balance: number
	orderCode: string | null
}

function toLedgerItem(row: LedgerRow) {
	return {
		id: row.id,
		journalId: row.journalId,
		kind: row.kind,
		account: row.account,
		amount: row.amount,
		balance: row.balance,
		orderId: row.orderId,
		orderCode: row.orderCode,
		hostId: row.hostId,
		description: row.description,
		createdAt: row.createdAt.getTime(),
	}
}
export type LedgerItem = ReturnType<typeof toLedgerItem>

export const ledgerTable = defineDataTable({
	id: 'ledger',
	csvFile: 'admin:table.files.moneyTransactions',
	columns: {
		createdAt: {
			label: 'adminMoney:ledger.columns.createdAt',
			sort: ledger.createdAt,
			csv: (item: LedgerItem, _t, format) => format.instant(item.createdAt),
			csvTime: true,
		},
		account: {
			label: 'adminMoney:ledger.columns.account',
			sort: ledger.account,
			csv: (item, t) => t(`adminMoney:accounts.${item.account}`),
		},
		kind: {
			label: 'adminMoney:ledger.columns.kind',
			sort: ledger.kind,
			csv: (item, t) => t(`adminMoney:kinds.${item.kind}`),
		},
		amount: {
			label: 'adminMoney:ledger.columns.amount',
			sort: ledger.amount,
			csv: (item, _t, format) => format.money(item.amount),
		},
		balance: {
			label: 'adminMoney:ledger.columns.balance',
			csv: (item, _t, format) => format.money(item.balance),
		},
		order: { label: 'adminMoney:ledger.columns.order', csv: (item) => item.orderCode ?? '' },
		journal: { label: 'adminMoney:ledger.columns.journal', csv: (item) => item.journalId, visible: false },
		description: {
			label: 'adminMoney:ledger.columns.description',
			csv: (item) => item.description ?? '',
			visible: false,
		},
	},
	filters: {
		account: {
			kind: 'enum',
			column: ledger.account,
			values: LEDGER_ACCOUNTS,
			label: 'adminMoney:ledger.columns.account',
			optionLabel: 'adminMoney:accounts.',
		},
		kind: {
			kind: 'enum',
			column: ledger.kind,
			values: MONEY_TRANSACTION_KINDS,
			label: 'adminMoney:ledger.columns.kind',
			optionLabel: 'adminMoney:kinds.',
		},
		createdAt: { kind: 'dateRange', column: ledger.createdAt, label: 'adminMoney:ledger.columns.createdAt' },
		journalId: { kind: 'id', column: ledger.journalId, label: 'adminMoney:ledger.columns.journal' },
		orderId: { kind: 'id', column: ledger.orderId, label: 'adminMoney:ledger.columns.order' },
	},
	search: [ledger.description, orders.code],
	defaultSort: 'createdAt:desc',
	tiebreaker: ledger.id,
	defaultPerPage: 25,
	rows: (db: DbOrTx) =>
		db.select(ledgerColumns).from(ledger).leftJoin(orders, eq(orders.id, ledger.orderId)).$dynamic(),
	count: (db: DbOrTx, { searching }) => {
		// The same subquery: the filters address its columns.
		const query = db.select({ n: count() }).from(ledger).$dynamic()
		return searching ? query.leftJoin(orders, eq(orders.id, ledger.orderId)) : query
	},
	toItem: toLedgerItem,
})

/** One page of the ledger and the ledger check (the dashboard's: Σ debit = Σ credit). */
export function listLedger(actor: { role: string }, query: TableQuery) {
	assertAdmin(actor)
	return runTableQuery(ledgerTable, query) satisfies ListPage<LedgerItem>
}

export function getLedgerCheck(actor: { role: string }) {
	assertAdmin(actor)
	return ledgerCheck()
}

const paymentColumns = {
	id: paymentTransactions.id,
	provider: paymentTransactions.provider,
	direction: paymentTransactions.direction,
	status: paymentTransactions.status,
	amount: paymentTransactions.amount,
	reference: paymentTransactions.reference,
	orderId: paymentTransactions.orderId,
	orderCode: orders.code,
	createdAt: paymentTransactions.createdAt,
}
type PaymentRow = {
	id: string
	provider: (typeof PAYMENT_PROVIDERS)[number]
	direction: 'Incoming' | 'Outgoing'
	status: (typeof PAYMENT_TRANSACTION_STATUSES)[number]
	amount: number
	reference: string
	orderId: string | null
	orderCode: string | null
	createdAt: Date
}
const toPaymentItem = (row: PaymentRow) => ({ ...row, createdAt: row.createdAt.getTime() })
export type PaymentItem = ReturnType<typeof toPaymentItem>

/**
 * Refunds as the admin's queue sees them (ADR 0176): an outgoing payment is "due" while Pending
 * (`?refunds=due` opens exactly those rows), "failed" when Stripe refused a card refund (to retry;
 * `?refunds=due,failed` for both), "sent" once Succeeded; other rows have no state.
 */
export const REFUND_QUEUE_STATES = ['due', 'failed', 'sent'] as const
const refundQueueState = sql<
	string | null
>`CASE WHEN ${paymentTransactions.direction} = 'Outgoing' THEN CASE ${paymentTransactions.status} WHEN 'Pending' THEN 'due' WHEN 'Failed' THEN 'failed' WHEN 'Succeeded' THEN 'sent' END END`

export const paymentTable = defineDataTable({
	id: 'payments',
	csvFile: 'admin:table.files.paymentTransactions',
	columns: {
		createdAt: {
			label: 'adminMoney:payments.columns.createdAt',
			sort: paymentTransactions.createdAt,
			csv: (item: PaymentItem, _t, format) => format.instant(item.createdAt),
			csvTime: true,
		},
		provider: {
			label: 'adminMoney:payments.columns.provider',
			sort: paymentTransactions.provider,
			csv: (item, t) => t(`adminMoney:providers.${item.provider}`),
		},
		direction: {
			label: 'adminMoney:payments.columns.direction',
			csv: (item, t) => t(`adminMoney:directions.${item.direction}`),
		},
		status: {
			label: 'adminMoney:payments.columns.status',
			sort: paymentTransactions.status,
			csv: (item, t) => t(`adminMoney:paymentStatuses.${item.status}`),
		},
		amount: {
			label: 'adminMoney:payments.columns.amount',
			sort: paymentTransactions.amount,
			csv: (item, _t, format) => format.money(item.amount),
		},
		reference: { label: 'adminMoney:payments.columns.reference', csv: (item) => item.reference },
		order: { label: 'adminMoney:payments.columns.order', csv: (item) => item.orderCode ?? '' },
	},
	filters: {
		provider: {
			kind: 'enum',
			column: paymentTransactions.provider,
			values: PAYMENT_PROVIDERS,
			label: 'adminMoney:payments.columns.provider',
			optionLabel: 'adminMoney:providers.',
		},
		status: {
			kind: 'enum',
			column: paymentTransactions.status,
			values: PAYMENT_TRANSACTION_STATUSES,
			label: 'adminMoney:payments.columns.status',
			optionLabel: 'adminMoney:paymentStatuses.',
		},
		createdAt: {
			kind: 'dateRange',
			column: paymentTransactions.createdAt,
			label: 'adminMoney:payments.columns.createdAt',
		},
		orderId: { kind: 'id', column: paymentTransactions.orderId, label: 'adminMoney:payments.columns.order' },
		// The dashboard's money to-do opens these (issue 34, ADR 0180).
		unmatched: { kind: 'flag', column: unmatchedTransferSql, label: 'adminBooks:todo.unmatchedFilter' },
		refunds: {
			kind: 'enum',
			column: refundQueueState,
			values: REFUND_QUEUE_STATES,
			label: 'refunds:admin.filter',
			optionLabel: 'refunds:admin.states.',
			allLabel: 'refunds:admin.filterAll',
		},
	},
	search: [paymentTransactions.reference, orders.code],
	defaultSort: 'createdAt:desc',
	tiebreaker: paymentTransactions.id,
	defaultPerPage: 25,
	rows: (db: DbOrTx) =>
		db
			.select(paymentColumns)
			.from(paymentTransactions)
			.leftJoin(orders, eq(orders.id, paymentTransactions.orderId))
			.$dynamic(),
	count: (db: DbOrTx, { searching }) => {
		const query = db.select({ n: count() }).from(paymentTransactions).$dynamic()
		return searching ? query.leftJoin(orders, eq(orders.id, paymentTransactions.orderId)) : query
	},
	toItem: toPaymentItem,
})

export function listPayments(actor: { role: string }, query: TableQuery): ListPage<PaymentItem> {
	assertAdmin(actor)
	return runTableQuery(paymentTable, query)
}

export const MASK = '••••'
const SECRET_KEY = /secret|token|key|password|iban|card/i

/** A copy of a provider payload with the value of every key that looks secret replaced by "••••" (any depth). */
export function maskSecrets(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(maskSecrets)
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value).map(([key, inner]) => [key, SECRET_KEY.test(key) ? MASK : maskSecrets(inner)]),
		)
	}
	return value
}

/** One payment transaction for its admin page: the facts and the pretty-printed, masked raw payload. */
export function getAdminPayment(actor: { role: string }, id: string, db: DbOrTx = getDb()) {
	assertAdmin(actor)
	const row = db
		.select({
			...paymentColumns,
			currency: paymentTransactions.currency,
			externalId: paymentTransactions.externalId,
			note: paymentTransactions.note,
			rawPayload: paymentTransactions.rawPayload,
			refundIban: paymentTransactions.refundIban,
			refundAccountHolder: paymentTransactions.refundAccountHolder,
			completedAt: paymentTransactions.completedAt,
		})
		.from(paymentTransactions)
		.leftJoin(orders, eq(orders.id, paymentTransactions.orderId))
		.where(eq(paymentTransactions.id, id))
		.get()
	if (!row) throw new AppError(404)
	const { rawPayload, ...rest } = row
	const links = (rawPayload ?? {}) as { refundOf?: unknown; refund?: { paymentId?: unknown } }
	return {
		...toPaymentItem(rest),
		currency: rest.currency,
		externalId: rest.externalId,
		note: rest.note,
		payload: rawPayload == null ? null : JSON.stringify(maskSecrets(rawPayload), null, 2),
		/** A refund's account, in full for the admin until it is sent (then masked in the row; ADR 0176). */
		refundIban: rest.refundIban,
		refundAccountHolder: rest.refundAccountHolder,
		completedAt: rest.completedAt?.getTime() ?? null,
		/** An unmatched transfer sent back and its refund, each linking the other. */
		refundOf: typeof links.refundOf === 'string' ? links.refundOf : null,
		refundedAs: typeof links.refund?.paymentId === 'string' ? links.refund.paymentId : null,
	}
}
export type AdminPayment = ReturnType<typeof getAdminPayment>
