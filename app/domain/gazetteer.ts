import { CITIES, distanceKm, type CityInfo } from './places.ts'
import { foldGerman, tokenize } from './search-text.ts'

/**
 * A small shipped gazetteer (issue 11): districts of the catalogue's cities
 * with approximate centroids (written from general knowledge; good to a
 * kilometre or two, which is all a radius search and a service radius need).
 * No network, no external data set. Keys are city slugs of places.ts.
 */
export type District = { name: string; citySlug: string; lat: number; lng: number }

type Row = [name: string, lat: number, lng: number]

const BY_CITY: Record<string, Row[]> = {
	koeln: [
		['Altstadt', 50.938, 6.958],
		['Belgisches Viertel', 50.938, 6.935],
		['Ehrenfeld', 50.95, 6.915],
		['Nippes', 50.965, 6.955],
		['Sülz', 50.92, 6.92],
		['Lindenthal', 50.925, 6.9],
		['Südstadt', 50.92, 6.96],
		['Bayenthal', 50.91, 6.97],
		['Rodenkirchen', 50.89, 6.99],
		['Deutz', 50.937, 6.975],
		['Kalk', 50.94, 7.005],
		['Mülheim', 50.965, 7.005],
		['Porz', 50.88, 7.06],
		['Chorweiler', 51.025, 6.895],
	],
	berlin: [
		['Mitte', 52.52, 13.405],
		['Prenzlauer Berg', 52.539, 13.424],
		['Kreuzberg', 52.497, 13.403],
		['Friedrichshain', 52.515, 13.454],
		['Pankow', 52.569, 13.402],
		['Neukölln', 52.481, 13.435],
		['Charlottenburg', 52.516, 13.304],
		['Wilmersdorf', 52.487, 13.319],
		['Moabit', 52.53, 13.342],
		['Wedding', 52.55, 13.366],
		['Schöneberg', 52.483, 13.355],
		['Tempelhof', 52.466, 13.385],
		['Steglitz', 52.457, 13.32],
		['Zehlendorf', 52.433, 13.259],
		['Spandau', 52.535, 13.2],
		['Reinickendorf', 52.588, 13.33],
		['Lichtenberg', 52.516, 13.5],
		['Marzahn', 52.545, 13.56],
		['Köpenick', 52.445, 13.575],
	],
	hamburg: [
		['St. Pauli', 53.556, 9.964],
		['Altona', 53.551, 9.935],
		['Ottensen', 53.553, 9.92],
		['Eimsbüttel', 53.575, 9.955],
		['Eppendorf', 53.595, 9.985],
		['Winterhude', 53.6, 10.0],
		['Uhlenhorst', 53.573, 10.02],
		['Barmbek', 53.585, 10.04],
		['Wandsbek', 53.575, 10.08],
		['Blankenese', 53.565, 9.805],
		['Harburg', 53.46, 9.98],
		['Bergedorf', 53.488, 10.213],
	],
	muenchen: [
		['Altstadt', 48.137, 11.575],
		['Maxvorstadt', 48.15, 11.57],
		['Schwabing', 48.165, 11.585],
		['Lehel', 48.138, 11.588],
		['Haidhausen', 48.13, 11.6],
		['Au', 48.124, 11.585],
		['Giesing', 48.11, 11.59],
		['Sendling', 48.118, 11.54],
		['Neuhausen', 48.155, 11.535],
		['Bogenhausen', 48.155, 11.615],
		['Milbertshofen', 48.19, 11.57],
		['Moosach', 48.18, 11.51],
		['Pasing', 48.148, 11.462],
		['Trudering', 48.12, 11.665],
	],
	'frankfurt-am-main': [
		['Innenstadt', 50.112, 8.682],
		['Westend', 50.12, 8.665],
		['Nordend', 50.127, 8.69],
		['Ostend', 50.113, 8.71],
		['Bornheim', 50.13, 8.71],
		['Bockenheim', 50.12, 8.65],
		['Gallus', 50.103, 8.64],
		['Sachsenhausen', 50.1, 8.685],
		['Höchst', 50.1, 8.545],
		['Bergen-Enkheim', 50.155, 8.76],
	],
	essen: [
		['Rüttenscheid', 51.435, 7.005],
		['Holsterhausen', 51.445, 6.99],
		['Frohnhausen', 51.45, 6.975],
		['Altenessen', 51.49, 7.01],
		['Borbeck', 51.475, 6.955],
		['Steele', 51.45, 7.08],
		['Kray', 51.465, 7.075],
		['Rellinghausen', 51.42, 7.035],
		['Werden', 51.385, 7.005],
		['Kettwig', 51.365, 6.945],
	],
	dortmund: [
		['Innenstadt', 51.514, 7.465],
		['Kreuzviertel', 51.505, 7.45],
		['Hörde', 51.485, 7.505],
		['Aplerbeck', 51.49, 7.555],
		['Hombruch', 51.47, 7.445],
		['Brackel', 51.525, 7.55],
		['Eving', 51.55, 7.475],
		['Huckarde', 51.535, 7.41],
		['Scharnhorst', 51.555, 7.54],
		['Mengede', 51.57, 7.385],
		['Lütgendortmund', 51.5, 7.35],
	],
	duesseldorf: [
		['Altstadt', 51.226, 6.773],
		['Pempelfort', 51.24, 6.785],
		['Derendorf', 51.245, 6.79],
		['Flingern', 51.228, 6.805],
		['Bilk', 51.205, 6.77],
		['Unterbilk', 51.21, 6.76],
		['Oberkassel', 51.23, 6.75],
		['Gerresheim', 51.235, 6.86],
		['Eller', 51.2, 6.845],
		['Benrath', 51.16, 6.875],
		['Kaiserswerth', 51.3, 6.735],
	],
	stuttgart: [
		['Stuttgart-Mitte', 48.775, 9.18],
		['Stuttgart-West', 48.77, 9.155],
		['Stuttgart-Ost', 48.785, 9.205],
		['Bad Cannstatt', 48.805, 9.215],
		['Feuerbach', 48.815, 9.16],
		['Zuffenhausen', 48.83, 9.17],
		['Weilimdorf', 48.815, 9.11],
		['Untertürkheim', 48.78, 9.25],
		['Degerloch', 48.745, 9.17],
		['Möhringen', 48.725, 9.15],
		['Vaihingen', 48.73, 9.11],
	],
	leipzig: [
		['Zentrum', 51.34, 12.375],
		['Südvorstadt', 51.32, 12.375],
		['Connewitz', 51.305, 12.38],
		['Schleußig', 51.325, 12.345],
		['Plagwitz', 51.325, 12.325],
		['Lindenau', 51.34, 12.33],
		['Gohlis', 51.365, 12.37],
		['Reudnitz', 51.335, 12.405],
		['Paunsdorf', 51.345, 12.46],
		['Grünau', 51.315, 12.285],
	],
	bremen: [
		['Mitte', 53.076, 8.807],
		['Östliche Vorstadt', 53.072, 8.825],
		['Schwachhausen', 53.09, 8.835],
		['Findorff', 53.095, 8.8],
		['Walle', 53.095, 8.765],
		['Gröpelingen', 53.115, 8.745],
		['Neustadt', 53.065, 8.795],
		['Obervieland', 53.04, 8.83],
		['Horn-Lehe', 53.105, 8.865],
		['Vegesack', 53.17, 8.62],
	],
	potsdam: [
		['Babelsberg', 52.395, 13.095],
		['Bornstedt', 52.415, 13.035],
	],
	hannover: [
		['List', 52.39, 9.755],
		['Linden', 52.365, 9.715],
		['Südstadt', 52.36, 9.75],
	],
	mainz: [
		['Gonsenheim', 50.01, 8.215],
		['Neustadt', 50.005, 8.255],
	],
	kiel: [
		['Düsternbrook', 54.335, 10.15],
		['Gaarden', 54.315, 10.145],
	],
}

