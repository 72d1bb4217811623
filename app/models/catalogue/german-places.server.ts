import fs from 'node:fs'
import { createRequire } from 'node:module'
import { CITIES, STATES } from '#app/domain/places.ts'
import { foldGerman, slugify, tokenize } from '#app/domain/search-text.ts'

/**
 * Every German town and postal code, offline (issue 31.9, ADR 0153): a playroom's
 * postal code and town give its state and its coordinates (the postal code's
 * centroid, not a city centre). Two npm data packages, read from node_modules the
 * first time a lookup needs them, once per process, nothing fetched:
 *
 * - `german-metadata` (MIT; data © OpenStreetMap contributors, ODbL, and GovData,
 *   dl-de/by-2-0): every town with its postal codes and state;
 * - `zip-to-city` (MIT; data OpenGeoDB, public domain): the centroid of every postal code.
 *
 * The index holds ~8,300 postal codes and ~7,000 towns (a few MB of heap, measured in
 * german-places.server.test.ts); the JSON texts are dropped after parsing.
 */
export type GermanPlace = {
	postalCode: string
	/** The town as the host wrote it, or its canonical spelling when it is the whole town's name. */
	town: string
	/** The slug the catalogue files the town under (a curated city's slug for its districts). */
	citySlug: string
	stateSlug: string
	lat: number
	lng: number
}

export type PlaceError = 'postalCodeUnknown' | 'townUnknown' | 'townNotAtPostalCode' | 'townAmbiguous'
export type PlaceLookup =
	{ ok: true; place: GermanPlace } | { ok: false; error: PlaceError; towns?: string[] }

type Town = { name: string; key: string; stateSlug: string; postalCodes: string[] }
type Point = { lat: number; lng: number }
type Index = {
	centroids: Map<string, Point>
	towns: Map<string, Town[]>
	townsByPostalCode: Map<string, Town[]>
}

const key = (text: string) => tokenize(foldGerman(text.replace(/\s+u\.\s?a\.$/, ''))).join(' ')
const STATE_BY_NAME = new Map(STATES.map((s) => [s.nameDe, s.slug]))

let index: Index | null = null

function readPackageJson<T>(specifier: string): T {
	const file = createRequire(import.meta.url).resolve(specifier)
	return JSON.parse(fs.readFileSync(file, 'utf8')) as T
}

function loadIndex(): Index {
	const centroids = new Map<string, Point>()
	const fallbackTowns = new Map<string, string>()
	for (const row of readPackageJson<{ zip: string; lat: string; lon: string; city: string }[]>(
		'zip-to-city/germany.json',
	)) {
		centroids.set(row.zip, {
			lat: Math.round(Number(row.lat) * 1e5) / 1e5,
			lng: Math.round(Number(row.lon) * 1e5) / 1e5,
		})
		fallbackTowns.set(row.zip, row.city)
	}
	const towns = new Map<string, Town[]>()
	const townsByPostalCode = new Map<string, Town[]>()
	const add = <K, V>(map: Map<K, V[]>, k: K, v: V) => {
		const list = map.get(k)
		if (list) list.push(v)
		else map.set(k, [v])
	}
	for (const row of readPackageJson<{ name: string; postalCodes: string[]; state: string }[]>(
		'german-metadata/data/cities.json',
	)) {
		const stateSlug = STATE_BY_NAME.get(row.state)
		if (!stateSlug) continue
		const town: Town = {
			name: row.name.replace(/\s+u\.\s?a\.$/, ''),
			key: key(row.name),
			stateSlug,
			postalCodes: row.postalCodes,
		}
		add(towns, town.key, town)
		for (const code of row.postalCodes) add(townsByPostalCode, code, town)
	}
	// Postal codes OpenGeoDB knows but german-metadata does not: the state of the nearest known one.
	const known = [...townsByPostalCode.entries()].flatMap(([code, list]) => {
		const point = centroids.get(code)
		return point && list[0] ? [{ point, stateSlug: list[0].stateSlug }] : []
	})
	for (const [code, name] of fallbackTowns) {
		if (townsByPostalCode.has(code)) continue
		const point = centroids.get(code) as Point
		let stateSlug = ''
		let best = Infinity
		for (const k of known) {
			// Nearest by a flat-earth distance (Germany spans 8° of latitude: good enough to pick a neighbour).
			const d = (point.lat - k.point.lat) ** 2 + ((point.lng - k.point.lng) * 0.63) ** 2
			if (d < best) [best, stateSlug] = [d, k.stateSlug]
		}
		const town: Town = { name, key: key(name), stateSlug, postalCodes: [code] }
		add(townsByPostalCode, code, town)
		if (!towns.get(town.key)?.some((t) => t.stateSlug === town.stateSlug)) add(towns, town.key, town)
	}
	return { centroids, towns, townsByPostalCode }
}

