import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { playrooms } from '#db/schema/catalogue.ts'
import { createSession } from '#app/models/accounts/session.server.ts'
import { accessScenario } from '#tests/helpers/access.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { requestPage } from '#tests/helpers/route-table.ts'
import { getDb } from '#app/utils/db.server.ts'
import { allowPageCache, keepPageCache } from './page-cache.server.ts'

const cacheablePage = ({ context }: { context: Parameters<typeof allowPageCache>[0] }) => {
	allowPageCache(context, 30)
	allowPageCache(context, 10) // the shortest wins
	return { ok: true }
}

describe('page cache marker', () => {
	test('an anonymous GET of an opted-in page is marked with the shortest time', async () => {
		const result = await callRoute(cacheablePage, { path: '/playrooms' })
		expect(result.headers.get('X-Page-Cache')).toBe('10')
	})

	test('a logged-in GET is never marked', async () => {
		const { cookie } = await createLoggedInUser()
		const result = await callRoute(cacheablePage, { path: '/playrooms', cookie })
		expect(result.headers.get('X-Page-Cache')).toBeNull()
	})

	test('pages that do not opt in are not marked', async () => {
		const result = await callRoute(() => ({ ok: true }), { path: '/playrooms' })
		expect(result.headers.get('X-Page-Cache')).toBeNull()
	})

	test('a write marked keep says so; other writes say nothing (and empty the cache)', async () => {
		const kept = await callRoute(
			({ context }) => {
				keepPageCache(context)
				return null
			},
			{ path: '/api/Public/Playrooms/PlayroomPageView', json: {} },
		)
		expect(kept.headers.get('X-Page-Cache')).toBe('keep')
		const plain = await callRoute(() => null, { path: '/guest/orders', json: {} })
		expect(plain.headers.get('X-Page-Cache')).toBeNull()
	})
})

/**
 * Issue 29: pages with personal data (orders, guests, the invoice tab, a new
 * calendar export URL, arrival codes) were sent without Cache-Control, so a
 * browser's or proxy's cache could keep them. Every response for a session,
 * and every response in the back-office areas, is `private, no-store` — set
 * once, in the root middleware; anonymous public pages keep the page cache.
 */
describe('Cache-Control: private, no-store for logged-in users and the areas', () => {
	async function world() {
		const scenario = await accessScenario()
		const admin = await createLoggedInUser({ role: 'Admin' })
		const guest = createSession({ userId: scenario.fixture.guest.id, persistent: true })
		const playroom = getDb()
			.select({ path: playrooms.playroomUrlPath })
			.from(playrooms)
			.where(eq(playrooms.id, scenario.fixture.playroom.id))
			.get()!
		return {
			...scenario,
			admin: admin.cookie,
			guest: `auth.token=${guest.token}`,
			hostCookie: scenario.host.cookie,
			playroomPath: playroom.path,
		}
	}

	test('every named page, as its user, is private, no-store', async () => {
		const w = await world()
		const pages: [string, string][] = [
			[`/host/orders/${w.order.id}`, w.hostCookie],
			[`/en/host/orders/${w.order.id}`, w.hostCookie],
			[`/admin/orders/${w.order.id}`, w.admin],
			['/admin/guests', w.admin],
			[`/host/playrooms/edit/${w.fixture.playroom.id}/paymentAndInvoice`, w.hostCookie],
			['/host/calendar/feeds', w.hostCookie],
			[`/host/accessAreas/${w.area.id}`, w.hostCookie],
			[`/guest/orders/${w.order.id}`, w.guest],
			['/en/guest/orders', w.guest],
			['/host/dashboard', w.hostCookie],
			// A public page, logged in: it shows the user's name and menu.
			[`/playrooms/${w.playroomPath}`, w.guest],
		]
		for (const [path, cookie] of pages) {
			const result = await requestPage(path, { cookie })
			expect(result.status, path).toBe(200)
			expect(result.headers.get('Cache-Control'), path).toBe('private, no-store')
			expect(result.headers.get('X-Page-Cache'), path).toBeNull()
		}
	})

	test('the answer that shows a new calendar export URL is private, no-store', async () => {
		const w = await world()
		const result = await requestPage('/host/calendar/feeds', {
			cookie: w.hostCookie,
			form: { intent: 'exportGenerate', scope: 'all' },
		})
		expect(result.status).toBe(200)
		expect(JSON.stringify(result.data)).toMatch(/\/calendar\/[^"]+\.ics/)
		expect(result.headers.get('Cache-Control')).toBe('private, no-store')
	})

	test('an anonymous request to an area (the redirect to the login) is private, no-store', async () => {
		const w = await world()
		for (const path of [`/host/orders/${w.order.id}`, '/admin/guests', '/en/guest/orders']) {
			const result = await requestPage(path)
			expect(result.status, path).toBe(302)
			expect(result.location, path).toMatch(/\/login\?redirect=/)
			expect(result.headers.get('Cache-Control'), path).toBe('private, no-store')
		}
	})

	test('anonymous public pages keep their caching; a route that names its own Cache-Control keeps it', async () => {
		const w = await world()
		for (const path of [`/playrooms/${w.playroomPath}`, `/en/playrooms/${w.playroomPath}`, '/']) {
			const result = await requestPage(path)
			expect(result.status, path).toBe(200)
			expect(result.headers.get('X-Page-Cache'), path).not.toBeNull()
			expect(result.headers.get('Cache-Control'), path).toBeNull()
		}
		// The same for everyone (the robots file), also when a user is logged in.
		const robots = await requestPage('/robots.txt', { cookie: w.guest })
		expect(robots.headers.get('Cache-Control')).toBe('public, max-age=3600')
	})
})
