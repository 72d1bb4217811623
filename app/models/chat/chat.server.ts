import { and, count, desc, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import { playrooms } from '#db/schema/catalogue.ts'
import {
	chatMessages,
	chatReadCursors,
	conversations,
	type ChatAuthorRole,
	type ChatSystemEvent,
} from '#db/schema/conversations.ts'
import { orders } from '#db/schema/orders.ts'
import { users, type UserRole } from '#db/schema/users.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, preparedQuery, type DbOrTx } from '#app/utils/db.server.ts'
import type { Hub } from '#app/utils/realtime.ts'
import { maskContactDetails } from './chat-masking.ts'
import {
	advanceCursor,
	appendChatMessage,
	clampLimit,
	cursorOf,
	cursorsOf,
	findClientMessage,
	latestMessages,
	messagesAfter,
	requireBody,
} from './chat-store.server.ts'

/**
 * The guest–host chat (issue 32, docs/subsystems/chat.md, ADR 0159): one conversation per
 * guest–host pair; the database is the truth, the hub only says "something changed". Every
 * function is authorised against the caller: someone who is not a participant gets 404 and never
 * a line of the thread.
 */
export type ChatCaller = { id: string; role: UserRole }

type ConversationRow = typeof conversations.$inferSelect

/** Order states after which contact details are shown unmasked. */
export const CONFIRMED_STATES = ['Confirmed', 'Completed'] as const

export const CHAT_PAGE_SIZE = 50

export function threadNotFound() {
	return new AppError(404, 'NotFound', { messageKey: 'chat:errors.threadNotFound' })
}

function orderRefused() {
	return new AppError(400, 'ValidationError', {
		messageKey: 'chat:errors.orderNotInThread',
		fields: { orderId: ['chat:errors.orderNotInThread'] },
	})
}

/** The one GuestHost conversation of a pair, created on first use (the partial unique index keeps it one). */
export function findOrCreateGuestHostThread(tx: DbOrTx, guestId: string, hostId: string): ConversationRow {
	const existing = pairThread(tx, guestId, hostId)
	if (existing) return existing
	return tx.insert(conversations).values({ kind: 'GuestHost', userId: guestId, hostId }).returning().get()
}

function isParticipant(thread: Pick<ConversationRow, 'kind' | 'userId' | 'hostId'>, caller: ChatCaller) {
	if (thread.kind !== 'GuestHost') return false
	if (caller.role === 'Customer') return thread.userId === caller.id
	if (caller.role === 'Owner') return thread.hostId === caller.id
	return false
}

/** True when the guest and the host have a thread (the host may open `/owner/chatMessages/:guestId`). */
export function hasGuestHostThread(guestId: string, hostId: string, db: DbOrTx = getDb()): boolean {
	return Boolean(pairThread(db, guestId, hostId))
}

function pairThread(db: DbOrTx, guestId: string, hostId: string): ConversationRow | undefined {
	return preparedQuery(db, 'chat.pairThread', (d) =>
		d
			.select()
			.from(conversations)
			.where(
				and(
					eq(conversations.kind, 'GuestHost'),
					eq(conversations.userId, sql.placeholder('guestId')),
					eq(conversations.hostId, sql.placeholder('hostId')),
				),
			)
			.prepare(),
	).get({ guestId, hostId })
}

/** The thread if the caller takes part in it; otherwise 404 (no existence leak). */
export function loadThreadFor(threadId: string, caller: ChatCaller, db: DbOrTx = getDb()): ConversationRow {
	const thread = preparedQuery(db, 'chat.threadById', (d) =>
		d
			.select()
			.from(conversations)
			.where(eq(conversations.id, sql.placeholder('id')))
			.prepare(),
	).get({ id: threadId })
	if (!thread || !isParticipant(thread, caller)) throw threadNotFound()
	return thread
}

export type ThreadTarget = { threadId?: string; playroomId?: string; guestId?: string; hostId?: string }

/**
 * The thread a caller addresses: an existing thread id; a guest by a playroom (its host) or a host
 * id; a host by a guest id — only a guest who has an order with this host or already wrote to them
 * (a host cannot open threads with strangers). Creates the thread when `create` is set.
 */
function resolveThread(tx: DbOrTx, caller: ChatCaller, target: ThreadTarget, create: boolean) {
	if (target.threadId) return loadThreadFor(target.threadId, caller, tx)
	let guestId: string
	let hostId: string
	if (caller.role === 'Customer') {
		guestId = caller.id
		if (target.playroomId) {
			const playroom = tx
				.select({ hostId: playrooms.hostId })
				.from(playrooms)
				.where(and(eq(playrooms.id, target.playroomId), eq(playrooms.status, 'Published')))
				.get()
			if (!playroom) throw threadNotFound()
			hostId = playroom.hostId
		} else if (target.hostId) {
			const host = tx
				.select({ id: users.id })
				.from(users)
				.where(and(eq(users.id, target.hostId), eq(users.role, 'Owner')))
				.get()
			if (!host) throw threadNotFound()
			hostId = host.id
		} else throw threadNotFound()
	} else if (caller.role === 'Owner' && target.guestId) {
		hostId = caller.id
		guestId = target.guestId
		const existing = pairThread(tx, guestId, hostId)
		if (existing) return existing
		const hasOrder = tx
			.select({ id: orders.id })
			.from(orders)
			.where(and(eq(orders.guestId, guestId), eq(orders.hostId, hostId)))
			.get()
		if (!hasOrder) throw threadNotFound()
	} else throw threadNotFound()
	if (guestId === hostId) throw threadNotFound()
	if (!create) {
		const existing = pairThread(tx, guestId, hostId)
		return existing ?? null
	}
	return findOrCreateGuestHostThread(tx, guestId, hostId)
}

/** The thread the caller addresses, or null when it does not exist yet (nothing is written). */
export function findThread(caller: ChatCaller, target: ThreadTarget): ConversationRow | null {
	return resolveThread(getDb(), caller, target, false)
}

function pairOf(thread: ConversationRow) {
	return { threadId: thread.id, guestId: thread.userId, hostId: thread.hostId ?? '' }
}

function authorRoleOf(thread: ConversationRow, caller: ChatCaller): ChatAuthorRole {
	return thread.userId === caller.id ? 'Guest' : 'Host'
}

function recipientOf(thread: ConversationRow, caller: ChatCaller): string {
	return thread.userId === caller.id ? (thread.hostId ?? '') : thread.userId
}

export type SendChatMessageInput = ThreadTarget & {
	body: string
	clientMessageId: string
	orderId?: string | null
}

export type SendChatMessageResult = {
	threadId: string
	guestId: string
	hostId: string
	messageId: number
	created: boolean
	recipientId: string
}

/**
 * Sends a message. The duplicate check and the insert are one IMMEDIATE transaction: the same
 * clientMessageId from the same author in the same thread returns the existing row (a retry or a
 * double click never makes two). An order reference must be an order of exactly this pair.
 * After the commit the recipient's tabs get a hint through the hub (ids only, never the text).
 */
export function sendChatMessage(
	caller: ChatCaller,
	input: SendChatMessageInput,
	options: { hub?: Hub; now?: number } = {},
): SendChatMessageResult {
	const body = requireBody(input.body)
	const now = new Date(options.now ?? Date.now())
	const result = immediateTransaction((tx) => {
		const thread = resolveThread(tx, caller, input, true)
		if (!thread) throw threadNotFound()
		const recipientId = recipientOf(thread, caller)
		const existing = findClientMessage(tx, thread.id, caller.id, input.clientMessageId)
		if (existing) return { ...pairOf(thread), messageId: existing.id, created: false, recipientId }
		if (input.orderId) {
			const order = tx
				.select({ id: orders.id })
				.from(orders)
				.where(
					and(
						eq(orders.id, input.orderId),
						eq(orders.guestId, thread.userId),
						eq(orders.hostId, thread.hostId ?? ''),
					),
				)
				.get()
			if (!order) throw orderRefused()
		}
		// The author has read what they wrote.
		const messageId = appendChatMessage(
			tx,
			{
				conversationId: thread.id,
				authorId: caller.id,
				authorRole: authorRoleOf(thread, caller),
				body,
				orderId: input.orderId ?? null,
				clientMessageId: input.clientMessageId,
				readerId: caller.id,
			},
			now,
		)
		return { ...pairOf(thread), messageId, created: true, recipientId }
	})
	if (result.created && options.hub) publishChatHint(options.hub, result.recipientId, caller)
	return result
}

/** "Something changed" to every open tab of the recipient: ids and the new unread count only. */
function publishChatHint(hub: Hub, recipientId: string, sender: ChatCaller) {
	const recipient = {
		id: recipientId,
		role: sender.role === 'Customer' ? ('Owner' as const) : ('Customer' as const),
	}
	const entries = unreadChatEntries(recipient)
	if (recipient.role === 'Owner') {
		const count = entries.find((entry) => entry.guestId === sender.id)?.count ?? 0
		hub.publishToUser(recipientId, { type: 'HostHasNewChatMessage', guestId: sender.id, count })
	} else {
		const count = entries.find((entry) => entry.hostId === sender.id)?.count ?? 0
		hub.publishToUser(recipientId, { type: 'GuestHasNewChatMessage', hostId: sender.id, count })
	}
}

/** True once the pair has an order in a confirmed state: contact details are shown from then on. */
export function isPairConfirmed(guestId: string, hostId: string, db: DbOrTx = getDb()): boolean {
	return Boolean(
		preparedQuery(db, 'chat.pairConfirmed', (d) =>
			d
				.select({ id: orders.id })
				.from(orders)
				.where(
					and(
						eq(orders.guestId, sql.placeholder('guestId')),
						eq(orders.hostId, sql.placeholder('hostId')),
						inArray(orders.status, CONFIRMED_STATES),
					),
				)
				.prepare(),
		).get({ guestId, hostId }),
	)
}

/** A message body as the reader sees it: contact details masked until the pair has a confirmed order. */
export function shownBody(body: string, confirmed: boolean): { text: string; masked: boolean } {
	return confirmed ? { text: body, masked: false } : maskContactDetails(body)
}

export type ChatMessageView = {
	id: number
	authorRole: ChatAuthorRole
	mine: boolean
	body: string
	/** Contact details were masked in `body` (the pair has no confirmed order yet). */
	masked: boolean
	systemEvent: ChatSystemEvent | null
	order: { id: string; code: string } | null
	createdAt: string
}

function messageViews(
	rows: {
		id: number
		authorId: string | null
		authorRole: ChatAuthorRole
		body: string
		systemEvent: ChatSystemEvent | null
		orderId: string | null
		orderCode: string | null
		createdAt: Date
	}[],
	caller: ChatCaller,
	confirmed: boolean,
): ChatMessageView[] {
	return rows.map((row) => {
		const { text, masked } = shownBody(row.body, confirmed)
		return {
			id: row.id,
			authorRole: row.authorRole,
			mine: row.authorId === caller.id,
			body: text,
			masked,
			systemEvent: row.systemEvent,
			order: row.orderId && row.orderCode ? { id: row.orderId, code: row.orderCode } : null,
			createdAt: row.createdAt.toISOString(),
		}
	})
}

export type ThreadHeader = {
	id: string
	guestId: string
	hostId: string
	otherDisplayName: string
	confirmed: boolean
	lastReadMessageId: number
	/** The other participant's cursor: "read" receipts for the caller's own messages. */
	otherLastReadMessageId: number
}

function threadHeader(thread: ConversationRow, caller: ChatCaller, db: DbOrTx): ThreadHeader {
	const hostId = thread.hostId ?? ''
	const otherId = thread.userId === caller.id ? hostId : thread.userId
	const other = preparedQuery(db, 'chat.displayName', (d) =>
		d
			.select({ displayName: users.displayName })
			.from(users)
			.where(eq(users.id, sql.placeholder('id')))
			.prepare(),
	).get({ id: otherId })
	const cursors = cursorsOf(db, thread.id)
	return {
		id: thread.id,
		guestId: thread.userId,
		hostId,
		otherDisplayName: other?.displayName ?? '',
		confirmed: isPairConfirmed(thread.userId, hostId, db),
		lastReadMessageId: cursors.get(caller.id) ?? 0,
		otherLastReadMessageId: cursors.get(otherId) ?? 0,
	}
}

/**
 * The messages of a thread after `after` (ascending ids, at most `limit`): a client that saw id N
 * asks for after=N and gets everything newer, in order — nothing is skipped.
 */
export function listChatMessages(
	threadId: string,
	caller: ChatCaller,
	options: { after?: number; limit?: number } = {},
	db: DbOrTx = getDb(),
) {
	const thread = loadThreadFor(threadId, caller, db)
	const page = messagesAfter(db, thread.id, options.after ?? 0, clampLimit(options.limit, CHAT_PAGE_SIZE))
	const header = threadHeader(thread, caller, db)
	return {
		thread: header,
		messages: messageViews(page.rows, caller, header.confirmed),
		hasMore: page.hasMore,
		lastMessageId: page.lastMessageId,
	}
}

/** The newest `limit` messages of a thread (the page view opens at the end), ascending. */
export function latestChatMessages(
	threadId: string,
	caller: ChatCaller,
	limit = CHAT_PAGE_SIZE,
	db: DbOrTx = getDb(),
) {
	const thread = loadThreadFor(threadId, caller, db)
	const page = latestMessages(db, thread.id, limit)
	const header = threadHeader(thread, caller, db)
	return {
		thread: header,
		messages: messageViews(page.rows, caller, header.confirmed),
		hasEarlier: page.hasEarlier,
		lastMessageId: page.lastMessageId,
	}
}

/** Marks the thread read up to `messageId` (clamped to the newest message); the cursor never moves back. */
export function markChatRead(
	caller: ChatCaller,
	threadId: string,
	messageId: number,
	options: { now?: number } = {},
) {
	return immediateTransaction((tx) => {
		const thread = loadThreadFor(threadId, caller, tx)
		const upTo = Math.min(messageId, thread.lastMessageId ?? 0)
		if (upTo > 0) advanceCursor(tx, thread.id, caller.id, upTo, new Date(options.now ?? Date.now()))
		return { threadId: thread.id, lastReadMessageId: cursorOf(tx, thread.id, caller.id) }
	})
}

function participantColumn(caller: ChatCaller) {
	return caller.role === 'Owner' ? conversations.hostId : conversations.userId
}

/**
 * Unread messages per thread of the caller: messages of the other participant newer than the
 * caller's cursor. System lines are not counted (the booking events reach the inbox and e-mail).
 */
function unreadByThread(caller: ChatCaller, db: DbOrTx) {
	if (caller.role !== 'Customer' && caller.role !== 'Owner') return []
	// Runs on every logged-in page (the status counts): prepared once per side.
	const side = caller.role === 'Owner' ? 'host' : 'guest'
	return preparedQuery(db, `chat.unreadByThread.${side}`, (d) =>
		d
			.select({
				threadId: conversations.id,
				guestId: conversations.userId,
				hostId: conversations.hostId,
				count: count(chatMessages.id),
			})
			.from(conversations)
			.leftJoin(
				chatReadCursors,
				and(
					eq(chatReadCursors.conversationId, conversations.id),
					eq(chatReadCursors.participantId, sql.placeholder('callerId')),
				),
			)
			.innerJoin(
				chatMessages,
				and(
					eq(chatMessages.conversationId, conversations.id),
					gt(chatMessages.id, sql`coalesce(${chatReadCursors.lastReadMessageId}, 0)`),
					isNotNull(chatMessages.authorId),
					ne(chatMessages.authorId, sql.placeholder('callerId')),
				),
			)
			.where(
				and(eq(conversations.kind, 'GuestHost'), eq(participantColumn(caller), sql.placeholder('callerId'))),
			)
			.groupBy(conversations.id)
			.prepare(),
	).all({ callerId: caller.id })
}

export type UnreadChatEntry = { guestId?: string; hostId?: string; count: number }

/** The status object's `unreadChatMessages`: a host gets entries per guest, a guest per host. */
export function unreadChatEntries(caller: ChatCaller, db: DbOrTx = getDb()): UnreadChatEntry[] {
	return unreadByThread(caller, db)
		.filter((row) => row.count > 0)
		.map((row) =>
			caller.role === 'Owner'
				? { guestId: row.guestId, count: row.count }
				: { hostId: row.hostId ?? '', count: row.count },
		)
}

export type ChatThreadFilter = 'all' | 'unread' | 'needsReply'

export type ChatThreadSummary = {
	id: string
	guestId: string
	hostId: string
	otherDisplayName: string
	unreadCount: number
	/** The newest line was written by the other participant (a host's "needs reply"). */
	needsReply: boolean
	lastMessage: {
		id: number
		body: string
		masked: boolean
		systemEvent: ChatSystemEvent | null
		mine: boolean
		createdAt: string
	} | null
}

/** The caller's threads, newest activity first, with the other party, last line and unread count. */
export function listChatThreads(
	caller: ChatCaller,
	options: { filter?: ChatThreadFilter } = {},
	db: DbOrTx = getDb(),
): ChatThreadSummary[] {
	if (caller.role !== 'Customer' && caller.role !== 'Owner') return []
	const otherIdColumn = caller.role === 'Owner' ? conversations.userId : conversations.hostId
	const rows = db
		.select({
			id: conversations.id,
			guestId: conversations.userId,
			hostId: conversations.hostId,
			otherDisplayName: users.displayName,
			lastMessageAt: conversations.lastMessageAt,
			message: {
				id: chatMessages.id,
				authorId: chatMessages.authorId,
				authorRole: chatMessages.authorRole,
				body: chatMessages.body,
				systemEvent: chatMessages.systemEvent,
				createdAt: chatMessages.createdAt,
			},
		})
		.from(conversations)
		.innerJoin(users, eq(users.id, otherIdColumn))
		.leftJoin(chatMessages, eq(chatMessages.id, conversations.lastMessageId))
		.where(and(eq(conversations.kind, 'GuestHost'), eq(participantColumn(caller), caller.id)))
		.orderBy(desc(conversations.lastMessageAt), desc(conversations.createdAt))
		.all()
	const unread = new Map(unreadByThread(caller, db).map((row) => [row.threadId, row.count]))
	const confirmedPairs = confirmedPartners(caller, db)
	const summaries = rows.map((row): ChatThreadSummary => {
		const hostId = row.hostId ?? ''
		const otherId = caller.role === 'Owner' ? row.guestId : hostId
		const message = row.message
		const confirmed = confirmedPairs.has(otherId)
		const body = message ? shownBody(message.body, confirmed) : null
		return {
			id: row.id,
			guestId: row.guestId,
			hostId,
			otherDisplayName: row.otherDisplayName,
			unreadCount: unread.get(row.id) ?? 0,
			needsReply: Boolean(message && message.authorId && message.authorId !== caller.id),
			lastMessage:
				message && body
					? {
							id: message.id,
							body: body.text,
							masked: body.masked,
							systemEvent: message.systemEvent,
							mine: message.authorId === caller.id,
							createdAt: message.createdAt.toISOString(),
						}
					: null,
		}
	})
	if (options.filter === 'unread') return summaries.filter((thread) => thread.unreadCount > 0)
	if (options.filter === 'needsReply') return summaries.filter((thread) => thread.needsReply)
	return summaries
}

/** The other parties the caller has a confirmed order with. */
function confirmedPartners(caller: ChatCaller, db: DbOrTx): Set<string> {
	const mine = caller.role === 'Owner' ? orders.hostId : orders.guestId
	const other = caller.role === 'Owner' ? orders.guestId : orders.hostId
	return new Set(
		db
			.selectDistinct({ id: other })
			.from(orders)
			.where(and(eq(mine, caller.id), inArray(orders.status, CONFIRMED_STATES)))
			.all()
			.map((row) => row.id),
	)
}

/** The orders of the pair, newest first (the order chips and the host's side panel). */
export function pairOrders(guestId: string, hostId: string, db: DbOrTx = getDb()) {
	return preparedQuery(db, 'chat.pairOrders', (d) =>
		d
			.select({ id: orders.id, code: orders.code, status: orders.status, checkIn: orders.checkIn })
			.from(orders)
			.where(
				and(eq(orders.guestId, sql.placeholder('guestId')), eq(orders.hostId, sql.placeholder('hostId'))),
			)
			.orderBy(desc(orders.checkIn))
			.limit(20)
			.prepare(),
	).all({ guestId, hostId })
}
