import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { playrooms } from '#db/schema/catalogue.ts'
import { userNotifications } from '#db/schema/conversations.ts'
import { ratings } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { createSession } from '#app/models/accounts/session.server.ts'
import { setRatingHidden } from '#app/models/admin/admin-ratings.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import * as customerRatingsApi from '#app/routes/api/customer-ratings.ts'
import * as ownerRatingsApi from '#app/routes/api/owner-ratings.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callApi } from '#tests/helpers/api.ts'
import { mailsTo } from '#tests/helpers/booking.ts'
import { raceInProcesses } from '#tests/helpers/process-race.ts'
import { createLoggedInUser, createTestUser } from '#tests/helpers/users.ts'
import { bayesianRank, refreshPlayroomRating } from './rating-aggregates.server.ts'
import { publishDueRatings, RATING_WINDOW_MS } from './ratings.server.ts'
import { listHostRatings, publicPlayroomRatings } from './rating-views.server.ts'

/**
 * Ratings (issue 32, ADR 0160) through the API: only the order's guest, only
 * after completion, once, within 14 days; hidden until published; exact
 * averages under concurrency; hidden ratings leave the average; the Bayesian rank.
 */
const DAY = 86_400_000
const createApi = customerRatingsApi.action as never
const ownerApi = ownerRatingsApi.action as never
const ownerIndex = ownerRatingsApi.loader as never

const body = (orderId: string, stars = 4, extra: Record<string, unknown> = {}) => ({
	orderId,
	stars,
	cleanliness: 5,
	safety: 4,
	asDescribed: 5,
	communication: 3,
	value: 4,
	ageFit: '3-5',
	comment: 'Toller Raum, sehr sauber.',
	...extra,
})

async function hostWithPlayroom() {
	const host = await createLoggedInUser({ role: 'Owner' })
	const playroom = await createTestPlayroom({ hostId: host.user.id })
	return { host, playroom }
}

/** A Completed order of a fresh guest that ended `daysAgo` days ago, and the guest's session token. */
async function completedOrder(
	playroom: { id: string; hostId: string },
	daysAgo = 2,
	status = 'Completed' as const,
) {
	const checkOut = new Date(Date.now() - daysAgo * DAY)
	const order = await createTestOrder({
		playroomId: playroom.id,
		hostId: playroom.hostId,
		checkIn: new Date(checkOut.getTime() - 2 * 3_600_000),
		checkOut,
		status,
	})
	const token = createSession({ userId: order.guestId, persistent: true }).token
	const email =
		getDb().select({ email: users.email }).from(users).where(eq(users.id, order.guestId)).get()?.email ?? ''
	return { order, token, email }
}

const ratingRows = (orderId: string) =>
	getDb().select().from(ratings).where(eq(ratings.orderId, orderId)).all()
const playroomRow = (id: string) => getDb().select().from(playrooms).where(eq(playrooms.id, id)).get()

