import { describe, expect, test } from 'vitest'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { localToInstant } from '#app/domain/berlin-time.ts'
import { searchParamsSchema } from '#app/schemas/catalogue.ts'
import { searchPlayrooms } from './playroom-search.server.ts'

/**
 * Issue 11: a search with a guest count shows on each card the price engine's
 * price of the shortest stay for those guests, and sorting by price compares
 * that price, not the unit price.
 */
const NOW = localToInstant('2026-06-01', 8 * 60) as number
const search = (query: Record<string, string>) =>
	searchPlayrooms(searchParamsSchema.parse({ city: 'preisstadt', ...query }), null, 'de', { now: NOW })
const hourly = {
	bookingType: 'Hourly' as const,
	maxHours: 4,
	deposit: 0,
}

describe('search card prices for the searched guests', async () => {
	// Cheap per hour but 2 guests included, 10 € per extra guest and 50 € cleaning.
	await createTestPlayroom({
		name: 'Stundenschnäppchen',
		city: 'Preisstadt',
		citySlug: 'preisstadt',
		bookingTypes: [
			{
				...hourly,
				minHours: 1,
				weekdayPrice: 1_000,
				weekendPrice: 1_000,
				guestsIncluded: 2,
				extraGuestFee: 1_000,
				cleaningFee: 5_000,
			},
		],
	})
	// Dearer per hour, 2 hours minimum, but 20 guests included and no fees.
	await createTestPlayroom({
		name: 'Alles inklusive',
		city: 'Preisstadt',
		citySlug: 'preisstadt',
		bookingTypes: [
			{
				...hourly,
				minHours: 2,
				weekdayPrice: 3_000,
				weekendPrice: 4_000,
				guestsIncluded: 20,
				extraGuestFee: 0,
				cleaningFee: 0,
			},
		],
	})

	test('without guests: the unit price, as before', () => {
		const result = search({ sort: 'price' })
		expect(result.items.map((i) => [i.name, i.priceFrom])).toEqual([
			['Stundenschnäppchen', { amount: 1_000, bookingType: 'Hourly', unit: 'hour' }],
			['Alles inklusive', { amount: 3_000, bookingType: 'Hourly', unit: 'hour' }],
		])
	})

	test('with guests: the stay price for them on the card, and the price sort follows it', () => {
		const result = search({ guests: '10', sort: 'price' })
		expect(result.items.map((i) => [i.name, i.priceFrom])).toEqual([
			// 2 h × 30 € on a weekday.
			[
				'Alles inklusive',
				{ amount: 6_000, bookingType: 'Hourly', unit: 'hour', stay: { quantity: 2, guests: 10 } },
			],
			// 1 h × 10 € + 8 extra guests × 10 € + 50 € cleaning.
			[
				'Stundenschnäppchen',
				{ amount: 14_000, bookingType: 'Hourly', unit: 'hour', stay: { quantity: 1, guests: 10 } },
			],
		])
		expect(search({ guests: '10', sort: 'priceDesc' }).items.map((i) => i.name)).toEqual([
			'Stundenschnäppchen',
			'Alles inklusive',
		])
	})

	test("with guests and a Saturday: that day's (weekend) price", () => {
		const card = search({ guests: '10', checkIn: '2026-06-13' }).items.find(
			(i) => i.name === 'Alles inklusive',
		)
		expect(card?.priceFrom?.amount).toBe(8_000)
	})
})
