import { describe, expect, test } from 'vitest'
import { findActiveSession } from '#app/models/accounts/session.server.ts'
import { latestChatMessages, listChatMessages, unreadChatEntries } from '#app/models/chat/chat.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { insertUsersWithSessions, seedChatThread } from './bench-seed.ts'
import { bookingFixture, hourlySlot, placeOrder } from '#tests/helpers/booking.ts'

/** The chat bench's rows (scripts/bench/chat.bench.ts) are rows the app reads as its own. */
describe('bench seeding', () => {
	test("500 messages appended to the pair's thread: the page shows the newest 50, the API pages through all 500, nothing unread", async () => {
		const fixture = await bookingFixture()
		const order = placeOrder(fixture, hourlySlot('2026-06-10', 10))
		const guest = { id: fixture.guest.id, role: 'Customer' as const }
		const host = { id: fixture.host.id, role: 'Owner' as const }
		const { threadId, lastMessageId } = seedChatThread(getDb().$client, {
			guestId: guest.id,
			hostId: host.id,
			messages: 500,
		})

		const page = latestChatMessages(threadId, host)
		expect(page.messages).toHaveLength(50)
		expect(page.hasEarlier).toBe(true)
		expect(page.lastMessageId).toBe(lastMessageId)
		expect(page.messages.at(-1)?.body).toMatch(/\(#500\)$/)

		const all = []
		let after = 0
		for (;;) {
			const next = listChatMessages(threadId, guest, { after, limit: 200 })
			all.push(...next.messages)
			after = next.lastMessageId
			if (!next.hasMore) break
		}
		// The order's "request sent" line opened the thread; the 500 follow it.
		expect(all.map((m) => m.systemEvent)[0]).toBe('RequestSent')
		const written = all.filter((m) => m.systemEvent === null)
		expect(written).toHaveLength(500)
		expect(written.filter((m) => m.mine)).toHaveLength(250)
		expect(written.filter((m) => m.order?.id === order.id)).toHaveLength(50)
		expect(unreadChatEntries(host)).toEqual([])
		expect(unreadChatEntries(guest)).toEqual([])
	})

	test('users with sessions log in as themselves', () => {
		const users = insertUsersWithSessions(getDb().$client, { role: 'Owner', count: 3, prefix: 'seed-test' })
		expect(new Set(users.map((u) => u.id)).size).toBe(3)
		for (const user of users) {
			const session = findActiveSession(user.cookie.replace('auth.token=', ''))
			expect(session?.user).toMatchObject({ id: user.id, role: 'Owner' })
		}
	})
})
