import { and, count, eq, gt, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import {
	chatMessages,
	chatReadCursors,
	conversations,
	PLATFORM_PARTICIPANT,
	SUPPORT_STATUSES,
	type ChatAuthorRole,
	type SupportStatus,
} from '#db/schema/conversations.ts'
import { users, type UserRole } from '#db/schema/users.ts'
import { AppError } from '#app/utils/app-error.ts'
import {
	defineDataTable,
	runTableQuery,
	type ListPage,
	type TableQuery,
} from '#app/utils/data-table.server.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import type { Hub } from '#app/utils/realtime.ts'
import { recordAdminAudit } from '#app/models/platform/audit-log.server.ts'
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
import { assertAdmin } from '#app/utils/assert-admin.ts'

/**
 * The support chat (issue 32, docs/subsystems/support-chat.md, ADR 0163): one conversation per
 * user with the platform, created by the user's first message. The user's side is the user; the
 * platform's side is every admin, sharing one read cursor (PLATFORM_PARTICIPANT). The same store
 * as the guest–host chat (chat-store.server.ts): increasing ids, `after=`, clientMessageId dedupe
 * in one IMMEDIATE transaction, cursors that never move back.
 *
 * Status: a user's message makes the thread Open (a resolved thread reopens); an admin's answer
 * makes it Waiting (for the user); an admin sets Resolved (or any status) by hand.
 *
 * Authorisation: the user side only ever reaches the caller's own thread (anything else is 404);
 * the platform side is for admins only (403 for anyone else).
 */
export type SupportCaller = { id: string; role: UserRole }
/** Whose side the caller speaks for: their own thread, or the platform's (admins). */
export type SupportSide = 'user' | 'platform'

type ConversationRow = typeof conversations.$inferSelect

export const SUPPORT_PAGE_SIZE = 50

export function supportThreadNotFound() {
	return new AppError(404, 'NotFound', { messageKey: 'chat:errors.threadNotFound' })
}

function readerOf(side: SupportSide, caller: SupportCaller) {
	return side === 'platform' ? PLATFORM_PARTICIPANT : caller.id
}

/** The user's support thread, if they have written one (nothing is created). */
export function findUserSupportThread(userId: string, db: DbOrTx = getDb()): ConversationRow | undefined {
	return db
		.select()
		.from(conversations)
		.where(and(eq(conversations.kind, 'Support'), eq(conversations.userId, userId)))
		.get()
}

/** True when `id` is a support thread (the `:supportThreadId` ownership rule, admins only). */
export function isSupportThread(id: string, db: DbOrTx = getDb()): boolean {
	return Boolean(
		db
			.select({ id: conversations.id })
			.from(conversations)
			.where(and(eq(conversations.id, id), eq(conversations.kind, 'Support')))
			.get(),
	)
}

/** The support thread if the caller may see it on this side; otherwise 404 (no existence leak). */
export function loadSupportThread(
	threadId: string,
	caller: SupportCaller,
	side: SupportSide,
	db: DbOrTx = getDb(),
): ConversationRow {
	if (side === 'platform') assertAdmin(caller)
	const thread = db.select().from(conversations).where(eq(conversations.id, threadId)).get()
	if (!thread || thread.kind !== 'Support') throw supportThreadNotFound()
	if (side === 'user' && thread.userId !== caller.id) throw supportThreadNotFound()
	return thread
}

export type SendSupportMessageInput = { threadId?: string; body: string; clientMessageId: string }

export type SendSupportMessageResult = {
	threadId: string
	userId: string
	messageId: number
	created: boolean
}

/**
 * Sends a message on one side. The user's first message creates their thread; an admin answers
 * an existing thread (by id). Dedupe, insert, the thread's status and the author side's cursor
 * are one IMMEDIATE transaction; the hub hint (ids and counts, never the text) follows the commit.
 */
export function sendSupportMessage(
	caller: SupportCaller,
	side: SupportSide,
	input: SendSupportMessageInput,
	options: { hub?: Hub; now?: number } = {},
): SendSupportMessageResult {
	if (side === 'platform') assertAdmin(caller)
	const body = requireBody(input.body)
	const now = new Date(options.now ?? Date.now())
	const result = immediateTransaction((tx) => {
		let thread: ConversationRow | undefined
		if (input.threadId) thread = loadSupportThread(input.threadId, caller, side, tx)
		else if (side === 'user') {
			thread =
				findUserSupportThread(caller.id, tx) ??
				tx
					.insert(conversations)
					.values({
						kind: 'Support',
						userId: caller.id,
						supportStatus: 'Open',
						createdAt: now,
						updatedAt: now,
					})
					.returning()
					.get()
		}
		if (!thread) throw supportThreadNotFound()
		const existing = findClientMessage(tx, thread.id, caller.id, input.clientMessageId)
		if (existing)
			return { threadId: thread.id, userId: thread.userId, messageId: existing.id, created: false }
		const authorRole: ChatAuthorRole = side === 'platform' ? 'Admin' : 'User'
		const messageId = appendChatMessage(
			tx,
			{
				conversationId: thread.id,
				authorId: caller.id,
				authorRole,
				body,
				clientMessageId: input.clientMessageId,
				readerId: readerOf(side, caller),
			},
			now,
		)
		tx.update(conversations)
			.set({ supportStatus: side === 'platform' ? 'Waiting' : 'Open', updatedAt: now })
			.where(eq(conversations.id, thread.id))
			.run()
		return { threadId: thread.id, userId: thread.userId, messageId, created: true }
	})
	if (result.created && options.hub) publishSupportHint(options.hub, result.threadId, result.userId, side)
	return result
}

/**
 * "Something changed" after a committed message: every admin's tabs (the list and the counts)
 * and, when the platform answered, the user's tabs. Ids and counts only, never the text.
 */
function publishSupportHint(hub: Hub, threadId: string, userId: string, side: SupportSide) {
	hub.publishToRole('Admin', {
		type: 'SupportHasNewMessage',
		conversationId: threadId,
		count: countUnreadForPlatform(),
	})
	if (side === 'platform') {
		hub.publishToUser(userId, {
			type: 'SupportHasNewMessage',
			conversationId: threadId,
			count: countUnreadSupportReplies(userId),
		})
	}
}

export type SupportMessageView = {
	id: number
	authorRole: ChatAuthorRole
	/** Written by the caller's side (the user; on the platform side any admin). */
	mine: boolean
	body: string
	/** Support threads are never masked (kept for the thread component's shape). */
	masked: false
	systemEvent: null
	order: null
	createdAt: string
}

export type SupportThreadHeader = {
	id: string
	userId: string
	/** The user's name on the platform side; empty on the user's side (the page names the platform). */
	otherDisplayName: string
	/** Contact details are never masked in support. */
	confirmed: true
	status: SupportStatus
	assignedAdminId: string | null
	lastReadMessageId: number
	otherLastReadMessageId: number
}

function header(thread: ConversationRow, caller: SupportCaller, side: SupportSide, db: DbOrTx) {
	const cursors = cursorsOf(db, thread.id)
	const user =
		side === 'platform'
			? db.select({ displayName: users.displayName }).from(users).where(eq(users.id, thread.userId)).get()
			: null
	return {
		id: thread.id,
		userId: thread.userId,
		otherDisplayName: user?.displayName ?? '',
		confirmed: true,
		status: thread.supportStatus ?? 'Open',
		assignedAdminId: thread.assignedAdminId,
		lastReadMessageId: cursors.get(readerOf(side, caller)) ?? 0,
		otherLastReadMessageId: cursors.get(side === 'platform' ? thread.userId : PLATFORM_PARTICIPANT) ?? 0,
	} satisfies SupportThreadHeader
}

function views(
	rows: { id: number; authorId: string | null; authorRole: ChatAuthorRole; body: string; createdAt: Date }[],
	side: SupportSide,
): SupportMessageView[] {
	return rows.map((row) => ({
		id: row.id,
		authorRole: row.authorRole,
		mine: side === 'platform' ? row.authorRole === 'Admin' : row.authorRole === 'User',
		body: row.body,
		masked: false,
		systemEvent: null,
		order: null,
		createdAt: row.createdAt.toISOString(),
	}))
}

/** Messages after `after` (ascending, at most `limit`): the same answer as the chat's Messages. */
export function listSupportMessages(
	threadId: string,
	caller: SupportCaller,
	side: SupportSide,
	options: { after?: number; limit?: number } = {},
	db: DbOrTx = getDb(),
) {
	const thread = loadSupportThread(threadId, caller, side, db)
	const page = messagesAfter(db, thread.id, options.after ?? 0, clampLimit(options.limit, SUPPORT_PAGE_SIZE))
	return {
		thread: header(thread, caller, side, db),
		messages: views(page.rows, side),
		hasMore: page.hasMore,
		lastMessageId: page.lastMessageId,
	}
}

/** The newest `limit` messages (the page opens at the end), ascending. */
export function latestSupportMessages(
	threadId: string,
	caller: SupportCaller,
	side: SupportSide,
	limit = SUPPORT_PAGE_SIZE,
	db: DbOrTx = getDb(),
) {
	const thread = loadSupportThread(threadId, caller, side, db)
	const page = latestMessages(db, thread.id, limit)
	return {
		thread: header(thread, caller, side, db),
		messages: views(page.rows, side),
		hasEarlier: page.hasEarlier,
		lastMessageId: page.lastMessageId,
	}
}

/** Moves the side's cursor to `messageId` (clamped to the newest message); it never moves back. */
export function markSupportRead(
	caller: SupportCaller,
	side: SupportSide,
	threadId: string,
	messageId: number,
	options: { now?: number } = {},
) {
	return immediateTransaction((tx) => {
		const thread = loadSupportThread(threadId, caller, side, tx)
		const reader = readerOf(side, caller)
		const upTo = Math.min(messageId, thread.lastMessageId ?? 0)
		if (upTo > 0) advanceCursor(tx, thread.id, reader, upTo, new Date(options.now ?? Date.now()))
		return { threadId: thread.id, lastReadMessageId: cursorOf(tx, thread.id, reader) }
	})
}

/** The user's own thread in short (`/api/Support/Thread`): null before their first message. */
export function getOwnSupportThread(caller: SupportCaller, db: DbOrTx = getDb()) {
	const thread = findUserSupportThread(caller.id, db)
	if (!thread) return null
	return {
		id: thread.id,
		status: thread.supportStatus ?? 'Open',
		lastMessageId: thread.lastMessageId ?? 0,
		unreadCount: countUnreadSupportReplies(caller.id, db),
	}
}

/** Sets the status of a thread (admins). */
export function setSupportStatus(
	admin: SupportCaller,
	threadId: string,
	status: SupportStatus,
	options: { now?: number } = {},
) {
	assertAdmin(admin)
	return immediateTransaction((tx) => {
		const thread = loadSupportThread(threadId, admin, 'platform', tx)
		const now = new Date(options.now ?? Date.now())
		const before = thread.supportStatus ?? 'Open'
		tx.update(conversations)
			.set({ supportStatus: status, updatedAt: now })
			.where(eq(conversations.id, thread.id))
			.run()
		if (before !== status) {
			recordAdminAudit(tx, {
				admin,
				action: 'support.setStatus',
				entityType: 'supportThread',
				entityId: thread.id,
				changes: { status: { before, after: status } },
				now,
			})
		}
		return { threadId: thread.id, status }
	})
}

function assigneeRefused() {
	return new AppError(400, 'ValidationError', {
		messageKey: 'chat:support.errors.assigneeNotAdmin',
		fields: { adminId: ['chat:support.errors.assigneeNotAdmin'] },
	})
}

/** Assigns a thread to an admin (the caller or another admin), or to nobody (`null`). */
export function assignSupportThread(
	admin: SupportCaller,
	threadId: string,
	adminId: string | null,
	options: { now?: number } = {},
) {
	assertAdmin(admin)
	return immediateTransaction((tx) => {
		const thread = loadSupportThread(threadId, admin, 'platform', tx)
		if (adminId) {
			const assignee = tx
				.select({ id: users.id })
				.from(users)
				.where(and(eq(users.id, adminId), eq(users.role, 'Admin'), isNull(users.deletedAt)))
				.get()
			if (!assignee) throw assigneeRefused()
		}
		const now = new Date(options.now ?? Date.now())
		tx.update(conversations)
			.set({ assignedAdminId: adminId, updatedAt: now })
			.where(eq(conversations.id, thread.id))
			.run()
		if (thread.assignedAdminId !== adminId) {
			const nameOf = (id: string | null) =>
				id
					? (tx.select({ name: users.displayName }).from(users).where(eq(users.id, id)).get()?.name ?? id)
					: null
			recordAdminAudit(tx, {
				admin,
				action: 'support.assign',
				entityType: 'supportThread',
				entityId: thread.id,
				changes: { assignedAdmin: { before: nameOf(thread.assignedAdminId), after: nameOf(adminId) } },
				now,
			})
		}
		return { threadId: thread.id, assignedAdminId: adminId }
	})
}

/** The admins a thread can be assigned to (the assign form's choices). */
export function supportAssignees(db: DbOrTx = getDb()) {
	return db
		.select({ id: users.id, displayName: users.displayName })
		.from(users)
		.where(and(eq(users.role, 'Admin'), isNull(users.deletedAt)))
		.orderBy(users.displayName)
		.all()
}

// --- Unread counts ------------------------------------------------------------

/** Admins' answers above the user's cursor: the user's unread support replies. */
export function countUnreadSupportReplies(userId: string, db: DbOrTx = getDb()): number {
	return (
		db
			.select({ n: count(chatMessages.id) })
			.from(conversations)
			.leftJoin(
				chatReadCursors,
				and(eq(chatReadCursors.conversationId, conversations.id), eq(chatReadCursors.participantId, userId)),
			)
			.innerJoin(
				chatMessages,
				and(
					eq(chatMessages.conversationId, conversations.id),
					gt(chatMessages.id, sql`coalesce(${chatReadCursors.lastReadMessageId}, 0)`),
					eq(chatMessages.authorRole, 'Admin'),
				),
			)
			.where(and(eq(conversations.kind, 'Support'), eq(conversations.userId, userId)))
			.get()?.n ?? 0
	)
}

/** Users' messages above the platform's cursor in one thread (SQL, for the list and the total). */
const unreadForPlatformSql = sql<number>`(SELECT count(*) FROM ${chatMessages} m WHERE m.conversation_id = ${conversations.id} AND m.author_role = 'User' AND m.id > coalesce((SELECT c.last_read_message_id FROM ${chatReadCursors} c WHERE c.conversation_id = ${conversations.id} AND c.participant_id = ${PLATFORM_PARTICIPANT}), 0))`

/** Users' messages no admin has read yet, over every support thread: the admin's unread count. */
export function countUnreadForPlatform(db: DbOrTx = getDb()): number {
	return (
		db
			.select({ n: sql<number>`coalesce(sum(${unreadForPlatformSql}), 0)` })
			.from(conversations)
			.where(eq(conversations.kind, 'Support'))
			.get()?.n ?? 0
	)
}

// --- The admin list -------------------------------------------------------------

const supportUser = alias(users, 'support_user')
const assignee = alias(users, 'assignee')
const lastActivity = sql<number>`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`

const rowColumns = {
	id: conversations.id,
	status: conversations.supportStatus,
	userId: conversations.userId,
	userName: supportUser.displayName,
	userEmail: supportUser.email,
	userRole: supportUser.role,
	assignedAdminId: conversations.assignedAdminId,
	assignedAdminName: assignee.displayName,
	unreadCount: unreadForPlatformSql,
	lastMessageBody: chatMessages.body,
	lastMessageRole: chatMessages.authorRole,
	lastMessageAt: lastActivity,
}

type SupportRow = {
	id: string
	status: SupportStatus | null
	userId: string
	userName: string
	userEmail: string
	userRole: UserRole
	assignedAdminId: string | null
	assignedAdminName: string | null
	unreadCount: number
	lastMessageBody: string | null
	lastMessageRole: ChatAuthorRole | null
	lastMessageAt: number
}

function toItem(row: SupportRow) {
	return {
		id: row.id,
		status: row.status ?? 'Open',
		userId: row.userId,
		userName: row.userName,
		userEmail: row.userEmail,
		userRole: row.userRole,
		assignedAdminId: row.assignedAdminId,
		assignedAdminName: row.assignedAdminName,
		unreadCount: Number(row.unreadCount),
		lastMessage:
			row.lastMessageBody !== null && row.lastMessageRole
				? { body: row.lastMessageBody.slice(0, 140), fromUser: row.lastMessageRole === 'User' }
				: null,
		lastMessageAt: Number(row.lastMessageAt),
	}
}
export type AdminSupportItem = ReturnType<typeof toItem>

/** /admin/support and /api/Admin/Support/Threads: the data table of support threads. */
export const supportTable = defineDataTable({
	id: 'support',
	columns: {
		user: { label: 'chat:support.admin.columns.user', sort: supportUser.displayName },
		status: { label: 'chat:support.admin.columns.status', sort: conversations.supportStatus },
		unread: { label: 'chat:support.admin.columns.unread', sort: unreadForPlatformSql },
		lastMessage: { label: 'chat:support.admin.columns.lastMessage' },
		assignedAdmin: { label: 'chat:support.admin.columns.assignedAdmin' },
		lastMessageAt: { label: 'chat:support.admin.columns.lastMessageAt', sort: lastActivity },
	},
	filters: {
		status: {
			kind: 'enum',
			column: conversations.supportStatus,
			values: SUPPORT_STATUSES,
			label: 'chat:support.admin.filters.status',
			optionLabel: 'chat:support.statuses.',
		},
		assignedAdminId: {
			kind: 'id',
			column: conversations.assignedAdminId,
			label: 'chat:support.admin.filters.assignedAdminId',
		},
	},
	search: [
		(matches) =>
			sql`${conversations.userId} IN (SELECT ${users.id} FROM ${users} WHERE ${matches(users.displayName)} OR ${matches(users.email)})`,
	],
	defaultSort: 'lastMessageAt:desc',
	tiebreaker: conversations.id,
	defaultPerPage: 25,
	rows: (db: DbOrTx) =>
		db
			.select(rowColumns)
			.from(conversations)
			.innerJoin(supportUser, eq(supportUser.id, conversations.userId))
			.leftJoin(assignee, eq(assignee.id, conversations.assignedAdminId))
			.leftJoin(chatMessages, eq(chatMessages.id, conversations.lastMessageId))
			.$dynamic(),
	count: (db: DbOrTx) => db.select({ n: count() }).from(conversations).$dynamic(),
	toItem: (row) => toItem(row as SupportRow),
})

export function listSupportThreads(admin: SupportCaller, query: TableQuery): ListPage<AdminSupportItem> {
	assertAdmin(admin)
	return runTableQuery(supportTable, query, { scope: eq(conversations.kind, 'Support') })
}

/** The admin's detail: the thread's user and the admins it can be assigned to. */
export function getSupportThreadContext(admin: SupportCaller, threadId: string, db: DbOrTx = getDb()) {
	const thread = loadSupportThread(threadId, admin, 'platform', db)
	const user = db
		.select({ id: users.id, displayName: users.displayName, email: users.email, role: users.role })
		.from(users)
		.where(eq(users.id, thread.userId))
		.get()
	return { user: user ?? null, assignees: supportAssignees(db) }
}
