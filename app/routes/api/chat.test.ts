import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { chatMessages } from '#db/schema/conversations.ts'
import { getDb } from '#app/utils/db.server.ts'
import { callApi } from '#tests/helpers/api.ts'
import { bookingFixture, daysAhead, hourlySlot, placeOrder } from '#tests/helpers/booking.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import * as chat from './chat.ts'
import * as status from './status.ts'

/**
 * /api/Customer/Chat/* and /api/Owner/Chat/* (issue 32): a third user gets 404 on every
 * endpoint and never a line of someone else's thread; a foreign order reference is refused;
 * after=<last seen> returns everything newer in order; the same clientMessageId is one row;
 * the status endpoints count unread messages from the cursors.
 */
type Handler = Parameters<typeof callApi>[0]
type Login = Awaited<ReturnType<typeof createLoggedInUser>>
const SECRET = 'Unsere Geheimfrage zum Spielzimmer'
let guestA: Login, guestB: Login, hostA: Login, hostB: Login
let playroomA: string
let threadId: string
let foreignOrderId: string
let ownOrderId: string
let ids = 0
const cid = () => `api-${++ids}-${crypto.randomUUID().slice(0, 8)}`

const send = (who: Login, family: 'Customer/Chat' | 'Owner/Chat', json: Record<string, unknown>) =>
	callApi(chat.action as Handler, family, 'Send', {
		cookie: who.cookie,
		json: { clientMessageId: cid(), ...json },
	})

beforeAll(async () => {
	;[guestA, guestB, hostA, hostB] = await Promise.all([
		createLoggedInUser({ role: 'Customer' }),
		createLoggedInUser({ role: 'Customer' }),
		createLoggedInUser({ role: 'Owner' }),
		createLoggedInUser({ role: 'Owner' }),
	])
	const fixture = await bookingFixture({ hostId: hostA.user.id, instantBooking: false })
	playroomA = fixture.playroom.id
	ownOrderId = placeOrder({ ...fixture, guest: guestA.user }, hourlySlot(daysAhead(12), 10), {
		now: Date.now() - 60_000,
	}).id
	const other = await bookingFixture({ hostId: hostB.user.id, instantBooking: false })
	foreignOrderId = placeOrder({ ...other, guest: guestB.user }, hourlySlot(daysAhead(13), 10), {
		now: Date.now() - 60_000,
	}).id
	const first = await send(guestA, 'Customer/Chat', { playroomId: playroomA, body: SECRET })
	expect(first.status).toBe(200)
	threadId = (first.value as { threadId: string }).threadId
})

