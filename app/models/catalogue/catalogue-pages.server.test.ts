import { describe, expect, test } from 'vitest'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { addDays, localDateOf } from '#app/domain/berlin-time.ts'
import { resolvePlace } from '#app/domain/gazetteer.ts'
import {
	neighbouringCities,
	readSearchPage,
	runPageSearch,
	sitemapEntries,
	statePlace,
} from './catalogue-pages.server.ts'

const NOW = Date.parse('2026-11-20T10:00:00Z')
const FEATURES = new Set(['ball-pit', 'kitchen'])
const read = (query: string, fixed?: Parameters<typeof readSearchPage>[1]['fixed']) =>
	readSearchPage(new URL(`http://x/playrooms/search${query}`), { now: NOW, knownFeatures: FEATURES, fixed })

describe('places', () => {
	test('a typed place resolves to a city: by name in any spelling, by slug, or by postal code', () => {
		expect(resolvePlace('Köln')?.slug).toBe('koeln')
		expect(resolvePlace('koeln')?.slug).toBe('koeln')
		expect(resolvePlace('Venloer Str. 12, Köln')?.slug).toBe('koeln')
		expect(resolvePlace('50667')).toMatchObject({ slug: 'koeln', label: '50667 Köln' })
		expect(resolvePlace('frankfurt am main')?.slug).toBe('frankfurt-am-main')
		expect(resolvePlace('Atlantis')).toBeNull()
		expect(resolvePlace('  ')).toBeNull()
	})

	test('districts of the cities are known too (issue 11: "Ehrenfeld" and "Schwabing" were not)', () => {
		expect(resolvePlace('Ehrenfeld')).toMatchObject({ slug: 'koeln', label: 'Ehrenfeld, Köln', lat: 50.95 })
		expect(resolvePlace('schwabing')).toMatchObject({ slug: 'muenchen', label: 'Schwabing, München' })
		expect(resolvePlace('Prenzlauer Berg')?.slug).toBe('berlin')
		// A name two cities have goes to the city named with it.
		expect(resolvePlace('Südstadt Hannover')).toMatchObject({ slug: 'hannover', label: 'Südstadt, Hannover' })
		expect(resolvePlace('Köln Südstadt')).toMatchObject({ slug: 'koeln', label: 'Südstadt, Köln' })
		const near = read('?where=Ehrenfeld&radius=5', { fixedPlace: true })
		expect(near.notices).toEqual([])
		expect(near.origin).toMatchObject({ label: 'Ehrenfeld, Köln', radius: 5 })
	})

	test('neighbouring cities are the nearest city pages, nearest first, without the city itself', () => {
		const near = neighbouringCities({ lat: 50.9375, lng: 6.9603 }, 'koeln')
		expect(near.map((c) => c.slug)).toEqual(['duesseldorf', 'essen', 'dortmund', 'frankfurt-am-main'])
		expect(near[0]?.distanceKm).toBeLessThan(near[1]?.distanceKm ?? 0)
		expect(statePlace('nordrhein-westfalen', 'en').name).toBe('North Rhine-Westphalia')
	})
})