describe('who can rate, and when', () => {
	test('the order’s guest rates a Completed stay once; the rating keeps the page language and is pending', async () => {
		const { playroom } = await hostWithPlayroom()
		const { order, token } = await completedOrder(playroom)
		const first = await callApi(createApi, 'Customer/Ratings', 'Create', {
			token,
			json: body(order.id),
			language: 'en',
		})
		expect(first.status).toBe(200)
		const [row] = ratingRows(order.id)
		expect(row).toMatchObject({
			stars: 4,
			safety: 4,
			asDescribed: 5,
			ageFit: '3-5',
			language: 'en',
			publishedAt: null,
		})
		const second = await callApi(createApi, 'Customer/Ratings', 'Create', {
			token,
			json: body(order.id, 1),
			language: 'en',
		})
		expect(second.status).toBe(409)
		expect(second.error).toEqual({
			name: 'AlreadyRated',
			message: 'You have already rated this booking. Each booking can be rated once.',
		})
		expect(ratingRows(order.id)).toHaveLength(1)
		expect(ratingRows(order.id)[0]?.stars).toBe(4)
	})

	test('another guest gets 404 and a host 403; nothing is written', async () => {
		const { playroom, host } = await hostWithPlayroom()
		const { order } = await completedOrder(playroom)
		const stranger = await createLoggedInUser({ role: 'Customer' })
		const byStranger = await callApi(createApi, 'Customer/Ratings', 'Create', {
			token: stranger.token,
			json: body(order.id),
		})
		expect(byStranger.status).toBe(404)
		const byHost = await callApi(createApi, 'Customer/Ratings', 'Create', {
			token: host.token,
			json: body(order.id),
		})
		expect(byHost.status).toBe(403)
		expect(ratingRows(order.id)).toEqual([])
	})

	test('an order that is not Completed is refused with its message', async () => {
		const { playroom } = await hostWithPlayroom()
		const { order, token } = await completedOrder(playroom, 2, 'Confirmed' as never)
		const result = await callApi(createApi, 'Customer/Ratings', 'Create', { token, json: body(order.id) })
		expect(result.status).toBe(409)
		expect(result.error).toEqual({
			name: 'OrderNotCompleted',
			message: 'Bewerten kannst du erst, wenn dein Aufenthalt abgeschlossen ist.',
		})
		expect(ratingRows(order.id)).toEqual([])
	})

	test('more than 14 days after check-out is too late', async () => {
		const { playroom } = await hostWithPlayroom()
		const { order, token } = await completedOrder(playroom, 15)
		const result = await callApi(createApi, 'Customer/Ratings', 'Create', {
			token,
			json: body(order.id),
			language: 'en',
		})
		expect(result.status).toBe(409)
		expect(result.error).toEqual({
			name: 'RatingPeriodOver',
			message: 'The rating period of 14 days after the stay has ended.',
		})
		expect(ratingRows(order.id)).toEqual([])
	})

	test('bad input (stars 6, a comment over 2,000 characters) is a 400 naming the fields; nothing is written', async () => {
		const { playroom } = await hostWithPlayroom()
		const { order, token } = await completedOrder(playroom)
		const result = await callApi(createApi, 'Customer/Ratings', 'Create', {
			token,
			json: body(order.id, 6, { comment: 'x'.repeat(2_001) }),
		})
		expect(result.status).toBe(400)
		expect(Object.keys(result.error?.fields ?? {}).sort()).toEqual(['comment', 'stars'])
		expect(ratingRows(order.id)).toEqual([])
	})
})

describe('hidden until published', () => {
	test('the host sees that a rating arrived, not what it says, until the private note publishes it', async () => {
		const { playroom, host } = await hostWithPlayroom()
		const { order, token } = await completedOrder(playroom)
		await callApi(createApi, 'Customer/Ratings', 'Create', {
			token,
			json: body(order.id, 2, { comment: 'Geheimer Kommentar' }),
		})
		const before = await callApi(ownerIndex, 'Owner/Ratings', 'Index', { token: host.token })
		expect(before.status).toBe(200)
		expect(JSON.stringify(before.body)).not.toContain('Geheimer Kommentar')
		const [pending] = (before.value as { items: { published: unknown; publishesAt: number }[] }).items
		expect(pending?.published).toBeNull()
		expect(pending?.publishesAt).toBe(order.checkOut.getTime() + RATING_WINDOW_MS)
		expect(playroomRow(playroom.id)?.ratingCount).toBe(0)
		expect(publicPlayroomRatings(playroom.id).items).toEqual([])

		// A stranger host cannot write the note.
		const otherHost = await createLoggedInUser({ role: 'Owner' })
		const foreign = await callApi(ownerApi, 'Owner/Ratings', 'Note', {
			token: otherHost.token,
			json: { orderId: order.id, note: 'Nett' },
		})
		expect(foreign.status).toBe(404)
		expect(ratingRows(order.id)[0]?.publishedAt).toBeNull()

		const note = await callApi(ownerApi, 'Owner/Ratings', 'Note', {
			token: host.token,
			json: { orderId: order.id, note: 'Sehr nette Familie.' },
		})
		expect(note.status).toBe(200)
		const after = await callApi(ownerIndex, 'Owner/Ratings', 'Index', { token: host.token })
		expect(JSON.stringify(after.body)).toContain('Geheimer Kommentar')
		expect(playroomRow(playroom.id)).toMatchObject({ ratingCount: 1, ratingAverage: 2, ageFit3to5: 1 })
		const page = publicPlayroomRatings(playroom.id)
		expect(page.items.map((item) => item.comment)).toEqual(['Geheimer Kommentar'])
		// The private note is never public.
		expect(JSON.stringify(page)).not.toContain('Sehr nette Familie')
	})

	test('the publish task publishes 14 days after check-out, not before', async () => {
		const { playroom, host } = await hostWithPlayroom()
		const { order, token } = await completedOrder(playroom, 13)
		await callApi(createApi, 'Customer/Ratings', 'Create', { token, json: body(order.id, 5) })
		expect(publishDueRatings(new Date())).toBe(0)
		expect(listHostRatings(host.user).items[0]?.published).toBeNull()
		const later = new Date(order.checkOut.getTime() + RATING_WINDOW_MS + 60_000)
		expect(publishDueRatings(later)).toBe(1)
		expect(ratingRows(order.id)[0]?.publishedAt?.getTime()).toBe(later.getTime())
		expect(listHostRatings(host.user).items[0]?.published?.stars).toBe(5)
		expect(playroomRow(playroom.id)).toMatchObject({ ratingCount: 1, ratingAverage: 5 })
	})

	test('the host’s inbox says that a rating arrived and, once, that it was published (no content)', async () => {
		const { playroom, host } = await hostWithPlayroom()
		const { order, token } = await completedOrder(playroom, 13)
		await callApi(createApi, 'Customer/Ratings', 'Create', {
			token,
			json: body(order.id, 5, { comment: 'Nicht ins Postfach' }),
		})
		const inbox = () =>
			getDb()
				.select({ kind: userNotifications.kind, params: userNotifications.params })
				.from(userNotifications)
				.where(eq(userNotifications.userId, host.user.id))
				.all()
		expect(inbox().map((row) => row.kind)).toEqual(['RatingReceived'])
		const later = new Date(order.checkOut.getTime() + RATING_WINDOW_MS + 60_000)
		publishDueRatings(later)
		publishDueRatings(later)
		expect(
			inbox()
				.map((row) => row.kind)
				.sort(),
		).toEqual(['RatingPublished', 'RatingReceived'])
		expect(JSON.stringify(inbox())).not.toContain('Nicht ins Postfach')
	})
})

