import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { BookingType } from '#db/schema/catalogue.ts'
import {
	availableStarts,
	isAvailableOn,
	liveStatus,
	occupiedIntervals,
	openingWindows,
	overlapsBusy,
	validateStay,
	type AvailabilityRules,
	type BusyInterval,
} from './availability.ts'
import { formatLocalDateTime, localToInstant, type LocalDate } from './berlin-time.ts'
import { scenarioArb } from '#tests/helpers/availability-arbitraries.ts'

const HOUR = 3_600_000
const at = (date: LocalDate, time: string) => {
	const [h, m] = time.split(':').map(Number)
	const instant = localToInstant(date, (h ?? 0) * 60 + (m ?? 0))
	if (instant === null) throw new Error(`no such local time ${date} ${time}`)
	return instant
}
const local = (instant: number) => formatLocalDateTime(instant).slice(11)

const everyDay = (openMinute: number, closeMinute: number) =>
	[1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, openMinute, closeMinute }))

const baseRules: AvailabilityRules = {
	slotMinutes: 60,
	bufferMinutes: 30,
	leadTimeHours: 0,
	horizonDays: 365,
	openingHours: everyDay(9 * 60, 18 * 60),
	hourly: { minHours: 2, maxHours: 4 },
	daily: true,
	overnight: { checkInMinute: 15 * 60, checkOutMinute: 11 * 60, minNights: 1, maxNights: 3 },
}
// Monday 2026-06-01; "now" is a week earlier.
const DAY = '2026-06-01'
const NOW = at('2026-05-25', '08:00')

describe('availableStarts — Hourly', () => {
	test('starts and durations around an order with a 30-minute buffer', () => {
		const busy: BusyInterval[] = [{ start: at(DAY, '12:00'), end: at(DAY, '14:00'), kind: 'order' }]
		const starts = availableStarts(baseRules, busy, DAY, 'Hourly', NOW)
		expect(starts.map((s) => [local(s.start), s.durations.map((d) => d.minutes / 60)])).toEqual([
			['09:00', [2]],
			['15:00', [2, 3]],
			['16:00', [2]],
		])
	})

	test('a block has no buffer of its own, but a new stay’s buffer must not run into it', () => {
		const busy: BusyInterval[] = [{ start: at(DAY, '13:00'), end: at(DAY, '14:00'), kind: 'block' }]
		const starts = availableStarts({ ...baseRules, bufferMinutes: 0 }, busy, DAY, 'Hourly', NOW)
		expect(starts.map((s) => local(s.start))).toEqual(['09:00', '10:00', '11:00', '14:00', '15:00', '16:00'])
		const withBuffer = availableStarts(baseRules, busy, DAY, 'Hourly', NOW)
		expect(withBuffer.map((s) => local(s.start))).toEqual(['09:00', '10:00', '14:00', '15:00', '16:00'])
	})

	test('a 30-minute grid offers half hours and durations in grid steps', () => {
		const rules = { ...baseRules, slotMinutes: 30, bufferMinutes: 0, hourly: { minHours: 1, maxHours: 2 } }
		const starts = availableStarts(rules, [], DAY, 'Hourly', NOW)
		expect(starts[0]?.durations.map((d) => d.minutes)).toEqual([60, 90, 120])
		expect(starts.map((s) => local(s.start)).slice(0, 3)).toEqual(['09:00', '09:30', '10:00'])
		expect(local(starts[starts.length - 1]?.start ?? 0)).toBe('17:00')
	})

	test('lead time and horizon', () => {
		const now = at(DAY, '10:15')
		const starts = availableStarts({ ...baseRules, leadTimeHours: 2 }, [], DAY, 'Hourly', now)
		expect(local(starts[0]?.start ?? 0)).toBe('13:00')
		expect(availableStarts({ ...baseRules, horizonDays: 6 }, [], DAY, 'Hourly', NOW)).toEqual([])
		expect(availableStarts({ ...baseRules, horizonDays: 7 }, [], DAY, 'Hourly', NOW)).not.toEqual([])
		expect(availableStarts(baseRules, [], '2026-05-24', 'Hourly', NOW)).toEqual([])
	})

	test('closed weekdays and booking types that are not offered give nothing', () => {
		const rules = { ...baseRules, openingHours: [{ weekday: 2, openMinute: 540, closeMinute: 1080 }] }
		expect(availableStarts(rules, [], DAY, 'Hourly', NOW)).toEqual([])
		expect(availableStarts({ ...baseRules, hourly: null }, [], DAY, 'Hourly', NOW)).toEqual([])
	})

	test('two opening intervals (lunch break): a stay never spans the break', () => {
		const rules = {
			...baseRules,
			bufferMinutes: 0,
			hourly: { minHours: 1, maxHours: 8 },
			openingHours: [
				{ weekday: 1, openMinute: 9 * 60, closeMinute: 12 * 60 },
				{ weekday: 1, openMinute: 14 * 60, closeMinute: 18 * 60 },
			],
		}
		const starts = availableStarts(rules, [], DAY, 'Hourly', NOW)
		expect(starts.map((s) => local(s.start))).toEqual([
			'09:00',
			'10:00',
			'11:00',
			'14:00',
			'15:00',
			'16:00',
			'17:00',
		])
		expect(starts[0]?.durations.map((d) => d.minutes / 60)).toEqual([1, 2, 3])
	})
})

