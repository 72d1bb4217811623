import { createHash, randomBytes } from 'node:crypto'
import { and, asc, eq, sql } from 'drizzle-orm'
import {
	voucherTransactions,
	vouchers,
	type VoucherKind,
	type VoucherOrigin,
	type VoucherScope,
	type VoucherTransactionKind,
} from '#db/schema/vouchers.ts'
import { generateVoucherCode, normalizeVoucherCode } from '#app/domain/voucher-codes.ts'
import {
	voucherAdjustJournal,
	voucherExpiryJournal,
	voucherRedemptionJournal,
	voucherRefundJournal,
	voucherSaleJournal,
} from '#app/domain/ledger.ts'
import { postJournal } from '#app/models/booking/order-money.server.ts'
import { AppError } from '#app/utils/app-error.ts'
import { validationMessage } from '#app/utils/validation-messages.ts'
import { getDb, sqliteErrorCode, type DbOrTx } from '#app/utils/db.server.ts'

/**
 * The voucher ledger (issue 33, ADR 0166, docs/subsystems/vouchers.md). Every change of a
 * voucher's value is a voucher transaction, and a gift voucher's money moves in the platform
 * ledger too (sale, redemption, refund, expiry). All functions are synchronous and run inside the
 * caller's IMMEDIATE transaction (the order's, the voucher order's, the task's): the balance check
 * is one guarded UPDATE, so concurrent redemptions never take more than the voucher holds, and an
 * idempotency key per (order, voucher, kind) makes a retry return the first result.
 */
export type VoucherRow = typeof vouchers.$inferSelect
export type VoucherTransactionRow = typeof voucherTransactions.$inferSelect

/** SHA-256 of the 12 characters: codes are looked up by hash, never stored in clear (ADR 0166). */
export function hashVoucherCode(compact: string): string {
	return createHash('sha256').update(compact).digest('hex')
}

/** The voucher a typed code names, or null (also for text that cannot be a code). */
export function findVoucherByCode(input: string, db: DbOrTx = getDb()): VoucherRow | null {
	const compact = normalizeVoucherCode(input)
	if (!compact) return null
	return (
		db
			.select()
			.from(vouchers)
			.where(eq(vouchers.codeHash, hashVoucherCode(compact)))
			.get() ?? null
	)
}

/** A refusal with its reason: the checkout and the API show `vouchers:errors.<reason>`. */
export type VoucherRefusal =
	| 'unknown'
	| 'notYetValid'
	| 'expired'
	| 'usedUp'
	| 'cancelled'
	| 'notForThisPlayroom'
	| 'belowMinimum'
	| 'alreadyUsedByYou'

export function voucherRefused(reason: VoucherRefusal, params: Record<string, string | number> = {}) {
	return new AppError(400, 'VoucherRefused', {
		messageKey: `vouchers:errors.${reason}`,
		params,
		// The field message carries the parameters too (belowMinimum's amount; issue 33 checkout).
		fields: { voucherCode: [validationMessage(`vouchers:errors.${reason}`, params)] },
	})
}

export type IssueVoucherInput = {
	kind: VoucherKind
	issuer: 'Platform' | 'Host'
	issuerHostId?: string | null
	scope: VoucherScope
	scopeHostId?: string | null
	scopePlayroomId?: string | null
	/** Gift vouchers: the value. */
	amount?: number
	discountPercent?: number | null
	discountAmount?: number | null
	maxUses?: number | null
	maxUsesPerGuest?: number | null
	minOrderAmount?: number
	validFrom?: Date | null
	validUntil?: Date | null
	origin: VoucherOrigin
	holderUserId?: string | null
	createdById?: string | null
	/**
	 * A gift voucher that was paid for (a voucher order): books the sale, money in the bank owed
	 * to the voucher's holder. Without it (a goodwill credit) the platform funds the value.
	 */
	paid?: boolean
	now: Date
}

/**
 * Creates a voucher with a fresh code and its Issue transaction. Returns the code in clear — the
 * only time it exists — for the e-mail, the PDF or the host's screen.
 */
