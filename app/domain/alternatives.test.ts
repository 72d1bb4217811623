import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { scenarioArb } from '#tests/helpers/availability-arbitraries.ts'
import { availableStartsForDays, nearestAlternatives } from './alternatives.ts'
import {
	availableStarts,
	overlapsBusy,
	validateStay,
	type AvailabilityRules,
	type BusyInterval,
} from './availability.ts'
import { formatLocalDateTime, localToInstant } from './berlin-time.ts'

const HOUR = 3_600_000
const rules: AvailabilityRules = {
	slotMinutes: 60,
	bufferMinutes: 0,
	leadTimeHours: 0,
	horizonDays: 365,
	openingHours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
		weekday,
		openMinute: 9 * 60,
		closeMinute: 18 * 60,
	})),
	hourly: { minHours: 2, maxHours: 4 },
	daily: true,
	overnight: null,
}
const at = (date: string, hour: number) => localToInstant(date, hour * 60) ?? 0
const NOW = at('2026-06-01', 8)

describe('nearest alternatives', () => {
	test('same length, closest first, the taken stay itself excluded', () => {
		const busy: BusyInterval[] = [{ start: at('2026-06-10', 9), end: at('2026-06-10', 17), kind: 'order' }]
		const wanted = { start: at('2026-06-10', 12), end: at('2026-06-10', 14) }
		const found = nearestAlternatives(rules, busy, 'Hourly', wanted, NOW, { limit: 3 })
		// 16:00 the day before is 20 h away; 15:00 the day before and 09:00 the day after 21 h each.
		expect(found.map((a) => formatLocalDateTime(a.start))).toEqual([
			'2026-06-09T16:00',
			'2026-06-09T15:00',
			'2026-06-11T09:00',
		])
		for (const a of found) expect(a.end - a.start).toBe(2 * HOUR)
	})

	test('the 25-hour day: both 02:00 starts are candidates', () => {
		const night: AvailabilityRules = {
			...rules,
			openingHours: [7].map((weekday) => ({ weekday, openMinute: 0, closeMinute: 1440 })),
			hourly: { minHours: 1, maxHours: 1 },
		}
		const day = availableStartsForDays(
			night,
			[],
			'2026-10-25',
			1,
			'Hourly',
			Date.parse('2026-10-01T00:00:00Z'),
		)
		expect(day[0]?.starts).toHaveLength(25)
	})

	test('property: every alternative is free and bookable (validateStay) and as long as the wanted stay', () => {
		fc.assert(
			fc.property(scenarioArb, fc.integer({ min: 0, max: 40 }), ({ rules: r, date, now, busy }, pick) => {
				for (const type of ['Hourly', 'Daily', 'Overnight'] as const) {
					const options = availableStarts(r, [], date, type, now)
					const option = options[pick % Math.max(1, options.length)]
					const duration = option?.durations[0]
					if (!option || !duration) continue
					const wanted = { start: option.start, end: duration.end }
					for (const alternative of nearestAlternatives(r, busy, type, wanted, now, {
						limit: 5,
						searchDays: 5,
					})) {
						expect(validateStay(r, busy, type, alternative, now)).toBeNull()
						expect(overlapsBusy(alternative, busy, r.bufferMinutes)).toBe(false)
						if (type === 'Hourly') expect(alternative.end - alternative.start).toBe(wanted.end - wanted.start)
					}
				}
			}),
			{ numRuns: 200 },
		)
	})
})
