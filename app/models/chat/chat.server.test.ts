import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { CHAT_MESSAGE_MAX_LENGTH, chatMessages } from '#db/schema/conversations.ts'
import { CHAT_BODY_MAX_LENGTH } from '#app/schemas/chat.ts'
import { getUserStatus } from '#app/models/accounts/user-status.server.ts'
import { acceptOrder, cancelOrder } from '#app/models/booking/order-transitions.server.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { getDb } from '#app/utils/db.server.ts'
import {
	listChatMessages,
	listChatThreads,
	markChatRead,
	sendChatMessage,
	unreadChatEntries,
	type ChatCaller,
} from './chat.server.ts'
import { bookingFixture, hourlySlot, NOW, placeOrder } from '#tests/helpers/booking.ts'
import { createRecordingHub } from '#tests/helpers/recording-hub.ts'
import { createTestUser } from '#tests/helpers/users.ts'

async function thrown(work: () => unknown) {
	try {
		await work()
	} catch (error) {
		if (isAppError(error)) return error
		throw error
	}
	throw new Error('expected an AppError')
}

async function pair(options: { instantBooking?: boolean } = {}) {
	const fixture = await bookingFixture({ instantBooking: options.instantBooking ?? false })
	const guest: ChatCaller = { id: fixture.guest.id, role: 'Customer' }
	const host: ChatCaller = { id: fixture.host.id, role: 'Owner' }
	return { ...fixture, guestCaller: guest, hostCaller: host }
}

let ids = 0
const cid = () => `client-${++ids}-${crypto.randomUUID()}`

