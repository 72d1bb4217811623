import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { orders } from '#db/schema/orders.ts'
import { playrooms } from '#db/schema/catalogue.ts'
import { users } from '#db/schema/users.ts'
import {
	VOUCHER_ISSUERS,
	VOUCHER_KINDS,
	VOUCHER_STATUSES,
	voucherTransactions,
	vouchers,
} from '#db/schema/vouchers.ts'
import { addDays, startOfLocalDay } from '#app/domain/berlin-time.ts'
import { maskedVoucherCode } from '#app/domain/voucher-codes.ts'
import type { SessionUser } from '#app/models/accounts/session.server.ts'
import { requireManageablePlayroom } from '#app/models/host-office/playroom-access.server.ts'
import { changedFields, listAuditEntries, recordAdminAudit } from '#app/models/platform/audit-log.server.ts'
import type { HostDiscountCodeInput, PlatformDiscountCodeInput } from '#app/schemas/voucher-offices.ts'
import { AppError, isAppError } from '#app/utils/app-error.ts'
import { validationMessage } from '#app/utils/validation-messages.ts'
import {
	defineDataTable,
	runTableQuery,
	type ListPage,
	type TableQuery,
} from '#app/utils/data-table.server.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import { adjustVoucher, issueVoucher, type VoucherRow } from './voucher-ledger.server.ts'
import { assertAdmin } from '#app/utils/assert-admin.ts'

/**
 * The voucher back offices (issue 33, ADR 0170): a host's discount codes and the gift vouchers
 * sold for them (/host/vouchers), the admin's list and detail (/admin/vouchers). Every function
 * is authorised against the caller: a host sees and touches only their own codes (issuer Host,
 * issued by them) and reads the gift vouchers sold for them (scope Host or Playroom of theirs);
 * another host's voucher and an unknown id are the same 404.
 */
type Caller = Pick<SessionUser, 'id' | 'role'>

const notFound = () => new AppError(404)

/** Whether the caller may see the voucher: an admin any, a host their codes and the gift vouchers sold for them. */
export function maySeeVoucher(caller: Caller, voucher: VoucherRow): boolean {
	if (caller.role === 'Admin') return true
	if (caller.role !== 'Owner') return false
	if (voucher.issuer === 'Host' && voucher.issuerHostId === caller.id) return true
	return voucher.kind === 'Gift' && voucher.scope !== 'All' && voucher.scopeHostId === caller.id
}

/** The ownership rule of `:voucherId` (app/utils/ownership.server.ts). */
export function canAccessVoucher(caller: Caller, voucherId: string, db: DbOrTx = getDb()): boolean {
	const voucher = db.select().from(vouchers).where(eq(vouchers.id, voucherId)).get()
	return Boolean(voucher && maySeeVoucher(caller, voucher))
}

/** The end of a local date (Europe/Berlin) as the voucher's `validUntil` (valid through that day). */
function endOfLocalDay(date: string): Date {
	return new Date(startOfLocalDay(addDays(date, 1)) - 1)
}

function discountValues(input: HostDiscountCodeInput | PlatformDiscountCodeInput) {
	return {
		discountPercent: input.discountType === 'percent' ? (input.discountPercent ?? null) : null,
		discountAmount: input.discountType === 'amount' ? (input.discountAmount ?? null) : null,
		maxUses: input.maxUses ?? null,
		maxUsesPerGuest: input.maxUsesPerGuest ?? null,
		minOrderAmount: input.minOrderAmount ?? 0,
		validFrom: input.validFrom ? new Date(startOfLocalDay(input.validFrom)) : null,
		validUntil: input.validUntil ? endOfLocalDay(input.validUntil) : null,
	}
}

/** What a create returns: the code in clear only when this call issued it (a repeated submit gets the last four). */
export type CreatedCode = { voucher: VoucherRow; code: string | null }

/**
 * One submit, one code: the form's key is stored on the Issue transaction (`create:<key>`); the
 * same key again returns the first voucher without its code (it exists only hashed).
 */
