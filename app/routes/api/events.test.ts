import { describe, expect, test } from 'vitest'
import { traceEvents, trackEvents } from '#db/schema/tracking.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { getDb } from '#app/utils/db.server.ts'
import * as events from './events.ts'

const consentCookie = (categories: string[], revision = 1) =>
	`cc_cookie=${encodeURIComponent(JSON.stringify({ categories, level: categories, revision, data: null, rfc_cookie: true }))}`
const ALL = consentCookie(['necessary', 'functional', 'analytics'])

function post(endpoint: string, json: unknown, options: { cookie?: string; userAgent?: string } = {}) {
	return callRoute(events.action as never, {
		path: `/api/Events/${endpoint}`,
		params: { endpoint },
		json,
		cookie: options.cookie,
		headers: options.userAgent ? { 'User-Agent': options.userAgent } : {},
	})
}

const traces = () => getDb().select().from(traceEvents).all()

describe('/api/Events', () => {
	test('TraceEvent is stored only with functional and analytics consent, with the session user, not the body one', async () => {
		const { user, cookie } = await createLoggedInUser()
		const body = {
			userId: 'SomebodyElse1234',
			pageUrl: '/playrooms?city=koeln',
			eventType: 'page_view',
			isHidden: false,
		}
		const before = traces().length

		for (const without of [
			undefined,
			consentCookie(['necessary']),
			consentCookie(['necessary', 'analytics']),
			consentCookie(['necessary', 'functional', 'analytics'], 0),
		]) {
			const result = await post('TraceEvent', body, { cookie: [cookie, without].filter(Boolean).join('; ') })
			expect(result.status).toBe(200)
			expect(result.json).toEqual({ success: true, value: { recorded: false }, error: null })
		}
		expect(traces()).toHaveLength(before)

		const recorded = await post('TraceEvent', body, { cookie: `${cookie}; ${ALL}` })
		expect(recorded.json).toMatchObject({ value: { recorded: true } })
		expect(recorded.headers.get('X-Page-Cache')).toBe('keep')
		expect(traces().at(-1)).toMatchObject({
			userId: user.id,
			pageUrl: '/playrooms?city=koeln',
			eventType: 'page_view',
			isHidden: false,
		})

		const bot = await post('TraceEvent', body, {
			cookie: ALL,
			userAgent: 'Googlebot/2.1 (+http://www.google.com/bot.html)',
		})
		expect(bot.json).toMatchObject({ value: { recorded: false } })
	})

	test('TrackEvent stores name and value for consenting visitors', async () => {
		const result = await post('TrackEvent', { name: 'search.submit', value: 42 }, { cookie: ALL })
		expect(result.json).toMatchObject({ success: true, value: { recorded: true } })
		expect(getDb().select().from(trackEvents).all().at(-1)).toMatchObject({
			name: 'search.submit',
			value: '42',
			userId: null,
		})
	})

	test('bad input is a 400 envelope; unknown endpoints and GET are 404', async () => {
		const bad = await post(
			'TraceEvent',
			{ pageUrl: 'https://evil.example/', eventType: 'page view' },
			{ cookie: ALL },
		)
		expect(bad.status).toBe(400)
		expect(Object.keys(JSON.parse((bad.json as { error: string }).error).fields).sort()).toEqual([
			'eventType',
			'pageUrl',
		])
		expect((await post('TrackEvent', { name: '' }, { cookie: ALL })).status).toBe(400)
		expect((await post('Nope', {})).status).toBe(404)
		const get = await callRoute(events.loader as never, {
			path: '/api/Events/TraceEvent',
			params: { endpoint: 'TraceEvent' },
		})
		expect(get.status).toBe(404)
	})
})
