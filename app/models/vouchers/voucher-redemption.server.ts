import { eq } from 'drizzle-orm'
import { MemoryStore } from 'express-rate-limit'
import { playrooms } from '#db/schema/catalogue.ts'
import type { orders } from '#db/schema/orders.ts'
import { refundFor, type CancellationActor } from '#app/domain/cancellation.ts'
import { maskedVoucherCode } from '#app/domain/voucher-codes.ts'
import type { PriceHooks } from '#app/domain/pricing.ts'
import { AppError } from '#app/utils/app-error.ts'
import type { DbOrTx } from '#app/utils/db.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import type { Locale } from '#app/utils/locale.ts'
import {
	captureVoucher,
	findVoucherByCode,
	holdVoucher,
	refundToVoucher,
	releaseVoucher,
	usesByGuest,
	voucherRefused,
	voucherStateRefusal,
	type VoucherRefusal,
	type VoucherRow,
	type VoucherTransactionRow,
} from './voucher-ledger.server.ts'

/**
 * Redeeming a voucher code for an order (issue 33, ADR 0167, docs/subsystems/vouchers.md):
 * checking a code against the order (state, scope, minimum order, per guest), the price hook
 * that turns a discount code into a breakdown line, the gift voucher's share of the total (a way
 * to pay, applied last), and the voucher's part of the order's lifecycle (hold at creation,
 * capture when paid or confirmed, release when it ends before payment, refund to the voucher
 * under the cancellation policy). Everything but the guessing limit is synchronous and runs in
 * the caller's IMMEDIATE transaction; one code per order (a discount code or a gift voucher).
 */
type OrderRow = typeof orders.$inferSelect

export type VoucherOrderContext = {
	playroomId: string
	/** The guest (per-guest limits); null before login (the limit is checked again at creation). */
	guestId: string | null
	locale: Locale
	now: number
}

/** The ledger's refusal (400 at `voucherCode`), or 429 past the guessing limit. */
export function voucherRefusal(
	reason: VoucherRefusal | 'tooManyAttempts',
	params: Record<string, string> = {},
) {
	if (reason !== 'tooManyAttempts') return voucherRefused(reason, params)
	return new AppError(429, 'VoucherRefused', {
		messageKey: 'vouchers:errors.tooManyAttempts',
		fields: { voucherCode: ['vouchers:errors.tooManyAttempts'] },
	})
}

function playroomHostId(playroomId: string, db: DbOrTx): string | null {
	return (
		db.select({ hostId: playrooms.hostId }).from(playrooms).where(eq(playrooms.id, playroomId)).get()
			?.hostId ?? null
	)
}

/**
 * The voucher a typed code names, if it may be used for this order; otherwise a refusal with
 * one reason. `subtotal` is the price before vouchers (the minimum order is checked against it).
 */
export function checkVoucherForOrder(
	code: string,
	context: VoucherOrderContext,
	subtotal: number,
	db: DbOrTx,
): VoucherRow {
	const voucher = findVoucherByCode(code, db)
	if (!voucher) throw voucherRefusal('unknown')
	const state = voucherStateRefusal(voucher, new Date(context.now))
	if (state) throw voucherRefusal(state)
	const fits =
		voucher.scope === 'All' ||
		(voucher.scope === 'Host' && voucher.scopeHostId === playroomHostId(context.playroomId, db)) ||
		(voucher.scope === 'Playroom' && voucher.scopePlayroomId === context.playroomId)
	if (!fits) throw voucherRefusal('notForThisPlayroom')
	if (subtotal < voucher.minOrderAmount) {
		throw voucherRefusal('belowMinimum', { amount: formatAmount(voucher.minOrderAmount, context.locale) })
	}
	if (
		context.guestId &&
		voucher.maxUsesPerGuest !== null &&
		usesByGuest(voucher.id, context.guestId, db) >= voucher.maxUsesPerGuest
	) {
		throw voucherRefusal('alreadyUsedByYou')
	}
	return voucher
}

/** A discount code's reduction of a price: percent of it or a fixed amount, never below 0. */
export function discountOf(voucher: Pick<VoucherRow, 'discountPercent' | 'discountAmount'>, price: number) {
	const off =
		voucher.discountPercent !== null
			? Math.round((price * Math.min(100, Math.max(0, voucher.discountPercent))) / 100)
			: (voucher.discountAmount ?? 0)
	return Math.min(Math.max(0, off), Math.max(0, price))
}

/** What a gift voucher pays of a total: its balance, at most the total. */
export function giftShareOf(voucher: Pick<VoucherRow, 'balance'>, total: number) {
	return Math.min(Math.max(0, voucher.balance), Math.max(0, total))
}

/** The display form an order, a breakdown and a list show (`…-7K3M`). */
export const voucherDisplay = (voucher: Pick<VoucherRow, 'codeLast4'>) => maskedVoucherCode(voucher.codeLast4)

/**
 * The price engine's voucher hook for this order: a discount code becomes the breakdown's
 * voucher line, a gift voucher adds no line (it pays, after the price). `applied()` tells which
 * voucher the last calculation accepted.
 */
export function voucherPriceHooks(
	context: VoucherOrderContext,
	db: DbOrTx,
): { hooks: PriceHooks; applied: () => VoucherRow | null } {
	let applied: VoucherRow | null = null
	return {
		hooks: {
			voucher: ({ code, subtotal }) => {
				applied = null
				const voucher = checkVoucherForOrder(code, context, subtotal, db)
				applied = voucher
				if (voucher.kind === 'Gift') return null
				return { code: voucherDisplay(voucher), amount: discountOf(voucher, subtotal) }
			},
		},
		applied: () => applied,
	}
}

