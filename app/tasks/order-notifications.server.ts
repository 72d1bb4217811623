import { and, eq, gt, isNull, lte } from 'drizzle-orm'
import { orderNotifications, type OrderNotificationKind } from '#db/schema/access.ts'
import { orders } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { ARRIVAL_WINDOW_MS } from '#app/domain/host-access.ts'
import { deliverSoon } from '#app/models/accounts/account-emails.server.ts'
import { arrivalAreasOf, inArrivalWindow } from '#app/models/host-office/access-areas.server.ts'
import { queueOrderEmail, type OrderEmailExtras } from '#app/models/booking/order-emails.server.ts'
import { writeChatSystemLine } from '#app/models/chat/chat-system-lines.server.ts'
import { getDb, immediateTransaction, type Transaction } from '#app/utils/db.server.ts'
import type { TaskDefinition } from '#app/utils/scheduler.server.ts'

/**
 * The guest e-mails 24 h before check-in of every Confirmed order (issue 13):
 * the reminder, and the release of the arrival instructions with the code
 * valid at check-in (only when the playroom has an access area). Each is sent
 * at most once: a row in order_notifications (order, kind) is written in the
 * same IMMEDIATE transaction as the outbox message, and a second run — or a
 * second process — finds it and sends nothing.
 */
const BATCH = 500

/** The notifications this task sends (ratingRequest is the rating task's, app/tasks/ratings.server.ts). */
type ArrivalNotificationKind = Exclude<OrderNotificationKind, 'ratingRequest'>

/** Confirmed orders starting within the next 24 h that have not had this notification. */
export function dueForNotification(kind: ArrivalNotificationKind, now: Date) {
	return getDb()
		.select({ id: orders.id })
		.from(orders)
		.leftJoin(
			orderNotifications,
			and(eq(orderNotifications.orderId, orders.id), eq(orderNotifications.kind, kind)),
		)
		.where(
			and(
				eq(orders.status, 'Confirmed'),
				gt(orders.checkIn, now),
				lte(orders.checkIn, new Date(now.getTime() + ARRIVAL_WINDOW_MS)),
				isNull(orderNotifications.orderId),
			),
		)
		.limit(BATCH)
		.all()
}

function extrasFor(kind: ArrivalNotificationKind, order: typeof orders.$inferSelect, tx: Transaction) {
	if (kind === 'reminder') return {}
	const guest = tx.select({ lang: users.langPreference }).from(users).where(eq(users.id, order.guestId)).get()
	const areas = arrivalAreasOf(order, guest?.lang ?? 'de', tx)
	if (areas.length === 0) return null
	const extras: OrderEmailExtras = {
		arrival: {
			accessCode: areas
				.map((area) => area.code)
				.filter(Boolean)
				.join(' / '),
			instructions: areas
				.map((area) => [area.name, area.instructions].filter(Boolean).join(': '))
				.join('\n\n'),
		},
	}
	return extras
}

/** Sends one notification of an order unless it was sent already; the e-mail id, or null. */
export function sendOrderNotification(
	kind: ArrivalNotificationKind,
	orderId: string,
	now: Date,
): string | null {
	return immediateTransaction((tx) => {
		const order = tx.select().from(orders).where(eq(orders.id, orderId)).get()
		if (!order || !inArrivalWindow(order, now.getTime())) return null
		const extras = extrasFor(kind, order, tx)
		if (!extras) return null
		const claimed = tx
			.insert(orderNotifications)
			.values({ orderId, kind, sentAt: now })
			.onConflictDoNothing()
			.returning({ orderId: orderNotifications.orderId })
			.all()
		if (claimed.length === 0) return null
		const emailId = queueOrderEmail(kind, 'guest', order, tx, extras)
		if (kind === 'arrivalInstructions')
			writeChatSystemLine(tx, { orderId, event: 'AccessCodeAvailable', now })
		tx.update(orderNotifications)
			.set({ emailId })
			.where(and(eq(orderNotifications.orderId, orderId), eq(orderNotifications.kind, kind)))
			.run()
		return emailId
	})
}

function notificationTask(name: string, kind: ArrivalNotificationKind): TaskDefinition {
	return {
		name,
		schedule: '*/10 * * * *',
		run: ({ now }) => {
			const sent: string[] = []
			for (const { id } of dueForNotification(kind, now)) {
				const emailId = sendOrderNotification(kind, id, now)
				if (emailId) sent.push(emailId)
			}
			deliverSoon(sent)
			return { itemsProcessed: sent.length }
		},
	}
}

export const arrivalInstructionsTask = notificationTask('arrival-instructions', 'arrivalInstructions')
export const orderReminderTask = notificationTask('order-reminders', 'reminder')
