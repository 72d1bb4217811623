import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm'
import { hostPayouts, PAYOUT_RUN_STATUSES, payoutRuns } from '#db/schema/money.ts'
import { orders } from '#db/schema/orders.ts'
import { moneyTransactions } from '#db/schema/payments.ts'
import { users } from '#db/schema/users.ts'
import { createId } from '#db/schema/columns.ts'
import { addDays, localDateOf, isoWeekday } from '#app/domain/berlin-time.ts'
import { hostAdjustmentJournal, hostPayoutJournal } from '#app/domain/ledger.ts'
import { absoluteUrl, deliverSoon } from '#app/models/accounts/account-emails.server.ts'
import { postJournal } from '#app/models/booking/order-money.server.ts'
import { listAuditEntries, recordAdminAudit } from '#app/models/platform/audit-log.server.ts'
import { getSetting } from '#app/models/platform/settings.server.ts'
import { isValidIban, maskIban } from '#app/schemas/host-editor.ts'
import { AppError } from '#app/utils/app-error.ts'
import { assertAdmin } from '#app/utils/assert-admin.ts'
import {
	defineDataTable,
	runTableQuery,
	type ListPage,
	type TableQuery,
} from '#app/utils/data-table.server.ts'
import { getDb, immediateTransaction, type DbOrTx, type Transaction } from '#app/utils/db.server.ts'
import { queueEmail, renderEmailLayout } from '#app/utils/email.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { buildPain001, nextBusinessDay } from './sepa-file.server.ts'

/**
 * Host balances and payout runs (issue 34, ADR 0177, docs/subsystems/payouts.md).
 *
 * A host's balance is what the ledger owes them: −Σ of their HostPayable rows (their share of paid,
 * completed or cancelled-with-retention orders, gift-voucher-paid ones included, less on-site
 * commissions, invoice charges, ± adjustments, − payouts). The open amount of a run is −Σ of the
 * host's rows not yet settled (`payout_id IS NULL`) up to the cutoff. A run pays every host whose open
 * amount reaches the minimum and who has a valid payout IBAN — in ONE IMMEDIATE transaction: the
 * payout rows, their HostPayout journals, the settled marks and the pain.001 file stored on the run.
 * Since a payout settles exactly the rows it sums (its own row included), settled rows sum to zero
 * and the balance always equals the unsettled rows' sum: a second run finds nothing to pay twice.
 */
type Caller = { id: string; role: string }
export type PayoutRunRow = typeof payoutRuns.$inferSelect

/** Why a host with an open amount is not paid in a run. */
export type PayoutSkipReason = 'noIban' | 'belowMinimum' | 'negative'

export type HostBalance = {
	hostId: string
	name: string
	email: string
	/** −Σ HostPayable rows: positive = the platform owes the host. */
	balance: number
	/** The part not yet paid out up to the cutoff. */
	open: number
	hasIban: boolean
	maskedIban: string | null
	/** null: the next run pays it. */
	skipReason: PayoutSkipReason | null
}

/** The ISO week of a Berlin date, `2026-W48`: the scheduled run's idempotency key is `schedule:<week>`. */
export function isoWeekOf(date: string): string {
	const thursday = addDays(date, 4 - isoWeekday(date))
	const year = Number(thursday.slice(0, 4))
	const jan1 = Date.UTC(year, 0, 1)
	const day = Math.floor((Date.parse(`${thursday}T00:00:00Z`) - jan1) / 86_400_000)
	return `${year}-W${String(Math.floor(day / 7) + 1).padStart(2, '0')}`
}

export function accountHolderOf(host: {
	companyName: string | null
	firstName: string
	lastName: string
	displayName: string
}): string {
	return host.companyName?.trim() || `${host.firstName} ${host.lastName}`.trim() || host.displayName
}

function skipReasonOf(open: number, hasIban: boolean, minimum: number): PayoutSkipReason | null {
	if (open < 0) return 'negative'
	if (open === 0 || open < minimum) return 'belowMinimum'
	if (!hasIban) return 'noIban'
	return null
}