describe('availableStarts — Daily and Overnight', () => {
	test('Daily is the whole opening day and needs it entirely free', () => {
		const [start] = availableStarts(baseRules, [], DAY, 'Daily', NOW)
		expect(start && [local(start.start), start.durations[0]?.minutes]).toEqual(['09:00', 540])
		const busy: BusyInterval[] = [{ start: at(DAY, '17:00'), end: at(DAY, '18:00'), kind: 'order' }]
		expect(availableStarts(baseRules, busy, DAY, 'Daily', NOW)).toEqual([])
	})

	test('Overnight: nights from min to max until the next order', () => {
		const busy: BusyInterval[] = [
			{ start: at('2026-06-03', '15:00'), end: at('2026-06-04', '11:00'), kind: 'order' },
		]
		const [start] = availableStarts(baseRules, busy, DAY, 'Overnight', NOW)
		expect(start?.durations.map((d) => d.nights)).toEqual([1, 2])
		expect(formatLocalDateTime(start?.durations[1]?.end ?? 0)).toBe('2026-06-03T11:00')
	})
})

describe('the DST days of 2026', () => {
	const allDay: AvailabilityRules = {
		...baseRules,
		bufferMinutes: 0,
		openingHours: everyDay(0, 1440),
		hourly: { minHours: 1, maxHours: 1 },
	}
	const now = at('2026-03-01', '00:00')

	test('29 March (23 hours): 23 one-hour starts, none at 02:00', () => {
		const starts = availableStarts(allDay, [], '2026-03-29', 'Hourly', now)
		expect(starts).toHaveLength(23)
		const labels = starts.map((s) => local(s.start))
		expect(labels).not.toContain('02:00')
		expect(labels.slice(0, 4)).toEqual(['00:00', '01:00', '03:00', '04:00'])
		expect(starts.every((s) => s.durations[0]?.minutes === 60)).toBe(true)
	})

	test('25 October (25 hours): 25 one-hour starts, 02:00 twice', () => {
		const starts = availableStarts(allDay, [], '2026-10-25', 'Hourly', now)
		expect(starts).toHaveLength(25)
		const labels = starts.map((s) => local(s.start))
		expect(labels.filter((l) => l === '02:00')).toHaveLength(2)
		expect(new Set(starts.map((s) => s.start)).size).toBe(25)
	})

	test('ordinary opening hours keep their local times across the switch', () => {
		for (const date of ['2026-03-28', '2026-03-29', '2026-03-30', '2026-10-24', '2026-10-25', '2026-10-26']) {
			const starts = availableStarts(baseRules, [], date, 'Hourly', now)
			expect(starts.map((s) => local(s.start))).toEqual([
				'09:00',
				'10:00',
				'11:00',
				'12:00',
				'13:00',
				'14:00',
				'15:00',
				'16:00',
			])
		}
		expect(new Date(at('2026-03-29', '09:00')).toISOString()).toBe('2026-03-29T07:00:00.000Z')
		expect(new Date(at('2026-10-25', '09:00')).toISOString()).toBe('2026-10-25T08:00:00.000Z')
	})

	test('an overnight stay over the switch is 19 h in March and 21 h in October', () => {
		const march = availableStarts(baseRules, [], '2026-03-28', 'Overnight', now)[0]?.durations[0]
		const october = availableStarts(baseRules, [], '2026-10-24', 'Overnight', now)[0]?.durations[0]
		expect(march?.minutes).toBe(19 * 60)
		expect(october?.minutes).toBe(21 * 60)
		expect(formatLocalDateTime(march?.end ?? 0)).toBe('2026-03-29T11:00')
		expect(formatLocalDateTime(october?.end ?? 0)).toBe('2026-10-25T11:00')
	})

	test('a Daily stay on the 25-hour day lasts 25 hours when open around the clock', () => {
		const [day] = availableStarts(allDay, [], '2026-10-25', 'Daily', now)
		expect(day?.durations[0]?.minutes).toBe(25 * 60)
	})

	test('validateStay accepts what is offered on DST days and rejects the skipped hour', () => {
		const start = Date.parse('2026-03-29T01:00:00Z') // 03:00 CEST, right after 01:00 CET + 1 h
		expect(validateStay(allDay, [], 'Hourly', { start, end: start + HOUR }, now)).toBeNull()
		const notGrid = Date.parse('2026-03-29T01:30:00Z')
		expect(validateStay(allDay, [], 'Hourly', { start: notGrid, end: notGrid + HOUR }, now)).toBe('NotOnGrid')
	})
})

