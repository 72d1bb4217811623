import { createHash } from 'node:crypto'
import { and, asc, eq, gte, lt, max, ne, notExists, sql } from 'drizzle-orm'
import { orders } from '#db/schema/orders.ts'
import { invoiceDocuments, invoiceLines, invoices, type InvoiceParty } from '#db/schema/money.ts'
import { moneyTransactions } from '#db/schema/payments.ts'
import { users } from '#db/schema/users.ts'
import {
	addDays,
	localDateOf,
	parseLocalDate,
	startOfLocalDay,
	type LocalDate,
} from '#app/domain/berlin-time.ts'
import {
	formatInvoiceDate,
	invoiceNumber,
	invoiceTotals,
	monthPeriod,
	previousMonthPeriod,
	settlementOf,
} from '#app/domain/invoices.ts'
import {
	hostPaymentJournal,
	invoiceFeeJournal,
	invoiceVatJournal,
	type JournalLine,
} from '#app/domain/ledger.ts'
import type { SessionUser } from '#app/models/accounts/session.server.ts'
import { postJournal } from '#app/models/booking/order-money.server.ts'
import { recordAdminAudit } from '#app/models/platform/audit-log.server.ts'
import { getSetting } from '#app/models/platform/settings.server.ts'
import { AppError } from '#app/utils/api.server.ts'
import { assertAdmin } from '#app/utils/assert-admin.ts'
import { getDb, isUniqueConstraintError, type AppDatabase, type DbOrTx } from '#app/utils/db.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import {
	invoiceFileName,
	loadInvoiceRecord,
	type InvoiceLineRow,
	type InvoiceRow,
} from './invoice-data.server.ts'

export { invoiceFileName }
import { queueInvoiceEmail } from './invoice-emails.server.ts'
import { renderInvoicePdf } from './invoice-pdf.server.ts'
import { renderInvoiceXml } from './invoice-xml.server.ts'

/**
 * The platform's commission invoices to hosts (issue 34, ADR 0178, docs/subsystems/invoices.md).
 *
 * Creation: one IMMEDIATE transaction per host and month reads the month's completed orders, allocates
 * the number (max sequence of the year + 1), writes the invoice, its lines and ONE InvoiceCharge journal
 * (the VAT — the commission itself was booked net at settlement — plus fee lines), and decides Netted or
 * Open from the host's balance after the charge. The partial unique index (one valid invoice per host and
 * period) makes a second, concurrent run a no-op. The PDF and the XML are rendered after commit from the
 * stored rows (`renderInvoiceDocuments`): a failed render never uses up a number, and the task renders
 * whatever still lacks its documents. Issued invoices never change; `recreateInvoice` cancels one with a
 * Storno (its own number, type 384) and issues a new one from current data.
 */
type NewLine = Omit<typeof invoiceLines.$inferInsert, 'invoiceId' | 'id'>

export type InvoicePeriod = { start: LocalDate; end: LocalDate }

function nextSequence(year: number, db: DbOrTx): number {
	const row = db
		.select({ last: max(invoices.sequence) })
		.from(invoices)
		.where(eq(invoices.year, year))
		.get()
	return (row?.last ?? 0) + 1
}

/** Σ HostPayable of a host: negative = the platform owes the host (ADR 0042). */
export function hostPayableSum(hostId: string, db: DbOrTx = getDb()): number {
	const row = db
		.select({ sum: sql<number>`coalesce(sum(${moneyTransactions.amount}), 0)` })
		.from(moneyTransactions)
		.where(and(eq(moneyTransactions.account, 'HostPayable'), eq(moneyTransactions.hostId, hostId)))
		.get()
	return row?.sum ?? 0
}

function periodBounds(period: InvoicePeriod) {
	return {
		from: new Date(startOfLocalDay(period.start)),
		until: new Date(startOfLocalDay(addDays(period.end, 1))),
	}
}

/** Orders completed within the period (Berlin month): the stays an invoice bills. */
function completedIn(period: InvoicePeriod) {
	const { from, until } = periodBounds(period)
	return and(eq(orders.status, 'Completed'), gte(orders.completedAt, from), lt(orders.completedAt, until))
}

/**
 * Commission the platform kept on orders CANCELLED in the period (the guest's cancellation fee is
 * settled like a stay: commission to revenue, the rest to the host — order-transitions.server.ts), per
 * order from the ledger: the commission, and the retained amount it was computed from.
 */