export function issueVoucher(
	input: IssueVoucherInput,
	db: DbOrTx,
	random: (size: number) => Uint8Array = randomBytes,
): { voucher: VoucherRow; code: string } {
	const amount = input.kind === 'Gift' ? (input.amount ?? 0) : 0
	if (!Number.isInteger(amount) || amount < 0) throw new Error('a voucher amount is whole cents ≥ 0')
	for (let attempt = 0; ; attempt++) {
		const code = generateVoucherCode(random)
		const compact = code.replaceAll('-', '')
		try {
			const voucher = db
				.insert(vouchers)
				.values({
					kind: input.kind,
					issuer: input.issuer,
					issuerHostId: input.issuerHostId ?? null,
					scope: input.scope,
					scopeHostId: input.scopeHostId ?? null,
					scopePlayroomId: input.scopePlayroomId ?? null,
					codeHash: hashVoucherCode(compact),
					codeLast4: compact.slice(-4),
					discountPercent: input.kind === 'Discount' ? (input.discountPercent ?? null) : null,
					discountAmount: input.kind === 'Discount' ? (input.discountAmount ?? null) : null,
					initialAmount: amount,
					balance: amount,
					maxUses: input.maxUses ?? null,
					maxUsesPerGuest: input.maxUsesPerGuest ?? null,
					minOrderAmount: input.minOrderAmount ?? 0,
					validFrom: input.validFrom ?? null,
					validUntil: input.validUntil ?? null,
					origin: input.origin,
					holderUserId: input.holderUserId ?? null,
					createdById: input.createdById ?? null,
					createdAt: input.now,
					updatedAt: input.now,
				})
				.returning()
				.get()
			writeTransaction(db, voucher, {
				kind: 'Issue',
				amount,
				value: amount,
				actorId: input.createdById ?? null,
				now: input.now,
			})
			if (amount > 0) {
				postJournal(
					input.paid ? voucherSaleJournal(amount) : voucherAdjustJournal(amount),
					{ orderId: null, hostId: null, description: `voucher ${voucher.id}`, now: input.now },
					db,
				)
			}
			return { voucher, code }
		} catch (error) {
			// A code that exists already (one in 2^59): draw another.
			if (sqliteErrorCode(error) === 'SQLITE_CONSTRAINT_UNIQUE' && attempt < 3) continue
			throw error
		}
	}
}

function writeTransaction(
	db: DbOrTx,
	voucher: Pick<VoucherRow, 'id'>,
	values: {
		kind: VoucherTransactionKind
		amount: number
		value: number
		orderId?: string | null
		guestId?: string | null
		idempotencyKey?: string | null
		reason?: string | null
		actorId?: string | null
		now: Date
	},
): VoucherTransactionRow {
	const after = db
		.select({ balance: vouchers.balance })
		.from(vouchers)
		.where(eq(vouchers.id, voucher.id))
		.get()
	return db
		.insert(voucherTransactions)
		.values({
			voucherId: voucher.id,
			kind: values.kind,
			amount: values.amount,
			value: values.value,
			balanceAfter: after?.balance ?? 0,
			orderId: values.orderId ?? null,
			guestId: values.guestId ?? null,
			idempotencyKey: values.idempotencyKey ?? null,
			reason: values.reason ?? null,
			actorId: values.actorId ?? null,
			createdAt: values.now,
		})
		.returning()
		.get()
}

function byKey(db: DbOrTx, key: string) {
	return db.select().from(voucherTransactions).where(eq(voucherTransactions.idempotencyKey, key)).get()
}

function voucherById(db: DbOrTx, voucherId: string): VoucherRow {
	const voucher = db.select().from(vouchers).where(eq(vouchers.id, voucherId)).get()
	if (!voucher) throw voucherRefused('unknown')
	return voucher
}

