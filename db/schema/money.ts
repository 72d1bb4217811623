import { sql } from 'drizzle-orm'
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { cents, createdAt, idColumn, instant, jsonColumn, updatedAt } from './columns.ts'
import { orders } from './orders.ts'
import { users } from './users.ts'

/**
 * Money out and the books (issue 34): host payout runs with their SEPA credit-transfer file, and the
 * platform's monthly commission invoices (e-invoices). The ledger (payments.ts) stays the truth of
 * what is owed; these tables record what was paid out and what was billed.
 */

export const PAYOUT_RUN_STATUSES = ['Created', 'Executed'] as const
export type PayoutRunStatus = (typeof PAYOUT_RUN_STATUSES)[number]

/** One payout run: one payout per host above the minimum, and one pain.001 file for the platform's bank. */
export const payoutRuns = sqliteTable(
	'payout_runs',
	{
		id: idColumn(),
		/** The SEPA message id (pain.001 MsgId, ≤ 35 characters), also shown to the admin. */
		reference: text('reference').notNull(),
		trigger: text('trigger', { enum: ['schedule', 'manual'] }).notNull(),
		/** HostPayable ledger rows up to this instant are in the run. */
		cutoffAt: instant('cutoff_at').notNull(),
		status: text('status', { enum: PAYOUT_RUN_STATUSES }).notNull().default('Created'),
		payoutCount: integer('payout_count').notNull(),
		totalAmount: cents('total_amount').notNull(),
		/** The pain.001 XML as written at creation; never regenerated, so the file the bank got stays the file. */
		sepaXml: text('sepa_xml').notNull(),
		/** A manual run's form key, or `schedule:<ISO week>`: the same key again creates nothing. */
		idempotencyKey: text('idempotency_key'),
		createdById: text('created_by_id').references(() => users.id),
		createdAt: createdAt(),
		executedAt: instant('executed_at'),
		executedById: text('executed_by_id').references(() => users.id),
	},
	(table) => [
		uniqueIndex('payout_runs_reference_unique').on(table.reference),
		uniqueIndex('payout_runs_idempotency_unique')
			.on(table.idempotencyKey)
			.where(sql`idempotency_key IS NOT NULL`),
		index('payout_runs_status_idx').on(table.status, table.createdAt),
	],
)

/** What one host is paid in one run, with the account it goes to as it was at the run. */
export const hostPayouts = sqliteTable(
	'host_payouts',
	{
		id: idColumn(),
		runId: text('run_id')
			.notNull()
			.references(() => payoutRuns.id),
		hostId: text('host_id')
			.notNull()
			.references(() => users.id),
		/** Positive cents. */
		amount: cents('amount').notNull(),
		/** Snapshot of the host's payout IBAN and account holder at the run. */
		iban: text('iban').notNull(),
		accountHolder: text('account_holder').notNull(),
		/** pain.001 EndToEndId and the remittance text the host's bank statement shows. */
		endToEndId: text('end_to_end_id').notNull(),
		remittance: text('remittance').notNull(),
		/** The HostPayout journal (money_transactions.journal_id). */
		journalId: text('journal_id').notNull(),
		createdAt: createdAt(),
	},
	(table) => [
		uniqueIndex('host_payouts_run_host_unique').on(table.runId, table.hostId),
		index('host_payouts_host_idx').on(table.hostId, table.createdAt),
	],
)

export const INVOICE_KINDS = ['Invoice', 'Cancellation'] as const
export type InvoiceKind = (typeof INVOICE_KINDS)[number]
/**
 * Open: the host owes it (due date, GiroCode); Netted: deducted from what the platform pays out;
 * Paid: the host's transfer arrived; Cancelled: a cancellation invoice (Storno) reversed it.
 */
export const INVOICE_STATUSES = ['Open', 'Netted', 'Paid', 'Cancelled'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]
export const INVOICE_LINE_KINDS = ['Commission', 'ModuleFee', 'Fee'] as const
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number]

/** The parties of an invoice as they were when it was issued (§ 14 Abs. 4 UStG); issued invoices never change. */
export type InvoiceParty = {
	name: string
	street: string
	postalCode: string
	city: string
	countryCode: string
	vatId: string | null
	taxNumber: string | null
	email: string | null
	/** Seller: the platform's register entry and managing director; buyer: the host's tax status. */
	extra: Record<string, string>
}

