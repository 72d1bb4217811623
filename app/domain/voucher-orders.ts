import { addDays, localDateOf, localToInstant, startOfLocalDay } from './berlin-time.ts'

/**
 * Gift voucher orders (issue 33, ADR 0168): the limits of the order form and the validity of a
 * paid gift voucher. Pure and browser-safe: the form, the schema and the model share them.
 */
export const VOUCHER_ORDER_PRESETS = [2500, 5000, 10000] as const
export const VOUCHER_ORDER_MIN = 1000
export const VOUCHER_ORDER_MAX = 50000
export const CHILD_NAME_MAX = 60
export const GREETING_MAX = 400
export const BUYER_NAME_MAX = 100
/** The send date may lie up to a year ahead (a birthday next year). */
export const SEND_DATE_DAYS_AHEAD = 365
/** Recipients get the voucher on the send date from this hour on (Europe/Berlin): the birthday morning. */
export const DELIVERY_HOUR = 7

/** The public reference and bank-transfer reference: `GV-` and six characters of the code alphabet. */
export const VOUCHER_ORDER_CODE = /^GV-[A-Z0-9]{6}$/

/** The send date's bounds on the day `now` falls on (Europe/Berlin): today … a year ahead. */
export function sendDateBounds(now: number = Date.now()): { min: string; max: string } {
	const today = localDateOf(now)
	return { min: today, max: addDays(today, SEND_DATE_DAYS_AHEAD) }
}

/**
 * A paid gift voucher is valid to the end of the third year after the year of purchase
 * (§§ 195, 199 BGB: three years from the end of the year the claim arose) — bought on
 * 2026-11-28, valid through 2029-12-31 (Europe/Berlin), i.e. until 2030-01-01 00:00 Berlin.
 */
export function giftVoucherValidUntil(paidAt: number): Date {
	const year = Number(localDateOf(paidAt).slice(0, 4))
	return new Date(startOfLocalDay(`${year + 4}-01-01`) - 1)
}

/** Whether a voucher order's recipient e-mail is due at `now` (send date reached, from the morning on). */
export function isDeliveryDue(sendDate: string | null, now: number): boolean {
	if (!sendDate) return true
	const from = localToInstant(sendDate, DELIVERY_HOUR * 60)
	return from !== null && now >= from
}
