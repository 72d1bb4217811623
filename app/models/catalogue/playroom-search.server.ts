import { sql, type SQL } from 'drizzle-orm'
import { isAvailableOn } from '#app/domain/availability.ts'
import { addDays, isoWeekday, startOfLocalDay } from '#app/domain/berlin-time.ts'
import { createStayPricer } from '#app/domain/card-price.ts'
import { distanceKm, latitudeBand } from '#app/domain/places.ts'
import { ftsQuery, slugify } from '#app/domain/search-text.ts'
import type { SearchParams, SearchSort } from '#app/schemas/catalogue.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import { loadAvailabilityRules, loadBusyIntervals, MAX_NIGHTS_LOOKAHEAD } from './availability.server.ts'
import { type Caller } from './playrooms.server.ts'
import {
	loadCardPriceSettings,
	loadCards,
	type CardOptions,
	type PlayroomCard,
} from './playroom-cards.server.ts'
import { listFavoriteIds } from '#app/models/accounts/favourites.server.ts'

/**
 * The search engine behind Index, the search page, city/state pages,
 * fixedPlace and sorted/newest (docs/subsystems/catalogue.md §Search).
 *
 * 1. One SQL query finds the candidates: Published, city/state/guests/
 *    booking type/max price/features/favourites/latitude band, free text through
 *    FTS5 (bm25 rank). It returns only the few columns sorting needs.
 * 2. In memory: the exact distance (radius), then — only for what is left — the
 *    availability on the date, with the shared engine and its inputs loaded for
 *    all candidates in three queries.
 * 3. Sort, count, cut the page, and load the cards of that page only. With a
 *    guest count the cards show the price engine's stay price for those
 *    guests (app/domain/card-price.ts); sorting by price then prices every
 *    candidate the same way (one more query, pure arithmetic).
 */
export type SearchResult = {
	items: PlayroomCard[]
	totalCount: number
	currentPage: number
	perPage: number
}

type CandidateRow = {
	id: string
	lat: number
	lng: number
	place_type: 'FixedPlace' | 'Mobile'
	service_radius_km: number | null
	rating_average: number | null
	rating_count: number
	/** The Bayesian average (ADR 0160): what "best rated" sorts by. */
	rating_rank: number | null
	published_at: number | null
	max_guests: number
	price_from: number | null
	rank: number | null
}

/** `price`: what sorting by price compares — the unit price, or with guests the card's stay price. */
type Candidate = CandidateRow & { distance: number | null; price: number | null }

/** Default radius around lat/lng when none is given (km). */
export const DEFAULT_RADIUS_KM = 25

function joinAnd(conditions: SQL[]): SQL {
	return sql.join(conditions, sql` AND `)
}

/** The age-fit filter: at least one published rating called it great for these ages. */
const AGE_FIT_CONDITIONS = {
	'3-5': sql`p.age_fit_3_5 > 0`,
	'6-8': sql`p.age_fit_6_8 > 0`,
	'9-12': sql`p.age_fit_9_12 > 0`,
} as const

export function searchPlayrooms(
	params: SearchParams,
	caller: Caller,
	locale: Locale,
	options: { now?: number } = {},
	db: DbOrTx = getDb(),
): SearchResult {
	const now = options.now ?? Date.now()
	const conditions: SQL[] = [sql`p.status = 'Published'`]
	const page = { currentPage: params.currentPage, perPage: params.perPage }
	const empty = { items: [], totalCount: 0, ...page }

	if (params.city) conditions.push(sql`p.city_slug = ${slugify(params.city)}`)
	if (params.state) conditions.push(sql`p.state_slug = ${slugify(params.state)}`)
	if (params.guests) conditions.push(sql`p.max_guests >= ${params.guests}`)
	if (params.childAge !== undefined) {
		conditions.push(
			sql`coalesce(p.min_child_age, 0) <= ${params.childAge} AND coalesce(p.max_child_age, 17) >= ${params.childAge}`,
		)
	}
	if (params.ageFit) conditions.push(AGE_FIT_CONDITIONS[params.ageFit])
	if (params.placeType) conditions.push(sql`p.place_type = ${params.placeType}`)

	const featureKeys = [...new Set(params.features ?? [])]
	if (featureKeys.length) {
		conditions.push(sql`p.id IN (
			SELECT playroom_id FROM playroom_features WHERE feature_key IN (SELECT value FROM json_each(${JSON.stringify(featureKeys)}))
			GROUP BY playroom_id HAVING count(*) = ${featureKeys.length})`)
	}

	if (params.onlyFavorites) {
		const ids = caller ? listFavoriteIds(caller.id, db) : (params.favoriteIds ?? [])
		if (ids.length === 0) return empty
		conditions.push(sql`p.id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`)
	}

	const origin =
		params.lat !== undefined && params.lng !== undefined ? { lat: params.lat, lng: params.lng } : null
	const radius = params.radius ?? (origin ? DEFAULT_RADIUS_KM : undefined)
	if (origin && radius !== undefined) {
		// Mobile offers may come from further away (their service radius, up to 200 km).
		const band = latitudeBand(origin.lat, Math.max(radius, 200))
		conditions.push(sql`p.lat BETWEEN ${band.min} AND ${band.max}`)
	}

	const bookingTypeCondition = params.bookingType ? sql`AND bt.booking_type = ${params.bookingType}` : sql``
	const priceFrom = sql`(SELECT min(min(bt.weekday_price, bt.weekend_price)) FROM playroom_booking_types bt
		WHERE bt.playroom_id = p.id AND bt.enabled = 1 ${bookingTypeCondition})`
	if (params.bookingType) conditions.push(sql`${priceFrom} IS NOT NULL`)
	if (params.priceMax !== undefined) conditions.push(sql`${priceFrom} <= ${params.priceMax}`)

	let rankJoin = sql``
	let rankColumn = sql`NULL`
	if (params.q) {
		const match = ftsQuery(params.q)
		if (match) {
			// Column weights: name, description, place, features.
			rankJoin = sql`JOIN (SELECT playroom_id, bm25(playroom_search, 8.0, 1.0, 4.0, 2.0) AS rank
				FROM playroom_search WHERE playroom_search MATCH ${match}) s ON s.playroom_id = p.id`
			rankColumn = sql`s.rank`
		}
	}

	const rows = db.all<CandidateRow>(sql`
		SELECT p.id, p.lat, p.lng, p.place_type, p.service_radius_km, p.rating_average, p.rating_count,
			p.rating_rank, p.published_at, p.max_guests, ${priceFrom} AS price_from, ${rankColumn} AS rank
		FROM playrooms p ${rankJoin}
		WHERE ${joinAnd(conditions)}`)

	let candidates: Candidate[] = rows.map((row) => ({
		...row,
		distance: origin ? distanceKm(origin, row) : null,
		price: row.price_from,
	}))
	if (origin && radius !== undefined) {
		candidates = candidates.filter((c) =>
			c.place_type === 'Mobile'
				? (c.distance ?? 0) <= Math.max(radius, c.service_radius_km ?? 0)
				: (c.distance ?? 0) <= radius,
		)
	}
	if (params.checkIn) candidates = filterAvailable(candidates, params.checkIn, params, now, db)

	const sort: SearchSort = params.sort ?? (origin ? 'distance' : 'relevance')
	// With guests the cards show the price of a stay for them (issue 11), so sorting by price compares that.
	const guests = params.guests ? { guests: params.guests, date: params.checkIn, now } : undefined
	if (guests && (sort === 'price' || sort === 'priceDesc')) priceStays(candidates, guests, params, db)
	candidates.sort(comparator(sort))
	const start = (params.currentPage - 1) * params.perPage
	const pageIds = candidates.slice(start, start + params.perPage).map((c) => c.id)
	return {
		items: loadCards(
			pageIds,
			locale,
			{ bookingType: params.bookingType, origin: origin ?? undefined, guests },
			db,
		),
		totalCount: candidates.length,
		...page,
	}
}

