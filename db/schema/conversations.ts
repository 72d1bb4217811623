import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { createdAt, idColumn, instant, jsonColumn, updatedAt } from './columns.ts'
import { orders } from './orders.ts'
import { users } from './users.ts'

/**
 * Conversations (issue 32, docs/subsystems/chat.md): one thread per guest–host pair, and one
 * support thread per user with the platform. The database is the truth; the hub only says
 * "something changed" and clients re-read `after=<last id>`.
 */
export const CONVERSATION_KINDS = ['GuestHost', 'Support'] as const
export type ConversationKind = (typeof CONVERSATION_KINDS)[number]

export const SUPPORT_STATUSES = ['Open', 'Waiting', 'Resolved'] as const
export type SupportStatus = (typeof SUPPORT_STATUSES)[number]

export const conversations = sqliteTable(
	'conversations',
	{
		id: idColumn(),
		kind: text('kind', { enum: CONVERSATION_KINDS }).notNull(),
		/** GuestHost: the guest. Support: the user who asks the platform (any role). */
		userId: text('user_id')
			.notNull()
			.references(() => users.id),
		/** GuestHost: the host. Support: null. */
		hostId: text('host_id').references(() => users.id),
		/** Support only. */
		supportStatus: text('support_status', { enum: SUPPORT_STATUSES }),
		assignedAdminId: text('assigned_admin_id').references(() => users.id),
		/** The newest message (denormalised for thread lists). */
		lastMessageId: integer('last_message_id'),
		lastMessageAt: instant('last_message_at'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(table) => [
		uniqueIndex('conversations_guest_host_unique')
			.on(table.userId, table.hostId)
			.where(sql`${table.kind} = 'GuestHost'`),
		uniqueIndex('conversations_support_unique')
			.on(table.userId)
			.where(sql`${table.kind} = 'Support'`),
		index('conversations_host_idx').on(table.hostId, table.lastMessageAt),
		index('conversations_user_idx').on(table.userId, table.lastMessageAt),
		index('conversations_support_idx').on(table.kind, table.supportStatus, table.lastMessageAt),
	],
)

export const CHAT_AUTHOR_ROLES = ['Guest', 'Host', 'User', 'Admin', 'System'] as const
export type ChatAuthorRole = (typeof CHAT_AUTHOR_ROLES)[number]

/** Booking events that write a line into the guest–host thread. */
export const CHAT_SYSTEM_EVENTS = [
	'RequestSent',
	'RequestAccepted',
	'PaymentReceived',
	'OrderCancelled',
	'AccessCodeAvailable',
] as const
export type ChatSystemEvent = (typeof CHAT_SYSTEM_EVENTS)[number]

export const CHAT_MESSAGE_MAX_LENGTH = 4_000

export const chatMessages = sqliteTable(
	'chat_messages',
	{
		/** Increasing server id: clients ask for `after=<last id>`. */
		id: integer('id').primaryKey({ autoIncrement: true }),
		conversationId: text('conversation_id')
			.notNull()
			.references(() => conversations.id),
		/** Null for system lines. */
		authorId: text('author_id').references(() => users.id),
		authorRole: text('author_role', { enum: CHAT_AUTHOR_ROLES }).notNull(),
		/** Plain text ≤ 4,000 characters, rendered inert. Empty for system lines. */
		body: text('body').notNull().default(''),
		systemEvent: text('system_event', { enum: CHAT_SYSTEM_EVENTS }),
		/** The order the message refers to (shown as an order chip). */
		orderId: text('order_id').references(() => orders.id),
		/** The sender's id for this message: a retry or a double click never makes two rows. */
		clientMessageId: text('client_message_id'),
		createdAt: createdAt(),
	},
	(table) => [
		index('chat_messages_conversation_idx').on(table.conversationId, table.id),
		uniqueIndex('chat_messages_client_id_unique')
			.on(table.conversationId, table.authorId, table.clientMessageId)
			.where(sql`${table.clientMessageId} IS NOT NULL`),
		uniqueIndex('chat_messages_system_event_unique')
			.on(table.conversationId, table.systemEvent, table.orderId)
			.where(sql`${table.systemEvent} IS NOT NULL`),
	],
)

/**
 * Read receipts as a cursor per participant: the last message id they have read. The platform's
 * side of a support thread is the participant 'platform' (all admins share it).
 */
export const PLATFORM_PARTICIPANT = 'platform'

export const chatReadCursors = sqliteTable(
	'chat_read_cursors',
	{
		conversationId: text('conversation_id')
			.notNull()
			.references(() => conversations.id),
		/** A user id, or PLATFORM_PARTICIPANT. */
		participantId: text('participant_id').notNull(),
		lastReadMessageId: integer('last_read_message_id').notNull().default(0),
		/** The e-mail digest: the newest message already e-mailed, and when. */
		lastEmailedMessageId: integer('last_emailed_message_id').notNull().default(0),
		lastEmailedAt: instant('last_emailed_at'),
		updatedAt: updatedAt(),
	},
	(table) => [
		primaryKey({ columns: [table.conversationId, table.participantId] }),
		index('chat_read_cursors_participant_idx').on(table.participantId),
	],
)

/** Notifications of the host inbox (/host/messages) and of the guest (/guest/chatMessages). */
export const USER_NOTIFICATION_KINDS = [
	'NewRequest',
	'RequestExpiring',
	'NewBooking',
	'OrderCancelled',
	'PaymentReceived',
	'RatingReceived',
	'RatingRequest',
	'RatingPublished',
	'CalendarConflict',
	'RequestAccepted',
	'RequestDeclined',
	'InvoiceIssued',
	'ModuleEnding',
] as const
export type UserNotificationKind = (typeof USER_NOTIFICATION_KINDS)[number]

export const userNotifications = sqliteTable(
	'user_notifications',
	{
		id: idColumn(),
		userId: text('user_id')
			.notNull()
			.references(() => users.id),
		kind: text('kind', { enum: USER_NOTIFICATION_KINDS }).notNull(),
		orderId: text('order_id').references(() => orders.id),
		/** What the text needs (order code, playroom name, …); rendered in the reader's language. */
		params: jsonColumn<Record<string, string | number>>('params').notNull().default({}),
		/** The event that caused it, so that a retried event writes one row. */
		dedupeKey: text('dedupe_key').notNull(),
		readAt: instant('read_at'),
		createdAt: createdAt(),
	},
	(table) => [
		uniqueIndex('user_notifications_dedupe_unique').on(table.userId, table.dedupeKey),
		index('user_notifications_user_idx').on(table.userId, table.readAt, table.createdAt),
	],
)

export const CHAT_EMAIL_FREQUENCIES = ['Immediately', 'Hourly', 'Off'] as const
export type ChatEmailFrequency = (typeof CHAT_EMAIL_FREQUENCIES)[number]
