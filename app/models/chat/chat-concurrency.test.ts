import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { chatMessages, conversations } from '#db/schema/conversations.ts'
import { getDb } from '#app/utils/db.server.ts'
import { bookingFixture } from '#tests/helpers/booking.ts'
import { raceInProcesses } from '#tests/helpers/process-race.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'

const WORKERS = 2
const REQUESTS = 20

test(`the same clientMessageId sent ${REQUESTS} times at once from ${WORKERS} processes is one thread and one row`, async () => {
	const fixture = await bookingFixture({ instantBooking: false })
	const guest = await createLoggedInUser({ role: 'Customer' })
	const body = {
		playroomId: fixture.playroom.id,
		body: 'Ist am Samstag noch frei?',
		clientMessageId: `race-${Date.now().toString(36)}`,
	}
	const results = await raceInProcesses({
		route: '#app/routes/api/chat.ts',
		workers: WORKERS,
		jobs: Array.from({ length: REQUESTS }, () => ({
			token: guest.token,
			path: '/api/Customer/Chat/Send',
			body,
		})),
	})
	expect(results.map((r) => r.status)).toEqual(Array.from({ length: REQUESTS }, () => 200))
	expect(results.filter((r) => r.value?.created === true)).toHaveLength(1)
	expect(new Set(results.map((r) => r.value?.messageId)).size).toBe(1)
	const threads = getDb().select().from(conversations).where(eq(conversations.userId, guest.user.id)).all()
	expect(threads).toHaveLength(1)
	const rows = getDb()
		.select()
		.from(chatMessages)
		.where(eq(chatMessages.conversationId, threads[0]?.id ?? ''))
		.all()
	expect(rows).toHaveLength(1)
}, 120_000)