/** Sets each candidate's price to its stay price for the guests: one query, then the pure engine. */
function priceStays(
	candidates: Candidate[],
	guests: NonNullable<CardOptions['guests']>,
	params: SearchParams,
	db: DbOrTx,
) {
	const settings = new Map<string, ReturnType<typeof loadCardPriceSettings>>()
	for (const row of loadCardPriceSettings(
		candidates.map((c) => c.id),
		db,
	)) {
		settings.set(row.playroomId, [...(settings.get(row.playroomId) ?? []), row])
	}
	const price = createStayPricer({ ...guests, bookingType: params.bookingType })
	for (const c of candidates) c.price = price(settings.get(c.id) ?? [], c.max_guests)?.amount ?? null
}

function filterAvailable(
	candidates: Candidate[],
	date: string,
	params: SearchParams,
	now: number,
	db: DbOrTx,
): Candidate[] {
	if (candidates.length === 0) return candidates
	const ids = candidates.map((c) => c.id)
	const rules = loadAvailabilityRules(ids, db, { weekday: isoWeekday(date) })
	let maxBuffer = 0
	let maxNights = 0
	for (const r of rules.values()) {
		maxBuffer = Math.max(maxBuffer, r.bufferMinutes)
		maxNights = Math.max(maxNights, r.overnight?.maxNights ?? 0)
	}
	const from = startOfLocalDay(date) - maxBuffer * 60_000
	const to =
		startOfLocalDay(addDays(date, 1 + Math.min(maxNights, MAX_NIGHTS_LOOKAHEAD))) + maxBuffer * 60_000
	const busy = loadBusyIntervals(ids, from, to, db, { now })
	return candidates.filter((c) => {
		const r = rules.get(c.id)
		return r ? isAvailableOn(r, busy.get(c.id) ?? [], date, params.bookingType, now) : false
	})
}

const byNewest = (a: Candidate, b: Candidate) => (b.published_at ?? 0) - (a.published_at ?? 0)
/** Best rated first by the Bayesian rank, so one 5-star rating does not beat fifty 4.8s (ADR 0160). */
const byRating = (a: Candidate, b: Candidate) =>
	(b.rating_rank ?? 0) - (a.rating_rank ?? 0) || b.rating_count - a.rating_count
const byId = (a: Candidate, b: Candidate) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
const priceOf = (c: Candidate) => c.price ?? Number.MAX_SAFE_INTEGER

/**
 * Sorts; ties fall through to rating, newest and finally the id, so pages are
 * stable. Relevance: bm25 rank with a text query, otherwise rating then newest.
 */
function comparator(sort: SearchSort) {
	const primary: Record<SearchSort, (a: Candidate, b: Candidate) => number> = {
		relevance: (a, b) => (a.rank ?? 0) - (b.rank ?? 0),
		price: (a, b) => priceOf(a) - priceOf(b),
		priceDesc: (a, b) => (b.price ?? -1) - (a.price ?? -1),
		rating: byRating,
		newest: byNewest,
		distance: (a, b) => (a.distance ?? 0) - (b.distance ?? 0),
	}
	return (a: Candidate, b: Candidate) => primary[sort](a, b) || byRating(a, b) || byNewest(a, b) || byId(a, b)
}
