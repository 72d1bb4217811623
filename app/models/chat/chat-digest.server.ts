import { and, asc, eq, gt, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { chatMessages, chatReadCursors, conversations } from '#db/schema/conversations.ts'
import { users } from '#db/schema/users.ts'
import { absoluteUrl } from '#app/models/accounts/account-emails.server.ts'
import { chatThreadPath } from '#app/routes/chat/chat-paths.ts'
import { getDb, immediateTransaction, type DbOrTx, type Transaction } from '#app/utils/db.server.ts'
import { queueEmail, renderEmailLayout } from '#app/utils/email.server.ts'
import type { EmailSection } from '#app/utils/email-layout.server.ts'
import { formatDateTime } from '#app/utils/format-instant.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { isPairConfirmed, shownBody } from './chat.server.ts'

/**
 * The chat e-mail digest (issue 32, ADR 0164, docs/subsystems/chat.md "E-mail digest"): a
 * participant whose messages stay unread for 15 minutes gets one e-mail with their texts (masked
 * as in the thread, escaped by the layout) and a link to each thread, in their language, as their
 * setting `users.chatEmailFrequency` says:
 *
 * - `Immediately`: once a message has been unread 15 minutes; at most one e-mail per thread per
 *   hour (a thread e-mailed less than an hour ago waits until the hour is over);
 * - `Hourly`: at most one e-mail per hour for all their threads together;
 * - `Off`: none.
 *
 * "Pending" are the messages of the other participant above both the read cursor and
 * `lastEmailedMessageId`: a message read in time, or already e-mailed, is never e-mailed. The
 * re-check, the outbox row and the cursor update are one IMMEDIATE transaction per recipient, so
 * two processes (or two runs) never send the same e-mail.
 */
export const CHAT_DIGEST_DELAY_MS = 15 * 60_000
export const CHAT_DIGEST_INTERVAL_MS = 60 * 60_000
/** The newest messages a thread shows in the e-mail; the rest is "and N earlier messages". */
export const CHAT_DIGEST_MESSAGES_PER_THREAD = 10
const BATCH = 500
/** The digest's outbox e-mails carry this template name (tests, admin outbox). */
export const CHAT_DIGEST_TEMPLATE = 'chat.digest'

/** The participant sides the digest serves: the guest and the host of a guest–host thread. */
const SIDES = [
	{ role: 'Customer', area: 'guest', participant: conversations.userId },
	{ role: 'Owner', area: 'host', participant: conversations.hostId },
] as const
type Side = (typeof SIDES)[number]

/** The newest message id already covered for a participant: read or e-mailed. */
const coveredUpTo = sql`max(coalesce(${chatReadCursors.lastReadMessageId}, 0), coalesce(${chatReadCursors.lastEmailedMessageId}, 0))`

function cursorJoin(participant: SQLiteColumn | SQL) {
	return and(
		eq(chatReadCursors.conversationId, conversations.id),
		eq(chatReadCursors.participantId, participant),
	)
}

/** Messages of the other participant that the participant has neither read nor had e-mailed. */
function pendingMessageJoin(participant: SQLiteColumn | SQL) {
	return and(
		eq(chatMessages.conversationId, conversations.id),
		gt(chatMessages.id, coveredUpTo),
		isNotNull(chatMessages.authorId),
		ne(chatMessages.authorId, participant),
	)
}

/** Threads whose own hourly limit allows another e-mail. */
function threadMayEmail(now: Date) {
	return or(
		isNull(chatReadCursors.lastEmailedAt),
		lte(chatReadCursors.lastEmailedAt, new Date(now.getTime() - CHAT_DIGEST_INTERVAL_MS)),
	)
}

/**
 * Who may be due a digest now (a cheap first pass, re-checked under the lock by `sendChatDigest`):
 * users with the setting on and a pending message at least 15 minutes old in a thread that had no
 * e-mail within the hour.
 */
export function chatDigestCandidates(now: Date, db: DbOrTx = getDb()): string[] {
	const unreadSince = new Date(now.getTime() - CHAT_DIGEST_DELAY_MS)
	const ids = new Set<string>()
	for (const side of SIDES) {
		const rows = db
			.selectDistinct({ userId: users.id })
			.from(conversations)
			.innerJoin(users, eq(users.id, side.participant))
			.leftJoin(chatReadCursors, cursorJoin(side.participant))
			.innerJoin(chatMessages, pendingMessageJoin(side.participant))
			.where(
				and(
					eq(conversations.kind, 'GuestHost'),
					eq(users.role, side.role),
					ne(users.chatEmailFrequency, 'Off'),
					isNull(users.deletedAt),
					lte(chatMessages.createdAt, unreadSince),
					threadMayEmail(now),
				),
			)
			.limit(BATCH)
			.all()
		for (const row of rows) ids.add(row.userId)
	}
	return [...ids]
}

type PendingThread = {
	id: string
	guestId: string
	hostId: string
	otherName: string
	lastEmailedAt: Date | null
	messages: { id: number; body: string; createdAt: Date }[]
}

/** The recipient's threads with pending messages (ascending), read inside the claim's transaction. */
function pendingThreads(tx: Transaction, side: Side, userId: string): PendingThread[] {
	const otherColumn = side.area === 'guest' ? conversations.hostId : conversations.userId
	const rows = tx
		.select({
			threadId: conversations.id,
			guestId: conversations.userId,
			hostId: conversations.hostId,
			otherName: users.displayName,
			lastEmailedAt: chatReadCursors.lastEmailedAt,
			messageId: chatMessages.id,
			body: chatMessages.body,
			createdAt: chatMessages.createdAt,
		})
		.from(conversations)
		.innerJoin(users, eq(users.id, otherColumn))
		.leftJoin(chatReadCursors, cursorJoin(sql`${userId}`))
		.innerJoin(chatMessages, pendingMessageJoin(sql`${userId}`))
		.where(and(eq(conversations.kind, 'GuestHost'), eq(side.participant, userId)))
		.orderBy(asc(conversations.id), asc(chatMessages.id))
		.all()
	const threads = new Map<string, PendingThread>()
	for (const row of rows) {
		let thread = threads.get(row.threadId)
		if (!thread) {
			thread = {
				id: row.threadId,
				guestId: row.guestId,
				hostId: row.hostId ?? '',
				otherName: row.otherName,
				lastEmailedAt: row.lastEmailedAt,
				messages: [],
			}
			threads.set(row.threadId, thread)
		}
		thread.messages.push({ id: row.messageId, body: row.body, createdAt: row.createdAt })
	}
	return [...threads.values()]
}

/** The threads this e-mail covers under the recipient's setting (empty: no e-mail now). */
export function threadsDue(
	frequency: 'Immediately' | 'Hourly' | 'Off',
	threads: PendingThread[],
	lastEmailedAt: Date | null,
	now: Date,
): PendingThread[] {
	if (frequency === 'Off') return []
	const unreadSince = now.getTime() - CHAT_DIGEST_DELAY_MS
	const hourAgo = now.getTime() - CHAT_DIGEST_INTERVAL_MS
	const waitedLongEnough = (thread: PendingThread) =>
		thread.messages.some((message) => message.createdAt.getTime() <= unreadSince)
	if (frequency === 'Immediately') {
		return threads.filter(
			(thread) =>
				waitedLongEnough(thread) && (!thread.lastEmailedAt || thread.lastEmailedAt.getTime() <= hourAgo),
		)
	}
	// Hourly: one e-mail for all threads with pending messages, once one has waited 15 minutes.
	if (lastEmailedAt && lastEmailedAt.getTime() > hourAgo) return []
	return threads.some(waitedLongEnough) ? threads : []
}

/** The recipient's most recent digest (any thread), for the hourly limit. */
function lastDigestAt(tx: Transaction, userId: string): Date | null {
	const row = tx
		.select({ at: sql<number | null>`max(${chatReadCursors.lastEmailedAt})` })
		.from(chatReadCursors)
		.where(eq(chatReadCursors.participantId, userId))
		.get()
	return row?.at ? new Date(row.at) : null
}

/**
 * Sends the digest to one user if one is due now: re-reads everything under the write lock, queues
 * the e-mail and moves `lastEmailedMessageId` / `lastEmailedAt` of every thread it covers, all in
 * one IMMEDIATE transaction. Returns the outbox id, or null when nothing was due.
 */
export function sendChatDigest(userId: string, now: Date): string | null {
	return immediateTransaction((tx) => {
		const user = tx
			.select({
				role: users.role,
				email: users.email,
				firstName: users.firstName,
				displayName: users.displayName,
				locale: users.langPreference,
				frequency: users.chatEmailFrequency,
				deletedAt: users.deletedAt,
			})
			.from(users)
			.where(eq(users.id, userId))
			.get()
		const side = SIDES.find((candidate) => candidate.role === user?.role)
		if (!user || !side || user.deletedAt || user.frequency === 'Off') return null
		const due = threadsDue(user.frequency, pendingThreads(tx, side, userId), lastDigestAt(tx, userId), now)
		if (due.length === 0) return null

		const { locale } = user
		const t = looseT(getFixedT(locale))
		const sections = due.map((thread): EmailSection => {
			const shown = thread.messages.slice(-CHAT_DIGEST_MESSAGES_PER_THREAD)
			const hidden = thread.messages.length - shown.length
			// Masked exactly as in the thread until the pair has a confirmed order.
			const pairConfirmed = isPairConfirmed(thread.guestId, thread.hostId, tx)
			let masked = false
			const rows = shown.map((message) => {
				const body = shownBody(message.body, pairConfirmed)
				masked ||= body.masked
				return { label: formatDateTime(message.createdAt, locale), value: body.text }
			})
			const notes = [
				...(hidden > 0 ? [t('chat:digest.earlier', { count: hidden })] : []),
				...(masked ? [t('chat:thread.masked')] : []),
			]
			return {
				heading: t('chat:digest.from', { name: thread.otherName }),
				rows,
				note: notes.length ? notes.join('\n') : undefined,
				link: {
					label: t('chat:digest.open'),
					url: absoluteUrl(chatThreadPath(side.area, thread), locale),
				},
			}
		})
		const messageCount = due.reduce((sum, thread) => sum + thread.messages.length, 0)
		const [only] = due
		const subject =
			due.length === 1 && only
				? t('chat:digest.subjectOne', { name: only.otherName, count: messageCount })
				: t('chat:digest.subjectMany', { count: due.length })
		const { text, html } = renderEmailLayout({
			locale,
			heading: t('chat:digest.heading', { name: user.firstName || user.displayName }),
			paragraphs: [t('chat:digest.intro', { count: messageCount })],
			sections,
			footer: t('chat:digest.footer', {
				settings: absoluteUrl(`/${side.area}/account/edit#email-settings`, locale),
			}),
		})
		const emailId = queueEmail(
			{ to: user.email, subject, text, html, template: CHAT_DIGEST_TEMPLATE, locale },
			tx,
		)
		for (const thread of due) {
			const newest = thread.messages.at(-1)?.id ?? 0
			tx.insert(chatReadCursors)
				.values({
					conversationId: thread.id,
					participantId: userId,
					lastEmailedMessageId: newest,
					lastEmailedAt: now,
				})
				.onConflictDoUpdate({
					target: [chatReadCursors.conversationId, chatReadCursors.participantId],
					set: {
						lastEmailedMessageId: sql`max(${chatReadCursors.lastEmailedMessageId}, excluded.last_emailed_message_id)`,
						lastEmailedAt: now,
					},
				})
				.run()
		}
		return emailId
	})
}