function cancellationCommissions(period: InvoicePeriod, db: DbOrTx, hostId?: string) {
	const { from, until } = periodBounds(period)
	const revenue = sql`${moneyTransactions.kind} = 'Commission' AND ${moneyTransactions.account} = 'PlatformRevenue'`
	const hostShare = sql`${moneyTransactions.kind} = 'HostEarning' AND ${moneyTransactions.account} = 'HostPayable'`
	return db
		.select({
			id: orders.id,
			hostId: orders.hostId,
			code: orders.code,
			checkIn: orders.checkIn,
			rateBp: orders.commissionRateBp,
			commission: sql<number>`sum(CASE WHEN ${revenue} THEN -${moneyTransactions.amount} ELSE 0 END)`,
			retained: sql<number>`sum(CASE WHEN ${revenue} OR ${hostShare} THEN -${moneyTransactions.amount} ELSE 0 END)`,
		})
		.from(moneyTransactions)
		.innerJoin(orders, eq(orders.id, moneyTransactions.orderId))
		.where(
			and(
				eq(orders.status, 'Cancelled'),
				hostId ? eq(orders.hostId, hostId) : undefined,
				sql`${moneyTransactions.kind} IN ('Commission', 'HostEarning')`,
				gte(moneyTransactions.createdAt, from),
				lt(moneyTransactions.createdAt, until),
			),
		)
		.groupBy(orders.id)
		.having(sql`sum(CASE WHEN ${revenue} THEN -${moneyTransactions.amount} ELSE 0 END) > 0`)
		.all()
}

/**
 * The hosts to bill for the period: an order completed in it (they get an invoice, zero commission
 * too), or commission kept on an order cancelled in it.
 */
export function hostsToBill(period: InvoicePeriod, db: DbOrTx = getDb()): string[] {
	const completed = db
		.selectDistinct({ hostId: orders.hostId })
		.from(orders)
		.where(completedIn(period))
		.all()
		.map((row) => row.hostId)
	const cancelled = cancellationCommissions(period, db).map((row) => row.hostId)
	return [...new Set([...completed, ...cancelled])].sort()
}

/** One line per order completed in the period and per cancelled order whose fee carried commission. */
function commissionLines(hostId: string, period: InvoicePeriod, locale: 'de' | 'en', db: DbOrTx): NewLine[] {
	const t = looseT(getFixedT(locale))
	const completed = db
		.select({
			id: orders.id,
			code: orders.code,
			checkIn: orders.checkIn,
			totalAmount: orders.totalAmount,
			rateBp: orders.commissionRateBp,
			commission: orders.commissionAmount,
		})
		.from(orders)
		.where(and(eq(orders.hostId, hostId), completedIn(period)))
		.all()
		.map((order) => ({ ...order, key: 'invoices:lines.commission' }))
	const cancelled = cancellationCommissions(period, db, hostId).map((order) => ({
		id: order.id,
		code: order.code,
		checkIn: order.checkIn,
		totalAmount: order.retained,
		rateBp: order.rateBp,
		commission: order.commission,
		key: 'invoices:lines.cancellationCommission',
	}))
	return [...completed, ...cancelled]
		.sort((a, b) => a.checkIn.getTime() - b.checkIn.getTime() || a.code.localeCompare(b.code))
		.map((order, index) => {
			const serviceDate = localDateOf(order.checkIn.getTime())
			return {
				position: index + 1,
				kind: 'Commission' as const,
				orderId: order.id,
				orderCode: order.code,
				serviceDate,
				description: t(order.key, {
					code: order.code,
					date: formatInvoiceDate(serviceDate, locale),
				}),
				orderAmount: order.totalAmount,
				commissionRateBp: order.rateBp,
				netAmount: order.commission,
			}
		})
}

function countryCode(country: string | null): string {
	const value = (country ?? '').trim()
	if (/^[a-z]{2}$/i.test(value)) return value.toUpperCase()
	if (/^(österreich|austria)$/i.test(value)) return 'AT'
	if (/^(schweiz|switzerland)$/i.test(value)) return 'CH'
	return 'DE'
}

