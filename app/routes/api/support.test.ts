import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { chatMessages, conversations } from '#db/schema/conversations.ts'
import { getDb } from '#app/utils/db.server.ts'
import { callApi } from '#tests/helpers/api.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import * as adminSupport from './admin-support.ts'
import * as chat from './chat.ts'
import * as status from './status.ts'
import * as support from './support.ts'

/**
 * /api/Support/* and /api/Admin/Support/* (issue 32, ADR 0163): a third user gets 404 on every
 * endpoint and never a line of someone else's thread; the admin family is admins only (403);
 * the same clientMessageId is one row; after=<last seen> returns everything newer; status and
 * assign; the answers have the chat API's shapes.
 */
type Handler = Parameters<typeof callApi>[0]
type Login = Awaited<ReturnType<typeof createLoggedInUser>>
const SECRET = 'Vertraulich: meine IBAN endet auf 0815'
let user: Login, stranger: Login, host: Login, admin: Login
let threadId: string
let ids = 0
const cid = () => `api-support-${++ids}-${crypto.randomUUID().slice(0, 8)}`

const send = (who: Login, family: 'Support' | 'Admin/Support', json: Record<string, unknown>) =>
	callApi((family === 'Support' ? support.action : adminSupport.action) as Handler, family, 'Send', {
		cookie: who.cookie,
		json: { clientMessageId: cid(), ...json },
	})

beforeAll(async () => {
	;[user, stranger, host, admin] = await Promise.all([
		createLoggedInUser({ role: 'Customer' }),
		createLoggedInUser({ role: 'Customer' }),
		createLoggedInUser({ role: 'Owner' }),
		createLoggedInUser({ role: 'Admin' }),
	])
	const first = await send(user, 'Support', { body: SECRET })
	expect(first.status).toBe(200)
	threadId = (first.value as { threadId: string }).threadId
})