/**
 * The platform's commission invoices to hosts and their cancellation invoices. Numbers are unique per
 * year (`SZ-2026-000123`), allocated in the IMMEDIATE transaction that writes the invoice. Amounts are
 * cents, negative on a cancellation invoice. Kept 10 years, also after the host deletes the account.
 */
export const invoices = sqliteTable(
	'invoices',
	{
		id: idColumn(),
		number: text('number').notNull(),
		year: integer('year').notNull(),
		sequence: integer('sequence').notNull(),
		kind: text('kind', { enum: INVOICE_KINDS }).notNull(),
		hostId: text('host_id')
			.notNull()
			.references(() => users.id),
		/** A cancellation invoice names the invoice it cancels. */
		cancelsInvoiceId: text('cancels_invoice_id'),
		/** The invoicing period (BG-14), Europe/Berlin calendar dates `YYYY-MM-DD`, both inclusive. */
		periodStart: text('period_start').notNull(),
		periodEnd: text('period_end').notNull(),
		issuedAt: instant('issued_at').notNull(),
		/** `YYYY-MM-DD` when the host pays by transfer; null when netted against a payout. */
		dueDate: text('due_date'),
		currency: text('currency').notNull().default('EUR'),
		netAmount: cents('net_amount').notNull(),
		/** VAT rate in basis points (1900 = 19 %). */
		vatRateBp: integer('vat_rate_bp').notNull(),
		vatAmount: cents('vat_amount').notNull(),
		grossAmount: cents('gross_amount').notNull(),
		status: text('status', { enum: INVOICE_STATUSES }).notNull(),
		/** The language the PDF and the e-mail are written in (the host's at issue). */
		locale: text('locale', { enum: ['de', 'en'] }).notNull(),
		seller: jsonColumn<InvoiceParty>('seller').notNull(),
		buyer: jsonColumn<InvoiceParty>('buyer').notNull(),
		/** The ledger journal the invoice posted (its VAT, fees), reversed by a cancellation. */
		journalId: text('journal_id'),
		paidAt: instant('paid_at'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(table) => [
		uniqueIndex('invoices_number_unique').on(table.number),
		uniqueIndex('invoices_year_sequence_unique').on(table.year, table.sequence),
		// One valid invoice per host and month: the monthly task and two concurrent runs cannot double-bill.
		uniqueIndex('invoices_host_period_active_unique')
			.on(table.hostId, table.periodStart)
			.where(sql`kind = 'Invoice' AND status <> 'Cancelled'`),
		index('invoices_host_idx').on(table.hostId, table.issuedAt),
		index('invoices_status_idx').on(table.status, table.dueDate),
		index('invoices_issued_idx').on(table.issuedAt),
	],
)

/** One line of an invoice: a completed order's commission, a module fee, another platform fee. */
export const invoiceLines = sqliteTable(
	'invoice_lines',
	{
		id: idColumn(),
		invoiceId: text('invoice_id')
			.notNull()
			.references(() => invoices.id),
		position: integer('position').notNull(),
		kind: text('kind', { enum: INVOICE_LINE_KINDS }).notNull(),
		/** No FK on purpose beyond orders: the line keeps its code and date if the order is ever anonymised. */
		orderId: text('order_id').references(() => orders.id),
		orderCode: text('order_code'),
		/** The service date (the order's check-in, Berlin) `YYYY-MM-DD`. */
		serviceDate: text('service_date'),
		description: text('description').notNull(),
		/** The order value the commission was computed from. */
		orderAmount: cents('order_amount'),
		/** Snapshot of the order's commission rate (basis points). */
		commissionRateBp: integer('commission_rate_bp'),
		netAmount: cents('net_amount').notNull(),
	},
	(table) => [
		uniqueIndex('invoice_lines_position_unique').on(table.invoiceId, table.position),
		index('invoice_lines_order_idx').on(table.orderId),
	],
)

/** The rendered files of an invoice (PDF/A-3 with the XML inside, and the CII XML alone) with their hash. */
export const invoiceDocuments = sqliteTable(
	'invoice_documents',
	{
		invoiceId: text('invoice_id')
			.notNull()
			.references(() => invoices.id),
		kind: text('kind', { enum: ['pdf', 'xml'] }).notNull(),
		content: blob('content', { mode: 'buffer' }).notNull(),
		/** SHA-256 hex of content. */
		sha256: text('sha256').notNull(),
		createdAt: createdAt(),
	},
	(table) => [primaryKey({ columns: [table.invoiceId, table.kind] })],
)