function sellerParty(db: DbOrTx): InvoiceParty {
	const company = getSetting('platformCompany', db)
	return {
		name: company.name,
		street: company.street,
		postalCode: company.postalCode,
		city: company.city,
		countryCode: company.countryCode,
		vatId: company.vatId || null,
		taxNumber: company.taxNumber || null,
		email: company.email || null,
		extra: {
			registerCourt: company.registerCourt,
			registerNumber: company.registerNumber,
			managingDirector: company.managingDirector,
			phone: company.phone,
		},
	}
}

type HostRow = typeof users.$inferSelect

function buyerParty(host: HostRow): InvoiceParty {
	const person = `${host.firstName} ${host.lastName}`.trim()
	return {
		name: host.companyName?.trim() || person || host.displayName,
		street: host.street ?? '',
		postalCode: host.postalCode ?? '',
		city: host.city ?? '',
		countryCode: countryCode(host.country),
		vatId: host.taxStatus === 'Standard' && host.vatId ? host.vatId : null,
		taxNumber: host.taxNumber || null,
		email: host.email,
		extra: { taxStatus: host.taxStatus, ...(host.companyName && person ? { contact: person } : {}) },
	}
}

/** Writes an invoice (or Storno), its lines and its InvoiceCharge journal; the caller's IMMEDIATE transaction. */
function writeInvoice(
	tx: DbOrTx,
	input: {
		kind: 'Invoice' | 'Cancellation'
		host: HostRow
		period: InvoicePeriod
		lines: NewLine[]
		now: Date
		cancels?: InvoiceRow
	},
): InvoiceRow {
	const { kind, host, period, lines, now, cancels } = input
	const issueDate = localDateOf(now.getTime())
	const year = parseLocalDate(issueDate).year
	const sequence = nextSequence(year, tx)
	const number = invoiceNumber(year, sequence)
	const rateBp = cancels ? cancels.vatRateBp : Math.round(getSetting('vatPercent', tx) * 100)
	const totals = invoiceTotals(
		lines.map((line) => line.netAmount),
		rateBp,
	)
	// A Storno reverses exactly what the original charged (its VAT as written, not recomputed).
	const vat = cancels ? -cancels.vatAmount : totals.vat
	const net = totals.net
	const fees = lines
		.filter((line) => line.kind !== 'Commission')
		.reduce((sum, line) => sum + line.netAmount, 0)
	const journal: JournalLine[] = [...invoiceVatJournal(vat), ...invoiceFeeJournal(fees)]
	let status: InvoiceRow['status'] = 'Cancelled'
	let dueDate: string | null = null
	if (kind === 'Invoice') {
		status = settlementOf(hostPayableSum(host.id, tx) + vat + fees)
		if (status === 'Open') dueDate = addDays(issueDate, getSetting('invoicePaymentDays', tx))
	}
	const invoice = tx
		.insert(invoices)
		.values({
			number,
			year,
			sequence,
			kind,
			hostId: host.id,
			cancelsInvoiceId: cancels?.id ?? null,
			periodStart: period.start,
			periodEnd: period.end,
			issuedAt: now,
			dueDate,
			netAmount: net,
			vatRateBp: rateBp,
			vatAmount: vat,
			grossAmount: net + vat,
			status,
			locale: cancels?.locale ?? host.langPreference,
			seller: cancels?.seller ?? sellerParty(tx),
			buyer: cancels?.buyer ?? buyerParty(host),
			createdAt: now,
			updatedAt: now,
		})
		.returning()
		.get()
	if (lines.length) {
		tx.insert(invoiceLines)
			.values(lines.map((line) => ({ ...line, invoiceId: invoice.id })))
			.run()
	}
	const journalId = postJournal(
		journal,
		{ orderId: null, hostId: host.id, description: `invoice ${number}`, now },
		tx,
	)
	if (journalId) tx.update(invoices).set({ journalId }).where(eq(invoices.id, invoice.id)).run()
	return { ...invoice, journalId }
}

function loadHost(hostId: string, db: DbOrTx): HostRow | undefined {
	return db.select().from(users).where(eq(users.id, hostId)).get()
}

function activeInvoice(hostId: string, periodStart: string, db: DbOrTx): InvoiceRow | undefined {
	return db
		.select()
		.from(invoices)
		.where(
			and(
				eq(invoices.hostId, hostId),
				eq(invoices.periodStart, periodStart),
				eq(invoices.kind, 'Invoice'),
				ne(invoices.status, 'Cancelled'),
			),
		)
		.get()
}