/** Why this voucher cannot be used right now (status and validity; the order's fit is checked by the caller). */
export function voucherStateRefusal(voucher: VoucherRow, now: Date): VoucherRefusal | null {
	if (voucher.status === 'Cancelled') return 'cancelled'
	if (voucher.status === 'Expired' || (voucher.validUntil && voucher.validUntil <= now)) return 'expired'
	if (voucher.validFrom && voucher.validFrom > now) return 'notYetValid'
	if (voucher.status === 'UsedUp') return 'usedUp'
	if (voucher.kind === 'Gift' && voucher.balance <= 0) return 'usedUp'
	if (voucher.maxUses !== null && voucher.usesCount >= voucher.maxUses) return 'usedUp'
	return null
}

/** The uses a guest holds or has captured of a voucher (released ones given back). */
export function usesByGuest(voucherId: string, guestId: string, db: DbOrTx): number {
	const row = db
		.select({
			uses: sql<number>`coalesce(sum(CASE ${voucherTransactions.kind} WHEN 'Hold' THEN 1 WHEN 'Release' THEN -1 ELSE 0 END), 0)`,
		})
		.from(voucherTransactions)
		.where(and(eq(voucherTransactions.voucherId, voucherId), eq(voucherTransactions.guestId, guestId)))
		.get()
	return row?.uses ?? 0
}

export type HoldInput = {
	voucherId: string
	orderId: string
	guestId: string
	/** Gift: the amount the voucher pays (taken off the balance). Discount: the discount granted. */
	value: number
	now: Date
}

const key = (orderId: string, voucherId: string, kind: VoucherTransactionKind) =>
	`${orderId}:${voucherId}:${kind}`

/**
 * Holds a voucher for an order (at the order's creation): a gift voucher's amount leaves the
 * available balance, a use is counted. One guarded UPDATE — when two orders race for the last
 * euro, exactly one wins and the other is refused with "used up". A second call for the same
 * order and voucher returns the first hold.
 */
export function holdVoucher(input: HoldInput, db: DbOrTx): VoucherTransactionRow {
	const idempotencyKey = key(input.orderId, input.voucherId, 'Hold')
	const existing = byKey(db, idempotencyKey)
	if (existing) return existing
	const voucher = voucherById(db, input.voucherId)
	const refusal = voucherStateRefusal(voucher, input.now)
	if (refusal) throw voucherRefused(refusal)
	if (
		voucher.maxUsesPerGuest !== null &&
		usesByGuest(voucher.id, input.guestId, db) >= voucher.maxUsesPerGuest
	) {
		throw voucherRefused('alreadyUsedByYou')
	}
	const gift = voucher.kind === 'Gift'
	const take = gift ? input.value : 0
	if (!Number.isInteger(input.value) || input.value <= 0 || take < 0)
		throw new Error('a hold is whole cents > 0')
	const updated = db
		.update(vouchers)
		.set({
			balance: sql`${vouchers.balance} - ${take}`,
			usesCount: sql`${vouchers.usesCount} + 1`,
			status: sql`CASE WHEN (${vouchers.kind} = 'Gift' AND ${vouchers.balance} - ${take} = 0) OR (${vouchers.maxUses} IS NOT NULL AND ${vouchers.usesCount} + 1 >= ${vouchers.maxUses}) THEN 'UsedUp' ELSE ${vouchers.status} END`,
			updatedAt: input.now,
		})
		.where(
			and(
				eq(vouchers.id, voucher.id),
				eq(vouchers.status, 'Active'),
				sql`${vouchers.balance} >= ${take}`,
				sql`(${vouchers.maxUses} IS NULL OR ${vouchers.usesCount} < ${vouchers.maxUses})`,
			),
		)
		.run()
	if (updated.changes === 0) throw voucherRefused('usedUp')
	return writeTransaction(db, voucher, {
		kind: 'Hold',
		amount: -take,
		value: input.value,
		orderId: input.orderId,
		guestId: input.guestId,
		idempotencyKey,
		now: input.now,
	})
}

