import { describe, expect, test } from 'vitest'
import { ORDER_ACTOR_ROLES, ORDER_STATUSES, type OrderStatus } from '#db/schema/orders.ts'
import { isAppError } from '#app/utils/app-error.ts'
import {
	assertTransition,
	initialOrderStatus,
	isTransitionAllowed,
	ORDER_TRANSITIONS,
	paymentDeadline,
	responseDeadline,
} from './order-status.ts'

/** PRODUCT.md §3's table, written out once more by hand: from → to → who. */
const TABLE: [OrderStatus | null, OrderStatus, string[]][] = [
	[null, 'Requested', ['Customer']],
	[null, 'AwaitingPayment', ['Customer']],
	[null, 'Confirmed', ['Customer']],
	['Requested', 'AwaitingPayment', ['Owner']],
	['Requested', 'Confirmed', ['Owner']],
	['Requested', 'Declined', ['Owner']],
	['Requested', 'Expired', ['System']],
	['AwaitingPayment', 'Confirmed', ['System', 'Admin']],
	['AwaitingPayment', 'Expired', ['System']],
	['Requested', 'Cancelled', ['Customer', 'Owner', 'Admin']],
	['AwaitingPayment', 'Cancelled', ['Customer', 'Owner', 'Admin']],
	['Confirmed', 'Cancelled', ['Customer', 'Owner', 'Admin']],
	['Confirmed', 'Completed', ['System']],
]

describe('the order status machine', () => {
	test('has exactly the arrows of the table', () => {
		const arrows = ORDER_TRANSITIONS.map((r) => [r.from, r.to, [...r.actors].sort()])
		expect(arrows.sort()).toEqual(TABLE.map(([from, to, actors]) => [from, to, [...actors].sort()]).sort())
	})

	test('every (from, to, actor) is allowed exactly when the table says so, else a clear error', () => {
		let allowed = 0
		let refused = 0
		for (const from of [null, ...ORDER_STATUSES]) {
			for (const to of ORDER_STATUSES) {
				for (const actor of ORDER_ACTOR_ROLES) {
					const row = TABLE.find(([f, t]) => f === from && t === to)
					const expected = Boolean(row?.[2].includes(actor))
					expect(isTransitionAllowed(from, to, actor)).toBe(expected)
					if (expected) {
						expect(() => assertTransition(from, to, actor)).not.toThrow()
						allowed++
						continue
					}
					refused++
					let error: unknown
					try {
						assertTransition(from, to, actor)
					} catch (thrown) {
						error = thrown
					}
					expect(isAppError(error)).toBe(true)
					if (!isAppError(error)) continue
					if (row) {
						expect(error).toMatchObject({ status: 403, errorName: 'TransitionNotPermitted' })
						expect(error.messageKey).toBe('booking:errors.transitionNotPermitted')
					} else {
						expect(error).toMatchObject({ status: 409, errorName: 'InvalidStatusTransition' })
						expect(error.params).toEqual({ from: from ?? 'New', to })
					}
				}
			}
		}
		expect(allowed).toBe(20)
		expect(refused).toBe(8 * 7 * 4 - 20)
	})

	test('the first status follows instant booking, payment method and what is due', () => {
		expect(initialOrderStatus({ instantBooking: false, paymentMethod: 'OnSite', amountDue: 5_000 })).toBe(
			'Requested',
		)
		expect(
			initialOrderStatus({ instantBooking: true, paymentMethod: 'BankTransfer', amountDue: 5_000 }),
		).toBe('AwaitingPayment')
		expect(initialOrderStatus({ instantBooking: true, paymentMethod: 'Card', amountDue: 5_000 })).toBe(
			'AwaitingPayment',
		)
		expect(initialOrderStatus({ instantBooking: true, paymentMethod: 'OnSite', amountDue: 5_000 })).toBe(
			'Confirmed',
		)
		// Fully covered by a voucher: nothing to pay.
		expect(initialOrderStatus({ instantBooking: true, paymentMethod: 'Card', amountDue: 0 })).toBe(
			'Confirmed',
		)
	})

	test('deadlines: 24 h to answer, card 30 min, bank transfer 3 days — never after check-in', () => {
		const now = Date.parse('2026-06-01T08:00:00Z')
		const far = now + 30 * 86_400_000
		expect(responseDeadline(now, far)).toBe(now + 86_400_000)
		expect(responseDeadline(now, now + 3_600_000)).toBe(now + 3_600_000)
		expect(paymentDeadline(now, far, 'Card')).toBe(now + 30 * 60_000)
		expect(paymentDeadline(now, far, 'Card', true)).toBe(now + 86_400_000)
		expect(paymentDeadline(now, far, 'BankTransfer')).toBe(now + 3 * 86_400_000)
		expect(paymentDeadline(now, now + 86_400_000, 'BankTransfer')).toBe(now + 86_400_000)
		expect(paymentDeadline(now, far, 'OnSite')).toBeNull()
	})
})
