import { describe, expect, test } from 'vitest'
import { localToInstant } from './berlin-time.ts'
import { lowestStayPrice, type CardPriceSettings } from './card-price.ts'

/** Monday 1 June 2026, 08:00 in Berlin: the next Wednesday is 3 June, the next Saturday 6 June. */
const NOW = localToInstant('2026-06-01', 8 * 60) as number

const hourly: CardPriceSettings = {
	bookingType: 'Hourly',
	weekdayPrice: 3_000,
	weekendPrice: 4_000,
	guestsIncluded: 8,
	extraGuestFee: 500,
	cleaningFee: 2_000,
	deposit: 5_000,
	minHours: 2,
	minNights: null,
	checkInMinute: null,
	checkOutMinute: null,
}
const overnight: CardPriceSettings = {
	...hourly,
	bookingType: 'Overnight',
	weekdayPrice: 15_000,
	weekendPrice: 12_000,
	guestsIncluded: 4,
	minHours: null,
	minNights: 2,
	checkInMinute: 15 * 60,
	checkOutMinute: 11 * 60,
}

describe('lowestStayPrice (the card price for a searched guest count)', () => {
	test('the shortest stay for the guests: minimum hours, extra guests and cleaning, cheaper weekday', () => {
		// 2 h × 30 € + 2 extra guests × 5 € + 20 € cleaning = 90 € (the weekend would be 110 €).
		expect(lowestStayPrice([hourly], { guests: 10, maxGuests: 20, now: NOW })).toEqual({
			amount: 9_000,
			bookingType: 'Hourly',
			unit: 'hour',
			quantity: 2,
			guests: 10,
		})
		// Within the included guests only base and cleaning remain.
		expect(lowestStayPrice([hourly], { guests: 3, maxGuests: 20, now: NOW })?.amount).toBe(8_000)
	})

	test('a searched date prices that day; a weekend date uses the weekend rate', () => {
		expect(
			lowestStayPrice([hourly], { guests: 10, maxGuests: 20, date: '2026-06-13', now: NOW })?.amount,
		).toBe(11_000)
	})

	test('overnight: the minimum nights, the cheaper of a weekday and a weekend start', () => {
		// Wednesday: 2 weekday nights 300 € + 6 extra guests 30 € + 20 € = 350 €; Saturday: 1 weekend + 1 weekday night = 320 €.
		expect(lowestStayPrice([overnight], { guests: 10, maxGuests: 20, now: NOW })).toEqual({
			amount: 32_000,
			bookingType: 'Overnight',
			unit: 'night',
			quantity: 2,
			guests: 10,
		})
	})

	test('the lowest over the offered types, or only the asked-for type; none beyond the maximum', () => {
		expect(lowestStayPrice([overnight, hourly], { guests: 10, maxGuests: 20, now: NOW })?.bookingType).toBe(
			'Hourly',
		)
		expect(
			lowestStayPrice([overnight, hourly], { guests: 10, maxGuests: 20, bookingType: 'Overnight', now: NOW })
				?.bookingType,
		).toBe('Overnight')
		expect(lowestStayPrice([hourly], { guests: 21, maxGuests: 20, now: NOW })).toBeNull()
		expect(lowestStayPrice([], { guests: 2, maxGuests: 20, now: NOW })).toBeNull()
	})
})
