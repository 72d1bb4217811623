import fc from 'fast-check'
import type { AvailabilityRules, BusyInterval } from '#app/domain/availability.ts'
import { addDays, localToInstant } from '#app/domain/berlin-time.ts'

/**
 * fast-check scenarios for the availability engine and what is built on it:
 * random opening hours, grids, buffers, lead times, horizons, booking type
 * settings, orders and blocks around dates that include both DST days.
 */
export const DATES = [
	'2026-03-27',
	'2026-03-28',
	'2026-03-29',
	'2026-03-30',
	'2026-10-24',
	'2026-10-25',
	'2026-10-26',
	'2026-06-03',
]

export const openingArb = fc
	.array(
		fc.record({
			weekday: fc.integer({ min: 1, max: 7 }),
			openHalfHour: fc.integer({ min: 0, max: 46 }),
			lengthHalfHours: fc.integer({ min: 1, max: 48 }),
		}),
		{ minLength: 1, maxLength: 10 },
	)
	.map((items) =>
		items.map(({ weekday, openHalfHour, lengthHalfHours }) => ({
			weekday,
			openMinute: openHalfHour * 30,
			closeMinute: Math.min(1440, (openHalfHour + lengthHalfHours) * 30),
		})),
	)

export const rulesArb: fc.Arbitrary<AvailabilityRules> = fc
	.record({
		slotMinutes: fc.constantFrom(30, 60),
		bufferMinutes: fc.constantFrom(0, 15, 30, 60, 90),
		leadTimeHours: fc.integer({ min: 0, max: 72 }),
		horizonDays: fc.integer({ min: 0, max: 400 }),
		openingHours: openingArb,
		minHours: fc.integer({ min: 1, max: 4 }),
		extraHours: fc.integer({ min: 0, max: 6 }),
		checkInHour: fc.integer({ min: 0, max: 23 }),
		checkOutHour: fc.integer({ min: 0, max: 23 }),
		minNights: fc.integer({ min: 1, max: 3 }),
		extraNights: fc.integer({ min: 0, max: 4 }),
	})
	.map((r) => ({
		slotMinutes: r.slotMinutes,
		bufferMinutes: r.bufferMinutes,
		leadTimeHours: r.leadTimeHours,
		horizonDays: r.horizonDays,
		openingHours: r.openingHours,
		hourly: { minHours: r.minHours, maxHours: r.minHours + r.extraHours },
		daily: true,
		overnight: {
			checkInMinute: r.checkInHour * 60,
			checkOutMinute: r.checkOutHour * 60,
			minNights: r.minNights,
			maxNights: r.minNights + r.extraNights,
		},
	}))

export const scenarioArb = fc
	.record({
		rules: rulesArb,
		date: fc.constantFrom(...DATES),
		nowDaysBefore: fc.integer({ min: 0, max: 5 }),
		nowMinute: fc.integer({ min: 0, max: 1439 }),
		busy: fc.array(
			fc.record({
				dayOffset: fc.integer({ min: -2, max: 4 }),
				startQuarter: fc.integer({ min: 0, max: 95 }),
				lengthQuarters: fc.integer({ min: 1, max: 200 }),
				kind: fc.constantFrom('order' as const, 'block' as const, 'imported' as const),
			}),
			{ maxLength: 8 },
		),
	})
	.map(({ rules, date, nowDaysBefore, nowMinute, busy }) => {
		const nowDate = addDays(date, -nowDaysBefore)
		const now = localToInstant(nowDate, nowMinute) ?? localToInstant(nowDate, 0) ?? 0
		const intervals: BusyInterval[] = busy.map((b) => {
			const day = addDays(date, b.dayOffset)
			const start = (localToInstant(day, 0) ?? 0) + b.startQuarter * 15 * 60_000
			return { start, end: start + b.lengthQuarters * 15 * 60_000, kind: b.kind }
		})
		return { rules, date, now, busy: intervals }
	})
