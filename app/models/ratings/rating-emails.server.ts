import { notifyRatingEvent } from '#app/models/notifications/order-notices.server.ts'
import { and, eq, gt, isNull, lte } from 'drizzle-orm'
import { orderNotifications } from '#db/schema/access.ts'
import { playrooms } from '#db/schema/catalogue.ts'
import { orders, ratings, type RatingHideReason } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { absoluteUrl } from '#app/models/accounts/account-emails.server.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import { queueEmail, renderEmailLayout } from '#app/utils/email.server.ts'
import { formatDate } from '#app/utils/format-instant.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { publishesAt, RATING_WINDOW_MS } from './ratings.server.ts'

/**
 * The rating e-mails (issue 32, ADR 0160), in the recipient's language: the
 * rating request after a stay (once per order: an order_notifications row of
 * kind `ratingRequest`, written in the same IMMEDIATE transaction as the
 * outbox message) and the statement of reasons when an admin hides a rating
 * (DSA Art. 17).
 */
const BATCH = 500

/** Completed orders still open for a rating that have not had the request. */
export function dueForRatingRequest(now: Date, db: DbOrTx = getDb()) {
	return db
		.select({ id: orders.id })
		.from(orders)
		.leftJoin(
			orderNotifications,
			and(eq(orderNotifications.orderId, orders.id), eq(orderNotifications.kind, 'ratingRequest')),
		)
		.leftJoin(ratings, eq(ratings.orderId, orders.id))
		.where(
			and(
				eq(orders.status, 'Completed'),
				gt(orders.checkOut, new Date(now.getTime() - RATING_WINDOW_MS)),
				lte(orders.checkOut, now),
				isNull(orderNotifications.orderId),
				isNull(ratings.id),
			),
		)
		.limit(BATCH)
		.all()
}

/** The guest an e-mail about a rating goes to, and the playroom it names (join users and playrooms). */
const guestRecipientColumns = {
	playroom: playrooms.name,
	email: users.email,
	firstName: users.firstName,
	displayName: users.displayName,
	locale: users.langPreference,
	deletedAt: users.deletedAt,
}

/** Queues the rating request of one order unless it went already; the outbox id, or null. */
export function sendRatingRequest(orderId: string, now: Date): string | null {
	return immediateTransaction((tx) => {
		const order = tx
			.select({
				id: orders.id,
				status: orders.status,
				checkOut: orders.checkOut,
				code: orders.code,
				...guestRecipientColumns,
			})
			.from(orders)
			.innerJoin(users, eq(users.id, orders.guestId))
			.innerJoin(playrooms, eq(playrooms.id, orders.playroomId))
			.where(eq(orders.id, orderId))
			.get()
		if (!order || order.status !== 'Completed' || order.deletedAt) return null
		const claimed = tx
			.insert(orderNotifications)
			.values({ orderId, kind: 'ratingRequest', sentAt: now })
			.onConflictDoNothing()
			.returning({ orderId: orderNotifications.orderId })
			.all()
		if (claimed.length === 0) return null
		notifyRatingEvent(tx, orderId, 'RatingRequest', now)
		const t = looseT(getFixedT(order.locale))
		const values = {
			name: order.firstName || order.displayName,
			playroom: order.playroom,
			until: formatDate(publishesAt(order.checkOut), order.locale),
		}
		const { text, html } = renderEmailLayout({
			locale: order.locale,
			heading: t('ratings:emails.request.heading', values),
			paragraphs: [t('ratings:emails.request.body', values)],
			action: {
				label: t('ratings:emails.request.action'),
				url: `${absoluteUrl(`/guest/orders/${order.id}`, order.locale)}#rating-panel`,
			},
			footer: t('ratings:emails.footer'),
		})
		const emailId = queueEmail(
			{
				to: order.email,
				subject: t('ratings:emails.request.subject', values),
				text,
				html,
				template: 'rating.request',
				locale: order.locale,
				orderId: order.id,
			},
			tx,
		)
		tx.update(orderNotifications)
			.set({ emailId })
			.where(and(eq(orderNotifications.orderId, orderId), eq(orderNotifications.kind, 'ratingRequest')))
			.run()
		return emailId
	})
}

/** The statement of reasons to a rating's author when an admin hides it (inside the hide's transaction). */
export function queueHiddenStatement(
	tx: DbOrTx,
	ratingId: string,
	reasonCode: RatingHideReason,
	explanation: string | null,
) {
	const row = tx
		.select({
			createdAt: ratings.createdAt,
			orderId: ratings.orderId,
			...guestRecipientColumns,
		})
		.from(ratings)
		.innerJoin(users, eq(users.id, ratings.guestId))
		.innerJoin(playrooms, eq(playrooms.id, ratings.playroomId))
		.where(eq(ratings.id, ratingId))
		.get()
	if (!row || row.deletedAt) return null
	const t = looseT(getFixedT(row.locale))
	const values = {
		name: row.firstName || row.displayName,
		playroom: row.playroom,
		date: formatDate(row.createdAt, row.locale),
	}
	const { text, html } = renderEmailLayout({
		locale: row.locale,
		heading: t('ratings:emails.hidden.heading', values),
		paragraphs: [
			t('ratings:emails.hidden.body', values),
			t('ratings:emails.hidden.reason', { reason: t(`ratings:hideReasons.${reasonCode}`) }),
			...(explanation ? [t('ratings:emails.hidden.details', { text: explanation })] : []),
			t('ratings:emails.hidden.legal'),
		],
		footer: t('ratings:emails.hidden.footer'),
	})
	return queueEmail(
		{
			to: row.email,
			subject: t('ratings:emails.hidden.subject', values),
			text,
			html,
			template: 'rating.hidden',
			locale: row.locale,
			orderId: row.orderId,
		},
		tx,
	)
}
