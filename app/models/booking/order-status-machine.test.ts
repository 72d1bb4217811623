import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { ORDER_ACTOR_ROLES, ORDER_STATUSES, orders, type OrderStatus } from '#db/schema/orders.ts'
import { isTransitionAllowed } from '#app/domain/order-status.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { transitionOrder, type OrderRow } from './orders.server.ts'
import {
	acceptOrder,
	cancelOrder,
	completeOrder,
	declineOrder,
	expireOrder,
} from './order-transitions.server.ts'
import { recordBankTransfer } from './payments.server.ts'
import { bookingFixture, historyOf, hourlySlot, NOW, orderRow, placeOrder } from '#tests/helpers/booking.ts'
import { createTestUser } from '#tests/helpers/users.ts'

const HOUR = 3_600_000

function forceStatus(order: OrderRow, status: OrderStatus): OrderRow {
	return getDb().update(orders).set({ status }).where(eq(orders.id, order.id)).returning().get()
}

describe('the status machine in the model', () => {
	test('every (from, to, actor): the allowed move is written with its history, every other is refused with a translated error', async () => {
		const fixture = await bookingFixture({ instantBooking: false })
		const de = looseT(getFixedT('de'))
		const en = looseT(getFixedT('en'))
		let day = 0
		for (const from of ORDER_STATUSES) {
			const order = placeOrder(
				fixture,
				hourlySlot(`2026-07-${String(1 + (day++ % 28)).padStart(2, '0')}`, 9 + (day % 6), 1 + 1),
			)
			for (const to of ORDER_STATUSES) {
				for (const role of ORDER_ACTOR_ROLES) {
					const current = forceStatus(order, from)
					const historyBefore = historyOf(order.id).length
					const actor = { id: role === 'System' ? null : fixture.guest.id, role }
					let outcome: OrderRow | unknown
					try {
						outcome = immediateTransaction((tx) =>
							transitionOrder(tx, current, to, actor, { now: new Date(NOW) }),
						)
					} catch (error) {
						outcome = error
					}
					if (isTransitionAllowed(from, to, role)) {
						expect(outcome, `${from} → ${to} by ${role}`).toMatchObject({ status: to })
						expect(historyOf(order.id).at(-1)).toMatchObject({
							fromStatus: from,
							toStatus: to,
							actorRole: role,
						})
					} else {
						expect(isAppError(outcome), `${from} → ${to} by ${role} must be refused`).toBe(true)
						if (!isAppError(outcome)) continue
						expect([403, 409]).toContain(outcome.status)
						for (const t of [de, en]) {
							const text = t(outcome.messageKey, outcome.params)
							expect(text).not.toBe(outcome.messageKey)
							expect(text).toContain(t(`booking:statuses.${to}`))
							expect(text).not.toContain('$t(')
						}
						expect(orderRow(order.id)?.status).toBe(from)
						expect(historyOf(order.id)).toHaveLength(historyBefore)
					}
				}
			}
		}
	})

	test('each arrow of the table through the command that makes it', async () => {
		const fixture = await bookingFixture({ instantBooking: false })
		const instant = await bookingFixture({ instantBooking: true })
		const host = { id: fixture.host.id, role: 'Owner' as const }
		const guest = { id: fixture.guest.id, role: 'Customer' as const }
		const admin = await createTestUser({ role: 'Admin' })
		const arrows: string[] = []
		const record = (order: OrderRow | undefined) => {
			const history = historyOf(order?.id ?? '')
			for (const h of history) arrows.push(`${h.fromStatus ?? '—'}>${h.toStatus}:${h.actorRole}`)
		}

		// — → Requested, Requested → AwaitingPayment (host), AwaitingPayment → Confirmed (admin), Confirmed → Completed
		const a = placeOrder(fixture, { ...hourlySlot('2026-06-05', 10), paymentMethod: 'BankTransfer' })
		acceptOrder(a.id, host, { now: NOW + HOUR })
		recordBankTransfer(
			{ orderId: a.id, amount: a.totalAmount },
			{ id: admin.id, role: 'Admin' },
			{ now: NOW + 2 * HOUR },
		)
		completeOrder(a.id, { now: a.checkOut.getTime() })
		record(orderRow(a.id))
		// Requested → Confirmed (host, on site), Confirmed → Cancelled (guest)
		const b = placeOrder(fixture, { ...hourlySlot('2026-06-06', 10), paymentMethod: 'OnSite' })
		acceptOrder(b.id, host, { now: NOW + HOUR })
		cancelOrder(b.id, guest, null, { now: NOW + 2 * HOUR })
		record(orderRow(b.id))
		// Requested → Declined; Requested → Expired; Requested → Cancelled (admin)
		const c = placeOrder(fixture, hourlySlot('2026-06-07', 10))
		declineOrder(c.id, host, 'Ausgebucht', { now: NOW + HOUR })
		const d = placeOrder(fixture, hourlySlot('2026-06-08', 10))
		expireOrder(d.id, { now: NOW + 25 * HOUR })
		const e = placeOrder(fixture, hourlySlot('2026-06-09', 10))
		cancelOrder(e.id, { id: admin.id, role: 'Admin' }, 'Test', { now: NOW + HOUR })
		for (const order of [c, d, e]) record(order)
		// — → AwaitingPayment, AwaitingPayment → Expired; — → Confirmed; AwaitingPayment → Cancelled (host)
		const f = placeOrder(instant, { ...hourlySlot('2026-06-05', 10), paymentMethod: 'BankTransfer' })
		expireOrder(f.id, { now: NOW + 3 * 24 * HOUR })
		const g = placeOrder(instant, { ...hourlySlot('2026-06-06', 10), paymentMethod: 'OnSite' })
		const h = placeOrder(instant, { ...hourlySlot('2026-06-07', 10), paymentMethod: 'BankTransfer' })
		cancelOrder(h.id, { id: instant.host.id, role: 'Owner' }, 'Krank', { now: NOW + HOUR })
		for (const order of [f, g, h]) record(order)

		expect(new Set(arrows)).toEqual(
			new Set([
				'—>Requested:Customer',
				'Requested>AwaitingPayment:Owner',
				'AwaitingPayment>Confirmed:Admin',
				'Confirmed>Completed:System',
				'Requested>Confirmed:Owner',
				'Confirmed>Cancelled:Customer',
				'Requested>Declined:Owner',
				'Requested>Expired:System',
				'Requested>Cancelled:Admin',
				'—>AwaitingPayment:Customer',
				'AwaitingPayment>Expired:System',
				'—>Confirmed:Customer',
				'AwaitingPayment>Cancelled:Owner',
			]),
		)
	})

	test('commands refuse what the table does not allow, with a clear error and no change', async () => {
		const fixture = await bookingFixture({ instantBooking: true })
		const host = { id: fixture.host.id, role: 'Owner' as const }
		const order = placeOrder(fixture, { ...hourlySlot('2026-06-10', 10), paymentMethod: 'OnSite' })
		const refusals: [string, () => unknown][] = [
			['accept a confirmed order', () => acceptOrder(order.id, host, { now: NOW })],
			['decline a confirmed order', () => declineOrder(order.id, host, 'Nein', { now: NOW })],
		]
		for (const [what, command] of refusals) {
			let error: unknown
			try {
				command()
			} catch (thrown) {
				error = thrown
			}
			expect(isAppError(error), what).toBe(true)
			expect(error).toMatchObject({ status: 409, errorName: 'InvalidStatusTransition' })
		}
		// Tasks leave orders alone that are not due.
		expect(expireOrder(order.id, { now: NOW + 10 * 24 * HOUR })).toBe(false)
		expect(completeOrder(order.id, { now: order.checkOut.getTime() - 1 })).toBe(false)
		cancelOrder(order.id, { id: fixture.guest.id, role: 'Customer' }, null, { now: NOW })
		let again: unknown
		try {
			cancelOrder(order.id, { id: fixture.guest.id, role: 'Customer' }, null, { now: NOW })
		} catch (thrown) {
			again = thrown
		}
		expect(again).toMatchObject({ status: 409, errorName: 'InvalidStatusTransition' })
		expect(orderRow(order.id)?.status).toBe('Cancelled')
	})
})
