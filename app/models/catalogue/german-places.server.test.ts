import { describe, expect, test } from 'vitest'
import { lookupGermanPlace, resetGermanPlacesForTests, stateOfPlace } from './german-places.server.ts'

describe('German places offline (issue 31.9, ADR 0153)', () => {
	test('Bonn, not a curated city: its postal code’s centroid and Nordrhein-Westfalen', () => {
		expect(lookupGermanPlace({ postalCode: '53111', town: 'Bonn' })).toEqual({
			ok: true,
			place: {
				postalCode: '53111',
				town: 'Bonn',
				citySlug: 'bonn',
				stateSlug: 'nordrhein-westfalen',
				lat: 50.74119,
				lng: 7.10195,
			},
		})
		// Without a postal code: the town's centre (the mean of its postal codes).
		const town = lookupGermanPlace({ town: 'bonn' })
		expect(town).toMatchObject({ ok: true, place: { town: 'Bonn', stateSlug: 'nordrhein-westfalen' } })
	})

	test('a postal code in a curated city: that postal code’s centroid, filed under the city', () => {
		const place = lookupGermanPlace({ postalCode: '50823', town: 'Koeln' })
		expect(place).toMatchObject({
			ok: true,
			place: { town: 'Köln', citySlug: 'koeln', lat: 50.95199, lng: 6.92863 },
		})
		// A district of Berlin is Berlin (city page, search by city).
		expect(lookupGermanPlace({ postalCode: '10115', town: 'Berlin' })).toMatchObject({
			ok: true,
			place: { citySlug: 'berlin', stateSlug: 'berlin', lat: 52.53371 },
		})
	})

	test('the states without a state page are there too', () => {
		expect(stateOfPlace({ postalCode: '66111', town: 'Saarbrücken' })).toBe('saarland')
		expect(stateOfPlace({ town: 'Erfurt' })).toBe('thueringen')
	})

	test('unknown postal codes and towns, a town elsewhere, an ambiguous name', () => {
		expect(lookupGermanPlace({ postalCode: '99999', town: 'Bonn' })).toEqual({
			ok: false,
			error: 'postalCodeUnknown',
		})
		expect(lookupGermanPlace({ town: 'Kleinkleckersdorf' })).toEqual({ ok: false, error: 'townUnknown' })
		expect(lookupGermanPlace({ postalCode: '53111', town: 'Köln' })).toEqual({
			ok: false,
			error: 'townNotAtPostalCode',
			towns: ['Bonn'],
		})
		expect(lookupGermanPlace({ town: 'Frankfurt' })).toMatchObject({ ok: false, error: 'townAmbiguous' })
	})

	test('loaded once per process, lazily, in a few MB of heap', () => {
		resetGermanPlacesForTests()
		// What the loaded data keeps, not the parse's garbage: collect before each reading (the
		// isolated test project runs with --expose-gc, vitest.config.ts).
		const collect = (globalThis as { gc?: () => void }).gc ?? (() => {})
		collect()
		const before = process.memoryUsage().heapUsed
		const started = performance.now()
		lookupGermanPlace({ postalCode: '53111', town: 'Bonn' })
		const loadMs = performance.now() - started
		collect()
		const grownMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024
		const again = performance.now()
		for (let i = 0; i < 100; i++) lookupGermanPlace({ postalCode: '50823', town: 'Köln' })
		// Measured: ~4 MB and ~250 ms for the first lookup on the 2-CPU CI machine; 100 lookups well under a millisecond each.
		expect(grownMb).toBeLessThan(40)
		expect(loadMs).toBeLessThan(5_000)
		expect((performance.now() - again) / 100).toBeLessThan(5)
	})
})
