import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { chatMessages, conversations } from '#db/schema/conversations.ts'
import { getDb } from '#app/utils/db.server.ts'
import type { Hub, RealtimeEvent } from '#app/utils/realtime.ts'
import { parseTableQuery } from '#app/utils/data-table.server.ts'
import { getUserStatus } from '#app/models/accounts/user-status.server.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import {
	assignSupportThread,
	countUnreadForPlatform,
	countUnreadSupportReplies,
	latestSupportMessages,
	listSupportMessages,
	listSupportThreads,
	markSupportRead,
	sendSupportMessage,
	setSupportStatus,
	supportTable,
	type SupportCaller,
} from './support.server.ts'

/**
 * The support chat model (issue 32, ADR 0163): one thread per user, created by the first
 * message; status rules; the platform's shared cursor and unread counts; a third user gets 404
 * and never a line; only admins on the platform side; the same clientMessageId is one row.
 */
const SECRET = 'Meine Frage an den Support: Rechnung 4711'
let user: SupportCaller, stranger: SupportCaller, admin: SupportCaller, otherAdmin: SupportCaller
let threadId: string
let ids = 0
const cid = () => `support-${++ids}-${crypto.randomUUID().slice(0, 8)}`

function recordingHub() {
	const events: { to: string; event: RealtimeEvent }[] = []
	const hub: Hub = {
		publishToUser: (userId, event) => events.push({ to: `user:${userId}`, event }),
		publishToRole: (role, event) => events.push({ to: `role:${role}`, event }),
		publishToAll: (event) => events.push({ to: 'all', event }),
	}
	return { hub, events }
}

const statusOf = (threadIdToRead: string) =>
	getDb()
		.select({ status: conversations.supportStatus })
		.from(conversations)
		.where(eq(conversations.id, threadIdToRead))
		.get()?.status

beforeAll(async () => {
	const [u, s, a, b] = await Promise.all([
		createTestUser({ role: 'Customer' }),
		createTestUser({ role: 'Owner' }),
		createTestUser({ role: 'Admin' }),
		createTestUser({ role: 'Admin' }),
	])
	user = { id: u.id, role: 'Customer' }
	stranger = { id: s.id, role: 'Owner' }
	admin = { id: a.id, role: 'Admin' }
	otherAdmin = { id: b.id, role: 'Admin' }
	threadId = sendSupportMessage(user, 'user', { body: SECRET, clientMessageId: cid() }).threadId
})

