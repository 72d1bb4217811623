import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { users } from '#db/schema/users.ts'
import { getUserStatus } from '#app/models/accounts/user-status.server.ts'
import { listChatMessages, listChatThreads } from '#app/models/chat/chat.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { seedDemoData } from './index.server.ts'

test('the demo guest and host have a thread with unread messages, an order chip and a system line', async () => {
	await seedDemoData()
	const idOf = (email: string) => getDb().select().from(users).where(eq(users.email, email)).get()?.id ?? ''
	const guest = { id: idOf('guest@example.com'), role: 'Customer' as const }
	const host = { id: idOf('host@example.com'), role: 'Owner' as const }
	expect(getUserStatus(guest).unreadChatMessageCount).toBeGreaterThan(0)
	expect(getUserStatus(host).unreadChatMessageCount).toBeGreaterThan(0)
	const [thread] = listChatThreads(host)
	const messages = listChatMessages(thread?.id ?? '', host).messages
	expect(messages.some((m) => m.systemEvent === 'RequestSent')).toBe(true)
	expect(messages.some((m) => m.order !== null && m.systemEvent === null)).toBe(true)
})