/** Every host with a ledger row: balance, open amount up to `cutoff`, IBAN and why a run would skip them. */
export function hostBalances(cutoff: Date, db: DbOrTx = getDb(), hostId?: string): HostBalance[] {
	const minimum = getSetting('payoutSchedule', db).minimumCents
	const rows = db
		.select({
			hostId: moneyTransactions.hostId,
			balance: sql<number>`-coalesce(sum(${moneyTransactions.amount}), 0)`,
			open: sql<number>`-coalesce(sum(CASE WHEN ${moneyTransactions.payoutId} IS NULL AND ${moneyTransactions.createdAt} <= ${cutoff.getTime()} THEN ${moneyTransactions.amount} ELSE 0 END), 0)`,
			companyName: users.companyName,
			firstName: users.firstName,
			lastName: users.lastName,
			displayName: users.displayName,
			email: users.email,
			payoutIban: users.payoutIban,
		})
		.from(moneyTransactions)
		.innerJoin(users, eq(users.id, moneyTransactions.hostId))
		.where(
			and(
				eq(moneyTransactions.account, 'HostPayable'),
				hostId ? eq(moneyTransactions.hostId, hostId) : undefined,
			),
		)
		.groupBy(moneyTransactions.hostId)
		.orderBy(asc(users.displayName), asc(users.id))
		.all()
	return rows.map((row) => {
		const hasIban = Boolean(row.payoutIban && isValidIban(row.payoutIban))
		return {
			hostId: row.hostId ?? '',
			name: accountHolderOf(row),
			email: row.email,
			balance: row.balance,
			open: row.open,
			hasIban,
			maskedIban: maskIban(row.payoutIban),
			skipReason: skipReasonOf(row.open, hasIban, minimum),
		}
	})
}

/** What a run now would pay: the hosts, the total, the skipped ones (the confirmation of the form). */
export function previewPayoutRun(admin: Caller, now: Date = new Date()) {
	assertAdmin(admin)
	const balances = hostBalances(now)
	const paid = balances.filter((host) => host.skipReason === null)
	return {
		hostCount: paid.length,
		total: paid.reduce((sum, host) => sum + host.open, 0),
		minimum: getSetting('payoutSchedule').minimumCents,
		balances,
	}
}

function runReference(now: Date): string {
	const date = localDateOf(now.getTime()).replaceAll('-', '')
	const random = createId()
		.replace(/[^A-Za-z0-9]/g, '')
		.slice(0, 6)
		.toUpperCase()
	return `SZP-${date}-${random}`
}

export type CreatePayoutRunResult =
	| { outcome: 'created'; run: PayoutRunRow }
	| { outcome: 'repeated'; run: PayoutRunRow }
	| { outcome: 'nothingToPay' }

/**
 * Creates a payout run (ADR 0177) in one IMMEDIATE transaction: the same idempotency key again
 * returns the first run; otherwise every host whose open amount reaches the minimum and who has a
 * valid IBAN gets a payout, a HostPayout journal and their open rows settled; the pain.001 file is
 * written and stored with the run. Nobody to pay: no run (an empty file is no valid pain.001).
 */
