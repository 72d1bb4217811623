/**
 * Places of the catalogue. The 11 city slugs and 10 state slugs of spec §2 have
 * pages (the list of all 16 states serves the address and the search filter); playrooms elsewhere (Potsdam, Hannover, …) carry the slug of their city
 * and state too, so they are found by state and by text. Hamburg and Bremen are
 * city-states without a state page in the spec's list.
 */
export type StateInfo = { slug: string; nameDe: string; nameEn: string }
export type CityInfo = {
	slug: string
	name: string
	stateSlug: string
	lat: number
	lng: number
	postalPrefix: string
}

export const STATES: readonly StateInfo[] = [
	{ slug: 'bayern', nameDe: 'Bayern', nameEn: 'Bavaria' },
	{ slug: 'berlin', nameDe: 'Berlin', nameEn: 'Berlin' },
	{ slug: 'hessen', nameDe: 'Hessen', nameEn: 'Hesse' },
	{ slug: 'sachsen', nameDe: 'Sachsen', nameEn: 'Saxony' },
	{ slug: 'brandenburg', nameDe: 'Brandenburg', nameEn: 'Brandenburg' },
	{ slug: 'niedersachsen', nameDe: 'Niedersachsen', nameEn: 'Lower Saxony' },
	{ slug: 'rheinland-pfalz', nameDe: 'Rheinland-Pfalz', nameEn: 'Rhineland-Palatinate' },
	{ slug: 'baden-wuerttemberg', nameDe: 'Baden-Württemberg', nameEn: 'Baden-Württemberg' },
	{ slug: 'schleswig-holstein', nameDe: 'Schleswig-Holstein', nameEn: 'Schleswig-Holstein' },
	{ slug: 'nordrhein-westfalen', nameDe: 'Nordrhein-Westfalen', nameEn: 'North Rhine-Westphalia' },
	{ slug: 'hamburg', nameDe: 'Hamburg', nameEn: 'Hamburg' },
	{ slug: 'bremen', nameDe: 'Bremen', nameEn: 'Bremen' },
	// Without pages (issue 31.9): playrooms anywhere in Germany carry their state.
	{
		slug: 'mecklenburg-vorpommern',
		nameDe: 'Mecklenburg-Vorpommern',
		nameEn: 'Mecklenburg-Western Pomerania',
	},
	{ slug: 'saarland', nameDe: 'Saarland', nameEn: 'Saarland' },
	{ slug: 'sachsen-anhalt', nameDe: 'Sachsen-Anhalt', nameEn: 'Saxony-Anhalt' },
	{ slug: 'thueringen', nameDe: 'Thüringen', nameEn: 'Thuringia' },
]

export const CITIES: readonly CityInfo[] = [
	{
		slug: 'essen',
		name: 'Essen',
		stateSlug: 'nordrhein-westfalen',
		lat: 51.4556,
		lng: 7.0116,
		postalPrefix: '451',
	},
	{
		slug: 'koeln',
		name: 'Köln',
		stateSlug: 'nordrhein-westfalen',
		lat: 50.9375,
		lng: 6.9603,
		postalPrefix: '506',
	},
	{ slug: 'berlin', name: 'Berlin', stateSlug: 'berlin', lat: 52.52, lng: 13.405, postalPrefix: '104' },
	{ slug: 'bremen', name: 'Bremen', stateSlug: 'bremen', lat: 53.0793, lng: 8.8017, postalPrefix: '281' },
	{ slug: 'hamburg', name: 'Hamburg', stateSlug: 'hamburg', lat: 53.5511, lng: 9.9937, postalPrefix: '203' },
	{ slug: 'leipzig', name: 'Leipzig', stateSlug: 'sachsen', lat: 51.3397, lng: 12.3731, postalPrefix: '041' },
	{
		slug: 'dortmund',
		name: 'Dortmund',
		stateSlug: 'nordrhein-westfalen',
		lat: 51.5136,
		lng: 7.4653,
		postalPrefix: '441',
	},
	{ slug: 'muenchen', name: 'München', stateSlug: 'bayern', lat: 48.1351, lng: 11.582, postalPrefix: '803' },
	{
		slug: 'stuttgart',
		name: 'Stuttgart',
		stateSlug: 'baden-wuerttemberg',
		lat: 48.7758,
		lng: 9.1829,
		postalPrefix: '701',
	},
	{
		slug: 'duesseldorf',
		name: 'Düsseldorf',
		stateSlug: 'nordrhein-westfalen',
		lat: 51.2277,
		lng: 6.7735,
		postalPrefix: '402',
	},
	{
		slug: 'frankfurt-am-main',
		name: 'Frankfurt am Main',
		stateSlug: 'hessen',
		lat: 50.1109,
		lng: 8.6821,
		postalPrefix: '603',
	},
	{
		slug: 'potsdam',
		name: 'Potsdam',
		stateSlug: 'brandenburg',
		lat: 52.3906,
		lng: 13.0645,
		postalPrefix: '144',
	},
	{
		slug: 'hannover',
		name: 'Hannover',
		stateSlug: 'niedersachsen',
		lat: 52.3759,
		lng: 9.732,
		postalPrefix: '301',
	},
	{
		slug: 'mainz',
		name: 'Mainz',
		stateSlug: 'rheinland-pfalz',
		lat: 49.9929,
		lng: 8.2473,
		postalPrefix: '551',
	},
	{
		slug: 'kiel',
		name: 'Kiel',
		stateSlug: 'schleswig-holstein',
		lat: 54.3233,
		lng: 10.1228,
		postalPrefix: '241',
	},
]

export function stateBySlug(slug: string): StateInfo | undefined {
	return STATES.find((s) => s.slug === slug)
}

export function cityBySlug(slug: string): CityInfo | undefined {
	return CITIES.find((c) => c.slug === slug)
}

const EARTH_RADIUS_KM = 6371

/** Great-circle distance in km (haversine). */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
	const rad = Math.PI / 180
	const dLat = (b.lat - a.lat) * rad
	const dLng = (b.lng - a.lng) * rad
	const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2
	return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Latitude band of a radius (for an index range before the exact distance). */
export function latitudeBand(lat: number, radiusKm: number): { min: number; max: number } {
	const delta = radiusKm / 111.2
	return { min: lat - delta, max: lat + delta }
}
