import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import { userNotifications, type UserNotificationKind } from '#db/schema/conversations.ts'
import type { UserRole } from '#db/schema/users.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, preparedQuery, type DbOrTx } from '#app/utils/db.server.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'

/**
 * User notifications (issue 32, ADR 0161, docs/subsystems/notifications.md): the host inbox
 * /host/messages and the guest's notifications. An event writes a row with `notifyUser` inside
 * the transaction that makes the event happen; the dedupe key (unique per user) makes a retried
 * event write one row. The text is rendered when it is read, in the reader's language, from
 * the params stored with the row.
 */
export type NotificationParams = Record<string, string | number>

export type NotifyInput = {
	userId: string
	kind: UserNotificationKind
	orderId?: string | null
	params: NotificationParams
	dedupeKey: string
}

type Caller = { id: string; role: UserRole }

/** Writes one notification inside the caller's IMMEDIATE transaction; whether a row was written. */
export function notifyUser(tx: DbOrTx, input: NotifyInput, now: Date = new Date()): boolean {
	const written = tx
		.insert(userNotifications)
		.values({
			userId: input.userId,
			kind: input.kind,
			orderId: input.orderId ?? null,
			params: input.params,
			dedupeKey: input.dedupeKey,
			createdAt: now,
		})
		.onConflictDoNothing({ target: [userNotifications.userId, userNotifications.dedupeKey] })
		.returning({ id: userNotifications.id })
		.all()
	return written.length > 0
}

/** Params holding an instant (epoch ms) that the text shows as a date and time. */
const INSTANT_PARAMS = new Set(['deadline'])

/** The notification's text in `locale`. */
export function notificationText(
	kind: UserNotificationKind,
	params: NotificationParams,
	locale: Locale,
): string {
	const values: Record<string, string | number> = { code: '', playroom: '', module: '', deadline: '' }
	for (const [key, value] of Object.entries(params)) {
		values[key] = INSTANT_PARAMS.has(key) && typeof value === 'number' ? formatDateTime(value, locale) : value
	}
	return looseT(getFixedT(locale))(`notifications:texts.${kind}`, values)
}

export type NotificationItem = {
	id: string
	kind: UserNotificationKind
	text: string
	/** Locale-free path of the order the notification is about (the reader's side), or null. */
	orderPath: string | null
	read: boolean
	createdAt: Date
}

function orderPathFor(role: UserRole, orderId: string | null) {
	if (!orderId) return null
	if (role === 'Owner') return `/host/orders/${orderId}`
	if (role === 'Customer') return `/guest/orders/${orderId}`
	return `/admin/orders/${orderId}`
}

export const NOTIFICATIONS_PER_PAGE = 20

/** The caller's notifications, newest first, paginated; `unreadOnly` for the short guest list. */
export function listNotifications(
	caller: Caller,
	options: { locale: Locale; page?: number; perPage?: number; unreadOnly?: boolean },
	db: DbOrTx = getDb(),
): { items: NotificationItem[]; currentPage: number; perPage: number; totalCount: number } {
	const perPage = options.perPage ?? NOTIFICATIONS_PER_PAGE
	const currentPage = Math.max(1, Math.floor(options.page ?? 1))
	const where = and(
		eq(userNotifications.userId, caller.id),
		options.unreadOnly ? isNull(userNotifications.readAt) : undefined,
	)
	const totalCount = db.select({ n: count() }).from(userNotifications).where(where).get()?.n ?? 0
	const rows = db
		.select()
		.from(userNotifications)
		.where(where)
		.orderBy(desc(userNotifications.createdAt), desc(userNotifications.id))
		.limit(perPage)
		.offset((currentPage - 1) * perPage)
		.all()
	return {
		items: rows.map((row) => ({
			id: row.id,
			kind: row.kind,
			text: notificationText(row.kind, row.params, options.locale),
			orderPath: orderPathFor(caller.role, row.orderId),
			read: row.readAt !== null,
			createdAt: row.createdAt,
		})),
		currentPage,
		perPage,
		totalCount,
	}
}

export function countUnreadNotifications(userId: string, db: DbOrTx = getDb()): number {
	// Runs on every logged-in page (the status counts): prepared once.
	return (
		preparedQuery(db, 'notifications.unreadCount', (d) =>
			d
				.select({ n: count() })
				.from(userNotifications)
				.where(and(eq(userNotifications.userId, sql.placeholder('userId')), isNull(userNotifications.readAt)))
				.prepare(),
		).get({ userId })?.n ?? 0
	)
}

export function notificationNotFound(): AppError {
	return new AppError(404, 'NotFound', { messageKey: 'notifications:inbox.notFound' })
}

/** Marks one of the caller's notifications read; someone else's (or an unknown) id is 404 and changes nothing. */
export function markNotificationRead(caller: Caller, notificationId: string, options: { now?: number } = {}) {
	const at = new Date(options.now ?? Date.now())
	immediateTransaction((tx) => {
		const row = tx
			.select({ readAt: userNotifications.readAt })
			.from(userNotifications)
			.where(and(eq(userNotifications.id, notificationId), eq(userNotifications.userId, caller.id)))
			.get()
		if (!row) throw notificationNotFound()
		if (row.readAt) return
		tx.update(userNotifications).set({ readAt: at }).where(eq(userNotifications.id, notificationId)).run()
	})
}

/** Marks all the caller's unread notifications read; how many. */
export function markAllNotificationsRead(caller: Caller, options: { now?: number } = {}): number {
	const at = new Date(options.now ?? Date.now())
	return immediateTransaction(
		(tx) =>
			tx
				.update(userNotifications)
				.set({ readAt: at })
				.where(and(eq(userNotifications.userId, caller.id), isNull(userNotifications.readAt)))
				.returning({ id: userNotifications.id })
				.all().length,
	)
}

/**
 * What a NotificationList needs (the loader function of every page that shows one: /host/messages,
 * the guest's list on /guest/chatMessages): a page of the caller's
 * notifications and their unread count. Dates travel as ISO strings.
 */
export function notificationListData(
	caller: Caller,
	options: { locale: Locale; page?: number; perPage?: number; unreadOnly?: boolean },
	db: DbOrTx = getDb(),
) {
	const list = listNotifications(caller, options, db)
	return {
		...list,
		items: list.items.map(({ id, text, orderPath, read, createdAt }) => ({
			id,
			text,
			orderPath,
			read,
			createdAt: createdAt.toISOString(),
		})),
		unreadCount: countUnreadNotifications(caller.id, db),
	}
}