export function createPayoutRun(
	caller: Caller | null,
	input: { idempotencyKey: string; trigger: 'schedule' | 'manual' },
	options: { now?: number } = {},
): CreatePayoutRunResult {
	if (caller) assertAdmin(caller)
	const now = new Date(options.now ?? Date.now())
	const result = immediateTransaction((tx): CreatePayoutRunResult => {
		const earlier = tx
			.select()
			.from(payoutRuns)
			.where(eq(payoutRuns.idempotencyKey, input.idempotencyKey))
			.get()
		if (earlier) return { outcome: 'repeated', run: earlier }
		const eligible = hostBalances(now, tx).filter((host) => host.skipReason === null)
		if (eligible.length === 0) return { outcome: 'nothingToPay' }
		const balances = new Map(eligible.map((host) => [host.hostId, host.open]))
		const hosts = tx
			.select({
				id: users.id,
				companyName: users.companyName,
				firstName: users.firstName,
				lastName: users.lastName,
				displayName: users.displayName,
				payoutIban: users.payoutIban,
			})
			.from(users)
			.where(inArray(users.id, [...balances.keys()]))
			.orderBy(asc(users.id))
			.all()
		const reference = runReference(now)
		const remittance = `Spielzimmer Auszahlung ${reference}`
		const payouts = hosts
			.map((host, index) => ({
				id: createId(),
				hostId: host.id,
				amount: balances.get(host.id) ?? 0,
				iban: (host.payoutIban ?? '').replace(/\s+/g, '').toUpperCase(),
				accountHolder: accountHolderOf(host),
				endToEndId: `${reference}-${index + 1}`,
				remittance,
			}))
			.filter((payout) => payout.amount > 0)
		const bank = getSetting('bankDetails', tx)
		const company = getSetting('platformCompany', tx)
		const sepaXml = buildPain001({
			messageId: reference,
			createdAt: now,
			executionDate: nextBusinessDay(now),
			debtor: { name: company.name || bank.accountHolder, iban: bank.iban, bic: bank.bic },
			transfers: payouts.map((payout) => ({
				endToEndId: payout.endToEndId,
				amount: payout.amount,
				creditorName: payout.accountHolder,
				creditorIban: payout.iban,
				remittance: payout.remittance,
			})),
		})
		const run = tx
			.insert(payoutRuns)
			.values({
				reference,
				trigger: input.trigger,
				cutoffAt: now,
				status: 'Created',
				payoutCount: payouts.length,
				totalAmount: payouts.reduce((sum, payout) => sum + payout.amount, 0),
				sepaXml,
				idempotencyKey: input.idempotencyKey,
				createdById: caller?.id ?? null,
				createdAt: now,
			})
			.returning()
			.get()
		for (const payout of payouts) {
			const journalId = postJournal(
				hostPayoutJournal(payout.amount),
				{ orderId: null, hostId: payout.hostId, description: reference, now },
				tx,
			)
			if (!journalId) throw new Error('payout without journal')
			tx.insert(hostPayouts)
				.values({ ...payout, runId: run.id, journalId, createdAt: now })
				.run()
			tx.update(moneyTransactions)
				.set({ payoutId: payout.id })
				.where(
					and(
						eq(moneyTransactions.account, 'HostPayable'),
						eq(moneyTransactions.hostId, payout.hostId),
						isNull(moneyTransactions.payoutId),
						or(lte(moneyTransactions.createdAt, now), eq(moneyTransactions.journalId, journalId)),
					),
				)
				.run()
		}
		if (caller) {
			recordAdminAudit(tx, {
				admin: caller,
				action: 'payoutRun.create',
				entityType: 'payoutRun',
				entityId: run.id,
				changes: {
					reference: { before: null, after: reference },
					payoutCount: { before: null, after: run.payoutCount },
					totalAmount: { before: null, after: run.totalAmount },
				},
				now,
			})
		}
		return { outcome: 'created', run }
	})
	return result
}

function payoutRunNotFound() {
	return new AppError(404, 'NotFound', { messageKey: 'payouts:errors.notFound' })
}

/**
 * An admin marks a run as executed (the file went to the bank): idempotent — an executed run stays
 * as it is and sends nothing again. Each paid host gets "your payout is on its way" in their language.
 */
export function markPayoutRunExecuted(admin: Caller, runId: string, options: { now?: number } = {}) {
	assertAdmin(admin)
	const now = new Date(options.now ?? Date.now())
	const result = immediateTransaction((tx) => {
		const run = tx.select().from(payoutRuns).where(eq(payoutRuns.id, runId)).get()
		if (!run) throw payoutRunNotFound()
		if (run.status === 'Executed') return { run, changed: false, emails: [] as string[] }
		const updated = tx
			.update(payoutRuns)
			.set({ status: 'Executed', executedAt: now, executedById: admin.id })
			.where(and(eq(payoutRuns.id, runId), eq(payoutRuns.status, 'Created')))
			.returning()
			.get()
		recordAdminAudit(tx, {
			admin,
			action: 'payoutRun.execute',
			entityType: 'payoutRun',
			entityId: runId,
			changes: { status: { before: run.status, after: 'Executed' } },
			now,
		})
		const emails = payoutsOfRun(runId, tx).map((payout) => queuePayoutEmail(tx, updated, payout))
		return { run: updated, changed: true, emails }
	})
	deliverSoon(result.emails)
	return { run: result.run, changed: result.changed }
}

