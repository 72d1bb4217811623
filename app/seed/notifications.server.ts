import { desc, eq, inArray } from 'drizzle-orm'
import { playrooms } from '#db/schema/catalogue.ts'
import { userNotifications, type UserNotificationKind } from '#db/schema/conversations.ts'
import { orders, type OrderStatus } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { createRandom } from './random.ts'
import type { SeedStep } from './types.ts'

const HOUR = 3_600_000

/** What each demo order's status has told the host and the guest so far (docs/subsystems/notifications.md). */
const HOST_KINDS: Partial<Record<OrderStatus, UserNotificationKind[]>> = {
	Requested: ['NewRequest'],
	AwaitingPayment: ['NewRequest'],
	Confirmed: ['NewBooking', 'PaymentReceived'],
	Cancelled: ['NewBooking', 'OrderCancelled'],
}
const GUEST_KINDS: Partial<Record<OrderStatus, UserNotificationKind[]>> = {
	AwaitingPayment: ['RequestAccepted'],
	Confirmed: ['RequestAccepted', 'PaymentReceived'],
	Declined: ['RequestDeclined'],
	Cancelled: ['OrderCancelled'],
}

/**
 * Issue 32: notifications for host@example.com (/host/messages) and guest@example.com (the top
 * of /guest/chatMessages) from the demo orders: those of the last two days unread, older ones read.
 * Own random stream: earlier steps keep their ids.
 */
export const notificationsSeedStep: SeedStep = {
	name: 'notifications',
	run: ({ db, now }) => {
		const random = createRandom(3_232)
		const demo = db
			.select({ id: users.id, email: users.email })
			.from(users)
			.where(inArray(users.email, ['host@example.com', 'guest@example.com']))
			.all()
		const host = demo.find((user) => user.email === 'host@example.com')
		const guest = demo.find((user) => user.email === 'guest@example.com')
		if (!host || !guest) return
		const rows = db
			.select({
				id: orders.id,
				code: orders.code,
				status: orders.status,
				hostId: orders.hostId,
				guestId: orders.guestId,
				createdAt: orders.createdAt,
				playroom: playrooms.name,
			})
			.from(orders)
			.innerJoin(playrooms, eq(playrooms.id, orders.playroomId))
			.where(eq(orders.hostId, host.id))
			.orderBy(desc(orders.createdAt))
			.limit(12)
			.all()
		const values: (typeof userNotifications.$inferInsert)[] = []
		rows.forEach((order, index) => {
			const at = new Date(now.getTime() - (index * 19 + 3) * HOUR)
			const read = now.getTime() - at.getTime() > 48 * HOUR ? at : null
			const add = (userId: string, kind: UserNotificationKind) =>
				values.push({
					id: random.id(),
					userId,
					kind,
					orderId: order.id,
					params: { code: order.code, playroom: order.playroom },
					dedupeKey: `order:${order.id}:${kind}`,
					readAt: read,
					createdAt: at,
				})
			for (const kind of HOST_KINDS[order.status] ?? []) add(host.id, kind)
			if (order.guestId === guest.id) for (const kind of GUEST_KINDS[order.status] ?? []) add(guest.id, kind)
		})
		if (values.length) db.insert(userNotifications).values(values).onConflictDoNothing().run()
	},
}