describe('chat API', () => {
	test('a third user gets 404 on every thread endpoint and no foreign text', async () => {
		for (const [who, family] of [
			[guestB, 'Customer/Chat'],
			[hostB, 'Owner/Chat'],
		] as const) {
			const messages = await callApi(chat.loader as Handler, family, 'Messages', {
				cookie: who.cookie,
				query: `threadId=${threadId}&after=0`,
			})
			const sent = await send(who, family, { threadId, body: 'Hallo?' })
			const read = await callApi(chat.action as Handler, family, 'MarkRead', {
				cookie: who.cookie,
				json: { threadId, messageId: 1 },
			})
			const threads = await callApi(chat.loader as Handler, family, 'Threads', { cookie: who.cookie })
			expect([messages.status, sent.status, read.status]).toEqual([404, 404, 404])
			for (const result of [messages, sent, read, threads])
				expect(JSON.stringify(result.body)).not.toContain(SECRET)
		}
		// Host B cannot open a thread with guest A (no order, no thread between them).
		expect((await send(hostB, 'Owner/Chat', { guestId: guestA.user.id, body: 'Hallo' })).status).toBe(404)
		// A guest cannot use the host's family, and the reverse (role guard).
		expect(
			(await callApi(chat.loader as Handler, 'Owner/Chat', 'Threads', { cookie: guestA.cookie })).status,
		).toBe(403)
		expect(
			getDb()
				.select()
				.from(chatMessages)
				.where(eq(chatMessages.conversationId, threadId))
				.all()
				.filter((row) => row.body === 'Hallo?'),
		).toHaveLength(0)
	})

	test('an order reference to someone else’s order is refused and writes nothing', async () => {
		const refused = await send(guestA, 'Customer/Chat', {
			threadId,
			body: 'Zu dieser Buchung',
			orderId: foreignOrderId,
		})
		expect(refused.status).toBe(400)
		expect(refused.error?.fields?.orderId).toBeDefined()
		const accepted = await send(hostA, 'Owner/Chat', {
			threadId,
			body: 'Zu deiner Buchung',
			orderId: ownOrderId,
		})
		expect(accepted.status).toBe(200)
		const rows = getDb().select().from(chatMessages).where(eq(chatMessages.conversationId, threadId)).all()
		expect(rows.filter((row) => row.body === 'Zu dieser Buchung')).toHaveLength(0)
	})

	test('three messages after the last seen id come back in order; a resent clientMessageId is one row', async () => {
		const before = await callApi(chat.loader as Handler, 'Customer/Chat', 'Messages', {
			cookie: guestA.cookie,
			query: `threadId=${threadId}`,
		})
		const lastSeen = (before.value as { lastMessageId: number }).lastMessageId
		for (const body of ['Eins', 'Zwei', 'Drei'])
			await send(hostA, 'Owner/Chat', { guestId: guestA.user.id, body })
		const clientMessageId = cid()
		const once = await send(hostA, 'Owner/Chat', { threadId, body: 'Doppelt', clientMessageId })
		const twice = await send(hostA, 'Owner/Chat', { threadId, body: 'Doppelt', clientMessageId })
		expect((twice.value as { messageId: number }).messageId).toBe(
			(once.value as { messageId: number }).messageId,
		)
		const after = await callApi(chat.loader as Handler, 'Customer/Chat', 'Messages', {
			cookie: guestA.cookie,
			query: `threadId=${threadId}&after=${lastSeen}`,
		})
		const bodies = (after.value as { messages: { body: string }[] }).messages.map((m) => m.body)
		expect(bodies).toEqual(['Eins', 'Zwei', 'Drei', 'Doppelt'])
	})

	test('unread counts in the status endpoint follow the read cursor, which never moves back', async () => {
		const guestStatus = async () =>
			(await callApi(status.loader as Handler, 'Customer/Status', 'Get', { cookie: guestA.cookie }))
				.value as {
				unreadChatMessages: { hostId: string; count: number }[]
				unreadChatMessageCount: number
			}
		const unread = await guestStatus()
		expect(unread.unreadChatMessageCount).toBeGreaterThan(0)
		expect(unread.unreadChatMessages).toEqual([
			{ hostId: hostA.user.id, count: unread.unreadChatMessageCount },
		])
		const messages = await callApi(chat.loader as Handler, 'Customer/Chat', 'Messages', {
			cookie: guestA.cookie,
			query: `threadId=${threadId}`,
		})
		const last = (messages.value as { lastMessageId: number }).lastMessageId
		const marked = await callApi(chat.action as Handler, 'Customer/Chat', 'MarkRead', {
			cookie: guestA.cookie,
			json: { threadId, messageId: last },
		})
		expect(marked.value).toEqual({ threadId, lastReadMessageId: last })
		const back = await callApi(chat.action as Handler, 'Customer/Chat', 'MarkRead', {
			cookie: guestA.cookie,
			json: { threadId, messageId: 1 },
		})
		expect(back.value).toEqual({ threadId, lastReadMessageId: last })
		expect(await guestStatus()).toMatchObject({ unreadChatMessages: [], unreadChatMessageCount: 0 })
	})

	test('bad input is a translated 400 and changes nothing', async () => {
		const empty = await send(guestA, 'Customer/Chat', { threadId, body: '   ' })
		const long = await send(guestA, 'Customer/Chat', { threadId, body: 'x'.repeat(4_001) })
		const noTarget = await send(guestA, 'Customer/Chat', { body: 'Hallo' })
		expect([empty.status, long.status, noTarget.status]).toEqual([400, 400, 400])
		expect(empty.error?.message).toBeTruthy()
	})
})
