import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { USER_NOTIFICATION_KINDS, userNotifications } from '#db/schema/conversations.ts'
import { acceptOrder, cancelOrder, declineOrder } from '#app/models/booking/order-transitions.server.ts'
import { recordBankTransfer } from '#app/models/booking/payments.server.ts'
import { orderExpiryTask } from '#app/tasks/order-lifecycle.server.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import { runTask } from '#app/utils/scheduler.server.ts'
import { bookingFixture, hourlySlot, NOW, placeOrder, daysAhead } from '#tests/helpers/booking.ts'
import { createRecordingHub } from '#tests/helpers/recording-hub.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import {
	countUnreadNotifications,
	listNotifications,
	markAllNotificationsRead,
	markNotificationRead,
	notificationText,
	notifyUser,
} from './notifications.server.ts'

const HOUR = 3_600_000

function rowsOf(userId: string) {
	return getDb().select().from(userNotifications).where(eq(userNotifications.userId, userId)).all()
}

function kindsOf(userId: string) {
	return rowsOf(userId)
		.map((row) => row.kind)
		.sort()
}

describe('notifyUser', () => {
	test('the same event written twice (same dedupe key) is one row', async () => {
		const user = await createTestUser({ role: 'Owner' })
		const input = {
			userId: user.id,
			kind: 'NewRequest' as const,
			params: { code: 'SZ-ABCDEF', playroom: 'Kletterhalle' },
			dedupeKey: 'order:x:NewRequest',
		}
		expect(immediateTransaction((tx) => notifyUser(tx, input))).toBe(true)
		expect(immediateTransaction((tx) => notifyUser(tx, input))).toBe(false)
		expect(rowsOf(user.id)).toHaveLength(1)
		expect(countUnreadNotifications(user.id)).toBe(1)
	})

	test('every kind has a text in German and English that uses its params', () => {
		const params = { code: 'SZ-ABCDEF', playroom: 'Kletterhalle', module: 'Telegram', deadline: NOW }
		for (const kind of USER_NOTIFICATION_KINDS) {
			const de = notificationText(kind, params, 'de')
			const en = notificationText(kind, params, 'en')
			expect(de, kind).not.toContain('notifications:')
			expect(en, kind).not.toContain('notifications:')
			expect(de, kind).not.toBe(en)
			expect(de, kind).toMatch(/SZ-ABCDEF|Telegram/)
			expect(en, kind).toMatch(/SZ-ABCDEF|Telegram/)
		}
	})
})

