import type { PaymentMethod } from '#db/schema/catalogue.ts'
import type { OrderActorRole, OrderStatus } from '#db/schema/orders.ts'
import { AppError } from '#app/utils/app-error.ts'

/**
 * The order status machine — exactly the table of PRODUCT.md §3 (ADR 0041).
 * Pure: the booking model asks it before every write and records the
 * transition (who, when, from, to, why) in order_status_history.
 *
 *   —               → Requested        guest, playroom without instant booking
 *   —               → AwaitingPayment  guest, instant booking paid online or by bank transfer
 *   —               → Confirmed        guest, instant booking paid on site or nothing to pay
 *   Requested       → AwaitingPayment  host accepts (online or bank-transfer payment)
 *   Requested       → Confirmed        host accepts (on site, or nothing left to pay)
 *   Requested       → Declined         host declines, with a reason
 *   Requested       → Expired          task: no answer within the response deadline (24 h)
 *   AwaitingPayment → Confirmed        payment received: provider webhook (System) or admin control transaction
 *   AwaitingPayment → Expired          task: not paid by the payment deadline
 *   Requested | AwaitingPayment | Confirmed → Cancelled   guest, host or admin
 *   Confirmed       → Completed        task: after check-out
 */
export type TransitionRule = { from: OrderStatus | null; to: OrderStatus; actors: readonly OrderActorRole[] }

const HOLDING = ['Requested', 'AwaitingPayment', 'Confirmed'] as const

export const ORDER_TRANSITIONS: readonly TransitionRule[] = [
	{ from: null, to: 'Requested', actors: ['Customer'] },
	{ from: null, to: 'AwaitingPayment', actors: ['Customer'] },
	{ from: null, to: 'Confirmed', actors: ['Customer'] },
	{ from: 'Requested', to: 'AwaitingPayment', actors: ['Owner'] },
	{ from: 'Requested', to: 'Confirmed', actors: ['Owner'] },
	{ from: 'Requested', to: 'Declined', actors: ['Owner'] },
	{ from: 'Requested', to: 'Expired', actors: ['System'] },
	{ from: 'AwaitingPayment', to: 'Confirmed', actors: ['System', 'Admin'] },
	{ from: 'AwaitingPayment', to: 'Expired', actors: ['System'] },
	...HOLDING.map((from) => ({
		from,
		to: 'Cancelled' as const,
		actors: ['Customer', 'Owner', 'Admin'] as const,
	})),
	{ from: 'Confirmed', to: 'Completed', actors: ['System'] },
]

export function findTransition(from: OrderStatus | null, to: OrderStatus): TransitionRule | undefined {
	return ORDER_TRANSITIONS.find((rule) => rule.from === from && rule.to === to)
}

export function isTransitionAllowed(from: OrderStatus | null, to: OrderStatus, actor: OrderActorRole) {
	return Boolean(findTransition(from, to)?.actors.includes(actor))
}

/**
 * Throws unless `actor` may move an order from `from` to `to`:
 * 409 InvalidStatusTransition when the table has no such arrow,
 * 403 TransitionNotPermitted when the arrow exists but belongs to someone else.
 */
export function assertTransition(from: OrderStatus | null, to: OrderStatus, actor: OrderActorRole) {
	const rule = findTransition(from, to)
	if (!rule) {
		throw new AppError(409, 'InvalidStatusTransition', {
			messageKey: 'booking:errors.invalidTransition',
			params: { from: from ?? 'New', to },
		})
	}
	if (!rule.actors.includes(actor)) {
		throw new AppError(403, 'TransitionNotPermitted', {
			messageKey: 'booking:errors.transitionNotPermitted',
			params: { from: from ?? 'New', to },
		})
	}
}

/** The status a new order starts in (first three rows of the table). */
export function initialOrderStatus(input: {
	instantBooking: boolean
	paymentMethod: PaymentMethod
	/** What the guest still has to pay after vouchers (cents). */
	amountDue: number
}): Extract<OrderStatus, 'Requested' | 'AwaitingPayment' | 'Confirmed'> {
	if (!input.instantBooking) return 'Requested'
	return statusWhenBookable(input)
}

/** Where an instant booking — or a request the host accepts — goes: paid later online, or confirmed now. */
export function statusWhenBookable(input: {
	paymentMethod: PaymentMethod
	amountDue: number
}): 'AwaitingPayment' | 'Confirmed' {
	return input.amountDue <= 0 || input.paymentMethod === 'OnSite' ? 'Confirmed' : 'AwaitingPayment'
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** How long a host has to answer a request (PRODUCT.md §3). */
export const RESPONSE_WINDOW_MS = 24 * HOUR
/** How long a guest has to pay after an instant booking (PRODUCT.md §3). */
export const PAYMENT_WINDOW_MS: Record<Exclude<PaymentMethod, 'OnSite'>, number> = {
	Card: 30 * MINUTE,
	BankTransfer: 3 * 24 * HOUR,
}
/** After a host accepts a request the guest is not waiting at the screen: a day to pay by card (ADR 0041). */
export const ACCEPTED_CARD_PAYMENT_WINDOW_MS = 24 * HOUR

/** The response deadline of a request: 24 h, but never after the start of the stay. */
export function responseDeadline(now: number, checkIn: number): number {
	return Math.min(now + RESPONSE_WINDOW_MS, checkIn)
}

/** The payment deadline of an AwaitingPayment order, never after the start of the stay. */
export function paymentDeadline(
	now: number,
	checkIn: number,
	paymentMethod: PaymentMethod,
	afterAccept = false,
): number | null {
	if (paymentMethod === 'OnSite') return null
	const window =
		paymentMethod === 'Card' && afterAccept
			? ACCEPTED_CARD_PAYMENT_WINDOW_MS
			: PAYMENT_WINDOW_MS[paymentMethod]
	return Math.min(now + window, checkIn)
}