function createOnce(idempotencyKey: string, issue: (tx: DbOrTx) => { voucher: VoucherRow; code: string }) {
	const key = `create:${idempotencyKey}`
	return immediateTransaction((tx): CreatedCode => {
		const earlier = tx
			.select({ voucher: vouchers })
			.from(voucherTransactions)
			.innerJoin(vouchers, eq(vouchers.id, voucherTransactions.voucherId))
			.where(eq(voucherTransactions.idempotencyKey, key))
			.get()
		if (earlier) return { voucher: earlier.voucher, code: null }
		const created = issue(tx)
		tx.update(voucherTransactions)
			.set({ idempotencyKey: key })
			.where(
				and(eq(voucherTransactions.voucherId, created.voucher.id), eq(voucherTransactions.kind, 'Issue')),
			)
			.run()
		return created
	})
}

/** One of the host's playrooms, else a field error at `playroomId` (another host's looks like an unknown one). */
function ownPlayroom(host: Caller, playroomId: string | undefined, tx: DbOrTx) {
	try {
		return requireManageablePlayroom(host, playroomId, tx)
	} catch (error) {
		if (!isAppError(error) || error.status !== 404) throw error
		throw new AppError(400, 'ValidationError', {
			messageKey: 'voucherOffices:errors.notYourPlayroom',
			fields: { playroomId: [validationMessage('voucherOffices:errors.notYourPlayroom')] },
		})
	}
}

/** A host's discount code for all their playrooms or one of them (never another host's playroom). */
export function createHostDiscountCode(host: Caller, input: HostDiscountCodeInput, now: Date): CreatedCode {
	if (host.role !== 'Owner') throw new AppError(403)
	return createOnce(input.idempotencyKey, (tx) => {
		const playroom = input.scope === 'Playroom' ? ownPlayroom(host, input.playroomId, tx) : null
		return issueVoucher(
			{
				kind: 'Discount',
				issuer: 'Host',
				issuerHostId: host.id,
				scope: input.scope,
				scopeHostId: host.id,
				scopePlayroomId: playroom?.id ?? null,
				...discountValues(input),
				origin: 'Created',
				createdById: host.id,
				now,
			},
			tx,
		)
	})
}

/** A platform discount code for every playroom (admin). */
export function createPlatformDiscountCode(
	admin: Caller,
	input: PlatformDiscountCodeInput,
	now: Date,
): CreatedCode {
	assertAdmin(admin)
	return createOnce(input.idempotencyKey, (tx) => {
		const created = issueVoucher(
			{
				kind: 'Discount',
				issuer: 'Platform',
				scope: 'All',
				...discountValues(input),
				origin: 'Created',
				createdById: admin.id,
				now,
			},
			tx,
		)
		recordAdminAudit(tx, {
			admin,
			action: 'voucher.create',
			entityType: 'voucher',
			entityId: created.voucher.id,
			now,
		})
		return created
	})
}

/** A voucher as the lists and detail pages show it (instants as epoch ms; the code only as `…-7K3M`). */
export function toVoucherItem(row: VoucherRow & { playroomName?: string | null; hostName?: string | null }) {
	return {
		id: row.id,
		kind: row.kind,
		issuer: row.issuer,
		scope: row.scope,
		scopeHostId: row.scopeHostId,
		scopePlayroomId: row.scopePlayroomId,
		playroomName: row.playroomName ?? null,
		hostName: row.hostName ?? null,
		code: maskedVoucherCode(row.codeLast4),
		discountPercent: row.discountPercent,
		discountAmount: row.discountAmount,
		initialAmount: row.initialAmount,
		balance: row.balance,
		usesCount: row.usesCount,
		maxUses: row.maxUses,
		maxUsesPerGuest: row.maxUsesPerGuest,
		minOrderAmount: row.minOrderAmount,
		validFrom: row.validFrom?.getTime() ?? null,
		validUntil: row.validUntil?.getTime() ?? null,
		status: row.status,
		origin: row.origin,
		cancelReason: row.cancelReason,
		createdAt: row.createdAt.getTime(),
	}
}
export type VoucherItem = ReturnType<typeof toVoucherItem>

const withNames = {
	voucher: vouchers,
	playroomName: playrooms.name,
	hostName: users.displayName,
}

