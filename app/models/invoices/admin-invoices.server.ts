import { count, eq, sql } from 'drizzle-orm'
import { invoiceDocuments, invoices, INVOICE_KINDS, INVOICE_STATUSES } from '#db/schema/money.ts'
import { users } from '#db/schema/users.ts'
import type { SessionUser } from '#app/models/accounts/session.server.ts'
import { listAuditEntries } from '#app/models/platform/audit-log.server.ts'
import { assertAdmin } from '#app/utils/assert-admin.ts'
import {
	defineDataTable,
	runTableQuery,
	type ListPage,
	type TableQuery,
} from '#app/utils/data-table.server.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import { invoiceLinesOf, invoiceNotFound } from './invoices.server.ts'

/**
 * The admin's invoices (issue 34, ADR 0178): /admin/invoices on the data table (filters status and kind,
 * search by number or host, CSV via /api/Admin/Invoices/Export) and the detail page's data.
 *
 * The status column and filter show an Open invoice past its due date (Berlin calendar, `berlin_today()`)
 * as `overdue`: `?status=overdue` opens exactly the overdue invoices, `?status=Open` the open ones not yet
 * due, `?status=Open,overdue` every unpaid one.
 */
export const INVOICE_LIST_STATUSES = [...INVOICE_STATUSES, 'overdue'] as const
export type InvoiceListStatus = (typeof INVOICE_LIST_STATUSES)[number]

const listStatus = sql<InvoiceListStatus>`(CASE WHEN ${invoices.status} = 'Open' AND ${invoices.dueDate} < berlin_today() THEN 'overdue' ELSE ${invoices.status} END)`

export type AdminInvoiceItem = {
	id: string
	number: string
	kind: (typeof INVOICE_KINDS)[number]
	hostId: string
	hostName: string | null
	periodStart: string
	periodEnd: string
	issuedAt: number
	dueDate: string | null
	netAmount: number
	vatAmount: number
	grossAmount: number
	status: InvoiceListStatus
}

export const invoiceTable = defineDataTable({
	id: 'invoices',
	csvFile: 'invoices:admin.csvFile',
	columns: {
		number: {
			label: 'invoices:admin.columns.number',
			sort: invoices.number,
			csv: (row: AdminInvoiceItem) => row.number,
		},
		kind: {
			label: 'invoices:admin.columns.kind',
			sort: invoices.kind,
			csv: (row, t) => t(`invoices:kinds.${row.kind}`),
		},
		host: { label: 'invoices:admin.columns.host', csv: (row) => row.hostName ?? '' },
		period: {
			label: 'invoices:admin.columns.period',
			sort: invoices.periodStart,
			csv: (row) => `${row.periodStart} – ${row.periodEnd}`,
		},
		issuedAt: {
			label: 'invoices:admin.columns.issuedAt',
			sort: invoices.issuedAt,
			csv: (row, _t, format) => format.date(row.issuedAt),
			csvTime: true,
		},
		dueDate: { label: 'invoices:admin.columns.dueDate', csv: (row) => row.dueDate ?? '' },
		net: {
			label: 'invoices:admin.columns.net',
			sort: invoices.netAmount,
			csv: (row, _t, f) => f.money(row.netAmount),
		},
		vat: { label: 'invoices:admin.columns.vat', csv: (row, _t, format) => format.money(row.vatAmount) },
		gross: {
			label: 'invoices:admin.columns.gross',
			sort: invoices.grossAmount,
			csv: (row, _t, format) => format.money(row.grossAmount),
		},
		status: {
			label: 'invoices:admin.columns.status',
			sort: listStatus,
			csv: (row, t) => t(`invoices:statuses.${row.status}`),
		},
	},
	filters: {
		status: {
			kind: 'enum',
			column: listStatus,
			values: INVOICE_LIST_STATUSES,
			label: 'invoices:admin.filters.status',
			optionLabel: 'invoices:statuses.',
		},
		kind: {
			kind: 'enum',
			column: invoices.kind,
			values: INVOICE_KINDS,
			label: 'invoices:admin.filters.kind',
			optionLabel: 'invoices:kinds.',
		},
	},
	search: [
		invoices.number,
		(matches) =>
			sql`${invoices.hostId} IN (SELECT ${users.id} FROM ${users} WHERE ${matches(users.displayName)})`,
	],
	defaultSort: 'issuedAt:desc',
	tiebreaker: invoices.id,
	defaultPerPage: 25,
	keyTable: invoices,
	rows: (db: DbOrTx) =>
		db
			.select({
				id: invoices.id,
				number: invoices.number,
				kind: invoices.kind,
				hostId: invoices.hostId,
				hostName: users.displayName,
				period: invoices.periodStart,
				periodStart: invoices.periodStart,
				periodEnd: invoices.periodEnd,
				issuedAt: invoices.issuedAt,
				dueDate: invoices.dueDate,
				net: invoices.netAmount,
				netAmount: invoices.netAmount,
				vatAmount: invoices.vatAmount,
				gross: invoices.grossAmount,
				grossAmount: invoices.grossAmount,
				status: listStatus,
			})
			.from(invoices)
			.leftJoin(users, eq(users.id, invoices.hostId))
			.$dynamic(),
	count: (db: DbOrTx) => db.select({ n: count() }).from(invoices).$dynamic(),
	toItem: (row): AdminInvoiceItem => ({
		id: row.id,
		number: row.number,
		kind: row.kind,
		hostId: row.hostId,
		hostName: row.hostName,
		periodStart: row.periodStart,
		periodEnd: row.periodEnd,
		issuedAt: row.issuedAt.getTime(),
		dueDate: row.dueDate,
		netAmount: row.netAmount,
		vatAmount: row.vatAmount,
		grossAmount: row.grossAmount,
		status: row.status,
	}),
})