function holdOf(db: DbOrTx, orderId: string, voucherId: string) {
	return byKey(db, key(orderId, voucherId, 'Hold'))
}

/**
 * The order was paid (or confirmed): the hold becomes a spend. A gift voucher's money moves from
 * the voucher liability to the order (like a guest payment). Idempotent; null without a hold.
 */
export function captureVoucher(
	input: { voucherId: string; orderId: string; hostId: string | null; now: Date },
	db: DbOrTx,
): VoucherTransactionRow | null {
	const hold = holdOf(db, input.orderId, input.voucherId)
	if (!hold) return null
	const idempotencyKey = key(input.orderId, input.voucherId, 'Capture')
	const existing = byKey(db, idempotencyKey)
	if (existing) return existing
	if (byKey(db, key(input.orderId, input.voucherId, 'Release'))) return null
	const voucher = voucherById(db, input.voucherId)
	const row = writeTransaction(db, voucher, {
		kind: 'Capture',
		amount: 0,
		value: hold.value,
		orderId: input.orderId,
		guestId: hold.guestId,
		idempotencyKey,
		now: input.now,
	})
	if (voucher.kind === 'Gift') {
		postJournal(
			voucherRedemptionJournal(hold.value),
			{ orderId: input.orderId, hostId: input.hostId, description: `voucher ${voucher.id}`, now: input.now },
			db,
		)
	}
	return row
}

/**
 * The order ended without a stay before it was paid (expired, declined, cancelled while
 * awaiting payment): the hold goes back. Idempotent; null when there is nothing to release
 * (no hold, or it was captured — then a refund applies).
 */
export function releaseVoucher(
	input: { voucherId: string; orderId: string; now: Date },
	db: DbOrTx,
): VoucherTransactionRow | null {
	const hold = holdOf(db, input.orderId, input.voucherId)
	if (!hold) return null
	const idempotencyKey = key(input.orderId, input.voucherId, 'Release')
	const existing = byKey(db, idempotencyKey)
	if (existing) return existing
	if (byKey(db, key(input.orderId, input.voucherId, 'Capture'))) return null
	const voucher = voucherById(db, input.voucherId)
	const giveBack = -hold.amount
	db.update(vouchers)
		.set({
			balance: sql`${vouchers.balance} + ${giveBack}`,
			usesCount: sql`max(${vouchers.usesCount} - 1, 0)`,
			status: sql`CASE WHEN ${vouchers.status} = 'UsedUp' THEN 'Active' ELSE ${vouchers.status} END`,
			updatedAt: input.now,
		})
		.where(eq(vouchers.id, voucher.id))
		.run()
	return writeTransaction(db, voucher, {
		kind: 'Release',
		amount: giveBack,
		value: hold.value,
		orderId: input.orderId,
		guestId: hold.guestId,
		idempotencyKey,
		now: input.now,
	})
}

/**
 * A cancellation refunds (part of) what a gift voucher paid: the amount goes back onto the
 * voucher (never more than was captured for the order). Idempotent per order and voucher.
 */
export function refundToVoucher(
	input: { voucherId: string; orderId: string; hostId: string | null; amount: number; now: Date },
	db: DbOrTx,
): VoucherTransactionRow | null {
	const capture = byKey(db, key(input.orderId, input.voucherId, 'Capture'))
	if (!capture) return null
	const idempotencyKey = key(input.orderId, input.voucherId, 'Refund')
	const existing = byKey(db, idempotencyKey)
	if (existing) return existing
	const voucher = voucherById(db, input.voucherId)
	if (voucher.kind !== 'Gift') return null
	const amount = Math.min(Math.max(0, Math.round(input.amount)), capture.value)
	if (amount === 0) return null
	db.update(vouchers)
		.set({
			balance: sql`${vouchers.balance} + ${amount}`,
			status: sql`CASE WHEN ${vouchers.status} = 'UsedUp' THEN 'Active' ELSE ${vouchers.status} END`,
			updatedAt: input.now,
		})
		.where(eq(vouchers.id, voucher.id))
		.run()
	postJournal(
		voucherRefundJournal(amount),
		{ orderId: input.orderId, hostId: input.hostId, description: `voucher ${voucher.id}`, now: input.now },
		db,
	)
	return writeTransaction(db, voucher, {
		kind: 'Refund',
		amount,
		value: amount,
		orderId: input.orderId,
		guestId: capture.guestId,
		idempotencyKey,
		now: input.now,
	})
}