function namedVouchers(db: DbOrTx) {
	return db
		.select(withNames)
		.from(vouchers)
		.leftJoin(playrooms, eq(playrooms.id, vouchers.scopePlayroomId))
		.leftJoin(users, eq(users.id, vouchers.scopeHostId))
		.$dynamic()
}

const item = (row: { voucher: VoucherRow; playroomName: string | null; hostName: string | null }) =>
	toVoucherItem({ ...row.voucher, playroomName: row.playroomName, hostName: row.hostName })

/**
 * /host/vouchers: the host's discount codes, and the gift vouchers sold for the host or one of
 * their playrooms with what they still hold — `openTotal` is the sum of their available balances
 * and open holds (Active or UsedUp; a liability the host should know of).
 */
export function listHostVouchers(host: Caller, db: DbOrTx = getDb()) {
	if (host.role !== 'Owner') throw new AppError(403)
	const codes = namedVouchers(db)
		.where(and(eq(vouchers.issuer, 'Host'), eq(vouchers.issuerHostId, host.id)))
		.orderBy(desc(vouchers.createdAt), desc(vouchers.id))
		.all()
		.map(item)
	const gifts = namedVouchers(db)
		.where(
			and(
				eq(vouchers.kind, 'Gift'),
				inArray(vouchers.scope, ['Host', 'Playroom']),
				eq(vouchers.scopeHostId, host.id),
			),
		)
		.orderBy(desc(vouchers.createdAt), desc(vouchers.id))
		.all()
		.map(item)
	const held = heldAmounts(
		gifts.map((gift) => gift.id),
		db,
	)
	const giftItems = gifts.map((gift) => ({ ...gift, held: held.get(gift.id) ?? 0 }))
	const openTotal = giftItems
		.filter((gift) => gift.status === 'Active' || gift.status === 'UsedUp')
		.reduce((sum, gift) => sum + gift.balance + gift.held, 0)
	return { codes, gifts: giftItems, openTotal }
}

/** The amounts held (not yet captured or released) per gift voucher. */
function heldAmounts(voucherIds: string[], db: DbOrTx): Map<string, number> {
	if (voucherIds.length === 0) return new Map()
	const rows = db
		.select({
			voucherId: voucherTransactions.voucherId,
			held: sql<number>`coalesce(sum(CASE ${voucherTransactions.kind} WHEN 'Hold' THEN -${voucherTransactions.amount} WHEN 'Release' THEN -${voucherTransactions.amount} ELSE 0 END), 0)
				- coalesce(sum(CASE ${voucherTransactions.kind} WHEN 'Capture' THEN ${voucherTransactions.value} ELSE 0 END), 0)`,
		})
		.from(voucherTransactions)
		.where(inArray(voucherTransactions.voucherId, voucherIds))
		.groupBy(voucherTransactions.voucherId)
		.all()
	return new Map(rows.map((row) => [row.voucherId, Math.max(0, row.held)]))
}

/** One voucher with its transactions (oldest first, with the order's code), for the caller; else 404. */
export function getVoucherDetail(caller: Caller, voucherId: string, db: DbOrTx = getDb()) {
	const row = namedVouchers(db).where(eq(vouchers.id, voucherId)).get()
	if (!row || !maySeeVoucher(caller, row.voucher)) throw notFound()
	const transactions = db
		.select({
			id: voucherTransactions.id,
			kind: voucherTransactions.kind,
			amount: voucherTransactions.amount,
			value: voucherTransactions.value,
			balanceAfter: voucherTransactions.balanceAfter,
			orderId: voucherTransactions.orderId,
			orderCode: orders.code,
			orderHostId: orders.hostId,
			reason: voucherTransactions.reason,
			createdAt: voucherTransactions.createdAt,
		})
		.from(voucherTransactions)
		.leftJoin(orders, eq(orders.id, voucherTransactions.orderId))
		.where(eq(voucherTransactions.voucherId, voucherId))
		.orderBy(voucherTransactions.createdAt, sql`${voucherTransactions}.rowid`)
		.all()
		.map(({ orderHostId, ...transaction }) => ({
			...transaction,
			// A host may open only their own orders; another host's order shows its code without a link.
			orderLinked: caller.role === 'Admin' || orderHostId === caller.id,
			createdAt: transaction.createdAt.getTime(),
		}))
	const detail = item(row)
	return {
		voucher: detail,
		// The admins' writes on it (create, cancel, adjust): the admin page's history.
		history: caller.role === 'Admin' ? listAuditEntries('voucher', voucherId, {}, db) : [],
		transactions,
		mayCancel: mayCancel(caller, row.voucher),
		mayAdjust:
			caller.role === 'Admin' &&
			row.voucher.kind === 'Gift' &&
			(row.voucher.status === 'Active' || row.voucher.status === 'UsedUp'),
	}
}
export type VoucherTransactionItem = ReturnType<typeof getVoucherDetail>['transactions'][number]

