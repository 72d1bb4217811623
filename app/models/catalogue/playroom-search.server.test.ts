import { describe, expect, test } from 'vitest'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { localToInstant } from '#app/domain/berlin-time.ts'
import { searchParamsSchema } from '#app/schemas/catalogue.ts'
import { setPlayroomFeatures, updatePlayroom } from './catalogue.server.ts'
import { searchPlayrooms } from './playroom-search.server.ts'
import { addFavorites } from '#app/models/accounts/favourites.server.ts'

const NOW = localToInstant('2026-06-01', 8 * 60) as number
const search = (query: Record<string, string>, caller: { id: string; role: 'Customer' } | null = null) =>
	searchPlayrooms(searchParamsSchema.parse({ perPage: '60', ...query }), caller, 'de', { now: NOW })
const names = (result: ReturnType<typeof search>) => result.items.map((i) => i.name).sort()

describe('searchPlayrooms', async () => {
	const koeln = await createTestPlayroom({
		name: 'Kletterhöhle Sülz',
		descriptionDe: 'Große Kletterwand und Bällebad.',
		maxGuests: 12,
		features: ['climbing-wall', 'ball-pit'],
		publishedAt: new Date('2026-01-01'),
		ratingAverage: 4.8,
		ratingCount: 12,
	})
	const koelnCheap = await createTestPlayroom({
		name: 'Zwergenreich Nippes',
		maxGuests: 30,
		features: ['kitchen'],
		publishedAt: new Date('2026-03-01'),
		ratingAverage: 4.2,
		ratingCount: 3,
		bookingTypes: [
			{
				bookingType: 'Hourly',
				minHours: 1,
				maxHours: 4,
				weekdayPrice: 2_500,
				weekendPrice: 2_000,
				guestsIncluded: 10,
			},
			{ bookingType: 'Daily', weekdayPrice: 20_000, weekendPrice: 25_000, guestsIncluded: 20 },
		],
	})
	const berlin = await createTestPlayroom({
		name: 'Piratennest Pankow',
		city: 'Berlin',
		citySlug: 'berlin',
		stateSlug: 'berlin',
		lat: 52.52,
		lng: 13.405,
		features: ['ball-pit'],
		publishedAt: new Date('2026-05-01'),
	})
	const mobile = await createTestPlayroom({
		name: 'Spielmobil Rheinland',
		placeType: 'Mobile',
		serviceRadiusKm: 60,
		publishedAt: new Date('2026-02-01'),
		city: 'Düsseldorf',
		citySlug: 'duesseldorf',
		lat: 51.2277,
		lng: 6.7735,
	})
	await createTestPlayroom({ name: 'Geheimer Entwurf Köln', status: 'Draft', publishedAt: null })
	await createTestPlayroom({ name: 'Pausierter Raum Köln', status: 'Paused' })

	test('only published playrooms are found, with the list shape', () => {
		const all = search({})
		expect(all.totalCount).toBe(4)
		expect(all).toMatchObject({ currentPage: 1, perPage: 60 })
		expect(names(all)).not.toContain('Geheimer Entwurf Köln')
	})

	test('city and state filters (slug or name)', () => {
		expect(names(search({ city: 'koeln' }))).toEqual(['Kletterhöhle Sülz', 'Zwergenreich Nippes'])
		expect(names(search({ city: 'Köln' }))).toEqual(['Kletterhöhle Sülz', 'Zwergenreich Nippes'])
		expect(names(search({ state: 'berlin' }))).toEqual(['Piratennest Pankow'])
		expect(search({ city: 'atlantis' }).totalCount).toBe(0)
	})

	test('free text matches Köln, Koeln and Koln alike, and umlauts inside words', () => {
		for (const q of ['Köln', 'Koeln', 'Koln', 'koeln']) {
			expect(names(search({ q })), q).toEqual(['Kletterhöhle Sülz', 'Zwergenreich Nippes'])
		}
		expect(names(search({ q: 'Kletterhoehle' }))).toEqual(['Kletterhöhle Sülz'])
		expect(names(search({ q: 'Sulz' }))).toEqual(['Kletterhöhle Sülz'])
		expect(names(search({ q: 'Bällebad' }))).toEqual(['Kletterhöhle Sülz', 'Piratennest Pankow'])
		expect(names(search({ q: 'climbing wall' }))).toEqual(['Kletterhöhle Sülz'])
		expect(search({ q: 'xyzzy' }).totalCount).toBe(0)
	})

	test('features (all must match), guests, booking type and max price', () => {
		expect(names(search({ features: 'ball-pit' }))).toEqual(['Kletterhöhle Sülz', 'Piratennest Pankow'])
		expect(names(search({ features: 'ball-pit,climbing-wall' }))).toEqual(['Kletterhöhle Sülz'])
		expect(names(search({ guests: '25' }))).toEqual(['Zwergenreich Nippes'])
		expect(names(search({ bookingType: 'Daily' }))).toEqual(['Zwergenreich Nippes'])
		expect(names(search({ priceMax: '2000' }))).toEqual(['Zwergenreich Nippes'])
		const daily = search({ bookingType: 'Daily' }).items[0]
		expect(daily?.priceFrom).toEqual({ amount: 20_000, bookingType: 'Daily', unit: 'day' })
	})

	test('a date keeps only playrooms that are still free that day', async () => {
		const date = '2026-06-10'
		expect(search({ city: 'koeln', checkIn: date }).totalCount).toBe(2)
		const start = new Date(localToInstant(date, 9 * 60) as number)
		const end = new Date(localToInstant(date, 18 * 60) as number)
		await createTestOrder({ playroomId: koeln.id, hostId: koeln.hostId, checkIn: start, checkOut: end })
		expect(names(search({ city: 'koeln', checkIn: date }))).toEqual(['Zwergenreich Nippes'])
		// A cancelled order does not hold the slot.
		await createTestOrder({
			playroomId: koelnCheap.id,
			hostId: koelnCheap.hostId,
			checkIn: start,
			checkOut: end,
			status: 'Cancelled',
		})
		expect(names(search({ city: 'koeln', checkIn: date }))).toEqual(['Zwergenreich Nippes'])
		// Only Daily is asked for: the hourly-only room drops out.
		expect(names(search({ checkIn: date, bookingType: 'Daily' }))).toEqual(['Zwergenreich Nippes'])
	})

	test('sorts: price, price descending, rating, newest; pagination is stable', () => {
		const byPrice = search({ city: 'koeln', sort: 'price' }).items.map((i) => i.name)
		expect(byPrice).toEqual(['Zwergenreich Nippes', 'Kletterhöhle Sülz'])
		expect(search({ city: 'koeln', sort: 'priceDesc' }).items.map((i) => i.name)).toEqual([
			'Kletterhöhle Sülz',
			'Zwergenreich Nippes',
		])
		expect(search({ sort: 'rating' }).items[0]?.name).toBe('Kletterhöhle Sülz')
		expect(search({ sort: 'newest' }).items[0]?.name).toBe('Piratennest Pankow')
		const pages = [1, 2, 3, 4].map((n) => search({ sort: 'newest', perPage: '1', currentPage: String(n) }))
		expect(pages.map((p) => p.items[0]?.name)).toEqual(search({ sort: 'newest' }).items.map((i) => i.name))
		expect(pages[0]?.totalCount).toBe(4)
		expect(search({ perPage: '1', currentPage: '9' }).items).toEqual([])
	})

	test('around a place: radius and distance sort; mobile offers count with their service radius', () => {
		const around = search({ lat: '50.94', lng: '6.96', radius: '10' })
		// Düsseldorf is ~34 km away: outside 10 km, but its mobile offer travels 60 km.
		expect(around.items.map((i) => i.name)).toEqual([
			'Kletterhöhle Sülz',
			'Zwergenreich Nippes',
			'Spielmobil Rheinland',
		])
		expect(around.items[0]?.distanceKm).toBeLessThan(1)
		expect(names(search({ lat: '50.94', lng: '6.96', radius: '10', placeType: 'FixedPlace' }))).toEqual([
			'Kletterhöhle Sülz',
			'Zwergenreich Nippes',
		])
		expect(names(search({ lat: '50.94', lng: '6.96', radius: '10', placeType: 'Mobile' }))).toEqual([
			'Spielmobil Rheinland',
		])
		expect(search({ lat: '52.52', lng: '13.40', radius: '5' }).items.map((i) => i.name)).toEqual([
			'Piratennest Pankow',
		])
	})

	test('only favourites: stored for users, passed by visitors', async () => {
		const user = await createTestUser()
		addFavorites(user.id, [berlin.id, mobile.id])
		expect(names(search({ onlyFavorites: 'true' }, { id: user.id, role: 'Customer' }))).toEqual([
			'Piratennest Pankow',
			'Spielmobil Rheinland',
		])
		expect(names(search({ onlyFavorites: 'true', favoriteIds: koeln.id }))).toEqual(['Kletterhöhle Sülz'])
		expect(search({ onlyFavorites: 'true' }).totalCount).toBe(0)
	})

	test('the search index follows every playroom write', async () => {
		const room = await createTestPlayroom({ name: 'Alter Name' })
		expect(search({ q: 'Alter Name' }).totalCount).toBe(1)
		updatePlayroom(room.id, { name: 'Wolkenschloss Deutz' })
		expect(search({ q: 'Alter Name' }).totalCount).toBe(0)
		expect(names(search({ q: 'wolkenschloss' }))).toEqual(['Wolkenschloss Deutz'])
		setPlayroomFeatures(room.id, ['kitchen'])
		expect(names(search({ q: 'Küche' }))).toContain('Wolkenschloss Deutz')
		updatePlayroom(room.id, { status: 'Paused' })
		expect(search({ q: 'wolkenschloss' }).totalCount).toBe(0)
	})
})