describe('validateStay', () => {
	const busy: BusyInterval[] = [{ start: at(DAY, '12:00'), end: at(DAY, '14:00'), kind: 'order' }]
	const check = (bookingType: BookingType, start: number, end: number, now = NOW) =>
		validateStay(baseRules, busy, bookingType, { start, end }, now)

	test('each reason', () => {
		expect(check('Hourly', at(DAY, '09:00'), at(DAY, '11:00'))).toBeNull()
		expect(check('Hourly', at(DAY, '09:00'), at(DAY, '12:00'))).toBe('Overlap')
		expect(check('Hourly', at(DAY, '09:00'), at(DAY, '11:30'))).toBe('NotOnGrid')
		expect(check('Hourly', at(DAY, '10:00'), at(DAY, '12:00'))).toBe('Overlap')
		expect(check('Hourly', at(DAY, '14:00'), at(DAY, '16:00'))).toBe('Overlap')
		expect(check('Hourly', at(DAY, '14:30'), at(DAY, '16:30'))).toBe('NotOnGrid')
		expect(check('Hourly', at(DAY, '15:00'), at(DAY, '16:00'))).toBe('DurationNotAllowed')
		expect(check('Hourly', at(DAY, '16:00'), at(DAY, '19:00'))).toBe('OutsideOpeningHours')
		expect(check('Hourly', at(DAY, '15:00'), at(DAY, '17:00'), at(DAY, '14:00'))).toBeNull()
		expect(check('Hourly', at(DAY, '15:00'), at(DAY, '17:00'), at(DAY, '15:30'))).toBe('LeadTime')
		expect(check('Hourly', at(DAY, '16:00'), at(DAY, '15:00'))).toBe('InvalidStay')
		expect(
			validateStay(
				{ ...baseRules, horizonDays: 3 },
				[],
				'Hourly',
				{ start: at(DAY, '09:00'), end: at(DAY, '11:00') },
				NOW,
			),
		).toBe('BeyondHorizon')
		expect(validateStay({ ...baseRules, daily: false }, [], 'Daily', { start: 0, end: 1 }, NOW)).toBe(
			'BookingTypeNotOffered',
		)
		expect(check('Daily', at('2026-06-02', '09:00'), at('2026-06-02', '18:00'))).toBeNull()
		expect(check('Daily', at('2026-06-02', '10:00'), at('2026-06-02', '18:00'))).toBe('NotOnGrid')
		expect(check('Overnight', at('2026-06-02', '15:00'), at('2026-06-05', '11:00'))).toBeNull()
		expect(check('Overnight', at('2026-06-02', '15:00'), at('2026-06-06', '11:00'))).toBe(
			'DurationNotAllowed',
		)
		expect(check('Overnight', at('2026-06-02', '14:00'), at('2026-06-03', '11:00'))).toBe('NotOnGrid')
	})

	test('the overlap rule is half-open: a stay may start when the previous buffer ends', () => {
		const order: BusyInterval = { start: at(DAY, '10:00'), end: at(DAY, '12:00'), kind: 'order' }
		expect(overlapsBusy({ start: at(DAY, '12:30'), end: at(DAY, '14:00') }, [order], 30)).toBe(false)
		expect(overlapsBusy({ start: at(DAY, '12:29'), end: at(DAY, '14:00') }, [order], 30)).toBe(true)
		// The new stay's own buffer must end before the next order starts.
		expect(overlapsBusy({ start: at(DAY, '08:00'), end: at(DAY, '09:30') }, [order], 30)).toBe(false)
		expect(overlapsBusy({ start: at(DAY, '08:00'), end: at(DAY, '09:31') }, [order], 30)).toBe(true)
	})
})

