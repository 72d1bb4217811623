import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { ratings } from '#db/schema/orders.ts'
import { createSession } from '#app/models/accounts/session.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import * as guestOrderPage from './order-detail.tsx'

/** The rating form on /guest/orders/:orderId (issue 32): a plain form post, refusals said on the page. */
const loader = guestOrderPage.loader as never
const action = guestOrderPage.action as never
const guestArea = [roleGuard('Customer')]

async function completed(daysAgo: number) {
	const playroom = await createTestPlayroom()
	const checkOut = new Date(Date.now() - daysAgo * 86_400_000)
	const order = await createTestOrder({
		playroomId: playroom.id,
		hostId: playroom.hostId,
		checkIn: new Date(checkOut.getTime() - 7_200_000),
		checkOut,
		status: 'Completed',
	})
	const cookie = `auth.token=${createSession({ userId: order.guestId, persistent: true }).token}`
	return { order, cookie }
}

const form = {
	intent: 'rate',
	stars: '5',
	cleanliness: '5',
	safety: '4',
	asDescribed: '5',
	communication: '4',
	value: '3',
	ageFit: '6-8',
	comment: 'Sehr schön!',
}

describe('the guest rates from the order page without JavaScript', () => {
	test('the form shows on a Completed order; a post missing the overall stars keeps the input and writes nothing', async () => {
		const { order, cookie } = await completed(1)
		const page = await callRoute(loader, {
			path: `/guest/orders/${order.id}`,
			cookie,
			params: { orderId: order.id },
			middleware: guestArea,
		})
		expect((page.data as { rating: { canRate: boolean } }).rating.canRate).toBe(true)
		const { stars: _stars, ...withoutStars } = form
		const result = await callRoute(action, {
			path: `/guest/orders/${order.id}`,
			cookie,
			form: withoutStars,
			params: { orderId: order.id },
			middleware: guestArea,
		})
		expect(result.status).toBe(400)
		const reply = (
			result.data as { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }
		).result
		expect(Object.keys(reply.error)).toEqual(['stars'])
		expect(reply.initialValue.comment).toBe('Sehr schön!')
		expect(getDb().select().from(ratings).where(eq(ratings.orderId, order.id)).all()).toEqual([])
	})

	test('a valid post saves the rating in the page’s language and redirects; a second post is refused with the message', async () => {
		const { order, cookie } = await completed(3)
		const path = `/en/guest/orders/${order.id}`
		const saved = await callRoute(action, {
			path,
			cookie,
			form,
			params: { orderId: order.id },
			middleware: guestArea,
		})
		expect(saved.status).toBe(302)
		const rows = getDb().select().from(ratings).where(eq(ratings.orderId, order.id)).all()
		expect(rows).toHaveLength(1)
		expect(rows[0]).toMatchObject({ stars: 5, ageFit: '6-8', language: 'en', comment: 'Sehr schön!' })
		const again = await callRoute(action, {
			path,
			cookie,
			form,
			params: { orderId: order.id },
			middleware: guestArea,
		})
		expect(again.status).toBe(400)
		expect((again.data as { errorName: string }).errorName).toBe('AlreadyRated')
		expect(getDb().select().from(ratings).where(eq(ratings.orderId, order.id)).all()).toHaveLength(1)
	})

	test('after 14 days the page says the period is over and a post is refused', async () => {
		const { order, cookie } = await completed(20)
		const page = await callRoute(loader, {
			path: `/guest/orders/${order.id}`,
			cookie,
			params: { orderId: order.id },
			middleware: guestArea,
		})
		expect((page.data as { rating: { canRate: boolean; refusal: string } }).rating).toMatchObject({
			canRate: false,
			refusal: 'ratings:errors.periodOver',
		})
		const result = await callRoute(action, {
			path: `/guest/orders/${order.id}`,
			cookie,
			form,
			params: { orderId: order.id },
			middleware: guestArea,
		})
		expect((result.data as { errorName: string }).errorName).toBe('RatingPeriodOver')
		expect(getDb().select().from(ratings).where(eq(ratings.orderId, order.id)).all()).toEqual([])
	})
})