export const DISTRICTS: readonly District[] = Object.entries(BY_CITY).flatMap(([citySlug, rows]) =>
	rows.map(([name, lat, lng]) => ({ name, citySlug, lat, lng })),
)

export type Place = CityInfo & { label: string }

const folded = (text: string) => tokenize(foldGerman(text)).join(' ')
const contains = (haystack: string, needle: string) => ` ${haystack} `.includes(` ${needle} `)

/**
 * A place typed by a visitor → coordinates (ADR 0064): a known city by name or
 * slug, a district of one ("Ehrenfeld", "Schwabing", "Südstadt Hannover"), or
 * a postal code of one (its city's centre). A district named together with
 * its city wins over the bare city; a name several cities have goes to the
 * city named with it, else to the first in the list.
 */
export function resolvePlace(text: string): Place | null {
	const joined = folded(text)
	if (!joined) return null
	const city = CITIES.find((c) => {
		const name = folded(c.name)
		return joined === name || joined === c.slug.replace(/-/g, ' ') || contains(joined, name)
	})
	const districts = DISTRICTS.filter((d) => contains(joined, folded(d.name)))
	const district = districts.find((d) => d.citySlug === city?.slug) ?? (city ? undefined : districts[0])
	if (district) {
		const home = CITIES.find((c) => c.slug === district.citySlug)
		if (home)
			return { ...home, lat: district.lat, lng: district.lng, label: `${district.name}, ${home.name}` }
	}
	if (city) return { ...city, label: city.name }
	const postal = /\b(\d{5})\b/.exec(text)?.[1]
	const byPostal = postal ? CITIES.find((c) => postal.startsWith(c.postalPrefix)) : undefined
	return byPostal ? { ...byPostal, label: `${postal} ${byPostal.name}` } : null
}

/** Kilometres (one decimal) from a point to a place. */
export function kmBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
	return Math.round(distanceKm(a, b) * 10) / 10
}