describe('occupiedIntervals and liveStatus', () => {
	test('orders with buffers and blocks, merged per kind, clipped to the range by overlap', () => {
		const busy: BusyInterval[] = [
			{ start: at(DAY, '10:00'), end: at(DAY, '11:00'), kind: 'order' },
			{ start: at(DAY, '11:15'), end: at(DAY, '12:00'), kind: 'order' },
			{ start: at(DAY, '15:00'), end: at(DAY, '16:00'), kind: 'block' },
			{ start: at('2026-07-01', '10:00'), end: at('2026-07-01', '11:00'), kind: 'order' },
		]
		const intervals = occupiedIntervals(busy, 30, at(DAY, '00:00'), at('2026-06-02', '00:00'))
		expect(intervals.map((i) => [local(i.start), local(i.end), i.kind])).toEqual([
			['10:00', '12:30', 'booked'],
			['15:00', '16:00', 'blocked'],
		])
	})

	test('free now, and the next free start', () => {
		const busy: BusyInterval[] = [{ start: at(DAY, '09:00'), end: at(DAY, '13:00'), kind: 'order' }]
		const status = liveStatus(baseRules, busy, at(DAY, '10:00'))
		expect(status.openNow).toBe(true)
		expect(status.freeNow).toBe(false)
		expect(status.nextFreeStart && local(status.nextFreeStart.start)).toBe('14:00')
		expect(status.nextFreeStart?.bookingType).toBe('Hourly')
		const night = liveStatus(baseRules, [], at(DAY, '22:00'))
		expect(night.openNow).toBe(false)
		expect(night.freeNow).toBe(false)
		expect(night.nextFreeStart && formatLocalDateTime(night.nextFreeStart.start)).toBe('2026-06-02T09:00')
	})

	test('isAvailableOn for any offered type or one type', () => {
		const rules = {
			...baseRules,
			overnight: { checkInMinute: 18 * 60, checkOutMinute: 600, minNights: 1, maxNights: 1 },
		}
		const busy: BusyInterval[] = [{ start: at(DAY, '09:00'), end: at(DAY, '17:00'), kind: 'block' }]
		expect(isAvailableOn(rules, busy, DAY, 'Hourly', NOW)).toBe(false)
		expect(isAvailableOn(rules, busy, DAY, 'Daily', NOW)).toBe(false)
		expect(isAvailableOn(rules, busy, DAY, 'Overnight', NOW)).toBe(true)
		expect(isAvailableOn(rules, busy, DAY, undefined, NOW)).toBe(true)
		expect(isAvailableOn({ ...rules, overnight: null }, busy, DAY, undefined, NOW)).toBe(false)
	})
})

// ---------------------------------------------------------------------------
// Properties: random opening hours, orders, blocks, buffers and dates
// (including both DST days).

/** The overlap rule spelled out independently of overlapsBusy (orders and imported busy times keep the buffer). */
function collides(start: number, end: number, busy: BusyInterval[], bufferMinutes: number) {
	const buffer = bufferMinutes * 60_000
	return busy.some((b) => start < b.end + (b.kind !== 'block' ? buffer : 0) && b.start < end + buffer)
}

describe('availability properties (fast-check)', () => {
	const TYPES: BookingType[] = ['Hourly', 'Daily', 'Overnight']

	test('no offered start overlaps an order or block (buffers included)', () => {
		fc.assert(
			fc.property(scenarioArb, ({ rules, date, now, busy }) => {
				for (const type of TYPES) {
					for (const option of availableStarts(rules, busy, date, type, now)) {
						for (const duration of option.durations) {
							expect(collides(option.start, duration.end, busy, rules.bufferMinutes)).toBe(false)
							expect(option.start).toBeGreaterThanOrEqual(now + rules.leadTimeHours * HOUR)
						}
					}
				}
			}),
			{ numRuns: 400 },
		)
	})

	test('every offered slot is bookable by validateStay', () => {
		fc.assert(
			fc.property(scenarioArb, ({ rules, date, now, busy }) => {
				for (const type of TYPES) {
					for (const option of availableStarts(rules, busy, date, type, now)) {
						for (const duration of option.durations) {
							expect(
								validateStay(rules, busy, type, { start: option.start, end: duration.end }, now),
							).toBeNull()
						}
					}
				}
			}),
			{ numRuns: 400 },
		)
	})

	test('every bookable hourly slot of the day is offered (the lists are complete)', () => {
		fc.assert(
			fc.property(scenarioArb, ({ rules, date, now, busy }) => {
				const offered = new Set(
					availableStarts(rules, busy, date, 'Hourly', now).flatMap((o) =>
						o.durations.map((d) => `${o.start}-${d.end}`),
					),
				)
				const windows = openingWindows(rules, date)
				const accepted: string[] = []
				for (const window of windows) {
					for (let start = window.start; start < window.end; start += 15 * 60_000) {
						for (let minutes = 30; minutes <= 12 * 60; minutes += 30) {
							const end = start + minutes * 60_000
							if (validateStay(rules, busy, 'Hourly', { start, end }, now) === null)
								accepted.push(`${start}-${end}`)
						}
					}
				}
				expect(accepted.filter((slot) => !offered.has(slot))).toEqual([])
				expect(offered.size).toBe(accepted.length)
			}),
			{ numRuns: 300 },
		)
	})
})