describe('support chat model', () => {
	test('the first message creates the one thread of the user; later ones use it', () => {
		const again = sendSupportMessage(user, 'user', { body: 'Noch etwas', clientMessageId: cid() })
		expect(again.threadId).toBe(threadId)
		const rows = getDb().select().from(conversations).where(eq(conversations.userId, user.id)).all()
		expect(rows.map((row) => [row.kind, row.supportStatus])).toEqual([['Support', 'Open']])
	})

	test('the same clientMessageId twice is one row', () => {
		const clientMessageId = cid()
		const once = sendSupportMessage(user, 'user', { body: 'Doppelt?', clientMessageId })
		const twice = sendSupportMessage(user, 'user', { threadId, body: 'Doppelt?', clientMessageId })
		expect(twice).toMatchObject({ messageId: once.messageId, created: false })
		const rows = getDb()
			.select()
			.from(chatMessages)
			.where(eq(chatMessages.clientMessageId, clientMessageId))
			.all()
		expect(rows).toHaveLength(1)
	})

	test('a third user gets 404 on every function and never a line; the platform side is admin only', () => {
		expect(() => listSupportMessages(threadId, stranger, 'user')).toThrow(
			expect.objectContaining({ status: 404 }),
		)
		expect(() => latestSupportMessages(threadId, stranger, 'user')).toThrow(
			expect.objectContaining({ status: 404 }),
		)
		expect(() => markSupportRead(stranger, 'user', threadId, 1)).toThrow(
			expect.objectContaining({ status: 404 }),
		)
		expect(() =>
			sendSupportMessage(stranger, 'user', { threadId, body: 'Hallo?', clientMessageId: cid() }),
		).toThrow(expect.objectContaining({ status: 404 }))
		// An admin on the user side is a user like any other: not someone else's thread.
		expect(() => listSupportMessages(threadId, admin, 'user')).toThrow(
			expect.objectContaining({ status: 404 }),
		)
		for (const call of [
			() => listSupportMessages(threadId, user, 'platform'),
			() => sendSupportMessage(user, 'platform', { threadId, body: 'x', clientMessageId: cid() }),
			() => markSupportRead(stranger, 'platform', threadId, 1),
			() => setSupportStatus(user, threadId, 'Resolved'),
			() => assignSupportThread(stranger, threadId, stranger.id),
			() => listSupportThreads(user, parseTableQuery(supportTable, new URLSearchParams())),
		]) {
			expect(call).toThrow(expect.objectContaining({ status: 403 }))
		}
		// The stranger's own first message makes their own thread, never this one.
		const own = sendSupportMessage(stranger, 'user', { body: 'Meine eigene Frage', clientMessageId: cid() })
		expect(own.threadId).not.toBe(threadId)
		const theirs = listSupportMessages(own.threadId, stranger, 'user')
		expect(JSON.stringify(theirs)).not.toContain(SECRET)
		expect(
			getDb()
				.select()
				.from(chatMessages)
				.all()
				.filter((row) => row.body === 'Hallo?'),
		).toHaveLength(0)
	})

	test('status: an answer makes it Waiting, Resolved by hand, a user message reopens', () => {
		const { hub, events } = recordingHub()
		const answer = sendSupportMessage(
			admin,
			'platform',
			{ threadId, body: 'Wir schauen nach.', clientMessageId: cid() },
			{ hub },
		)
		expect(statusOf(threadId)).toBe('Waiting')
		// Admins and the user get a hint without the text.
		expect(events.map((e) => e.to).sort()).toEqual(['role:Admin', `user:${user.id}`])
		expect(events[0]?.event).toMatchObject({ type: 'SupportHasNewMessage', conversationId: threadId })
		expect(JSON.stringify(events)).not.toContain('Wir schauen')
		expect(setSupportStatus(admin, threadId, 'Resolved')).toEqual({ threadId, status: 'Resolved' })
		expect(statusOf(threadId)).toBe('Resolved')
		const mine = listSupportMessages(threadId, user, 'user', { after: answer.messageId - 1 })
		expect(mine.messages.map((m) => [m.body, m.mine, m.authorRole])).toEqual([
			['Wir schauen nach.', false, 'Admin'],
		])
		sendSupportMessage(user, 'user', { body: 'Doch noch eine Frage', clientMessageId: cid() }, { hub })
		expect(statusOf(threadId)).toBe('Open')
		// A user's message: only the admins are told.
		expect(events.at(-1)?.to).toBe('role:Admin')
	})

	test('after=<last seen> returns everything newer in order', () => {
		const before = listSupportMessages(threadId, admin, 'platform')
		for (const body of ['Eins', 'Zwei', 'Drei'])
			sendSupportMessage(user, 'user', { body, clientMessageId: cid() })
		const after = listSupportMessages(threadId, admin, 'platform', { after: before.lastMessageId })
		expect(after.messages.map((m) => m.body)).toEqual(['Eins', 'Zwei', 'Drei'])
		expect(after.messages.every((m) => !m.mine)).toBe(true)
		expect(after.thread).toMatchObject({ id: threadId, userId: user.id, confirmed: true, status: 'Open' })
	})

	test('unread counts: the platform cursor is shared by all admins and never moves back', () => {
		const unread = countUnreadForPlatform()
		expect(unread).toBeGreaterThan(0)
		expect(getUserStatus(admin).unreadChatMessageCount).toBe(unread)
		const last = listSupportMessages(threadId, admin, 'platform').lastMessageId
		markSupportRead(otherAdmin, 'platform', threadId, last)
		// One admin read it: it is read for every admin (the stranger's thread is still unread).
		expect(countUnreadForPlatform()).toBe(1)
		expect(markSupportRead(admin, 'platform', threadId, 1)).toEqual({ threadId, lastReadMessageId: last })
		// The user's unread replies: admins' messages above the user's cursor.
		sendSupportMessage(otherAdmin, 'platform', { threadId, body: 'Erledigt!', clientMessageId: cid() })
		expect(countUnreadSupportReplies(user.id)).toBeGreaterThan(0)
		// Not in the user's chat counts (those are the guest–host threads'): the widget asks /api/Support/Thread.
		expect(getUserStatus(user).unreadChatMessageCount).toBe(0)
		const newest = listSupportMessages(threadId, user, 'user').lastMessageId
		markSupportRead(user, 'user', threadId, newest)
		expect(countUnreadSupportReplies(user.id)).toBe(0)
	})

	test('assign to me, to another admin, to nobody; never to a non-admin', () => {
		expect(assignSupportThread(admin, threadId, admin.id).assignedAdminId).toBe(admin.id)
		const mine = listSupportThreads(
			admin,
			parseTableQuery(supportTable, new URLSearchParams(`assignedAdminId=${admin.id}`)),
		)
		expect(mine.items.map((item) => item.id)).toEqual([threadId])
		expect(mine.items[0]).toMatchObject({ userId: user.id, assignedAdminId: admin.id })
		expect(assignSupportThread(admin, threadId, otherAdmin.id).assignedAdminId).toBe(otherAdmin.id)
		expect(() => assignSupportThread(admin, threadId, stranger.id)).toThrow(
			expect.objectContaining({ status: 400 }),
		)
		expect(assignSupportThread(admin, threadId, null).assignedAdminId).toBeNull()
	})

	test('the admin list filters by status and shows unread counts and the last message', () => {
		setSupportStatus(admin, threadId, 'Resolved')
		const resolved = listSupportThreads(
			admin,
			parseTableQuery(supportTable, new URLSearchParams('status=Resolved')),
		)
		expect(resolved.items.map((item) => item.id)).toEqual([threadId])
		const open = listSupportThreads(admin, parseTableQuery(supportTable, new URLSearchParams('status=Open')))
		expect(open.items.map((item) => item.id)).not.toContain(threadId)
		expect(open.items[0]).toMatchObject({
			unreadCount: 1,
			lastMessage: { body: 'Meine eigene Frage', fromUser: true },
		})
		const all = listSupportThreads(
			admin,
			parseTableQuery(supportTable, new URLSearchParams('sortCriterias=unread:desc')),
		)
		expect(all.totalCount).toBe(2)
	})

	test('an empty body is refused and writes nothing', () => {
		const before = getDb().select().from(chatMessages).all().length
		expect(() => sendSupportMessage(user, 'user', { body: '   ', clientMessageId: cid() })).toThrow(
			expect.objectContaining({ status: 400 }),
		)
		expect(getDb().select().from(chatMessages).all().length).toBe(before)
	})
})