/** A host cancels their own discount codes; an admin any voucher. Cancelled and expired ones stay as they are. */
function mayCancel(caller: Caller, voucher: VoucherRow): boolean {
	if (voucher.status === 'Cancelled' || voucher.status === 'Expired') return false
	if (caller.role === 'Admin') return true
	return (
		caller.role === 'Owner' &&
		voucher.kind === 'Discount' &&
		voucher.issuer === 'Host' &&
		voucher.issuerHostId === caller.id
	)
}

/**
 * Cancels a voucher with a reason (ADR 0170): status Cancelled, so no new order can use it. It
 * moves no money and writes no voucher transaction: amounts held by open orders stay held —
 * those orders still capture them when paid or release them (back onto the balance) when they
 * end — and a gift voucher's remaining balance stays owed to its holder (what to pay back is an
 * adjustment with its own reason). A host may cancel only their own discount codes (else 404).
 */
export function cancelVoucher(
	caller: Caller,
	input: { voucherId: string; reason: string },
	now: Date,
): VoucherRow {
	return immediateTransaction((tx) => {
		const voucher = tx.select().from(vouchers).where(eq(vouchers.id, input.voucherId)).get()
		if (!voucher || !maySeeVoucher(caller, voucher)) throw notFound()
		if (!mayCancel(caller, voucher)) {
			if (voucher.status === 'Cancelled' || voucher.status === 'Expired')
				throw new AppError(400, 'BadRequest', {
					messageKey: `voucherOffices:errors.already${voucher.status}`,
				})
			throw notFound()
		}
		const cancelled = tx
			.update(vouchers)
			.set({ status: 'Cancelled', cancelReason: input.reason, updatedAt: now })
			.where(eq(vouchers.id, voucher.id))
			.returning()
			.get()
		if (caller.role === 'Admin') {
			recordAdminAudit(tx, {
				admin: caller,
				action: 'voucher.cancel',
				entityType: 'voucher',
				entityId: voucher.id,
				changes: changedFields(voucher, { status: cancelled.status }),
				reason: input.reason,
				now,
			})
		}
		return cancelled
	})
}

/** An admin's correction of a gift voucher's balance (± cents, a reason, the form's key): the ledger's adjustVoucher. */
export function adminAdjustVoucher(
	admin: Caller,
	input: { voucherId: string; amount: number; reason: string; idempotencyKey: string },
	now: Date,
) {
	assertAdmin(admin)
	return immediateTransaction((tx) => {
		const voucher = tx.select().from(vouchers).where(eq(vouchers.id, input.voucherId)).get()
		if (!voucher) throw notFound()
		if (voucher.status === 'Cancelled' || voucher.status === 'Expired')
			throw new AppError(400, 'BadRequest', {
				messageKey: `voucherOffices:errors.already${voucher.status}`,
			})
		const transaction = adjustVoucher(
			{
				voucherId: voucher.id,
				amount: input.amount,
				reason: input.reason,
				actorId: admin.id,
				idempotencyKey: `adjust:${input.idempotencyKey}`,
				now,
			},
			tx,
		)
		recordAdminAudit(tx, {
			admin,
			action: 'voucher.adjust',
			entityType: 'voucher',
			entityId: voucher.id,
			changes: changedFields(voucher, { balance: transaction.balanceAfter }),
			reason: input.reason,
			now,
		})
		return { transaction, code: maskedVoucherCode(voucher.codeLast4) }
	})
}

