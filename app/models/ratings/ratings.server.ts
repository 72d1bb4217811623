import { and, eq, isNull, lte } from 'drizzle-orm'
import { orders, ratings } from '#db/schema/orders.ts'
import type { UserRole } from '#db/schema/users.ts'
import { RATING_WINDOW_DAYS, type RatingFields } from '#app/schemas/ratings.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, sqliteErrorCode, type DbOrTx } from '#app/utils/db.server.ts'
import { notifyRatingEvent } from '#app/models/notifications/order-notices.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import { refreshAllPlayroomRatings, refreshPlayroomRating } from './rating-aggregates.server.ts'

/**
 * Ratings (issue 32, ADR 0160): the guest rates a Completed order once,
 * within 14 days of check-out; the rating stays hidden from the host and the
 * public until it is published — 14 days after check-out (the publish task) or
 * at once when the host writes their private note about the guest. The host
 * replies publicly once and may edit the reply for 48 h.
 */
export { RATING_WINDOW_DAYS }
export const RATING_WINDOW_MS = RATING_WINDOW_DAYS * 86_400_000
export const REPLY_EDIT_MS = 48 * 3_600_000

type Caller = { id: string; role: UserRole }

function ratingError(status: 404 | 409, name: string, key: string, params?: Record<string, string | number>) {
	return new AppError(status, name, { messageKey: `ratings:errors.${key}`, params })
}

/** When a rating of an order that ended at `checkOut` is published at the latest. */
export function publishesAt(checkOut: Date) {
	return new Date(checkOut.getTime() + RATING_WINDOW_MS)
}

/** Why the order's guest cannot rate now (an error to throw), or null when they can. */
export function ratingRefusal(
	order: { status: string; checkOut: Date },
	existing: boolean,
	now: number,
): AppError | null {
	if (existing) return ratingError(409, 'AlreadyRated', 'alreadyRated')
	if (order.status !== 'Completed') return ratingError(409, 'OrderNotCompleted', 'notCompleted')
	if (now > publishesAt(order.checkOut).getTime()) {
		return ratingError(409, 'RatingPeriodOver', 'periodOver', { days: RATING_WINDOW_DAYS })
	}
	return null
}

/** The guest's rating of one of their orders: checked and written in one IMMEDIATE transaction. */
export function createRating(
	caller: Caller,
	orderId: string,
	input: RatingFields,
	locale: Locale,
	options: { now?: number } = {},
) {
	const now = options.now ?? Date.now()
	try {
		return immediateTransaction((tx) => {
			const order = tx
				.select({
					id: orders.id,
					guestId: orders.guestId,
					playroomId: orders.playroomId,
					status: orders.status,
					checkOut: orders.checkOut,
				})
				.from(orders)
				.where(eq(orders.id, orderId))
				.get()
			// Only the order's guest: anyone else learns nothing (404, as for the order itself).
			if (!order || caller.role !== 'Customer' || order.guestId !== caller.id) throw new AppError(404)
			const existing = tx.select({ id: ratings.id }).from(ratings).where(eq(ratings.orderId, orderId)).get()
			const refusal = ratingRefusal(order, Boolean(existing), now)
			if (refusal) throw refusal
			notifyRatingEvent(tx, orderId, 'RatingReceived', new Date(now))
			return tx
				.insert(ratings)
				.values({
					orderId,
					playroomId: order.playroomId,
					guestId: caller.id,
					stars: input.stars,
					cleanliness: input.cleanliness,
					safety: input.safety,
					asDescribed: input.asDescribed,
					communication: input.communication,
					value: input.value,
					ageFit: input.ageFit ?? null,
					comment: input.comment ?? null,
					language: locale,
					createdAt: new Date(now),
				})
				.returning()
				.get()
		})
	} catch (error) {
		// The unique index is the last word: a second process that passed the check loses here.
		if (sqliteErrorCode(error) === 'SQLITE_CONSTRAINT_UNIQUE') {
			throw ratingError(409, 'AlreadyRated', 'alreadyRated')
		}
		throw error
	}
}