export function listAdminInvoices(
	admin: Pick<SessionUser, 'role'>,
	query: TableQuery,
): ListPage<AdminInvoiceItem> {
	assertAdmin(admin)
	return runTableQuery(invoiceTable, query)
}

/** The detail page: the invoice, its host, lines, documents (size and hash), Storno links, history. */
export function getAdminInvoice(admin: Pick<SessionUser, 'role'>, invoiceId: string) {
	assertAdmin(admin)
	const db = getDb()
	const invoice = db.select().from(invoices).where(eq(invoices.id, invoiceId)).get()
	if (!invoice) throw invoiceNotFound()
	const host = db
		.select({ id: users.id, name: users.displayName })
		.from(users)
		.where(eq(users.id, invoice.hostId))
		.get()
	const documents = db
		.select({
			kind: invoiceDocuments.kind,
			sha256: invoiceDocuments.sha256,
			size: sql<number>`length(${invoiceDocuments.content})`,
		})
		.from(invoiceDocuments)
		.where(eq(invoiceDocuments.invoiceId, invoiceId))
		.all()
	const related = (where: ReturnType<typeof eq>) =>
		db.select({ id: invoices.id, number: invoices.number }).from(invoices).where(where).get() ?? null
	return {
		invoice: { ...invoice, issuedAt: invoice.issuedAt.getTime(), paidAt: invoice.paidAt?.getTime() ?? null },
		overdue: invoice.status === 'Open' && invoice.dueDate !== null && invoice.dueDate < todayInBerlin(),
		host: host ?? null,
		lines: invoiceLinesOf(invoiceId),
		documents,
		cancels: invoice.cancelsInvoiceId ? related(eq(invoices.id, invoice.cancelsInvoiceId)) : null,
		cancelledBy: related(eq(invoices.cancelsInvoiceId, invoice.id)),
		history: listAuditEntries('invoice', invoice.id),
	}
}

function todayInBerlin(): string {
	return getDb().get<{ today: string }>(sql`SELECT berlin_today() AS today`).today
}