/** The admin's voucher list (/admin/vouchers and its CSV): filters kind, issuer, status; search by the last four. */
export const voucherTable = defineDataTable({
	id: 'vouchers',
	csvFile: 'admin:table.files.vouchers',
	columns: {
		createdAt: {
			label: 'voucherOffices:columns.createdAt',
			sort: vouchers.createdAt,
			csv: (row: VoucherItem, _t, format) => format.instant(row.createdAt),
			csvTime: true,
		},
		code: { label: 'voucherOffices:columns.code', csv: (row) => row.code },
		kind: {
			label: 'voucherOffices:columns.kind',
			sort: vouchers.kind,
			csv: (row, t) => t(`voucherOffices:kinds.${row.kind}`),
		},
		issuer: {
			label: 'voucherOffices:columns.issuer',
			sort: vouchers.issuer,
			csv: (row, t) => t(`voucherOffices:issuers.${row.issuer}`),
		},
		scope: {
			label: 'voucherOffices:columns.scope',
			csv: (row) => row.playroomName ?? row.hostName ?? '',
		},
		value: {
			label: 'voucherOffices:columns.value',
			csv: (row, _t, format) =>
				row.kind === 'Gift'
					? format.money(row.initialAmount)
					: row.discountPercent !== null
						? `${row.discountPercent} %`
						: format.money(row.discountAmount ?? 0),
		},
		balance: {
			label: 'voucherOffices:columns.balance',
			sort: vouchers.balance,
			csv: (row, _t, format) => (row.kind === 'Gift' ? format.money(row.balance) : ''),
		},
		uses: {
			label: 'voucherOffices:columns.uses',
			sort: vouchers.usesCount,
			// "3 / 10" as on the page: "3/10" would be read as a date by a spreadsheet (ADR 0174).
			csv: (row, _t, format) =>
				row.maxUses === null ? format.integer(row.usesCount) : `${row.usesCount} / ${row.maxUses}`,
		},
		status: {
			label: 'voucherOffices:columns.status',
			sort: vouchers.status,
			csv: (row, t) => t(`voucherOffices:statuses.${row.status}`),
		},
		validUntil: {
			label: 'voucherOffices:columns.validUntil',
			csv: (row, _t, format) => format.date(row.validUntil),
			csvTime: true,
		},
	},
	filters: {
		kind: {
			kind: 'enum',
			column: vouchers.kind,
			values: VOUCHER_KINDS,
			label: 'voucherOffices:columns.kind',
			optionLabel: 'voucherOffices:kinds.',
		},
		issuer: {
			kind: 'enum',
			column: vouchers.issuer,
			values: VOUCHER_ISSUERS,
			label: 'voucherOffices:columns.issuer',
			optionLabel: 'voucherOffices:issuers.',
		},
		status: {
			kind: 'enum',
			column: vouchers.status,
			values: VOUCHER_STATUSES,
			label: 'voucherOffices:columns.status',
			optionLabel: 'voucherOffices:statuses.',
		},
	},
	search: [vouchers.codeLast4],
	defaultSort: 'createdAt:desc',
	tiebreaker: vouchers.id,
	defaultPerPage: 25,
	keyTable: vouchers,
	rows: (db: DbOrTx) =>
		db
			.select({
				id: vouchers.id,
				createdAt: vouchers.createdAt,
				kind: vouchers.kind,
				issuer: vouchers.issuer,
				balance: vouchers.balance,
				uses: vouchers.usesCount,
				status: vouchers.status,
				voucher: vouchers,
				playroomName: playrooms.name,
				hostName: users.displayName,
			})
			.from(vouchers)
			.leftJoin(playrooms, eq(playrooms.id, vouchers.scopePlayroomId))
			.leftJoin(users, eq(users.id, vouchers.scopeHostId))
			.$dynamic(),
	count: (db: DbOrTx) => db.select({ n: count() }).from(vouchers).$dynamic(),
	toItem: (row) => item(row),
})

export function listAdminVouchers(admin: Caller, query: TableQuery): ListPage<VoucherItem> {
	assertAdmin(admin)
	return runTableQuery(voucherTable, query)
}