function payoutsOfRun(runId: string, db: DbOrTx) {
	return db
		.select({
			id: hostPayouts.id,
			hostId: hostPayouts.hostId,
			amount: hostPayouts.amount,
			iban: hostPayouts.iban,
			accountHolder: hostPayouts.accountHolder,
			endToEndId: hostPayouts.endToEndId,
			hostName: users.displayName,
			hostEmail: users.email,
			locale: users.langPreference,
		})
		.from(hostPayouts)
		.innerJoin(users, eq(users.id, hostPayouts.hostId))
		.where(eq(hostPayouts.runId, runId))
		.orderBy(asc(hostPayouts.endToEndId))
		.all()
}

function queuePayoutEmail(
	tx: Transaction,
	run: PayoutRunRow,
	payout: ReturnType<typeof payoutsOfRun>[number],
): string {
	const locale = payout.locale
	const t = looseT(getFixedT(locale))
	const amount = formatAmount(payout.amount, locale)
	const { text, html } = renderEmailLayout({
		locale,
		heading: t('payouts:email.heading', { amount }),
		paragraphs: [t('payouts:email.body', { amount, iban: maskIban(payout.iban) ?? '' })],
		details: [
			{ label: t('payouts:fields.amount'), value: amount },
			{ label: t('payouts:fields.iban'), value: maskIban(payout.iban) ?? '' },
			{ label: t('payouts:fields.reference'), value: run.reference },
		],
		action: { label: t('payouts:email.action'), url: absoluteUrl('/host/payouts', locale) },
		footer: t('payouts:email.footer'),
	})
	return queueEmail(
		{
			to: payout.hostEmail,
			subject: t('payouts:email.subject', { amount }),
			text,
			html,
			template: 'payout.executed',
			locale,
		},
		tx,
	)
}

/**
 * An admin's correction of a host's balance (± cents, with a reason): a HostAdjustment journal whose
 * id comes from the form's key, so the same submit twice books once; audited on the host.
 */
export function adjustHostBalance(
	admin: Caller,
	input: { hostId: string; amount: number; reason: string; idempotencyKey: string },
	options: { now?: number } = {},
) {
	assertAdmin(admin)
	const now = new Date(options.now ?? Date.now())
	return immediateTransaction((tx) => {
		const journalId = `adj-${input.idempotencyKey}`
		const earlier = tx
			.select({ id: moneyTransactions.id })
			.from(moneyTransactions)
			.where(eq(moneyTransactions.journalId, journalId))
			.get()
		if (earlier) return { changed: false }
		const host = tx
			.select({ id: users.id })
			.from(users)
			.where(and(eq(users.id, input.hostId), eq(users.role, 'Owner')))
			.get()
		if (!host) {
			throw new AppError(400, 'ValidationError', {
				messageKey: 'payouts:errors.host',
				fields: { hostId: ['payouts:errors.host'] },
			})
		}
		postJournal(
			hostAdjustmentJournal(input.amount),
			{ orderId: null, hostId: input.hostId, description: input.reason, now, journalId },
			tx,
		)
		recordAdminAudit(tx, {
			admin,
			action: 'hostBalance.adjust',
			entityType: 'user',
			entityId: input.hostId,
			changes: { balanceAdjustment: { before: null, after: input.amount } },
			reason: input.reason,
			now,
		})
		return { changed: true }
	})
}

// ── The admin's list of runs (data table) ─────────────────────────────────────

const runColumns = {
	id: payoutRuns.id,
	reference: payoutRuns.reference,
	trigger: payoutRuns.trigger,
	status: payoutRuns.status,
	payoutCount: payoutRuns.payoutCount,
	totalAmount: payoutRuns.totalAmount,
	createdAt: payoutRuns.createdAt,
	executedAt: payoutRuns.executedAt,
}
type RunListRow = {
	id: string
	reference: string
	trigger: 'schedule' | 'manual'
	status: (typeof PAYOUT_RUN_STATUSES)[number]
	payoutCount: number
	totalAmount: number
	createdAt: Date
	executedAt: Date | null
}
const toRunItem = (row: RunListRow) => ({
	...row,
	createdAt: row.createdAt.getTime(),
	executedAt: row.executedAt?.getTime() ?? null,
})
export type PayoutRunItem = ReturnType<typeof toRunItem>