describe('averages', () => {
	test('exact after 50 concurrent ratings and 50 concurrent publications on different orders of one playroom', async () => {
		const { playroom, host } = await hostWithPlayroom()
		const orders = await Promise.all(Array.from({ length: 50 }, () => completedOrder(playroom)))
		const stars = orders.map((_, i) => (i % 5) + 1)
		const created = await raceInProcesses({
			route: '#app/routes/api/customer-ratings.ts',
			workers: 4,
			jobs: orders.map(({ order, token }, i) => ({
				token,
				path: '/api/Customer/Ratings/Create',
				body: body(order.id, stars[i]),
			})),
		})
		expect(created.filter((r) => r.status !== 200)).toEqual([])
		const published = await raceInProcesses({
			route: '#app/routes/api/owner-ratings.ts',
			workers: 4,
			jobs: orders.map(({ order }) => ({
				token: host.token,
				path: '/api/Owner/Ratings/Note',
				body: { orderId: order.id, note: 'Danke!' },
			})),
		})
		expect(published.filter((r) => r.status !== 200)).toEqual([])
		const sum = stars.reduce((a, b) => a + b, 0)
		const row = playroomRow(playroom.id)
		expect(row?.ratingCount).toBe(50)
		expect(row?.ratingAverage).toBe(Math.round((sum / 50) * 100) / 100)
		expect(row?.ageFit3to5).toBe(50)
		const counted = getDb().get<{ n: number }>(
			sql`SELECT count(*) AS n FROM ratings WHERE playroom_id = ${playroom.id} AND published_at IS NOT NULL`,
		)
		expect(counted?.n).toBe(50)
	}, 120_000)

	test('a hidden rating leaves every average and the age-fit count; showing it brings it back', async () => {
		const { playroom, host } = await hostWithPlayroom()
		const admin = await createTestUser({ role: 'Admin' })
		const low = await completedOrder(playroom)
		const high = await completedOrder(playroom)
		for (const [{ order, token }, stars] of [
			[low, 1],
			[high, 5],
		] as const) {
			await callApi(createApi, 'Customer/Ratings', 'Create', { token, json: body(order.id, stars) })
			await callApi(ownerApi, 'Owner/Ratings', 'Note', {
				token: host.token,
				json: { orderId: order.id, note: 'ok' },
			})
		}
		expect(playroomRow(playroom.id)).toMatchObject({ ratingCount: 2, ratingAverage: 3, ageFit3to5: 2 })
		const lowId = ratingRows(low.order.id)[0]?.id ?? ''
		expect(() => setRatingHidden(admin, lowId, true, 'ohne Grund aus der Liste')).toThrow()
		expect(playroomRow(playroom.id)).toMatchObject({ ratingCount: 2 })
		setRatingHidden(admin, lowId, true, 'Beschimpft den Gastgeber', 'Offensive')
		const statement = mailsTo(low.email).filter((mail) => mail.template === 'rating.hidden')
		expect(statement).toHaveLength(1)
		expect(statement[0]?.subject).toBe(`Deine Bewertung von ${playroom.input.name} wurde ausgeblendet`)
		expect(statement[0]?.text).toContain('Grund: Beleidigend')
		expect(statement[0]?.text).toContain('Beschimpft den Gastgeber')
		expect(statement[0]?.text).toContain('Art. 17')
		expect(playroomRow(playroom.id)).toMatchObject({ ratingCount: 1, ratingAverage: 5, ageFit3to5: 1 })
		expect(publicPlayroomRatings(playroom.id).subScores.communication).toBe(3)
		expect(publicPlayroomRatings(playroom.id).items.map((item) => item.stars)).toEqual([5])
		setRatingHidden(admin, lowId, false, 'Doch in Ordnung')
		expect(playroomRow(playroom.id)).toMatchObject({ ratingCount: 2, ratingAverage: 3 })
	})
})

