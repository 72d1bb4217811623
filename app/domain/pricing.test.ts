import { describe, expect, test } from 'vitest'
import { AppError } from '#app/utils/app-error.ts'
import { localToInstant } from './berlin-time.ts'
import {
	calculatePrice,
	taxPartOf,
	vatContained,
	type AdditionDefinition,
	type PriceRequest,
	type PriceSettings,
} from './pricing.ts'

const at = (date: string, hour: number, minute = 0) => localToInstant(date, hour * 60 + minute) as number
const NOW = at('2026-05-01', 8)

const settings: PriceSettings = {
	weekdayPrice: 3_500,
	weekendPrice: 4_500,
	guestsIncluded: 10,
	extraGuestFee: 500,
	cleaningFee: 2_500,
	deposit: 10_000,
}

const additions: AdditionDefinition[] = [
	{
		id: 'cake',
		nameDe: 'Geburtstagskuchen',
		nameEn: 'Birthday cake',
		price: 2_900,
		unit: 'PerBooking',
		maxQuantity: 2,
	},
	{ id: 'bag', nameDe: 'Mitgebsel-Tüte', nameEn: 'Party bag', price: 350, unit: 'PerGuest', maxQuantity: 30 },
	{ id: 'host', nameDe: 'Animateur', nameEn: 'Entertainer', price: 3_000, unit: 'PerHour', maxQuantity: 2 },
]

const hourly = (overrides: Partial<PriceRequest> = {}): PriceRequest => ({
	bookingType: 'Hourly',
	// Wednesday
	start: at('2026-06-03', 14),
	end: at('2026-06-03', 17),
	guests: 8,
	maxGuests: 20,
	now: NOW,
	taxStatus: 'Regular',
	...overrides,
})

function expectAppError(fn: () => unknown, name: string, field?: string) {
	try {
		fn()
	} catch (error) {
		expect(error).toBeInstanceOf(AppError)
		expect((error as AppError).errorName).toBe(name)
		if (field) expect(Object.keys((error as AppError).fields ?? {})).toContain(field)
		return error as AppError
	}
	throw new Error('expected an AppError')
}