describe('support API', () => {
	test('the user family: Thread, Messages, Send, MarkRead with the chat API’s shapes', async () => {
		const thread = await callApi(support.loader as Handler, 'Support', 'Thread', { cookie: user.cookie })
		expect(thread.value).toMatchObject({ id: threadId, status: 'Open', unreadCount: 0 })
		const messages = await callApi(support.loader as Handler, 'Support', 'Messages', {
			cookie: user.cookie,
			query: `threadId=${threadId}&after=0`,
		})
		const value = messages.value as Record<string, unknown>
		expect(Object.keys(value).sort()).toEqual(['hasMore', 'lastMessageId', 'messages', 'thread'])
		expect(value.messages).toEqual([
			expect.objectContaining({ body: SECRET, mine: true, authorRole: 'User', masked: false, order: null }),
		])
		expect(value.thread).toMatchObject({
			id: threadId,
			confirmed: true,
			lastReadMessageId: value.lastMessageId,
			otherLastReadMessageId: 0,
		})
		// The same keys as the guest–host chat's answer (the live thread reads either).
		const chatThreadKeys = [
			'id',
			'otherDisplayName',
			'confirmed',
			'lastReadMessageId',
			'otherLastReadMessageId',
		]
		expect(Object.keys(value.thread as object)).toEqual(expect.arrayContaining(chatThreadKeys))
		const marked = await callApi(support.action as Handler, 'Support', 'MarkRead', {
			cookie: user.cookie,
			json: { threadId, messageId: value.lastMessageId },
		})
		expect(marked.value).toEqual({ threadId, lastReadMessageId: value.lastMessageId })
		// A host has a support thread too (any logged-in role).
		expect((await send(host, 'Support', { body: 'Frage vom Gastgeber' })).status).toBe(200)
		// Not logged in: 401.
		expect((await callApi(support.loader as Handler, 'Support', 'Thread')).status).toBe(401)
	})

	test('a third user gets 404 on every endpoint and no foreign text; the admin family is admins only', async () => {
		const messages = await callApi(support.loader as Handler, 'Support', 'Messages', {
			cookie: stranger.cookie,
			query: `threadId=${threadId}`,
		})
		const sent = await send(stranger, 'Support', { threadId, body: 'Hallo?' })
		const read = await callApi(support.action as Handler, 'Support', 'MarkRead', {
			cookie: stranger.cookie,
			json: { threadId, messageId: 1 },
		})
		const own = await callApi(support.loader as Handler, 'Support', 'Thread', { cookie: stranger.cookie })
		expect([messages.status, sent.status, read.status]).toEqual([404, 404, 404])
		expect(own.value).toBeNull()
		// The admin's user-side family reaches only their own thread as well.
		const adminAsUser = await callApi(support.loader as Handler, 'Support', 'Messages', {
			cookie: admin.cookie,
			query: `threadId=${threadId}`,
		})
		expect(adminAsUser.status).toBe(404)
		for (const who of [user, stranger, host]) {
			const calls = [
				callApi(adminSupport.loader as Handler, 'Admin/Support', 'Threads', { cookie: who.cookie }),
				callApi(adminSupport.loader as Handler, 'Admin/Support', 'Messages', {
					cookie: who.cookie,
					query: `threadId=${threadId}`,
				}),
				send(who, 'Admin/Support', { threadId, body: 'Ich bin Admin' }),
				callApi(adminSupport.action as Handler, 'Admin/Support', 'MarkRead', {
					cookie: who.cookie,
					json: { threadId, messageId: 1 },
				}),
				callApi(adminSupport.action as Handler, 'Admin/Support', 'SetStatus', {
					cookie: who.cookie,
					json: { threadId, status: 'Resolved' },
				}),
				callApi(adminSupport.action as Handler, 'Admin/Support', 'Assign', {
					cookie: who.cookie,
					json: { threadId, adminId: who.user.id },
				}),
			]
			for (const result of await Promise.all(calls)) {
				expect(result.status).toBe(403)
				if (who !== user) expect(JSON.stringify(result.body)).not.toContain(SECRET)
			}
		}
		for (const result of [messages, sent, read, own, adminAsUser])
			expect(JSON.stringify(result.body)).not.toContain(SECRET)
		const rows = getDb().select().from(chatMessages).where(eq(chatMessages.conversationId, threadId)).all()
		expect(rows.filter((row) => row.body === 'Hallo?' || row.body === 'Ich bin Admin')).toHaveLength(0)
		const row = getDb().select().from(conversations).where(eq(conversations.id, threadId)).get()
		expect(row).toMatchObject({ supportStatus: 'Open', assignedAdminId: null })
	})

	test('an admin answers: after=<last seen> brings it, the status is Waiting, the user’s count goes up', async () => {
		const before = await callApi(support.loader as Handler, 'Support', 'Messages', {
			cookie: user.cookie,
			query: `threadId=${threadId}`,
		})
		const lastSeen = (before.value as { lastMessageId: number }).lastMessageId
		const clientMessageId = cid()
		const once = await send(admin, 'Admin/Support', { threadId, body: 'Wir helfen gern.', clientMessageId })
		const twice = await send(admin, 'Admin/Support', { threadId, body: 'Wir helfen gern.', clientMessageId })
		expect(once.value).toMatchObject({ threadId, created: true })
		expect(twice.value).toMatchObject({
			messageId: (once.value as { messageId: number }).messageId,
			created: false,
		})
		const after = await callApi(support.loader as Handler, 'Support', 'Messages', {
			cookie: user.cookie,
			query: `threadId=${threadId}&after=${lastSeen}`,
		})
		expect((after.value as { messages: { body: string; mine: boolean }[] }).messages).toEqual([
			expect.objectContaining({ body: 'Wir helfen gern.', mine: false }),
		])
		const userStatus = await callApi(status.loader as Handler, 'Customer/Status', 'Get', {
			cookie: user.cookie,
		})
		expect(userStatus.value).toMatchObject({ unreadChatMessageCount: 0, unreadChatMessages: [] })
		const own = await callApi(support.loader as Handler, 'Support', 'Thread', { cookie: user.cookie })
		expect(own.value).toMatchObject({ id: threadId, status: 'Waiting', unreadCount: 1 })
		const list = await callApi(adminSupport.loader as Handler, 'Admin/Support', 'Threads', {
			cookie: admin.cookie,
			query: 'status=Waiting',
		})
		expect((list.value as { items: { id: string }[] }).items.map((item) => item.id)).toEqual([threadId])
	})

	test('SetStatus and Assign; an assignee who is not an admin is a 400 at the field', async () => {
		const resolved = await callApi(adminSupport.action as Handler, 'Admin/Support', 'SetStatus', {
			cookie: admin.cookie,
			json: { threadId, status: 'Resolved' },
		})
		expect(resolved.value).toEqual({ threadId, status: 'Resolved' })
		const mine = await callApi(adminSupport.action as Handler, 'Admin/Support', 'Assign', {
			cookie: admin.cookie,
			json: { threadId, adminId: admin.user.id },
		})
		expect(mine.value).toEqual({ threadId, assignedAdminId: admin.user.id })
		const refused = await callApi(adminSupport.action as Handler, 'Admin/Support', 'Assign', {
			cookie: admin.cookie,
			json: { threadId, adminId: user.user.id },
		})
		expect(refused.status).toBe(400)
		expect(refused.error?.fields?.adminId?.[0]).toMatch(/Administrator/)
		const list = await callApi(adminSupport.loader as Handler, 'Admin/Support', 'Threads', {
			cookie: admin.cookie,
			query: `assignedAdminId=${admin.user.id}`,
		})
		expect((list.value as { items: { id: string }[] }).items.map((item) => item.id)).toEqual([threadId])
		// The user writes again: the thread reopens.
		await send(user, 'Support', { body: 'Danke, noch eine Frage' })
		expect(
			getDb().select().from(conversations).where(eq(conversations.id, threadId)).get()?.supportStatus,
		).toBe('Open')
		const adminStatus = await callApi(status.loader as Handler, 'Admin/Status', 'Get', {
			cookie: admin.cookie,
		})
		expect((adminStatus.value as { unreadChatMessageCount: number }).unreadChatMessageCount).toBeGreaterThan(
			0,
		)
	})

	test('bad input is a translated 400 and changes nothing; the chat family does not reach support threads', async () => {
		const empty = await send(user, 'Support', { body: '   ' })
		const long = await send(user, 'Support', { body: 'x'.repeat(4_001) })
		const noThread = await send(admin, 'Admin/Support', { body: 'Ohne Thread' })
		const badStatus = await callApi(adminSupport.action as Handler, 'Admin/Support', 'SetStatus', {
			cookie: admin.cookie,
			json: { threadId, status: 'Closed' },
		})
		expect([empty.status, long.status, noThread.status, badStatus.status]).toEqual([400, 400, 400, 400])
		expect(empty.error?.message).toBeTruthy()
		const viaChat = await callApi(chat.loader as Handler, 'Customer/Chat', 'Messages', {
			cookie: user.cookie,
			query: `threadId=${threadId}`,
		})
		expect(viaChat.status).toBe(404)
	})
})