/** The voucher columns of a new order and the value its hold stands for. */
export function orderVoucherColumns(voucher: VoucherRow | null, discount: number, total: number) {
	if (!voucher) return null
	if (voucher.kind === 'Gift') {
		const share = giftShareOf(voucher, total)
		if (share <= 0) return null
		return {
			columns: { voucherCode: voucherDisplay(voucher), voucherAmount: share, giftVoucherId: voucher.id },
			value: share,
		}
	}
	return {
		columns: { voucherCode: voucherDisplay(voucher), voucherAmount: 0, discountVoucherId: voucher.id },
		value: discount,
	}
}

/** Holds the order's voucher (inside the order's creation). A discount of 0 holds nothing. */
export function holdOrderVoucher(
	order: Pick<OrderRow, 'id' | 'guestId'>,
	voucherId: string,
	value: number,
	now: Date,
	db: DbOrTx,
): VoucherTransactionRow | null {
	if (value <= 0) return null
	return holdVoucher({ voucherId, orderId: order.id, guestId: order.guestId, value, now }, db)
}

const orderVoucherIds = (order: Pick<OrderRow, 'giftVoucherId' | 'discountVoucherId'>) =>
	[order.giftVoucherId, order.discountVoucherId].filter((id): id is string => Boolean(id))

/**
 * The voucher's part of an order's status change (from `transitionOrder`, the one place every
 * transition passes): Confirmed captures the hold (paid, or nothing left to pay online);
 * Declined, Expired and Cancelled release a hold not yet captured. Idempotent.
 */
export function settleOrderVouchers(
	order: Pick<OrderRow, 'id' | 'hostId' | 'status' | 'giftVoucherId' | 'discountVoucherId'>,
	now: Date,
	db: DbOrTx,
) {
	for (const voucherId of orderVoucherIds(order)) {
		if (order.status === 'Confirmed') {
			captureVoucher({ voucherId, orderId: order.id, hostId: order.hostId, now }, db)
		} else if (order.status === 'Declined' || order.status === 'Expired' || order.status === 'Cancelled') {
			releaseVoucher({ voucherId, orderId: order.id, now }, db)
		}
	}
}

/** What the gift voucher captured for an order (0 before payment or without one). */
export function capturedGiftAmount(order: Pick<OrderRow, 'giftVoucherId' | 'confirmedAt' | 'voucherAmount'>) {
	return order.giftVoucherId && order.confirmedAt ? order.voucherAmount : 0
}

/**
 * A cancellation after capture: the share of the voucher's payment the policy gives back goes
 * back onto the voucher (the same rule as the money paid otherwise). Returns the amount credited.
 */
export function refundOrderVoucher(
	order: OrderRow,
	refund: { actor: CancellationActor; policy: 'Flexible' | 'Moderate' | 'Strict'; now: number },
	db: DbOrTx,
): number {
	const captured = capturedGiftAmount(order)
	if (!order.giftVoucherId || captured <= 0) return 0
	const { amount } = refundFor({
		actor: refund.actor,
		policy: refund.policy,
		paidAmount: captured,
		checkIn: order.checkIn.getTime(),
		now: refund.now,
	})
	const row = refundToVoucher(
		{
			voucherId: order.giftVoucherId,
			orderId: order.id,
			hostId: order.hostId,
			amount,
			now: new Date(refund.now),
		},
		db,
	)
	return row?.value ?? 0
}

/**
 * Guessing codes is limited per account and per IP (ADR 0167): unknown codes count, 10 in 15
 * minutes, then every code is refused with "too many attempts" until the window passes. The
 * counter is express-rate-limit's MemoryStore — the store of the HTTP limits in
 * server/security.ts, per process like them.
 */
export const VOUCHER_GUESS_LIMIT = { max: 10, windowMs: 15 * 60_000 } as const

let guessStore: MemoryStore | null = null
function store() {
	if (!guessStore) {
		guessStore = new MemoryStore()
		guessStore.init({ windowMs: VOUCHER_GUESS_LIMIT.windowMs } as Parameters<MemoryStore['init']>[0])
		guessStore.interval?.unref?.()
	}
	return guessStore
}

export type GuessKeys = { userId: string | null; ip: string | null }
const keysOf = ({ userId, ip }: GuessKeys) =>
	[userId ? `user:${userId}` : null, ip ? `ip:${ip}` : null].filter((k): k is string => k !== null)

/** Whether this account or address has guessed too often. */
export async function voucherGuessesExhausted(who: GuessKeys): Promise<boolean> {
	for (const key of keysOf(who)) {
		const info = await store().get(key)
		if (info && info.totalHits >= VOUCHER_GUESS_LIMIT.max) return true
	}
	return false
}

/** Counts one unknown code for this account and address. */
export async function recordVoucherGuess(who: GuessKeys): Promise<void> {
	for (const key of keysOf(who)) await store().increment(key)
}

/** Tests: a fresh counter. */
export async function resetVoucherGuesses(): Promise<void> {
	await guessStore?.resetAll()
}

/** Whether an error is the refusal of an unknown code (a guess that counts). */
export function isUnknownVoucher(fields: Record<string, string[]> | undefined) {
	return Boolean(fields?.voucherCode?.some((m) => m.startsWith('vouchers:errors.unknown')))
}