function getIndex(): Index {
	index ??= loadIndex()
	return index
}

/** Whether a town written by a host is this town: the same name, or a part of it ("Berlin" → "Berlin Mitte", "Köln-Sülz" → "Köln"). */
function sameTown(typed: string, town: Town): boolean {
	return typed === town.key || town.key.startsWith(`${typed} `) || typed.startsWith(`${town.key} `)
}

function centreOf(codes: readonly string[], centroids: Map<string, Point>): Point | null {
	const points = codes.flatMap((code) => centroids.get(code) ?? [])
	if (!points.length) return null
	const round = (n: number) => Math.round(n * 1e5) / 1e5
	return {
		lat: round(points.reduce((sum, p) => sum + p.lat, 0) / points.length),
		lng: round(points.reduce((sum, p) => sum + p.lng, 0) / points.length),
	}
}

/** The curated city (app/domain/places.ts) a town belongs to, for the city pages and search; else the town's own slug. */
function citySlugOf(town: string): string {
	const k = key(town)
	const city = CITIES.find((c) => {
		const name = key(c.name)
		return k === name || k.startsWith(`${name} `)
	})
	return city?.slug ?? slugify(town)
}

/**
 * A German address's place: the postal code's centroid and state when the town lies
 * there; without a postal code, the town's centre (the mean of its postal codes).
 */
export function lookupGermanPlace(input: { postalCode?: string | null; town: string }): PlaceLookup {
	const { centroids, towns, townsByPostalCode } = getIndex()
	const typed = key(input.town)
	if (!typed) return { ok: false, error: 'townUnknown' }
	const postalCode = input.postalCode?.trim() ?? ''
	const place = (town: Town, codes: readonly string[]): PlaceLookup => {
		const point = centreOf(codes, centroids) ?? centreOf(town.postalCodes, centroids)
		if (!point) return { ok: false, error: 'townUnknown' }
		const name = typed === town.key ? town.name : input.town.trim()
		return {
			ok: true,
			place: { postalCode, town: name, citySlug: citySlugOf(name), stateSlug: town.stateSlug, ...point },
		}
	}
	if (postalCode) {
		const atCode = townsByPostalCode.get(postalCode)
		if (!atCode) return { ok: false, error: 'postalCodeUnknown' }
		const town = atCode.find((t) => sameTown(typed, t))
		return town
			? place(town, [postalCode])
			: { ok: false, error: 'townNotAtPostalCode', towns: atCode.map((t) => t.name) }
	}
	// The town and its parts ("Berlin" → "Berlin Mitte", …); a town of that name wins over others that begin with it.
	const exact = towns.get(typed) ?? []
	const parts = [...towns.values()].flat().filter((t) => t.key.startsWith(`${typed} `))
	const named = exact.length
		? [...exact, ...parts.filter((t) => exact.some((e) => e.stateSlug === t.stateSlug))]
		: parts
	const first = named[0]
	if (!first) return { ok: false, error: 'townUnknown' }
	if (exact.length > 1 || named.some((t) => t.stateSlug !== first.stateSlug))
		return { ok: false, error: 'townAmbiguous', towns: named.map((t) => t.name) }
	return place(
		first,
		named.flatMap((t) => t.postalCodes),
	)
}

/** The state of a town (and postal code), '' when unknown (the admin import keeps the row, ADR 0153). */
export function stateOfPlace(input: { postalCode?: string | null; town: string }): string {
	const lookup = lookupGermanPlace(input)
	if (lookup.ok) return lookup.place.stateSlug
	return input.postalCode ? stateOfPlace({ town: input.town }) : ''
}

/** For the memory measurement and tests: drops the index (the next lookup reads the packages again). */
export function resetGermanPlacesForTests() {
	index = null
}
