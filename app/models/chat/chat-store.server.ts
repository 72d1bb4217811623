import { and, asc, desc, eq, gt, sql } from 'drizzle-orm'
import {
	chatMessages,
	chatReadCursors,
	conversations,
	type ChatAuthorRole,
} from '#db/schema/conversations.ts'
import { orders } from '#db/schema/orders.ts'
import { AppError } from '#app/utils/app-error.ts'
import { preparedQuery, type DbOrTx } from '#app/utils/db.server.ts'

/**
 * The chat store shared by the guest–host chat (chat.server.ts) and the support chat
 * (support.server.ts), ADRs 0159 and 0163: appending a message with its clientMessageId dedupe,
 * the read cursors that never move back, and reading messages after an id or the newest page.
 * Callers authorise first and call these inside their own IMMEDIATE transaction.
 */

/** An empty (whitespace-only) body: the same translated message for every thread. */
export function requireBody(body: string): string {
	const trimmed = body.trim()
	if (trimmed.length === 0) {
		throw new AppError(400, 'ValidationError', {
			messageKey: 'chat:errors.bodyEmpty',
			fields: { body: ['chat:errors.bodyEmpty'] },
		})
	}
	return trimmed
}

/** Moves a participant's read cursor forward to `messageId` — never backwards. */
export function advanceCursor(
	tx: DbOrTx,
	conversationId: string,
	participantId: string,
	messageId: number,
	now: Date,
) {
	tx.insert(chatReadCursors)
		.values({ conversationId, participantId, lastReadMessageId: messageId, updatedAt: now })
		.onConflictDoUpdate({
			target: [chatReadCursors.conversationId, chatReadCursors.participantId],
			set: {
				lastReadMessageId: sql`max(${chatReadCursors.lastReadMessageId}, excluded.last_read_message_id)`,
				updatedAt: now,
			},
		})
		.run()
}

/** A participant's cursor (0 before they read anything). */
export function cursorOf(db: DbOrTx, conversationId: string, participantId: string): number {
	return (
		db
			.select({ last: chatReadCursors.lastReadMessageId })
			.from(chatReadCursors)
			.where(
				and(
					eq(chatReadCursors.conversationId, conversationId),
					eq(chatReadCursors.participantId, participantId),
				),
			)
			.get()?.last ?? 0
	)
}

/** Every cursor of a thread, by participant. */
export function cursorsOf(db: DbOrTx, conversationId: string): Map<string, number> {
	return new Map(
		preparedQuery(db, 'chat.cursorsOf', (d) =>
			d
				.select({ participantId: chatReadCursors.participantId, last: chatReadCursors.lastReadMessageId })
				.from(chatReadCursors)
				.where(eq(chatReadCursors.conversationId, sql.placeholder('conversationId')))
				.prepare(),
		)
			.all({ conversationId })
			.map((row) => [row.participantId, row.last]),
	)
}

/** The message this author already sent with this clientMessageId in this thread (a retry). */
export function findClientMessage(
	tx: DbOrTx,
	conversationId: string,
	authorId: string,
	clientMessageId: string,
): { id: number } | undefined {
	return tx
		.select({ id: chatMessages.id })
		.from(chatMessages)
		.where(
			and(
				eq(chatMessages.conversationId, conversationId),
				eq(chatMessages.authorId, authorId),
				eq(chatMessages.clientMessageId, clientMessageId),
			),
		)
		.get()
}

/**
 * Appends a message: the row, the thread's newest message, and the author's side's cursor (the
 * author has read what they wrote). Call after findClientMessage, in the same transaction.
 */
export function appendChatMessage(
	tx: DbOrTx,
	message: {
		conversationId: string
		authorId: string
		authorRole: ChatAuthorRole
		body: string
		orderId?: string | null
		clientMessageId: string
		/** Whose cursor moves to the new message (a user id, or the platform's side). */
		readerId: string
	},
	now: Date,
): number {
	const row = tx
		.insert(chatMessages)
		.values({
			conversationId: message.conversationId,
			authorId: message.authorId,
			authorRole: message.authorRole,
			body: message.body,
			orderId: message.orderId ?? null,
			clientMessageId: message.clientMessageId,
			createdAt: now,
		})
		.returning({ id: chatMessages.id })
		.get()
	tx.update(conversations)
		.set({ lastMessageId: row.id, lastMessageAt: now, updatedAt: now })
		.where(eq(conversations.id, message.conversationId))
		.run()
	advanceCursor(tx, message.conversationId, message.readerId, row.id, now)
	return row.id
}

export const messageColumns = {
	id: chatMessages.id,
	authorId: chatMessages.authorId,
	authorRole: chatMessages.authorRole,
	body: chatMessages.body,
	systemEvent: chatMessages.systemEvent,
	orderId: chatMessages.orderId,
	orderCode: orders.code,
	createdAt: chatMessages.createdAt,
}

/** Messages of a thread after `after`, ascending, at most `limit` (+1 to tell whether there is more). */
export function messagesAfter(db: DbOrTx, conversationId: string, after: number, limit: number) {
	const rows = preparedQuery(db, 'chat.messagesAfter', (d) =>
		d
			.select(messageColumns)
			.from(chatMessages)
			.leftJoin(orders, eq(orders.id, chatMessages.orderId))
			.where(
				and(
					eq(chatMessages.conversationId, sql.placeholder('conversationId')),
					gt(chatMessages.id, sql.placeholder('after')),
				),
			)
			.orderBy(asc(chatMessages.id))
			.limit(sql.placeholder('limit'))
			.prepare(),
	).all({ conversationId, after, limit: limit + 1 })
	const page = rows.slice(0, limit)
	return { rows: page, hasMore: rows.length > limit, lastMessageId: page.at(-1)?.id ?? after }
}

/** The newest `limit` messages of a thread, ascending. */
export function latestMessages(db: DbOrTx, conversationId: string, limit: number) {
	const rows = preparedQuery(db, 'chat.latestMessages', (d) =>
		d
			.select(messageColumns)
			.from(chatMessages)
			.leftJoin(orders, eq(orders.id, chatMessages.orderId))
			.where(eq(chatMessages.conversationId, sql.placeholder('conversationId')))
			.orderBy(desc(chatMessages.id))
			.limit(sql.placeholder('limit'))
			.prepare(),
	).all({ conversationId, limit: limit + 1 })
	const page = rows.slice(0, limit).reverse()
	return { rows: page, hasEarlier: rows.length > limit, lastMessageId: page.at(-1)?.id ?? 0 }
}

export function clampLimit(limit: number | undefined, fallback: number) {
	return Math.min(Math.max(limit ?? fallback, 1), 200)
}
