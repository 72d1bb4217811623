import type { CancellationPolicy } from '#db/schema/catalogue.ts'

/**
 * Cancellation policies (PRODUCT.md §3), measured from the check-in instant:
 *   Flexible  100 % until 24 h before, then 0 %
 *   Moderate  100 % until 5 days before, then 50 %
 *   Strict     50 % until 7 days before, then 0 %
 * "Until" includes the boundary itself. The refund is a share of what the
 * guest has paid (nothing paid → nothing to refund); host and admin
 * cancellations refund everything paid. Pure, integer cents, half up.
 */
const HOUR = 3_600_000
const DAY = 24 * HOUR

export type RefundTier = {
	/** The tier applies while the cancellation is at least this long before check-in. */
	minNoticeMs: number
	percent: number
}

/** Tiers from the most generous (longest notice) to the last, which applies up to check-in. */
export const CANCELLATION_TIERS: Record<CancellationPolicy, readonly RefundTier[]> = {
	Flexible: [
		{ minNoticeMs: DAY, percent: 100 },
		{ minNoticeMs: Number.NEGATIVE_INFINITY, percent: 0 },
	],
	Moderate: [
		{ minNoticeMs: 5 * DAY, percent: 100 },
		{ minNoticeMs: Number.NEGATIVE_INFINITY, percent: 50 },
	],
	Strict: [
		{ minNoticeMs: 7 * DAY, percent: 50 },
		{ minNoticeMs: Number.NEGATIVE_INFINITY, percent: 0 },
	],
}

/** Percentage of the paid amount a guest gets back when cancelling at `now`. */
export function guestRefundPercent(policy: CancellationPolicy, checkIn: number, now: number): number {
	const notice = checkIn - now
	const tier = CANCELLATION_TIERS[policy].find((t) => notice >= t.minNoticeMs)
	return tier?.percent ?? 0
}

export function percentOf(amount: number, percent: number): number {
	return Math.round((Math.max(0, amount) * percent) / 100)
}

export type CancellationActor = 'Customer' | 'Owner' | 'Admin'

/** The refund of a cancellation: by policy for the guest, everything paid for host and admin. */
export function refundFor(input: {
	actor: CancellationActor
	policy: CancellationPolicy
	paidAmount: number
	checkIn: number
	now: number
}): { percent: number; amount: number } {
	const percent =
		input.actor === 'Customer' ? guestRefundPercent(input.policy, input.checkIn, input.now) : 100
	return { percent, amount: percentOf(input.paidAmount, percent) }
}

/**
 * The policy as dated steps for one stay, for the review page and the order
 * page: "100 % until 12 June 14:00, then 50 %".
 */
export function refundSchedule(policy: CancellationPolicy, checkIn: number) {
	return CANCELLATION_TIERS[policy].map((tier) => ({
		percent: tier.percent,
		until: Number.isFinite(tier.minNoticeMs) ? checkIn - tier.minNoticeMs : checkIn,
	}))
}