/**
 * One host's invoice for a period in ONE IMMEDIATE transaction on `db` (a second connection in the
 * concurrency test). Null when the host already has a valid invoice for the period (a second run) or had
 * no completed order in it.
 */
export function createHostInvoice(
	hostId: string,
	period: InvoicePeriod,
	now: Date,
	db: AppDatabase = getDb(),
): InvoiceRow | null {
	try {
		return db.transaction(
			(tx) => {
				if (activeInvoice(hostId, period.start, tx)) return null
				const host = loadHost(hostId, tx)
				if (!host) return null
				const lines = commissionLines(hostId, period, host.langPreference, tx)
				if (lines.length === 0) return null
				return writeInvoice(tx, { kind: 'Invoice', host, period, lines, now })
			},
			{ behavior: 'immediate' },
		)
	} catch (error) {
		// Another process wrote the period's invoice in between (the partial unique index): nothing to do.
		if (isUniqueConstraintError(error)) return null
		throw error
	}
}

/** SHA-256 hex of a document. */
export function sha256(content: Buffer): string {
	return createHash('sha256').update(content).digest('hex')
}

/**
 * Renders an invoice's XML and PDF/A-3 from its stored rows and stores both with their hashes; the first
 * time also queues the e-mail to the host with the PDF attached (same transaction: never twice). Returns
 * false when the documents already exist.
 */
export function renderInvoiceDocuments(invoiceId: string, db: AppDatabase = getDb()): boolean {
	const record = loadInvoiceRecord(invoiceId, db)
	if (!record) return false
	const existing = db
		.select({ kind: invoiceDocuments.kind })
		.from(invoiceDocuments)
		.where(eq(invoiceDocuments.invoiceId, invoiceId))
		.all()
	if (existing.length >= 2) return false
	const xml = Buffer.from(renderInvoiceXml(record), 'utf8')
	const pdf = renderInvoicePdf(record, xml)
	const now = new Date()
	return db.transaction(
		(tx) => {
			const inserted = tx
				.insert(invoiceDocuments)
				.values([
					{ invoiceId, kind: 'xml', content: xml, sha256: sha256(xml), createdAt: now },
					{ invoiceId, kind: 'pdf', content: pdf, sha256: sha256(pdf), createdAt: now },
				])
				.onConflictDoNothing()
				.run()
			if (inserted.changes === 0) return false
			queueInvoiceEmail(tx, record, pdf)
			return true
		},
		{ behavior: 'immediate' },
	)
}

/** Invoices without their documents (a failed or interrupted render), oldest first. */
export function invoicesWithoutDocuments(db: DbOrTx = getDb(), limit = 200): string[] {
	return db
		.select({ id: invoices.id })
		.from(invoices)
		.where(
			notExists(
				db
					.select({ one: sql`1` })
					.from(invoiceDocuments)
					.where(and(eq(invoiceDocuments.invoiceId, invoices.id), eq(invoiceDocuments.kind, 'pdf'))),
			),
		)
		.orderBy(asc(invoices.issuedAt))
		.limit(limit)
		.all()
		.map((row) => row.id)
}

/** Renders what lacks documents; a failing one is logged by the caller and retried on the next run. */
export function renderMissingDocuments(db: AppDatabase = getDb()): { rendered: number; failed: string[] } {
	let rendered = 0
	const failed: string[] = []
	for (const id of invoicesWithoutDocuments(db)) {
		try {
			if (renderInvoiceDocuments(id, db)) rendered++
		} catch (error) {
			failed.push(`${id}: ${error instanceof Error ? error.message : String(error)}`)
		}
	}
	return { rendered, failed }
}

/**
 * The monthly run (task `commission-invoices`): the previous month's invoice of every host with completed
 * orders (a run later in the month catches up), then the documents of everything still unrendered.
 */
export function createMonthlyInvoices(now: Date, db: AppDatabase = getDb()) {
	const period = previousMonthPeriod(localDateOf(now.getTime()))
	const created: InvoiceRow[] = []
	for (const hostId of hostsToBill(period, db)) {
		const invoice = createHostInvoice(hostId, period, now, db)
		if (invoice) created.push(invoice)
	}
	const documents = renderMissingDocuments(db)
	return { period, created, ...documents }
}