/** Publishes one rating now (the host's note, or the task); the playroom's figures follow. */
function publish(tx: DbOrTx, rating: { id: string; playroomId: string }, at: Date) {
	tx.update(ratings)
		.set({ publishedAt: at })
		.where(and(eq(ratings.id, rating.id), isNull(ratings.publishedAt)))
		.run()
	refreshPlayroomRating(rating.playroomId, tx)
}

/**
 * The host's private note about the guest of one of their orders (never
 * shown publicly). Writing it publishes the order's rating at once. The note
 * lives on the rating, so it can be written once a rating has arrived.
 */
export function saveHostPrivateNote(
	caller: Caller,
	orderId: string,
	note: string,
	options: { now?: number } = {},
) {
	const now = new Date(options.now ?? Date.now())
	immediateTransaction((tx) => {
		const order = tx.select({ hostId: orders.hostId }).from(orders).where(eq(orders.id, orderId)).get()
		if (!order || caller.role !== 'Owner' || order.hostId !== caller.id) throw new AppError(404)
		const rating = tx
			.select({ id: ratings.id, playroomId: ratings.playroomId, publishedAt: ratings.publishedAt })
			.from(ratings)
			.where(eq(ratings.orderId, orderId))
			.get()
		if (!rating) throw ratingError(409, 'NoRatingYet', 'noRatingYet')
		tx.update(ratings)
			.set({ hostPrivateNote: note, hostPrivateNoteAt: now })
			.where(eq(ratings.id, rating.id))
			.run()
		if (!rating.publishedAt) publish(tx, rating, now)
	})
}

/**
 * The host's public reply to a published rating of one of their playrooms:
 * once, and editable for 48 h after the first reply.
 */
export function replyToRating(
	caller: Caller,
	ratingId: string,
	reply: string,
	options: { now?: number } = {},
) {
	const now = options.now ?? Date.now()
	return immediateTransaction((tx) => {
		const rating = tx
			.select({
				id: ratings.id,
				hostId: orders.hostId,
				publishedAt: ratings.publishedAt,
				hostRepliedAt: ratings.hostRepliedAt,
			})
			.from(ratings)
			.innerJoin(orders, eq(orders.id, ratings.orderId))
			.where(eq(ratings.id, ratingId))
			.get()
		if (!rating || caller.role !== 'Owner' || rating.hostId !== caller.id) throw new AppError(404)
		// Before publication the host does not know what it says (and must not be able to tell).
		if (!rating.publishedAt) throw ratingError(409, 'RatingNotPublished', 'notPublished')
		if (rating.hostRepliedAt && now > rating.hostRepliedAt.getTime() + REPLY_EDIT_MS) {
			throw ratingError(409, 'ReplyLocked', 'replyLocked')
		}
		tx.update(ratings)
			.set({ hostReply: reply, hostRepliedAt: rating.hostRepliedAt ?? new Date(now) })
			.where(eq(ratings.id, ratingId))
			.run()
		return { ratingId, editableUntil: (rating.hostRepliedAt?.getTime() ?? now) + REPLY_EDIT_MS }
	})
}

/**
 * The publish task's work: every pending rating whose order ended 14 days ago
 * or more is published; then every playroom is re-ranked (the platform mean moved).
 */
export function publishDueRatings(now: Date, db: DbOrTx = getDb()) {
	const due = db
		.select({ id: ratings.id, playroomId: ratings.playroomId, orderId: ratings.orderId })
		.from(ratings)
		.innerJoin(orders, eq(orders.id, ratings.orderId))
		.where(and(isNull(ratings.publishedAt), lte(orders.checkOut, new Date(now.getTime() - RATING_WINDOW_MS))))
		.all()
	if (due.length === 0) return 0
	immediateTransaction((tx) => {
		for (const rating of due) {
			tx.update(ratings)
				.set({ publishedAt: now })
				.where(and(eq(ratings.id, rating.id), isNull(ratings.publishedAt)))
				.run()
			notifyRatingEvent(tx, rating.orderId, 'RatingPublished', now)
		}
		refreshAllPlayroomRatings(tx)
	})
	return due.length
}
