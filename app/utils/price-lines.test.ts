import { describe, expect, test } from 'vitest'
import { localToInstant } from '#app/domain/berlin-time.ts'
import { calculatePrice } from '#app/domain/pricing.ts'
import { getFixedT } from './i18n.server.ts'
import { looseT } from './loose-t.ts'
import { describePriceLine } from './price-lines.ts'

/**
 * Issue 11, defect 6: counts in the breakdown use the plural forms of each
 * language, and a per-hour extra shows its hours ("2 Stunde × 50,00 €" and
 * "Kinderschminken 1 × 25,00 €" with a total of 50,00 € were shown).
 */
const start = localToInstant('2026-06-03', 14 * 60) as number
const settings = {
	weekdayPrice: 5_000,
	weekendPrice: 6_000,
	guestsIncluded: 1,
	extraGuestFee: 500,
	cleaningFee: 0,
	deposit: 0,
}
const facePaint = {
	id: 'paint',
	nameDe: 'Kinderschminken',
	nameEn: 'Face painting',
	price: 2_500,
	unit: 'PerHour' as const,
	maxQuantity: 2,
}

function details(hours: number, guests: number, locale: 'de' | 'en') {
	const price = calculatePrice(
		{
			bookingType: 'Hourly',
			start,
			end: start + hours * 3_600_000,
			guests,
			maxGuests: 20,
			extras: [{ additionId: 'paint', quantity: 1 }],
			now: start - 86_400_000 * 10,
			taxStatus: 'Regular',
		},
		settings,
		[facePaint],
	)
	const t = looseT(getFixedT(locale))
	return price.lines.map((line) => {
		const { label, detail } = describePriceLine(line, t, locale)
		return [label, detail?.replace(/\s/g, ' '), line.amount]
	})
}

describe('price breakdown lines', () => {
	test('plural units and every factor, in German and English', () => {
		expect(details(2, 3, 'de')).toEqual([
			['Grundpreis (Werktag)', '2 Stunden × 50,00 €', 10_000],
			['Zusätzliche Gäste', '2 Gäste × 5,00 €', 1_000],
			['Kinderschminken', '1 × 25,00 € × 2 Stunden', 5_000],
		])
		expect(details(1, 2, 'de').map((row) => row[1])).toEqual([
			'1 Stunde × 50,00 €',
			'1 Gast × 5,00 €',
			'1 × 25,00 € × 1 Stunde',
		])
		expect(details(1.5, 3, 'en').map((row) => row[1])).toEqual([
			'1.5 hours × €50.00',
			'2 guests × €5.00',
			'1 × €25.00 × 1.5 hours',
		])
		expect(details(1, 2, 'en').map((row) => row[1])).toEqual([
			'1 hour × €50.00',
			'1 guest × €5.00',
			'1 × €25.00 × 1 hour',
		])
	})

	test('an older order without hours on the extra line still shows them', () => {
		const t = looseT(getFixedT('de'))
		const line = {
			kind: 'extra',
			unit: 'hour',
			labelDe: 'Kinderschminken',
			quantity: 1,
			unitPrice: 2_500,
			amount: 5_000,
		}
		expect(describePriceLine(line, t, 'de').detail?.replace(/\s/g, ' ')).toBe('1 × 25,00 € × 2 Stunden')
	})

	test('adults and children in their singular and plural forms', () => {
		const de = looseT(getFixedT('de'))
		const en = looseT(getFixedT('en'))
		expect(de('booking:checkout.review.guestsValue', { adults: 1, children: 1 })).toBe(
			'1 Erwachsener, 1 Kind',
		)
		expect(de('booking:checkout.review.guestsValue', { adults: 2, children: 3 })).toBe(
			'2 Erwachsene, 3 Kinder',
		)
		expect(en('booking:checkout.review.guestsValue', { adults: 1, children: 0 })).toBe('1 adult, 0 children')
		expect(en('booking:checkout.review.guestsValue', { adults: 2, children: 1 })).toBe('2 adults, 1 child')
	})
})