export const payoutRunTable = defineDataTable({
	id: 'payout-runs',
	csvFile: 'admin:table.files.payoutRuns',
	columns: {
		reference: {
			label: 'payouts:columns.reference',
			sort: payoutRuns.reference,
			csv: (item: PayoutRunItem) => item.reference,
		},
		createdAt: {
			label: 'payouts:columns.createdAt',
			sort: payoutRuns.createdAt,
			csv: (item, _t, format) => format.instant(item.createdAt),
			csvTime: true,
		},
		trigger: {
			label: 'payouts:columns.trigger',
			csv: (item, t) => t(`payouts:triggers.${item.trigger}`),
		},
		status: {
			label: 'payouts:columns.status',
			sort: payoutRuns.status,
			csv: (item, t) => t(`payouts:statuses.${item.status}`),
		},
		payoutCount: {
			label: 'payouts:columns.payoutCount',
			sort: payoutRuns.payoutCount,
			csv: (item) => item.payoutCount,
		},
		totalAmount: {
			label: 'payouts:columns.totalAmount',
			sort: payoutRuns.totalAmount,
			csv: (item, _t, format) => format.money(item.totalAmount),
		},
		executedAt: {
			label: 'payouts:columns.executedAt',
			csv: (item, _t, format) => format.instant(item.executedAt),
			csvTime: true,
		},
	},
	filters: {
		status: {
			kind: 'enum',
			column: payoutRuns.status,
			values: PAYOUT_RUN_STATUSES,
			label: 'payouts:columns.status',
			optionLabel: 'payouts:statuses.',
		},
		createdAt: { kind: 'dateRange', column: payoutRuns.createdAt, label: 'payouts:columns.createdAt' },
	},
	search: [payoutRuns.reference],
	defaultSort: 'createdAt:desc',
	tiebreaker: payoutRuns.id,
	defaultPerPage: 25,
	keyTable: payoutRuns,
	rows: (db: DbOrTx) => db.select(runColumns).from(payoutRuns).$dynamic(),
	count: (db: DbOrTx) => db.select({ n: count() }).from(payoutRuns).$dynamic(),
	toItem: toRunItem,
})

export function listPayoutRuns(actor: { role: string }, query: TableQuery): ListPage<PayoutRunItem> {
	assertAdmin(actor)
	return runTableQuery(payoutRunTable, query)
}

/** One run for its admin page: the facts, the payouts (IBAN masked) and, while Created, who it left out. */
export function getPayoutRun(admin: Caller, runId: string, db: DbOrTx = getDb()) {
	assertAdmin(admin)
	const run = db.select(runColumns).from(payoutRuns).where(eq(payoutRuns.id, runId)).get()
	if (!run) throw payoutRunNotFound()
	const full = db
		.select({ cutoffAt: payoutRuns.cutoffAt })
		.from(payoutRuns)
		.where(eq(payoutRuns.id, runId))
		.get()
	const payouts = payoutsOfRun(runId, db).map((payout) => ({
		id: payout.id,
		hostId: payout.hostId,
		hostName: payout.hostName,
		accountHolder: payout.accountHolder,
		maskedIban: maskIban(payout.iban),
		amount: payout.amount,
		endToEndId: payout.endToEndId,
	}))
	const paid = new Set(payouts.map((payout) => payout.hostId))
	return {
		run: { ...toRunItem(run), cutoffAt: full?.cutoffAt.getTime() ?? 0 },
		payouts,
		// Computed now, not stored: the hosts with an open amount the run did not pay, and why (ADR 0177).
		skipped: hostBalances(new Date(), db).filter(
			(host) => !paid.has(host.hostId) && host.skipReason !== null && host.open !== 0,
		),
		history: listAuditEntries('payoutRun', runId, {}, db),
	}
}

/** The stored pain.001 of a run and its file name (`sepa-auszahlungen-<date>.xml` / `sepa-payouts-<date>.xml`). */
export function getPayoutRunFile(admin: Caller, runId: string, locale: 'de' | 'en') {
	assertAdmin(admin)
	const run = getDb()
		.select({ sepaXml: payoutRuns.sepaXml, createdAt: payoutRuns.createdAt })
		.from(payoutRuns)
		.where(eq(payoutRuns.id, runId))
		.get()
	if (!run) throw payoutRunNotFound()
	const date = localDateOf(run.createdAt.getTime())
	return {
		xml: run.sepaXml,
		fileName: `${locale === 'de' ? 'sepa-auszahlungen' : 'sepa-payouts'}-${date}.xml`,
	}
}