describe('guest–host chat model', () => {
	test('the form and API limit is the schema limit', () => {
		expect(CHAT_BODY_MAX_LENGTH).toBe(CHAT_MESSAGE_MAX_LENGTH)
	})

	test('a guest contacts the host of a playroom; three messages after the last seen id come back in order', async () => {
		const p = await pair()
		const first = sendChatMessage(p.guestCaller, {
			playroomId: p.playroom.id,
			body: 'Hallo!',
			clientMessageId: cid(),
		})
		const seen = first.messageId
		const sent = ['eins', 'zwei', 'drei'].map(
			(body) =>
				sendChatMessage(p.hostCaller, { threadId: first.threadId, body, clientMessageId: cid() }).messageId,
		)
		const page = listChatMessages(first.threadId, p.guestCaller, { after: seen })
		expect(page.messages.map((m) => m.body)).toEqual(['eins', 'zwei', 'drei'])
		expect(page.messages.map((m) => m.id)).toEqual(sent)
		expect(page.lastMessageId).toBe(sent[2])
		// The same thread for the pair, however it is addressed.
		const again = sendChatMessage(p.guestCaller, {
			playroomId: p.playroom.id,
			body: 'Noch da?',
			clientMessageId: cid(),
		})
		expect(again.threadId).toBe(first.threadId)
	})

	test('the same clientMessageId twice makes one row and returns the existing message', async () => {
		const p = await pair()
		const clientMessageId = cid()
		const one = sendChatMessage(p.guestCaller, { playroomId: p.playroom.id, body: 'Einmal', clientMessageId })
		const two = sendChatMessage(p.guestCaller, { playroomId: p.playroom.id, body: 'Einmal', clientMessageId })
		expect(two).toMatchObject({ messageId: one.messageId, created: false })
		const rows = getDb()
			.select()
			.from(chatMessages)
			.where(eq(chatMessages.conversationId, one.threadId))
			.all()
		expect(rows).toHaveLength(1)
	})

	test('a third user gets 404 for the thread, its messages, sending and marking read', async () => {
		const p = await pair()
		const { threadId } = sendChatMessage(p.guestCaller, {
			playroomId: p.playroom.id,
			body: 'Geheime Frage',
			clientMessageId: cid(),
		})
		const strangerGuest = await createTestUser({ role: 'Customer' })
		const strangerHost = await createTestUser({ role: 'Owner' })
		for (const stranger of [
			{ id: strangerGuest.id, role: 'Customer' as const },
			{ id: strangerHost.id, role: 'Owner' as const },
		]) {
			expect((await thrown(() => listChatMessages(threadId, stranger))).status).toBe(404)
			expect((await thrown(() => markChatRead(stranger, threadId, 1))).status).toBe(404)
			expect(
				(await thrown(() => sendChatMessage(stranger, { threadId, body: 'x', clientMessageId: cid() })))
					.status,
			).toBe(404)
			expect(JSON.stringify(listChatThreads(stranger))).not.toContain('Geheime Frage')
		}
		// A host cannot open a thread with a guest they have no order or thread with.
		const other = await pair()
		expect(
			(
				await thrown(() =>
					sendChatMessage(p.hostCaller, { guestId: other.guest.id, body: 'Werbung', clientMessageId: cid() }),
				)
			).status,
		).toBe(404)
	})

	test('an order reference must be an order of exactly this pair', async () => {
		const p = await pair()
		const other = await pair()
		const foreign = placeOrder(other, hourlySlot('2026-06-10', 10))
		const own = placeOrder(p, hourlySlot('2026-06-10', 10))
		const error = await thrown(() =>
			sendChatMessage(p.guestCaller, {
				playroomId: p.playroom.id,
				body: 'Zu Buchung',
				clientMessageId: cid(),
				orderId: foreign.id,
			}),
		)
		expect(error.status).toBe(400)
		const ok = sendChatMessage(p.guestCaller, {
			playroomId: p.playroom.id,
			body: 'Zu Buchung',
			clientMessageId: cid(),
			orderId: own.id,
		})
		const messages = listChatMessages(ok.threadId, p.hostCaller).messages
		expect(messages.find((m) => m.id === ok.messageId)?.order).toEqual({ id: own.id, code: own.code })
		expect(messages.filter((m) => m.body === 'Zu Buchung')).toHaveLength(1)
	})

	test('contact details are masked for both sides before a confirmed order and shown after', async () => {
		const p = await pair()
		const order = placeOrder(p, hourlySlot('2026-06-10', 10))
		const body = 'Ruf an: 0170 1234567, mail an max@example.de oder https://example.com/x am 10.06.'
		const { threadId, messageId } = sendChatMessage(p.guestCaller, {
			threadId: undefined,
			playroomId: p.playroom.id,
			body,
			clientMessageId: cid(),
		})
		for (const caller of [p.guestCaller, p.hostCaller]) {
			const message = listChatMessages(threadId, caller).messages.find((m) => m.id === messageId)
			expect(message?.masked).toBe(true)
			expect(message?.body).not.toContain('1234567')
			expect(message?.body).not.toContain('max@example.de')
			expect(message?.body).not.toContain('example.com')
			expect(message?.body).toContain('10.06.')
			expect(JSON.stringify(listChatThreads(caller))).not.toContain('max@example.de')
		}
		acceptOrder(order.id, p.hostCaller, { now: NOW })
		// Bank transfer: AwaitingPayment is not yet confirmed.
		expect(listChatMessages(threadId, p.guestCaller).thread.confirmed).toBe(false)
		const confirmed = await pair({ instantBooking: true })
		placeOrder(confirmed, { ...hourlySlot('2026-06-10', 10), paymentMethod: 'OnSite' })
		const sent = sendChatMessage(confirmed.guestCaller, {
			playroomId: confirmed.playroom.id,
			body,
			clientMessageId: cid(),
		})
		const shown = listChatMessages(sent.threadId, confirmed.hostCaller).messages.find(
			(m) => m.id === sent.messageId,
		)
		expect(shown).toMatchObject({ body, masked: false })
	})

	test('the read cursor only moves forward; unread counts come from it and reach the status object', async () => {
		const p = await pair()
		const { hub, published } = createRecordingHub()
		const a = sendChatMessage(
			p.guestCaller,
			{ playroomId: p.playroom.id, body: 'a', clientMessageId: cid() },
			{ hub },
		)
		const b = sendChatMessage(
			p.guestCaller,
			{ threadId: a.threadId, body: 'b', clientMessageId: cid() },
			{ hub },
		)
		expect(published.at(-1)).toEqual({
			to: `user:${p.host.id}`,
			event: { type: 'HostHasNewChatMessage', guestId: p.guest.id, count: 2 },
		})
		expect(JSON.stringify(published)).not.toContain('"b"')
		expect(unreadChatEntries(p.hostCaller)).toEqual([{ guestId: p.guest.id, count: 2 }])
		expect(getUserStatus(p.hostCaller)).toMatchObject({
			unreadChatMessages: [{ guestId: p.guest.id, count: 2 }],
			unreadChatMessageCount: 2,
		})
		expect(markChatRead(p.hostCaller, a.threadId, b.messageId).lastReadMessageId).toBe(b.messageId)
		expect(markChatRead(p.hostCaller, a.threadId, a.messageId).lastReadMessageId).toBe(b.messageId)
		expect(getUserStatus(p.hostCaller).unreadChatMessageCount).toBe(0)
		// Beyond the newest message is clamped: a later message is still unread.
		markChatRead(p.hostCaller, a.threadId, b.messageId + 1000)
		sendChatMessage(p.guestCaller, { threadId: a.threadId, body: 'c', clientMessageId: cid() })
		expect(listChatThreads(p.hostCaller, { filter: 'unread' }).map((t) => t.unreadCount)).toEqual([1])
		expect(listChatThreads(p.hostCaller, { filter: 'needsReply' })).toHaveLength(1)
		sendChatMessage(p.hostCaller, { guestId: p.guest.id, body: 'Antwort', clientMessageId: cid() })
		expect(listChatThreads(p.hostCaller, { filter: 'needsReply' })).toHaveLength(0)
		expect(getUserStatus(p.guestCaller)).toMatchObject({
			unreadChatMessages: [{ hostId: p.host.id, count: 1 }],
			unreadChatMessageCount: 1,
		})
	})

	test('booking events write one system line each into the pair thread', async () => {
		const p = await pair()
		const order = placeOrder(p, hourlySlot('2026-06-10', 10))
		acceptOrder(order.id, p.hostCaller, { now: NOW })
		cancelOrder(order.id, p.guestCaller, null, { now: NOW })
		const [thread] = listChatThreads(p.guestCaller)
		expect(thread).toBeDefined()
		const lines = listChatMessages(thread!.id, p.guestCaller).messages
		expect(lines.map((m) => m.systemEvent)).toEqual(['RequestSent', 'RequestAccepted', 'OrderCancelled'])
		expect(lines.every((m) => m.order?.id === order.id && m.authorRole === 'System')).toBe(true)
		// System lines are not unread chat messages.
		expect(getUserStatus(p.guestCaller).unreadChatMessageCount).toBe(0)
	})
})