// ── admin: recreate, mark paid ────────────────────────────────────────────────

export function invoiceNotFound(): AppError {
	return new AppError(404, 'InvoiceNotFound', { messageKey: 'invoices:errors.notFound' })
}

/**
 * Cancels a valid invoice with a Storno (negative copy of its lines, own number, type 384; the original →
 * Cancelled, its charge reversed) and issues a new invoice for the same host and period from current data
 * (none when the period has no completed order any more). One IMMEDIATE transaction; documents after.
 */
export function recreateInvoice(
	admin: SessionUser,
	invoiceId: string,
	now = new Date(),
): { cancellation: InvoiceRow; invoice: InvoiceRow | null } {
	assertAdmin(admin)
	const result = getDb().transaction(
		(tx) => {
			const original = tx.select().from(invoices).where(eq(invoices.id, invoiceId)).get()
			if (!original) throw invoiceNotFound()
			if (original.kind !== 'Invoice' || original.status === 'Cancelled') {
				throw new AppError(409, 'InvoiceNotRecreatable', { messageKey: 'invoices:errors.notRecreatable' })
			}
			const host = loadHost(original.hostId, tx)
			if (!host) throw invoiceNotFound()
			const lines = tx
				.select()
				.from(invoiceLines)
				.where(eq(invoiceLines.invoiceId, original.id))
				.orderBy(asc(invoiceLines.position))
				.all()
			tx.update(invoices)
				.set({ status: 'Cancelled', updatedAt: now })
				.where(eq(invoices.id, original.id))
				.run()
			const period = { start: original.periodStart, end: original.periodEnd }
			const cancellation = writeInvoice(tx, {
				kind: 'Cancellation',
				host,
				period,
				lines: lines.map(({ id: _id, invoiceId: _invoice, ...line }: InvoiceLineRow) => ({
					...line,
					netAmount: -line.netAmount,
				})),
				now,
				cancels: original,
			})
			const fresh = commissionLines(host.id, period, host.langPreference, tx)
			const invoice = fresh.length
				? writeInvoice(tx, { kind: 'Invoice', host, period, lines: fresh, now })
				: null
			recordAdminAudit(tx, {
				admin,
				action: 'invoice.recreate',
				entityType: 'invoice',
				entityId: original.id,
				changes: {
					status: { before: original.status, after: 'Cancelled' },
					cancellation: { before: null, after: cancellation.number },
					invoice: { before: original.number, after: invoice?.number ?? null },
				},
				now,
			})
			return { cancellation, invoice }
		},
		{ behavior: 'immediate' },
	)
	renderInvoiceDocuments(result.cancellation.id)
	if (result.invoice) renderInvoiceDocuments(result.invoice.id)
	return result
}

/** Every valid invoice of the month a date lies in, recreated (spec §7 RecreateAllInvoices). */
export function recreateAllInvoices(admin: SessionUser, dateString: LocalDate, now = new Date()) {
	assertAdmin(admin)
	const period = monthPeriod(dateString)
	const ids = getDb()
		.select({ id: invoices.id })
		.from(invoices)
		.where(
			and(
				eq(invoices.periodStart, period.start),
				eq(invoices.kind, 'Invoice'),
				ne(invoices.status, 'Cancelled'),
			),
		)
		.orderBy(asc(invoices.sequence))
		.all()
	return ids.map(({ id }) => recreateInvoice(admin, id, now))
}

/** An open invoice's transfer arrived: Paid, the HostPayment journal posted; a second call changes nothing. */
export function markInvoicePaid(admin: SessionUser, invoiceId: string, now = new Date()): InvoiceRow {
	assertAdmin(admin)
	return getDb().transaction(
		(tx) => {
			const invoice = tx.select().from(invoices).where(eq(invoices.id, invoiceId)).get()
			if (!invoice) throw invoiceNotFound()
			if (invoice.status === 'Paid') return invoice
			if (invoice.status !== 'Open') {
				throw new AppError(409, 'InvoiceNotOpen', { messageKey: 'invoices:errors.notOpen' })
			}
			postJournal(
				hostPaymentJournal(invoice.grossAmount),
				{ orderId: null, hostId: invoice.hostId, description: `invoice ${invoice.number} paid`, now },
				tx,
			)
			tx.update(invoices)
				.set({ status: 'Paid', paidAt: now, updatedAt: now })
				.where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'Open')))
				.run()
			recordAdminAudit(tx, {
				admin,
				action: 'invoice.markPaid',
				entityType: 'invoice',
				entityId: invoice.id,
				changes: { status: { before: 'Open', after: 'Paid' } },
				now,
			})
			return { ...invoice, status: 'Paid' as const, paidAt: now }
		},
		{ behavior: 'immediate' },
	)
}