// ── The host's view ──────────────────────────────────────────────────────────

function ledgerLinesOf(hostId: string, payoutIds: string[] | null, db: DbOrTx) {
	return db
		.select({
			id: moneyTransactions.id,
			payoutId: moneyTransactions.payoutId,
			kind: moneyTransactions.kind,
			amount: moneyTransactions.amount,
			createdAt: moneyTransactions.createdAt,
			orderId: orders.id,
			orderCode: orders.code,
			checkIn: orders.checkIn,
			description: moneyTransactions.description,
		})
		.from(moneyTransactions)
		.leftJoin(orders, eq(orders.id, moneyTransactions.orderId))
		.where(
			and(
				eq(moneyTransactions.account, 'HostPayable'),
				eq(moneyTransactions.hostId, hostId),
				payoutIds === null
					? isNull(moneyTransactions.payoutId)
					: payoutIds.length
						? inArray(moneyTransactions.payoutId, payoutIds)
						: sql`0`,
				sql`${moneyTransactions.kind} <> 'HostPayout'`,
			),
		)
		.orderBy(asc(moneyTransactions.createdAt), asc(moneyTransactions.id))
		.all()
		.map((row) => ({
			id: row.id,
			payoutId: row.payoutId,
			kind: row.kind,
			// The host's view: positive = owed to them.
			amount: -row.amount,
			createdAt: row.createdAt.getTime(),
			orderId: row.orderId,
			orderCode: row.orderCode,
			checkIn: row.checkIn?.getTime() ?? null,
			description: row.kind === 'HostAdjustment' ? row.description : null,
		}))
}

/** /host/payouts: the host's own balance, the upcoming payout with its orders, and past payouts. */
export function getHostPayouts(host: Caller, options: { now?: number } = {}, db: DbOrTx = getDb()) {
	if (host.role !== 'Owner') throw new AppError(403, 'Forbidden')
	const now = new Date(options.now ?? Date.now())
	const schedule = getSetting('payoutSchedule', db)
	const [balance] = hostBalances(now, db, host.id)
	const iban = db.select({ payoutIban: users.payoutIban }).from(users).where(eq(users.id, host.id)).get()
	const past = db
		.select({
			id: hostPayouts.id,
			amount: hostPayouts.amount,
			maskedIban: hostPayouts.iban,
			reference: payoutRuns.reference,
			status: payoutRuns.status,
			createdAt: hostPayouts.createdAt,
			executedAt: payoutRuns.executedAt,
		})
		.from(hostPayouts)
		.innerJoin(payoutRuns, eq(payoutRuns.id, hostPayouts.runId))
		.where(eq(hostPayouts.hostId, host.id))
		.orderBy(desc(hostPayouts.createdAt), desc(hostPayouts.id))
		.limit(24)
		.all()
	const lines = ledgerLinesOf(
		host.id,
		past.map((payout) => payout.id),
		db,
	)
	return {
		balance: balance?.balance ?? 0,
		open: balance?.open ?? 0,
		minimum: schedule.minimumCents,
		weekday: schedule.weekday,
		hasIban: Boolean(iban?.payoutIban && isValidIban(iban.payoutIban)),
		skipReason: balance?.skipReason ?? 'belowMinimum',
		openLines: ledgerLinesOf(host.id, null, db),
		payouts: past.map((payout) => ({
			...payout,
			maskedIban: maskIban(payout.maskedIban),
			createdAt: payout.createdAt.getTime(),
			executedAt: payout.executedAt?.getTime() ?? null,
			lines: lines.filter((line) => line.payoutId === payout.id),
		})),
	}
}

/** /admin/payouts/balances: every host's balance and open amount now, and the hosts an adjustment can name. */
export function getHostBalancesPage(admin: Caller, options: { now?: number } = {}, db: DbOrTx = getDb()) {
	assertAdmin(admin)
	const now = new Date(options.now ?? Date.now())
	const hosts = db
		.select({ id: users.id, displayName: users.displayName, email: users.email })
		.from(users)
		.where(and(eq(users.role, 'Owner'), isNull(users.deletedAt)))
		.orderBy(asc(users.displayName), asc(users.id))
		.limit(1000)
		.all()
	return {
		minimum: getSetting('payoutSchedule', db).minimumCents,
		balances: hostBalances(now, db),
		hosts,
	}
}
