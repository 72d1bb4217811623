import { and, eq, gt, lte, sql } from 'drizzle-orm'
import { playrooms } from '#db/schema/catalogue.ts'
import { userNotifications, type UserNotificationKind } from '#db/schema/conversations.ts'
import { orders } from '#db/schema/orders.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import { notifyUser } from './notifications.server.ts'

/**
 * The booking events that write user notifications (ADR 0161): one call each, inside the
 * transaction of the event (order creation, accept, decline, cancel, payment, iCal import).
 * Recipients and texts per event are decided here, so the booking code stays one line per event.
 */
type OrderLike = Pick<
	typeof orders.$inferSelect,
	'id' | 'code' | 'playroomId' | 'guestId' | 'hostId' | 'status' | 'responseDeadline'
>

export type OrderEvent =
	| { type: 'created' }
	| { type: 'accepted' }
	| { type: 'declined' }
	| { type: 'cancelled'; by: 'Customer' | 'Owner' | 'Admin' }
	/** `paidTotal`: everything paid on the order so far — a new payment is a new total. */
	| { type: 'paymentReceived'; paidTotal: number }
	| { type: 'requestExpiring' }

function playroomName(playroomId: string, db: DbOrTx) {
	return (
		db.select({ name: playrooms.name }).from(playrooms).where(eq(playrooms.id, playroomId)).get()?.name ?? ''
	)
}

function recipients(order: OrderLike, event: OrderEvent): { userId: string; kind: UserNotificationKind }[] {
	switch (event.type) {
		case 'created':
			return [{ userId: order.hostId, kind: order.status === 'Requested' ? 'NewRequest' : 'NewBooking' }]
		case 'accepted':
			return [{ userId: order.guestId, kind: 'RequestAccepted' }]
		case 'declined':
			return [{ userId: order.guestId, kind: 'RequestDeclined' }]
		case 'cancelled':
			return [
				...(event.by !== 'Customer' ? [{ userId: order.guestId, kind: 'OrderCancelled' as const }] : []),
				...(event.by !== 'Owner' ? [{ userId: order.hostId, kind: 'OrderCancelled' as const }] : []),
			]
		case 'paymentReceived':
			return [
				{ userId: order.guestId, kind: 'PaymentReceived' },
				{ userId: order.hostId, kind: 'PaymentReceived' },
			]
		case 'requestExpiring':
			return [{ userId: order.hostId, kind: 'RequestExpiring' }]
	}
}

/** Writes the notifications of one order event, inside the event's transaction. */
export function notifyOrderEvent(tx: DbOrTx, order: OrderLike, event: OrderEvent, now: Date = new Date()) {
	const params: Record<string, string | number> = {
		code: order.code,
		playroom: playroomName(order.playroomId, tx),
	}
	if (event.type === 'requestExpiring' && order.responseDeadline)
		params.deadline = order.responseDeadline.getTime()
	const suffix = event.type === 'paymentReceived' ? `:${event.paidTotal}` : ''
	for (const { userId, kind } of recipients(order, event)) {
		notifyUser(
			tx,
			{ userId, kind, orderId: order.id, params, dedupeKey: `order:${order.id}:${kind}${suffix}` },
			now,
		)
	}
}

/**
 * The rating events of one order (ratings part of issue 32): the host hears that a rating arrived
 * and when it was published, the guest is asked to rate. Inside the event's transaction.
 */
export function notifyRatingEvent(
	tx: DbOrTx,
	orderId: string,
	kind: 'RatingReceived' | 'RatingRequest' | 'RatingPublished',
	now: Date = new Date(),
) {
	const order = tx
		.select({
			code: orders.code,
			playroomId: orders.playroomId,
			guestId: orders.guestId,
			hostId: orders.hostId,
		})
		.from(orders)
		.where(eq(orders.id, orderId))
		.get()
	if (!order) return
	notifyUser(
		tx,
		{
			userId: kind === 'RatingRequest' ? order.guestId : order.hostId,
			kind,
			orderId,
			params: { code: order.code, playroom: playroomName(order.playroomId, tx) },
			dedupeKey: `rating:${orderId}:${kind}`,
		},
		now,
	)
}

/** New imported iCal periods that overlap an order: one CalendarConflict per period and order. */
export function notifyCalendarConflicts(
	tx: DbOrTx,
	hostId: string,
	playroomId: string,
	overlaps: { period: { start: number; end: number }; order: { orderId: string; code: string } }[],
	now: Date = new Date(),
) {
	const playroom = playroomName(playroomId, tx)
	for (const { period, order } of overlaps) {
		notifyUser(
			tx,
			{
				userId: hostId,
				kind: 'CalendarConflict',
				orderId: order.orderId,
				params: { code: order.code, playroom },
				dedupeKey: `ical:${order.orderId}:${period.start}:${period.end}`,
			},
			now,
		)
	}
}

/** How long before its response deadline a request gets the host's "about to expire" notice. */
export const REQUEST_EXPIRING_NOTICE_MS = 12 * 3_600_000

/**
 * Task part: requests whose response deadline is within 12 h and that have had no notice yet
 * get one (each in its own transaction, re-read under the lock). Returns how many were written.
 */
export function noticeExpiringRequests(now: Date, limit = 500): number {
	const candidates = getDb()
		.select({ id: orders.id })
		.from(orders)
		.where(
			and(
				eq(orders.status, 'Requested'),
				gt(orders.responseDeadline, now),
				lte(orders.responseDeadline, new Date(now.getTime() + REQUEST_EXPIRING_NOTICE_MS)),
				sql`not exists (select 1 from ${userNotifications} where ${userNotifications.userId} = ${orders.hostId} and ${userNotifications.dedupeKey} = 'order:' || ${orders.id} || ':RequestExpiring')`,
			),
		)
		.limit(limit)
		.all()
	let written = 0
	for (const { id } of candidates) {
		const wrote = immediateTransaction((tx) => {
			const order = tx.select().from(orders).where(eq(orders.id, id)).get()
			if (!order || order.status !== 'Requested' || !order.responseDeadline) return false
			if (order.responseDeadline.getTime() <= now.getTime()) return false
			notifyOrderEvent(tx, order, { type: 'requestExpiring' }, now)
			return true
		})
		if (wrote) written++
	}
	return written
}