// ── reading ───────────────────────────────────────────────────────────────────

export function invoiceLinesOf(invoiceId: string, db: DbOrTx = getDb()): InvoiceLineRow[] {
	return db
		.select()
		.from(invoiceLines)
		.where(eq(invoiceLines.invoiceId, invoiceId))
		.orderBy(asc(invoiceLines.position))
		.all()
}

/** The stored PDF or XML of an invoice, or null. */
export function invoiceDocument(invoiceId: string, kind: 'pdf' | 'xml', db: DbOrTx = getDb()) {
	return (
		db
			.select()
			.from(invoiceDocuments)
			.where(and(eq(invoiceDocuments.invoiceId, invoiceId), eq(invoiceDocuments.kind, kind)))
			.get() ?? null
	)
}

/** Admin API `Invoice`: a host's invoices (and Stornos) of the month a date lies in, with their lines. */
export function hostMonthInvoices(admin: SessionUser, hostUserId: string, dateString: LocalDate) {
	assertAdmin(admin)
	const period = monthPeriod(dateString)
	if (!loadHost(hostUserId, getDb())) {
		throw new AppError(404, 'UserNotFound', { messageKey: 'account:errors.userNotFound' })
	}
	return getDb()
		.select()
		.from(invoices)
		.where(and(eq(invoices.hostId, hostUserId), eq(invoices.periodStart, period.start)))
		.orderBy(asc(invoices.sequence))
		.all()
		.map((invoice) => ({ ...invoice, lines: invoiceLinesOf(invoice.id) }))
}

// ── the host's back office ────────────────────────────────────────────────────

export type HostInvoiceItem = Pick<
	InvoiceRow,
	'id' | 'number' | 'kind' | 'periodStart' | 'periodEnd' | 'grossAmount' | 'status' | 'dueDate'
> & { issuedAt: number; hasDocuments: boolean }

/** A host's own invoices and Stornos, newest first (/host/invoices). */
export function listHostInvoices(host: Pick<SessionUser, 'id'>, db: DbOrTx = getDb()): HostInvoiceItem[] {
	return db
		.select({
			id: invoices.id,
			number: invoices.number,
			kind: invoices.kind,
			periodStart: invoices.periodStart,
			periodEnd: invoices.periodEnd,
			grossAmount: invoices.grossAmount,
			status: invoices.status,
			dueDate: invoices.dueDate,
			issuedAt: invoices.issuedAt,
			documents: sql<number>`(SELECT count(*) FROM invoice_documents d WHERE d.invoice_id = ${invoices.id})`,
		})
		.from(invoices)
		.where(eq(invoices.hostId, host.id))
		.orderBy(sql`${invoices.periodStart} DESC`, sql`${invoices.sequence} DESC`)
		.all()
		.map(({ documents, issuedAt, ...row }) => ({
			...row,
			issuedAt: issuedAt.getTime(),
			hasDocuments: documents >= 2,
		}))
}

/**
 * A stored PDF or XML for a download: the host only their own invoice's, an admin any (others: 404,
 * as if it did not exist). Returns the bytes and the file name in the invoice's language.
 */
export function downloadInvoiceDocument(
	caller: Pick<SessionUser, 'id' | 'role'>,
	invoiceId: string,
	kind: 'pdf' | 'xml',
): { content: Buffer; fileName: string; sha256: string } {
	const invoice = getDb().select().from(invoices).where(eq(invoices.id, invoiceId)).get()
	if (!invoice || (caller.role !== 'Admin' && invoice.hostId !== caller.id)) throw invoiceNotFound()
	const document = invoiceDocument(invoiceId, kind)
	if (!document)
		throw new AppError(404, 'InvoiceDocumentMissing', { messageKey: 'invoices:errors.noDocument' })
	return { content: document.content, fileName: invoiceFileName(invoice, kind), sha256: document.sha256 }
}