describe('the Bayesian rank', () => {
	test('one 5.0 does not beat fifty 4.8s', () => {
		const mean = 4.2
		const single = bayesianRank(5, 1, mean) ?? 0
		const many = bayesianRank(4.8 * 50, 50, mean) ?? 0
		expect(many).toBeGreaterThan(single)
		expect(bayesianRank(0, 0, mean)).toBeNull()
	})

	test('the stored rank follows the formula with the platform mean', async () => {
		const { playroom } = await hostWithPlayroom()
		const { order } = await completedOrder(playroom)
		getDb()
			.insert(ratings)
			.values({
				orderId: order.id,
				playroomId: playroom.id,
				guestId: order.guestId,
				stars: 5,
				cleanliness: 5,
				communication: 5,
				value: 5,
				publishedAt: new Date(),
			})
			.run()
		refreshPlayroomRating(playroom.id)
		const mean = getDb().get<{ m: number }>(
			sql`SELECT avg(stars) AS m FROM ratings WHERE published_at IS NOT NULL AND hidden = 0`,
		)?.m
		const rank = playroomRow(playroom.id)?.ratingRank
		expect(rank).toBeCloseTo((5 * (mean ?? 0) + 5) / 6, 3)
	})
})

describe('the host’s reply', () => {
	test('only to a published rating of their own, public, editable for 48 h after the first reply', async () => {
		const { playroom, host } = await hostWithPlayroom()
		const { order, token } = await completedOrder(playroom)
		await callApi(createApi, 'Customer/Ratings', 'Create', { token, json: body(order.id, 4) })
		const ratingId = ratingRows(order.id)[0]?.id ?? ''
		const early = await callApi(ownerApi, 'Owner/Ratings', 'Reply', {
			token: host.token,
			json: { ratingId, reply: 'Danke!' },
		})
		expect(early.status).toBe(409)
		expect(early.error?.name).toBe('RatingNotPublished')
		await callApi(ownerApi, 'Owner/Ratings', 'Note', {
			token: host.token,
			json: { orderId: order.id, note: 'ok' },
		})
		const other = await createLoggedInUser({ role: 'Owner' })
		const foreign = await callApi(ownerApi, 'Owner/Ratings', 'Reply', {
			token: other.token,
			json: { ratingId, reply: 'Hallo' },
		})
		expect(foreign.status).toBe(404)
		const first = await callApi(ownerApi, 'Owner/Ratings', 'Reply', {
			token: host.token,
			json: { ratingId, reply: 'Danke!' },
		})
		expect(first.status).toBe(200)
		const edited = await callApi(ownerApi, 'Owner/Ratings', 'Reply', {
			token: host.token,
			json: { ratingId, reply: 'Vielen Dank!' },
		})
		expect(edited.status).toBe(200)
		expect(publicPlayroomRatings(playroom.id).items[0]?.hostReply).toBe('Vielen Dank!')
		// 49 hours after the first reply it is locked.
		getDb()
			.update(ratings)
			.set({ hostRepliedAt: new Date(Date.now() - 49 * 3_600_000) })
			.where(eq(ratings.id, ratingId))
			.run()
		const late = await callApi(ownerApi, 'Owner/Ratings', 'Reply', {
			token: host.token,
			json: { ratingId, reply: 'Zu spät' },
			language: 'en',
		})
		expect(late.status).toBe(409)
		expect(late.error).toEqual({
			name: 'ReplyLocked',
			message: 'Your reply can only be changed for 48 hours.',
		})
		expect(ratingRows(order.id)[0]?.hostReply).toBe('Vielen Dank!')
	})
})