describe('the booking events write notifications', () => {
	test('a request: the host gets NewRequest; accepting gives the guest RequestAccepted, a payment PaymentReceived to both', async () => {
		const fixture = await bookingFixture({ instantBooking: false, name: 'Kletterhalle Nord' })
		const order = placeOrder(fixture, hourlySlot('2026-06-10', 10))
		expect(kindsOf(fixture.host.id)).toEqual(['NewRequest'])
		expect(kindsOf(fixture.guest.id)).toEqual([])
		const [row] = rowsOf(fixture.host.id)
		expect(row).toMatchObject({
			orderId: order.id,
			params: { code: order.code, playroom: 'Kletterhalle Nord' },
		})

		acceptOrder(order.id, { id: fixture.host.id, role: 'Owner' }, { now: NOW + HOUR })
		expect(kindsOf(fixture.guest.id)).toEqual(['RequestAccepted'])

		const admin = await createTestUser({ role: 'Admin' })
		recordBankTransfer({ orderId: order.id, amount: order.totalAmount }, admin, { now: NOW + 2 * HOUR })
		expect(kindsOf(fixture.guest.id)).toEqual(['PaymentReceived', 'RequestAccepted'])
		expect(kindsOf(fixture.host.id)).toEqual(['NewRequest', 'PaymentReceived'])
	})

	test('a decline gives the guest RequestDeclined; an instant booking gives the host NewBooking', async () => {
		const fixture = await bookingFixture({ instantBooking: false })
		const order = placeOrder(fixture, hourlySlot('2026-06-11', 10))
		declineOrder(order.id, { id: fixture.host.id, role: 'Owner' }, 'Schon belegt', { now: NOW + HOUR })
		expect(kindsOf(fixture.guest.id)).toEqual(['RequestDeclined'])

		const instant = await bookingFixture({ instantBooking: true })
		placeOrder(instant, hourlySlot('2026-06-11', 10))
		expect(kindsOf(instant.host.id)).toEqual(['NewBooking'])
	})

	test('a cancellation by the guest notifies the host, one by the host notifies the guest', async () => {
		const fixture = await bookingFixture({ instantBooking: true })
		const byGuest = placeOrder(fixture, hourlySlot('2026-06-12', 10))
		cancelOrder(byGuest.id, { id: fixture.guest.id, role: 'Customer' }, null, { now: NOW + HOUR })
		expect(kindsOf(fixture.host.id)).toEqual(['NewBooking', 'OrderCancelled'])
		expect(kindsOf(fixture.guest.id)).toEqual([])

		const byHost = placeOrder(fixture, hourlySlot('2026-06-13', 10))
		cancelOrder(byHost.id, { id: fixture.host.id, role: 'Owner' }, 'Wasserschaden', { now: NOW + HOUR })
		expect(kindsOf(fixture.guest.id)).toEqual(['OrderCancelled'])
		expect(kindsOf(fixture.host.id)).toEqual(['NewBooking', 'NewBooking', 'OrderCancelled'])
	})

	test('the expiry task gives the host one RequestExpiring notice within 12 h of the deadline', async () => {
		const fixture = await bookingFixture({ instantBooking: false })
		const now = Date.now()
		const order = placeOrder(fixture, hourlySlot(daysAhead(5), 10), { now: now - 13 * HOUR })
		const { hub } = createRecordingHub()
		expect((await runTask(orderExpiryTask, 'manual', { hub })).status).toBe('succeeded')
		expect((await runTask(orderExpiryTask, 'manual', { hub })).status).toBe('succeeded')
		const expiring = rowsOf(fixture.host.id).filter((row) => row.kind === 'RequestExpiring')
		expect(expiring).toHaveLength(1)
		expect(expiring[0]).toMatchObject({ orderId: order.id })
		expect(expiring[0]?.params.deadline).toBe(order.responseDeadline?.getTime())
	})
})

describe('reading notifications', () => {
	async function hostWithNotifications() {
		const host = await createTestUser({ role: 'Owner' })
		immediateTransaction((tx) => {
			notifyUser(
				tx,
				{ userId: host.id, kind: 'NewBooking', params: { code: 'SZ-AAAAAA', playroom: 'A' }, dedupeKey: 'a' },
				new Date(NOW),
			)
			notifyUser(
				tx,
				{
					userId: host.id,
					kind: 'OrderCancelled',
					params: { code: 'SZ-BBBBBB', playroom: 'B' },
					dedupeKey: 'b',
				},
				new Date(NOW + HOUR),
			)
		})
		return host
	}

	test('newest first, paginated, in the reader’s language', async () => {
		const host = await hostWithNotifications()
		const de = listNotifications(host, { locale: 'de', perPage: 1 })
		expect(de.totalCount).toBe(2)
		expect(de.items.map((item) => item.text)).toEqual(['Die Buchung SZ-BBBBBB für B wurde storniert.'])
		const en = listNotifications(host, { locale: 'en', perPage: 1, page: 2 })
		expect(en.items.map((item) => item.text)).toEqual(['New booking SZ-AAAAAA for A.'])
	})

	test('mark one and all read; someone else’s notification is not found and stays unread', async () => {
		const host = await hostWithNotifications()
		const other = await createTestUser({ role: 'Owner' })
		const [first] = listNotifications(host, { locale: 'de' }).items
		if (!first) throw new Error('no notification')
		let error: unknown
		try {
			markNotificationRead(other, first.id)
		} catch (caught) {
			error = caught
		}
		expect(isAppError(error) && error.status).toBe(404)
		expect(countUnreadNotifications(host.id)).toBe(2)
		expect(listNotifications(other, { locale: 'de' }).totalCount).toBe(0)
		expect(markAllNotificationsRead(other)).toBe(0)
		expect(countUnreadNotifications(host.id)).toBe(2)

		markNotificationRead(host, first.id)
		expect(countUnreadNotifications(host.id)).toBe(1)
		expect(
			getDb()
				.select()
				.from(userNotifications)
				.where(and(eq(userNotifications.id, first.id)))
				.get()?.readAt,
		).not.toBeNull()
		expect(markAllNotificationsRead(host)).toBe(1)
		expect(countUnreadNotifications(host.id)).toBe(0)
	})
})
