import { and, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { playrooms } from '#db/schema/catalogue.ts'
import { contentPages } from '#db/schema/content.ts'
import { localDateOf } from '#app/domain/berlin-time.ts'
import { resolvePlace } from '#app/domain/gazetteer.ts'
import { CITIES, STATES, cityBySlug, distanceKm } from '#app/domain/places.ts'
import {
	pageSearchExtraFields,
	searchParamsSchema,
	type SearchParams,
	type SearchSort,
} from '#app/schemas/catalogue.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import { cachedRead } from '#app/utils/read-cache.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import { CITY_SLUGS, STATE_SLUGS, type CitySlug, type StateSlug } from '#app/utils/slugs.ts'
import { searchPlayrooms, type SearchResult } from './playroom-search.server.ts'
import { getFeatureList, type Caller } from './playrooms.server.ts'
import { listFavoriteIds } from '#app/models/accounts/favourites.server.ts'

/**
 * What the catalogue pages load (docs/subsystems/catalogue-ui.md): the search
 * pages read their URL leniently — a bad parameter is dropped and named in a
 * notice, never a 400 or a 500 (ADR 0030) — then run the one search engine.
 */
export type SearchFormValues = {
	q: string
	city: string
	state: string
	checkIn: string
	bookingType: string
	guests: string
	childAge: string
	ageFit: string
	maxPrice: string
	features: string[]
	sort: string
	where: string
	radius: string
}

/** Notices a page shows above its results (keys of catalogue:notices). */
export type SearchNotice =
	'pastDate' | 'placeNotFound' | 'needPlace' | 'distanceNeedsPlace' | 'pageOutOfRange'

export type PlaceOrigin = { label: string; lat: number; lng: number; radius: number }

export type PageSearch = {
	query: SearchParams
	form: SearchFormValues
	/** URL parameters that were dropped because they were not valid. */
	invalid: string[]
	notices: SearchNotice[]
	view: 'list' | 'map'
	origin: PlaceOrigin | null
}

export type SearchPageFixed = { city?: string; state?: string; sort?: SearchSort; fixedPlace?: boolean }

export const PAGE_SIZE = 12
export const MAP_PAGE_SIZE = 60
export const DEFAULT_PLACE_RADIUS_KM = 25
export const PLACE_RADII = [5, 10, 25, 50, 100] as const

const shape = searchParamsSchema.shape

/**
 * Reads a search page's URL. `fixed` are the page's own filters (a city page's
 * city, /playrooms/sorted/newest's sort); the URL cannot override them.
 */
export function readSearchPage(
	url: URL,
	options: { now: number; knownFeatures: ReadonlySet<string>; fixed?: SearchPageFixed },
): PageSearch {
	const sp = url.searchParams
	const fixed = options.fixed ?? {}
	const invalid = new Set<string>()
	const notices: SearchNotice[] = []
	const raw = (name: string) => sp.get(name)?.trim() ?? ''
	function read<S extends z.ZodType>(
		name: string,
		schema: S,
		value: unknown = raw(name),
	): z.output<S> | undefined {
		if (value === '' || (Array.isArray(value) && value.length === 0)) return undefined
		const parsed = schema.safeParse(value)
		if (!parsed.success) invalid.add(name)
		return parsed.success ? parsed.data : undefined
	}

	const query: SearchParams = { currentPage: 1, perPage: PAGE_SIZE }
	query.q = read('q', shape.q)
	query.city = fixed.city ?? read('city', shape.city)
	query.state = fixed.state ?? read('state', shape.state)
	query.bookingType = read('bookingType', shape.bookingType)
	query.guests = read('guests', shape.guests)
	query.childAge = read('childAge', shape.childAge)
	query.ageFit = read('ageFit', shape.ageFit)
	query.priceMax = read('maxPrice', pageSearchExtraFields.maxPrice)
	query.sort = fixed.sort ?? read('sort', shape.sort)

	const checkIn = read('checkIn', shape.checkIn)
	if (checkIn && checkIn < localDateOf(options.now)) {
		invalid.add('checkIn')
		notices.push('pastDate')
	} else {
		query.checkIn = checkIn
	}

	const features = read('features', shape.features, sp.getAll('features'))
	if (features) {
		const known = features.filter((key) => options.knownFeatures.has(key))
		if (known.length < features.length) invalid.add('features')
		query.features = known.length ? [...new Set(known)] : undefined
	}

	if (read('onlyFavorites', shape.onlyFavorites)) {
		query.onlyFavorites = true
		query.favoriteIds = read('favoriteIds', shape.favoriteIds, sp.getAll('favoriteIds'))
	}

	const page = read('page', pageSearchExtraFields.page) ?? 1
	const view = read('view', pageSearchExtraFields.view) ?? 'list'
	query.currentPage = page
	query.perPage = view === 'map' ? MAP_PAGE_SIZE : PAGE_SIZE

	// Around a place: typed text (fixedPlace), or coordinates.
	let origin: PlaceOrigin | null = null
	const radius = read('radius', shape.radius)
	const lat = read('lat', shape.lat)
	const lng = read('lng', shape.lng)
	const where = read('where', pageSearchExtraFields.where)
	if (lat !== undefined && lng !== undefined) {
		origin = {
			label: where ?? `${lat.toFixed(3)}, ${lng.toFixed(3)}`,
			lat,
			lng,
			radius: radius ?? DEFAULT_PLACE_RADIUS_KM,
		}
	} else if (lat !== undefined || lng !== undefined) {
		invalid.add(lat === undefined ? 'lat' : 'lng')
	}
	if (!origin && where) {
		const place = resolvePlace(where)
		if (place)
			origin = {
				label: place.label,
				lat: place.lat,
				lng: place.lng,
				radius: radius ?? DEFAULT_PLACE_RADIUS_KM,
			}
		else notices.push('placeNotFound')
	}
	if (fixed.fixedPlace && !origin && !where) notices.push('needPlace')
	if (origin && (fixed.fixedPlace || query.sort === 'distance')) {
		Object.assign(query, { lat: origin.lat, lng: origin.lng, radius: origin.radius })
		query.sort ??= 'distance'
	} else if (query.sort === 'distance') {
		// Distance from the chosen city's centre; the city filter decides what is in.
		const city = query.city ? cityBySlug(query.city) : undefined
		if (city) Object.assign(query, { lat: city.lat, lng: city.lng, radius: 500 })
		else {
			query.sort = undefined
			notices.push('distanceNeedsPlace')
		}
	}

	return {
		query,
		form: {
			q: query.q ?? '',
			city: query.city ?? '',
			state: query.state ?? '',
			checkIn: query.checkIn ?? '',
			bookingType: query.bookingType ?? '',
			guests: query.guests ? String(query.guests) : '',
			childAge: query.childAge !== undefined ? String(query.childAge) : '',
			ageFit: query.ageFit ?? '',
			maxPrice: query.priceMax !== undefined ? String(query.priceMax / 100) : '',
			features: query.features ?? [],
			sort: query.sort ?? '',
			where: where ?? '',
			radius: String(origin?.radius ?? radius ?? DEFAULT_PLACE_RADIUS_KM),
		},
		invalid: inUrlOrder(invalid, sp),
		notices,
		view,
		origin,
	}
}

/** Parameter names in the order the URL has them (names it lacks first). */
export function inUrlOrder(names: Iterable<string>, params: URLSearchParams): string[] {
	const order = [...params.keys()]
	return [...new Set(names)].sort((a, b) => order.indexOf(a) - order.indexOf(b))
}

export type SearchPageResult = SearchResult & { totalPages: number }

/**
 * Runs the search of a page. A page beyond the last is corrected to the last
 * page and said so (issue 11: "71 playrooms" above "no playrooms found").
 */
export function runPageSearch(
	search: PageSearch,
	caller: Caller,
	locale: Locale,
	options: { now: number },
	db: DbOrTx = getDb(),
): SearchPageResult {
	const noPlace = search.notices.includes('needPlace') || search.notices.includes('placeNotFound')
	const run = (query: PageSearch['query']) => searchWhileUnchanged(query, caller, locale, options.now, db)
	const result = noPlace
		? { items: [], totalCount: 0, currentPage: search.query.currentPage, perPage: search.query.perPage }
		: run(search.query)
	const totalPages = Math.max(1, Math.ceil(result.totalCount / result.perPage))
	if (result.currentPage <= totalPages) return { ...result, totalPages }
	search.notices.push('pageOutOfRange')
	search.query.currentPage = totalPages
	const last = result.totalCount > 0 ? run(search.query) : result
	return { ...last, currentPage: totalPages, totalPages }
}

/**
 * A results page's search, kept until the database changes (`cachedRead`) and
 * for at most 10 seconds: the same query by the next visitor (a popular city,
 * the next page and back) is the same list. Availability on a list may be
 * those seconds old — as on anonymous pages, which the page cache keeps for
 * 10 s — and the booking engine checks the slot itself at the checkout (ADR 0123).
 */
const SEARCH_KEEP_MS = 10_000

function searchWhileUnchanged(
	query: PageSearch['query'],
	caller: Caller,
	locale: Locale,
	now: number,
	db: DbOrTx,
): SearchResult {
	const key = `page-search\n${locale}\n${caller?.id ?? '-'}\n${Math.floor(now / SEARCH_KEEP_MS)}\n${JSON.stringify(query)}`
	return cachedRead(db, key, () => searchPlayrooms(query, caller, locale, { now }, db))
}

/** Everything a search form offers besides the typed values. */
export function searchFormOptions(locale: Locale, db: DbOrTx = getDb()) {
	// The same for every search page of a language while the data is unchanged (ADR 0123).
	return cachedRead(db, `search-form-options\n${locale}`, () => ({
		features: getFeatureList(locale, db).map(({ key, name }) => ({ key, name })),
		cities: CITIES.map((c) => ({ slug: c.slug, name: c.name })).sort((a, b) =>
			a.name.localeCompare(b.name, 'de'),
		),
		states: STATES.map((s) => ({ slug: s.slug, name: locale === 'en' ? s.nameEn : s.nameDe })).sort((a, b) =>
			a.name.localeCompare(b.name, locale),
		),
	}))
}

export function knownFeatureKeys(db: DbOrTx = getDb()): Set<string> {
	return new Set(getFeatureList('de', db).map((f) => f.key))
}

/** The logged-in user's favourites (for the hearts), or null for visitors (their list is in the browser). */
export function favouriteIdsFor(caller: Caller, db: DbOrTx = getDb()): string[] | null {
	return caller ? listFavoriteIds(caller.id, db) : null
}

// --- Places --------------------------------------------------------------------

const PAGE_CITIES = CITIES.filter((c) => (CITY_SLUGS as readonly string[]).includes(c.slug))

export type PlaceLink = { slug: string; name: string; distanceKm: number }

/** The city pages nearest to a point (not the city itself). */
export function neighbouringCities(
	point: { lat: number; lng: number },
	except: string | null,
	limit = 4,
): PlaceLink[] {
	return PAGE_CITIES.filter((c) => c.slug !== except)
		.map((c) => ({ slug: c.slug, name: c.name, distanceKm: Math.round(distanceKm(point, c)) }))
		.sort((a, b) => a.distanceKm - b.distanceKm)
		.slice(0, limit)
}

export function cityPlace(slug: CitySlug) {
	const city = cityBySlug(slug)
	if (!city) throw new Error(`no city ${slug}`)
	return {
		slug,
		name: city.name,
		stateSlug: city.stateSlug,
		lat: city.lat,
		lng: city.lng,
		neighbours: neighbouringCities(city, slug),
	}
}

export function statePlace(slug: StateSlug, locale: Locale) {
	const state = STATES.find((s) => s.slug === slug)
	if (!state) throw new Error(`no state ${slug}`)
	const inState = CITIES.filter((c) => c.stateSlug === slug)
	const centre = {
		lat: inState.reduce((sum, c) => sum + c.lat, 0) / Math.max(1, inState.length),
		lng: inState.reduce((sum, c) => sum + c.lng, 0) / Math.max(1, inState.length),
	}
	return {
		slug,
		name: locale === 'en' ? state.nameEn : state.nameDe,
		lat: centre.lat,
		lng: centre.lng,
		neighbours: neighbouringCities(centre, null, 5),
	}
}

/** Published playrooms per city slug (for the city tiles). */
export function countByCity(db: DbOrTx = getDb()): Record<string, number> {
	const rows = db
		.select({ slug: playrooms.citySlug, count: sql<number>`count(*)` })
		.from(playrooms)
		.where(eq(playrooms.status, 'Published'))
		.groupBy(playrooms.citySlug)
		.all()
	return Object.fromEntries(rows.map((r) => [r.slug, r.count]))
}

// --- Sitemap ---------------------------------------------------------------------

export type SitemapEntry = { path: string; lastmod?: string; locales: readonly Locale[] }

const BOTH: readonly Locale[] = ['de', 'en']

/** Every public page of /sitemap.xml (locale-free paths; each exists in `locales`). */
export function sitemapEntries(db: DbOrTx = getDb()): SitemapEntry[] {
	const fixed = [
		'/',
		'/playrooms',
		'/playrooms/search',
		'/playrooms/fixedPlace',
		'/playrooms/sorted/newest',
		'/routes',
	]
	const entries: SitemapEntry[] = fixed.map((path) => ({ path, locales: BOTH }))
	for (const slug of CITY_SLUGS) entries.push({ path: `/playrooms/cities/${slug}`, locales: BOTH })
	for (const slug of STATE_SLUGS) entries.push({ path: `/playrooms/states/${slug}`, locales: BOTH })
	const pages = db
		.select({ slug: contentPages.slug, locale: contentPages.locale, updatedAt: contentPages.updatedAt })
		.from(contentPages)
		.where(eq(contentPages.published, true))
		.orderBy(contentPages.slug)
		.all()
	const bySlug = new Map<string, { locales: Locale[]; updatedAt: Date }>()
	for (const page of pages) {
		const entry = bySlug.get(page.slug) ?? { locales: [], updatedAt: page.updatedAt }
		entry.locales.push(page.locale)
		if (page.updatedAt > entry.updatedAt) entry.updatedAt = page.updatedAt
		bySlug.set(page.slug, entry)
	}
	for (const [slug, page] of bySlug) {
		entries.push({ path: `/${slug}`, locales: page.locales, lastmod: page.updatedAt.toISOString() })
	}
	const rooms = db
		.select({ path: playrooms.playroomUrlPath, updatedAt: playrooms.updatedAt })
		.from(playrooms)
		.where(and(eq(playrooms.status, 'Published')))
		.orderBy(playrooms.playroomUrlPath)
		.all()
	for (const room of rooms) {
		entries.push({ path: `/playrooms/${room.path}`, locales: BOTH, lastmod: room.updatedAt.toISOString() })
	}
	return entries
}

/** Published playrooms by name, for the HTML sitemap (/routes). */
export function listPublishedPlayroomLinks(db: DbOrTx = getDb()) {
	return db
		.select({ name: playrooms.name, playroomUrlPath: playrooms.playroomUrlPath, city: playrooms.city })
		.from(playrooms)
		.where(eq(playrooms.status, 'Published'))
		.orderBy(playrooms.city, playrooms.name)
		.all()
}