describe('reading a search page URL', () => {
	test('valid parameters become the search; euros become cents; features repeat', () => {
		const date = addDays(localDateOf(NOW), 3)
		const page = read(
			`?q=Bällebad&city=koeln&checkIn=${date}&guests=8&bookingType=Hourly&maxPrice=30,50&features=ball-pit&features=kitchen&sort=price&page=2&view=map`,
		)
		expect(page.invalid).toEqual([])
		expect(page.query).toMatchObject({
			q: 'Bällebad',
			city: 'koeln',
			checkIn: date,
			guests: 8,
			bookingType: 'Hourly',
			priceMax: 3050,
			features: ['ball-pit', 'kitchen'],
			sort: 'price',
			currentPage: 2,
			perPage: 60,
		})
		expect(page.view).toBe('map')
		expect(page.form).toMatchObject({ maxPrice: '30.5', guests: '8', features: ['ball-pit', 'kitchen'] })
	})

	test('bad parameters are dropped and named, never an error', () => {
		const page = read(
			'?checkIn=garbage&page=abc&guests=-1&sort=cheap&maxPrice=x&features=unknown-thing&view=3d&bookingType=Weekly',
		)
		expect(page.invalid.sort()).toEqual([
			'bookingType',
			'checkIn',
			'features',
			'guests',
			'maxPrice',
			'page',
			'sort',
			'view',
		])
		expect(page.query).toMatchObject({ currentPage: 1, perPage: 12 })
		expect(page.query.checkIn).toBeUndefined()
		expect(page.query.features).toBeUndefined()
		expect(page.view).toBe('list')
	})

	test('a date in the past is ignored with a notice', () => {
		const page = read(`?checkIn=${addDays(localDateOf(NOW), -1)}`)
		expect(page.query.checkIn).toBeUndefined()
		expect(page.invalid).toEqual(['checkIn'])
		expect(page.notices).toEqual(['pastDate'])
	})

	test("a page's own filter wins over the URL", () => {
		expect(read('?city=berlin', { city: 'koeln' }).query.city).toBe('koeln')
		expect(read('?sort=price', { sort: 'newest' }).query.sort).toBe('newest')
	})

	test('distance needs a place: the city centre, a typed place, or a notice', () => {
		expect(read('?city=koeln&sort=distance').query).toMatchObject({ lat: 50.9375, lng: 6.9603, radius: 500 })
		const without = read('?sort=distance')
		expect(without.query.sort).toBeUndefined()
		expect(without.notices).toEqual(['distanceNeedsPlace'])
	})

	test('fixedPlace: a place gives the origin and radius; unknown or missing places are notices', () => {
		const near = read('?where=50667&radius=10', { fixedPlace: true })
		expect(near.origin).toMatchObject({ label: '50667 Köln', radius: 10 })
		expect(near.query).toMatchObject({ lat: 50.9375, lng: 6.9603, radius: 10, sort: 'distance' })
		expect(read('?where=Atlantis', { fixedPlace: true }).notices).toEqual(['placeNotFound'])
		expect(read('', { fixedPlace: true }).notices).toEqual(['needPlace'])
		expect(read('?lat=50.9', { fixedPlace: true }).invalid).toEqual(['lng'])
	})

	test('favourites: onlyFavorites with the ids a visitor passes', () => {
		const page = read('?onlyFavorites=true&favoriteIds=AAAAAAAAAAAAAAAA,BBBBBBBBBBBBBBBB')
		expect(page.query).toMatchObject({
			onlyFavorites: true,
			favoriteIds: ['AAAAAAAAAAAAAAAA', 'BBBBBBBBBBBBBBBB'],
		})
		expect(read('?onlyFavorites=true&favoriteIds=not-an-id').invalid).toEqual(['favoriteIds'])
	})
})

describe('running a page search', () => {
	test('finds the playrooms; a page beyond the last is a notice; a missing place finds nothing', async () => {
		const { input } = await createTestPlayroom({ citySlug: 'leipzig', city: 'Leipzig', stateSlug: 'sachsen' })
		const found = runPageSearch(read('?city=leipzig'), null, 'de', { now: NOW })
		expect(found.items.map((c) => c.name)).toContain(input.name)
		expect(found.totalPages).toBe(1)
		// Issue 11: a page beyond the last shows the last page and says so (not "1 playroom" + "none found").
		const beyond = read('?city=leipzig&page=5')
		const corrected = runPageSearch(beyond, null, 'de', { now: NOW })
		expect(corrected.items.map((c) => c.name)).toContain(input.name)
		expect(corrected.currentPage).toBe(1)
		expect(beyond.notices).toEqual(['pageOutOfRange'])
		const nowhere = read('?where=Atlantis', { fixedPlace: true })
		expect(runPageSearch(nowhere, null, 'de', { now: NOW }).totalCount).toBe(0)
	})
})

describe('sitemap', () => {
	test('lists the fixed pages, every city and state page, and published playrooms only', async () => {
		const published = await createTestPlayroom()
		const draft = await createTestPlayroom({ status: 'Draft', publishedAt: null })
		const paths = sitemapEntries().map((e) => e.path)
		expect(paths).toEqual(
			expect.arrayContaining(['/', '/playrooms', '/playrooms/cities/koeln', '/playrooms/states/bayern']),
		)
		expect(paths).toContain(`/playrooms/${published.input.playroomUrlPath}`)
		expect(paths).not.toContain(`/playrooms/${draft.input.playroomUrlPath}`)
		expect(paths.filter((p) => p.startsWith('/playrooms/cities/'))).toHaveLength(11)
		expect(paths.filter((p) => p.startsWith('/playrooms/states/'))).toHaveLength(10)
	})
})
