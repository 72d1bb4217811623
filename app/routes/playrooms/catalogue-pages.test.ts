import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { favourites } from '#db/schema/catalogue.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { addDays, localDateOf } from '#app/domain/berlin-time.ts'
import { getDb } from '#app/utils/db.server.ts'
import { readToast } from '#app/utils/toast.server.ts'
import * as contentPage from '../content-page.tsx'
import * as home from '../home.tsx'
import * as favouritesResource from '../resources/favourites.ts'
import * as robots from '../robots-txt.ts'
import * as sitemap from '../sitemap-xml.ts'
import * as byId from './by-id.tsx'
import * as detail from './detail.tsx'
import * as place from './place.tsx'
import * as search from './search.tsx'

type Loader = { loader: (args: never) => unknown }
const page = (module: Loader, path: string, params: Record<string, string> = {}, cookie?: string) =>
	callRoute(module.loader as never, { path, params, cookie })

const tomorrow = addDays(localDateOf(Date.now()), 1)

describe('catalogue pages', async () => {
	const koeln = await createTestPlayroom({
		name: 'Tobeland Nippes',
		features: ['ball-pit'],
		customUrl: 'tobeland',
	})
	const munich = await createTestPlayroom({
		name: 'Kletterhöhle Sendling',
		city: 'München',
		citySlug: 'muenchen',
		stateSlug: 'bayern',
		lat: 48.1351,
		lng: 11.582,
		features: ['kitchen'],
	})
	const draft = await createTestPlayroom({ name: 'Entwurf Deutz', status: 'Draft', publishedAt: null })

	test('the search page: results, a page-cache lifetime that keeps availability fresh, meta data', async () => {
		const result = await page(search, `/playrooms/search?city=koeln&checkIn=${tomorrow}&features=ball-pit`)
		expect(result.status).toBe(200)
		const data = result.data as Awaited<ReturnType<typeof search.loader>>
		expect(data.result.items.map((c) => c.name)).toEqual(['Tobeland Nippes'])
		expect(data.cardQuery).toBe(`?date=${tomorrow}`)
		expect(result.headers.get('X-Page-Cache')).toBe('20')
		expect(data.meta).toMatchObject({ title: 'Spielräume suchen', noindex: true })
		expect(JSON.parse(data.meta.jsonLd ?? '{}')['@graph'][0].itemListElement[0].url).toContain('/playrooms/')
		expect((await page(search, '/en/playrooms')).headers.get('X-Page-Cache')).toBe('60')
	})

	test('the search page sends only what its cards and map show (ADR 0121)', async () => {
		const data = (await page(search, '/playrooms/search?city=koeln')).data as Awaited<
			ReturnType<typeof search.loader>
		>
		const [item] = data.result.items
		expect(item).toMatchObject({ id: koeln.id, name: 'Tobeland Nippes', city: 'Köln' })
		for (const key of [
			'shortDescription',
			'features',
			'bookingTypes',
			'publishedAt',
			'citySlug',
			'sizeSqm',
		]) {
			expect(item).not.toHaveProperty(key)
		}
	})

	test('bad input on a search page is a notice with the page still working (never a 400 or 500)', async () => {
		const result = await page(
			search,
			'/en/playrooms/search?checkIn=2026-02-31&page=-4&guests=lots&sort=cheap',
		)
		expect(result.status).toBe(200)
		const data = result.data as Awaited<ReturnType<typeof search.loader>>
		expect(data.search.invalid.sort()).toEqual(['checkIn', 'guests', 'page', 'sort'])
		expect(data.result.totalCount).toBeGreaterThanOrEqual(2)
	})

	test('a past date and a page beyond the last are said, and the results agree with the count (issue 11)', async () => {
		const past = (await page(search, '/playrooms/search?checkIn=2020-01-01')).data as Awaited<
			ReturnType<typeof search.loader>
		>
		expect(past.search.invalid).toEqual(['checkIn'])
		expect(past.search.notices).toEqual(['pastDate'])
		expect(past.dateLabel).toBeNull()
		const beyond = (await page(search, '/playrooms/search?page=999')).data as Awaited<
			ReturnType<typeof search.loader>
		>
		expect(beyond.search.notices).toEqual(['pageOutOfRange'])
		expect(beyond.result.currentPage).toBe(beyond.result.totalPages)
		expect(beyond.result.items.length).toBeGreaterThan(0)
	})

	test('newest and fixedPlace are the same page with their own filters', async () => {
		const newest = (await page(search, '/playrooms/sorted/newest?sort=price')).data as Awaited<
			ReturnType<typeof search.loader>
		>
		expect(newest.kind).toBe('newest')
		expect(newest.search.form.sort).toBe('newest')
		const near = (await page(search, '/playrooms/fixedPlace?where=80331&radius=25')).data as Awaited<
			ReturnType<typeof search.loader>
		>
		expect(near.search.origin?.label).toBe('80331 München')
		expect(near.result.items.map((c) => c.name)).toEqual(['Kletterhöhle Sendling'])
	})

	test('city and state pages list the playrooms there; other slugs are 404', async () => {
		const city = (await page(place, '/playrooms/cities/koeln', { citySlug: 'koeln' })).data as Awaited<
			ReturnType<typeof place.loader>
		>
		expect(city.meta.title).toBe('Spielräume in Köln')
		expect(city.intro).toContain('Ehrenfeld')
		expect(city.result.items.map((c) => c.name)).toEqual(['Tobeland Nippes'])
		expect(city.place.neighbours[0]?.slug).toBe('duesseldorf')
		const state = (await page(place, '/en/playrooms/states/bayern', { stateSlug: 'bayern' })).data as Awaited<
			ReturnType<typeof place.loader>
		>
		expect(state.meta.title).toBe('Playrooms in Bavaria')
		expect(state.result.items.map((c) => c.name)).toEqual(['Kletterhöhle Sendling'])
		expect((await page(place, '/playrooms/cities/bonn', { citySlug: 'bonn' })).status).toBe(404)
		expect((await page(place, '/playrooms/states/hamburg', { stateSlug: 'hamburg' })).status).toBe(404)
	})

	test('the playroom page: server-rendered sections, the checkout form, JSON-LD; 404 for unknown and unpublished', async () => {
		const result = await page(detail, `/en/playrooms/${koeln.input.playroomUrlPath}?date=${tomorrow}`, {
			playroomUrlPath: koeln.input.playroomUrlPath,
		})
		expect(result.status).toBe(200)
		expect(result.headers.get('X-Page-Cache')).toBe('15')
		const data = result.data as Awaited<ReturnType<typeof detail.loader>>
		expect(data.html?.booking).toContain('data-testid="start-times"')
		expect(data.html?.info).toContain('Ball pit')
		expect(data.html?.prices).toContain('€35 / hour')
		const jsonLd = JSON.parse(data.meta.jsonLd ?? '{}')['@graph']
		expect(jsonLd[0]).toMatchObject({
			'@type': 'LocalBusiness',
			name: 'Tobeland Nippes',
			address: { addressLocality: 'Köln' },
		})
		expect(jsonLd[0].makesOffer[0]).toMatchObject({ price: '35.00', priceCurrency: 'EUR' })
		expect(jsonLd[1]['@type']).toBe('BreadcrumbList')

		const start = data.html?.booking.match(/start=([^&"#]+)/)?.[1]
		const chosen = (
			await page(detail, `/en/playrooms/${koeln.input.playroomUrlPath}?date=${tomorrow}&start=${start}`, {
				playroomUrlPath: koeln.input.playroomUrlPath,
			})
		).data as Awaited<ReturnType<typeof detail.loader>>
		expect(chosen.html?.booking).toContain('action="/en/public/playroomOrder/checkout"')
		expect(chosen.html?.booking).toContain(`name="checkIn" value="${decodeURIComponent(start ?? '')}"`)
		expect(chosen.html?.booking).toContain('name="checkOut"')

		for (const path of ['does-not-exist', draft.input.playroomUrlPath, 'Not_A_Path']) {
			expect((await page(detail, `/playrooms/${path}`, { playroomUrlPath: path })).status).toBe(404)
		}
	})

	test('bad choices on the playroom page are named, not errors', async () => {
		const result = await page(
			detail,
			`/playrooms/${koeln.input.playroomUrlPath}?date=gestern&month=13-2026&guests=0`,
			{
				playroomUrlPath: koeln.input.playroomUrlPath,
			},
		)
		expect(result.status).toBe(200)
		expect((result.data as { notice: string }).notice).toBe(
			'Diese Angaben konnten wir nicht verwenden und haben sie ignoriert: Datum, Monat, Gäste.',
		)
	})

	test('a custom URL and /playrooms/id/:id lead to the canonical page', async () => {
		const custom = await page(contentPage, '/en/tobeland?date=2026-12-01')
		expect(custom.status).toBe(302)
		expect(custom.location).toBe(`/en/playrooms/${koeln.input.playroomUrlPath}?date=2026-12-01`)
		const viaDetail = await page(detail, '/playrooms/tobeland', { playroomUrlPath: 'tobeland' })
		expect(viaDetail.location).toBe(`/playrooms/${koeln.input.playroomUrlPath}`)
		const moved = await page(byId, `/en/playrooms/id/${munich.id}`, { playroomId: munich.id })
		expect(moved.status).toBe(301)
		expect(moved.location).toBe(`/en/playrooms/${munich.input.playroomUrlPath}`)
		expect((await page(byId, `/playrooms/id/${draft.id}`, { playroomId: draft.id })).status).toBe(404)
		expect((await page(byId, '/playrooms/id/DateDto', { playroomId: 'DateDto' })).status).toBe(404)
	})

	test('the home page: popular and newest playrooms, every city tile', async () => {
		const data = (await page(home, '/')).data as Awaited<ReturnType<typeof home.loader>>
		expect(data.featured.length).toBeGreaterThanOrEqual(2)
		expect(data.newest.length).toBeGreaterThanOrEqual(2)
		expect(data.cities).toHaveLength(11)
		expect(data.cities.find((c) => c.slug === 'koeln')?.count).toBe(1)
		expect(JSON.parse(data.meta.jsonLd ?? '{}')['@graph'][0]['@type']).toBe('WebSite')
	})

	test('sitemap.xml lists both languages with alternates; robots.txt points to it', async () => {
		const xml = await (await sitemap.loader({} as never)).text()
		expect(xml).toContain(`<loc>http://localhost:3000/en/playrooms/${koeln.input.playroomUrlPath}</loc>`)
		expect(xml).toContain(
			`<xhtml:link rel="alternate" hreflang="de" href="http://localhost:3000/playrooms/${koeln.input.playroomUrlPath}"/>`,
		)
		expect(xml).toContain('hreflang="x-default"')
		expect(xml).not.toContain(draft.input.playroomUrlPath)
		const text = await (await robots.loader({} as never)).text()
		expect(text).toContain('Sitemap: http://localhost:3000/sitemap.xml')
		expect(text).toContain('Disallow: /api/')
	})
})

describe('favourites without JavaScript (/resources/favourites)', async () => {
	const room = await createTestPlayroom({ city: 'Essen', citySlug: 'essen', lat: 51.4556, lng: 7.0116 })
	const post = (form: Record<string, string>, cookie?: string) =>
		callRoute(favouritesResource.action as never, { path: '/resources/favourites', form, cookie })

	test('a logged-in user adds and removes a favourite; the page is redirected back with a toast', async () => {
		const { user, cookie } = await createLoggedInUser()
		const added = await post({ intent: 'add', playroomId: room.id, redirectTo: '/en/playrooms' }, cookie)
		expect(added.status).toBe(302)
		expect(added.location).toBe('/en/playrooms')
		expect(added.headers.get('X-Page-Cache')).toBe('keep')
		const toast = await readToast(
			new Request('http://x/', { headers: { Cookie: added.setCookies.join('; ') } }),
		)
		expect(toast.toast?.description).toBe('Added to your favourites.')
		const stored = () =>
			getDb()
				.select()
				.from(favourites)
				.where(eq(favourites.userId, user.id))
				.all()
				.map((f) => f.playroomId)
		expect(stored()).toEqual([room.id])
		// A fetcher (JavaScript) leaves out redirectTo and gets JSON.
		const removed = await post({ intent: 'remove', playroomId: room.id }, cookie)
		expect(removed.json).toEqual({ ok: true, playroomIds: [] })
		expect(stored()).toEqual([])
		expect((await post({ intent: 'add', playroomId: 'x' }, cookie)).status).toBe(400)
	})

	test('a visitor is sent to the login and back', async () => {
		const result = await post({
			intent: 'add',
			playroomId: room.id,
			redirectTo: `/playrooms/${room.input.playroomUrlPath}`,
		})
		expect(result.status).toBe(302)
		expect(result.location).toBe(
			`/login?redirect=${encodeURIComponent(`/playrooms/${room.input.playroomUrlPath}`)}`,
		)
		expect((await post({ intent: 'add', playroomId: room.id })).status).toBe(401)
	})
})