describe('calculatePrice', () => {
	test('hourly on a weekday: base, cleaning, total, VAT contained, deposit apart', () => {
		const price = calculatePrice(hourly(), settings)
		expect(price.lines).toEqual([
			{ kind: 'base', part: 'weekday', unit: 'hour', quantity: 3, unitPrice: 3_500, amount: 10_500 },
			{ kind: 'cleaning', unit: 'booking', quantity: 1, unitPrice: 2_500, amount: 2_500 },
		])
		expect(price.total).toBe(13_000)
		expect(price).toMatchObject({
			taxStatus: 'Regular',
			vatRatePercent: 19,
			vatAmount: 2_076, // 13000 × 19 / 119 = 2075.63
			netAmount: 10_924,
		})
		expect(price.deposit).toBe(10_000)
		expect(price.minutes).toBe(180)
	})

	test('hourly on a Saturday uses the weekend rate; half hours are prorated', () => {
		const price = calculatePrice(
			hourly({ start: at('2026-06-06', 10), end: at('2026-06-06', 11, 30) }),
			settings,
		)
		expect(price.lines[0]).toMatchObject({ part: 'weekend', quantity: 1.5, amount: 6_750 })
	})

	test('a stay crossing from Friday into Saturday is split into weekday and weekend parts', () => {
		const price = calculatePrice(hourly({ start: at('2026-06-05', 22), end: at('2026-06-06', 2) }), settings)
		expect(price.lines.filter((l) => l.kind === 'base')).toEqual([
			{ kind: 'base', part: 'weekday', unit: 'hour', quantity: 2, unitPrice: 3_500, amount: 7_000 },
			{ kind: 'base', part: 'weekend', unit: 'hour', quantity: 2, unitPrice: 4_500, amount: 9_000 },
		])
	})

	test('overnight: Friday and Saturday nights are weekend nights', () => {
		const price = calculatePrice(
			{ ...hourly(), bookingType: 'Overnight', start: at('2026-06-04', 15), end: at('2026-06-07', 11) },
			settings,
		)
		expect(price.nights).toBe(3)
		expect(price.lines.filter((l) => l.kind === 'base')).toEqual([
			{ kind: 'base', part: 'weekday', unit: 'night', quantity: 1, unitPrice: 3_500, amount: 3_500 },
			{ kind: 'base', part: 'weekend', unit: 'night', quantity: 2, unitPrice: 4_500, amount: 9_000 },
		])
	})

	test('overnight across the October DST switch still counts nights by the calendar', () => {
		const price = calculatePrice(
			{ ...hourly(), bookingType: 'Overnight', start: at('2026-10-24', 15), end: at('2026-10-26', 11) },
			settings,
		)
		expect(price.nights).toBe(2)
		// Saturday night is a weekend night, Sunday night a weekday night.
		expect(price.lines.filter((l) => l.kind === 'base').map((l) => [l.part, l.quantity])).toEqual([
			['weekday', 1],
			['weekend', 1],
		])
	})

	test('daily: one day at the rate of its weekday', () => {
		const weekday = calculatePrice(
			{ ...hourly(), bookingType: 'Daily', start: at('2026-06-03', 9), end: at('2026-06-03', 18) },
			settings,
		)
		const sunday = calculatePrice(
			{ ...hourly(), bookingType: 'Daily', start: at('2026-06-07', 9), end: at('2026-06-07', 18) },
			settings,
		)
		expect(weekday.lines[0]).toMatchObject({ part: 'weekday', unit: 'day', quantity: 1, amount: 3_500 })
		expect(sunday.lines[0]).toMatchObject({ part: 'weekend', unit: 'day', quantity: 1, amount: 4_500 })
	})

	test('extra guests pay the fee once each', () => {
		const price = calculatePrice(hourly({ guests: 13 }), settings)
		expect(price.lines.find((l) => l.kind === 'extraGuests')).toEqual({
			kind: 'extraGuests',
			unit: 'guest',
			quantity: 3,
			unitPrice: 500,
			amount: 1_500,
		})
		expect(price.total).toBe(10_500 + 2_500 + 1_500)
	})

	test('extras per booking, per guest and per hour', () => {
		const price = calculatePrice(
			hourly({
				extras: [
					{ additionId: 'cake', quantity: 2 },
					{ additionId: 'bag', quantity: 8 },
					{ additionId: 'host', quantity: 1 },
				],
			}),
			settings,
			additions,
		)
		const extras = price.lines.filter((l) => l.kind === 'extra')
		expect(extras.map((l) => [l.additionId, l.unit, l.quantity, l.amount])).toEqual([
			['cake', 'booking', 2, 5_800],
			['bag', 'guest', 8, 2_800],
			['host', 'hour', 1, 9_000],
		])
		expect(extras[0]).toMatchObject({ labelDe: 'Geburtstagskuchen', labelEn: 'Birthday cake' })
		expect(price.total).toBe(10_500 + 2_500 + 5_800 + 2_800 + 9_000)
	})

	test('extras: unknown, duplicate, zero, above max quantity, more per-guest items than guests', () => {
		const run = (extras: PriceRequest['extras']) => () =>
			calculatePrice(hourly({ extras }), settings, additions)
		expectAppError(run([{ additionId: 'nope', quantity: 1 }]), 'ValidationError', 'extras.0.additionId')
		expectAppError(
			run([
				{ additionId: 'cake', quantity: 1 },
				{ additionId: 'cake', quantity: 1 },
			]),
			'ValidationError',
			'extras.1.additionId',
		)
		expectAppError(run([{ additionId: 'cake', quantity: 0 }]), 'ValidationError', 'extras.0.quantity')
		const tooMany = expectAppError(
			run([{ additionId: 'cake', quantity: 3 }]),
			'ValidationError',
			'extras.0.quantity',
		)
		expect(tooMany.fields?.['extras.0.quantity']).toEqual(['validation.maxValue?max=2'])
		const bags = expectAppError(
			run([{ additionId: 'bag', quantity: 9 }]),
			'ValidationError',
			'extras.0.quantity',
		)
		expect(bags.fields?.['extras.0.quantity']).toEqual(['validation.maxValue?max=8'])
	})

	test('guests above the maximum and an empty stay are refused', () => {
		expectAppError(() => calculatePrice(hourly({ guests: 21 }), settings), 'ValidationError', 'guests')
		expectAppError(() => calculatePrice(hourly({ guests: 0 }), settings), 'ValidationError', 'guests')
		expectAppError(
			() => calculatePrice(hourly({ end: at('2026-06-03', 14) }), settings),
			'ValidationError',
			'checkOut',
		)
	})

	test('the voucher hook rejects any code with a translatable error until vouchers exist', () => {
		const error = expectAppError(
			() => calculatePrice(hourly({ voucherCode: 'ABCD-EFGH-JKLM' }), settings),
			'VoucherInvalid',
		)
		expect(error.status).toBe(400)
		expect(error.messageKey).toBe('catalogue:errors.voucherNotAccepted')
		expect(calculatePrice(hourly({ voucherCode: '  ' }), settings).total).toBe(13_000)
	})

	test('hooks: a voucher and a last-minute discount (for the later modules)', () => {
		const price = calculatePrice(hourly({ voucherCode: 'GIFT' }), settings, [], {
			lastMinute: () => ({ percent: 20 }),
			voucher: ({ code }) => ({ code, amount: 50_000 }),
		})
		expect(price.lines.find((l) => l.kind === 'lastMinuteDiscount')?.amount).toBe(-2_100)
		// The voucher covers at most what is left.
		expect(price.lines.find((l) => l.kind === 'voucher')).toMatchObject({ code: 'GIFT', amount: -10_900 })
		expect(price.total).toBe(0)
		expect(price).toMatchObject({ vatAmount: 0 })
	})

	test('VAT contained is rounded to the nearest cent', () => {
		expect(vatContained(119)).toBe(19)
		expect(vatContained(100)).toBe(16) // 15.97
		expect(vatContained(1)).toBe(0) // 0.16
		expect(vatContained(3)).toBe(0) // 0.479
		expect(vatContained(4)).toBe(1) // 0.639
		expect(vatContained(0)).toBe(0)
	})

	test('a small business under § 19 UStG: the same total, no VAT rate, amount or net (issue 31.2)', () => {
		const price = calculatePrice(hourly({ taxStatus: 'SmallBusiness' }), settings)
		expect(price.total).toBe(13_000)
		expect(price.taxStatus).toBe('SmallBusiness')
		expect(price).not.toHaveProperty('vatRatePercent')
		expect(price).not.toHaveProperty('vatAmount')
		expect(price).not.toHaveProperty('netAmount')
		expect(taxPartOf(price)).toEqual({ taxStatus: 'SmallBusiness' })
		expect(taxPartOf(calculatePrice(hourly(), settings))).toEqual({
			taxStatus: 'Regular',
			vatRatePercent: 19,
			vatAmount: 2_076,
			netAmount: 10_924,
		})
	})
})
