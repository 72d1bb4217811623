import { userNotifications } from '#db/schema/conversations.ts'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { orders } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { getDb } from '#app/utils/db.server.ts'
import { createSession } from '#app/models/accounts/session.server.ts'
import { createRating } from '#app/models/ratings/ratings.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import * as hostOrderPage from '#app/routes/host/order-detail.tsx'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { mailsTo } from '#tests/helpers/booking.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { ratingPublishTask, ratingRequestTask } from './ratings.server.ts'

/** The rating tasks (issue 32): one request per Completed order in the guest's language; publication after 14 days. */
const DAY = 86_400_000
const hostLoader = hostOrderPage.loader as never
const hostAction = hostOrderPage.action as never

async function completedOrder(daysAgo: number, lang: 'de' | 'en' = 'de') {
	const playroom = await createTestPlayroom()
	const checkOut = new Date(Date.now() - daysAgo * DAY)
	const order = await createTestOrder({
		playroomId: playroom.id,
		hostId: playroom.hostId,
		checkIn: new Date(checkOut.getTime() - 7_200_000),
		checkOut,
		status: 'Completed',
	})
	const guest = { id: order.guestId, role: 'Customer' as const }
	return { playroom, order, guest, lang }
}

const ratingFields = {
	stars: 3,
	cleanliness: 3,
	safety: 3,
	asDescribed: 3,
	communication: 3,
	value: 3,
	comment: 'Inhalt, den der Gastgeber noch nicht sehen darf',
}

describe('rating request', () => {
	test('the guest of a Completed order gets one request in their language, however often the task runs', async () => {
		const guest = await createTestUser({ langPreference: 'en' })
		const playroom = await createTestPlayroom()
		const checkOut = new Date(Date.now() - DAY)
		const order = await createTestOrder({
			playroomId: playroom.id,
			hostId: playroom.hostId,
			checkIn: new Date(checkOut.getTime() - 7_200_000),
			checkOut,
			status: 'Completed',
		})
		// createTestOrder makes its own guest: move the order to ours.
		getDb().update(orders).set({ guestId: guest.id }).where(eq(orders.id, order.id)).run()
		await ratingRequestTask.run({ now: new Date() } as never)
		await ratingRequestTask.run({ now: new Date() } as never)
		const mails = mailsTo(guest.email).filter((mail) => mail.template === 'rating.request')
		expect(mails).toHaveLength(1)
		expect(mails[0]?.subject).toBe(`How was ${playroom.input.name}?`)
		expect(mails[0]?.text).toContain(`/en/guest/orders/${order.id}`)
		const notices = getDb()
			.select({ kind: userNotifications.kind })
			.from(userNotifications)
			.where(eq(userNotifications.userId, guest.id))
			.all()
		expect(notices).toEqual([{ kind: 'RatingRequest' }])
	})

	test('no request for an order past the 14 days', async () => {
		const { order } = await completedOrder(20)
		const guest = getDb().select().from(users).where(eq(users.id, order.guestId)).get()
		await ratingRequestTask.run({ now: new Date() } as never)
		expect(mailsTo(guest?.email ?? '').filter((mail) => mail.template === 'rating.request')).toEqual([])
	})
})

describe('hidden until published, on the host’s order page', () => {
	test('before: "a rating arrived" and no content; the note publishes it and shows it', async () => {
		const { order, guest } = await completedOrder(2)
		createRating(guest, order.id, ratingFields, 'de')
		const cookie = `auth.token=${createSession({ userId: order.hostId, persistent: true }).token}`
		const call = {
			path: `/host/orders/${order.id}`,
			cookie,
			params: { orderId: order.id },
			middleware: [roleGuard('Owner')],
		}
		const before = await callRoute(hostLoader, call)
		expect(JSON.stringify(before.data)).not.toContain('Inhalt, den der Gastgeber')
		expect((before.data as { rating: { published: unknown } }).rating.published).toBeNull()
		const saved = await callRoute(hostAction, {
			...call,
			form: { intent: 'note', note: 'Pünktlich und freundlich.' },
		})
		expect(saved.status).toBe(302)
		const after = await callRoute(hostLoader, call)
		expect(JSON.stringify(after.data)).toContain('Inhalt, den der Gastgeber')
	})

	test('the publish task shows it after 14 days', async () => {
		const { order, guest } = await completedOrder(13)
		createRating(guest, order.id, ratingFields, 'de')
		const cookie = `auth.token=${createSession({ userId: order.hostId, persistent: true }).token}`
		const call = {
			path: `/host/orders/${order.id}`,
			cookie,
			params: { orderId: order.id },
			middleware: [roleGuard('Owner')],
		}
		await ratingPublishTask.run({ now: new Date() } as never)
		expect(JSON.stringify((await callRoute(hostLoader, call)).data)).not.toContain(
			'Inhalt, den der Gastgeber',
		)
		await ratingPublishTask.run({ now: new Date(Date.now() + 2 * DAY) } as never)
		expect(JSON.stringify((await callRoute(hostLoader, call)).data)).toContain('Inhalt, den der Gastgeber')
	})
})
