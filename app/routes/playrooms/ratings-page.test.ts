import { describe, expect, test } from 'vitest'
import { createRating, publishDueRatings, RATING_WINDOW_MS } from '#app/models/ratings/ratings.server.ts'
import * as detail from '#app/routes/playrooms/detail.tsx'
import * as ratingsPage from '#app/routes/playrooms/ratings.tsx'
import * as ratingsApi from '#app/routes/api/playrooms/ratings.ts'
import { callApi } from '#tests/helpers/api.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'

/**
 * The playroom page's ratings (issue 32): only published ratings, "new" before
 * 3 of them, stars after; the comment in its language and inert; the notice
 * how ratings are checked; a new publication shows despite the page's caches.
 */
type PageData = { html: { info: string } }
const DAY = 86_400_000

async function info(playroomUrlPath: string, lang: 'de' | 'en' = 'en') {
	const result = await callRoute(detail.loader as never, {
		path: `${lang === 'en' ? '/en' : ''}/playrooms/${playroomUrlPath}`,
		params: { playroomUrlPath },
	})
	expect(result.status).toBe(200)
	return (result.data as PageData).html.info
}

async function rate(
	room: { id: string; hostId: string },
	stars: number,
	comment: string,
	language: 'de' | 'en' = 'de',
) {
	const checkOut = new Date(Date.now() - 3 * DAY)
	const order = await createTestOrder({
		playroomId: room.id,
		hostId: room.hostId,
		checkIn: new Date(checkOut.getTime() - 7_200_000),
		checkOut,
		status: 'Completed',
	})
	createRating(
		{ id: order.guestId, role: 'Customer' },
		order.id,
		{ stars, cleanliness: 5, safety: 5, asDescribed: 4, communication: 5, value: 4, ageFit: '6-8', comment },
		language,
	)
	return order
}

const publishAll = () => publishDueRatings(new Date(Date.now() + RATING_WINDOW_MS))

describe('ratings on the playroom page', () => {
	test('pending ratings are not shown; published ones are, "new" before 3, stars and sub-scores from 3', async () => {
		const room = await createTestPlayroom()
		const path = room.input.playroomUrlPath
		await rate(room, 5, 'Wunderbar für unsere Zwillinge', 'de')
		const pending = await info(path)
		expect(pending).not.toContain('Wunderbar')
		expect(pending).toContain('How we check ratings: only guests with a completed booking')
		publishAll()
		const one = await info(path)
		expect(one).toContain(
			'<p lang="de" class="whitespace-pre-line break-words">Wunderbar für unsere Zwillinge</p>',
		)
		expect(one).toContain('New')
		expect(one).not.toContain('out of 5 stars ·')
		await rate(room, 4, 'Schön', 'de')
		await rate(room, 3, 'Okay', 'en')
		publishAll()
		const three = await info(path)
		expect(three).toContain('4.0 out of 5 stars · 3 ratings')
		expect(three).toContain('Safety for children')
		expect(three).toContain('Great for ages 6–8')
		expect(await info(path, 'de')).toContain('So prüfen wir Bewertungen')
	})

	test('a comment with HTML is inert text on the page', async () => {
		const room = await createTestPlayroom()
		await rate(room, 4, '<img src=x onerror=alert(1)><script>alert(2)</script>')
		publishAll()
		const html = await info(room.input.playroomUrlPath)
		expect(html).not.toContain('<img src=x')
		expect(html).not.toContain('<script>alert(2)')
		expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
	})

	test('the API and the ratings pages page through published ratings, newest first', async () => {
		const room = await createTestPlayroom()
		for (let i = 0; i < 12; i++) await rate(room, (i % 5) + 1, `Kommentar ${i}`)
		publishAll()
		const first = await callApi(ratingsApi.loader as never, 'Public/Playrooms', 'Ratings', {
			query: `playroomId=${room.id}&currentPage=2`,
		})
		expect(first.status).toBe(200)
		const value = first.value as { items: { comment: string }[]; totalCount: number; currentPage: number }
		expect(value.totalCount).toBe(12)
		expect(value.items.map((item) => item.comment)).toEqual(['Kommentar 1', 'Kommentar 0'])
		expect(await info(room.input.playroomUrlPath)).toContain(
			`/en/playrooms/${room.input.playroomUrlPath}/ratings?page=2`,
		)
		const second = await callRoute(ratingsPage.loader as never, {
			path: `/en/playrooms/${room.input.playroomUrlPath}/ratings?page=2`,
			params: { playroomUrlPath: room.input.playroomUrlPath },
		})
		expect((second.data as { items: unknown[] }).items).toHaveLength(2)
	})
})