/**
 * An admin corrects a gift voucher's balance with a reason (goodwill credit or correction). The
 * balance never goes below zero; the platform funds a credit and takes back a debit.
 */
export function adjustVoucher(
	input: {
		voucherId: string
		amount: number
		reason: string
		actorId: string
		idempotencyKey: string
		now: Date
	},
	db: DbOrTx,
): VoucherTransactionRow {
	const existing = byKey(db, input.idempotencyKey)
	if (existing) return existing
	const voucher = voucherById(db, input.voucherId)
	if (voucher.kind !== 'Gift' || !Number.isInteger(input.amount) || input.amount === 0) {
		throw new AppError(400, 'BadRequest', { messageKey: 'vouchers:errors.adjustGiftOnly' })
	}
	const updated = db
		.update(vouchers)
		.set({
			balance: sql`${vouchers.balance} + ${input.amount}`,
			status: sql`CASE WHEN ${vouchers.balance} + ${input.amount} = 0 AND ${vouchers.status} = 'Active' THEN 'UsedUp' WHEN ${vouchers.balance} + ${input.amount} > 0 AND ${vouchers.status} = 'UsedUp' THEN 'Active' ELSE ${vouchers.status} END`,
			updatedAt: input.now,
		})
		.where(and(eq(vouchers.id, voucher.id), sql`${vouchers.balance} + ${input.amount} >= 0`))
		.run()
	if (updated.changes === 0) {
		throw new AppError(400, 'BadRequest', { messageKey: 'vouchers:errors.adjustBelowZero' })
	}
	postJournal(
		voucherAdjustJournal(input.amount),
		{ orderId: null, hostId: null, description: `voucher ${voucher.id}: ${input.reason}`, now: input.now },
		db,
	)
	return writeTransaction(db, voucher, {
		kind: 'Adjust',
		amount: input.amount,
		value: Math.abs(input.amount),
		reason: input.reason,
		actorId: input.actorId,
		idempotencyKey: input.idempotencyKey,
		now: input.now,
	})
}

/**
 * A voucher past its validity: status Expired; a gift voucher's remaining balance leaves the
 * liability (breakage). Holds still open stay held (their orders release or capture them).
 * Idempotent: an expired voucher is left alone.
 */
export function expireVoucher(voucherId: string, now: Date, db: DbOrTx): VoucherTransactionRow | null {
	const voucher = voucherById(db, voucherId)
	if (voucher.status === 'Expired' || voucher.status === 'Cancelled') return null
	const remaining = voucher.kind === 'Gift' ? voucher.balance : 0
	db.update(vouchers)
		.set({ status: 'Expired', balance: 0, updatedAt: now })
		.where(eq(vouchers.id, voucher.id))
		.run()
	if (remaining > 0) {
		postJournal(
			voucherExpiryJournal(remaining),
			{ orderId: null, hostId: null, description: `voucher ${voucher.id}`, now },
			db,
		)
	}
	return writeTransaction(db, voucher, {
		kind: 'Expire',
		amount: -remaining,
		value: remaining,
		idempotencyKey: `${voucher.id}:Expire`,
		now,
	})
}

/** The voucher's transactions, oldest first (the transaction table of the detail pages). */
export function voucherTransactionsOf(voucherId: string, db: DbOrTx = getDb()): VoucherTransactionRow[] {
	return db
		.select()
		.from(voucherTransactions)
		.where(eq(voucherTransactions.voucherId, voucherId))
		.orderBy(asc(voucherTransactions.createdAt), asc(sql`rowid`))
		.all()
}
