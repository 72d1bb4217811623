import { describe, expect, test } from 'vitest'
import {
	addDays,
	daysBetween,
	formatBerlinIso,
	instantToLocal,
	isValidLocalDate,
	isoWeekday,
	localToInstant,
	startOfLocalDay,
} from './berlin-time.ts'

const iso = (instant: number | null) => (instant === null ? null : new Date(instant).toISOString())

describe('Europe/Berlin local time', () => {
	test('winter and summer offsets', () => {
		expect(iso(localToInstant('2026-01-15', 9 * 60))).toBe('2026-01-15T08:00:00.000Z')
		expect(iso(localToInstant('2026-07-15', 9 * 60))).toBe('2026-07-15T07:00:00.000Z')
	})

	test('29 March 2026: 02:00–03:00 does not exist, the day has 23 hours', () => {
		expect(localToInstant('2026-03-29', 2 * 60 + 30)).toBeNull()
		expect(iso(localToInstant('2026-03-29', 60 + 59))).toBe('2026-03-29T00:59:00.000Z')
		expect(iso(localToInstant('2026-03-29', 3 * 60))).toBe('2026-03-29T01:00:00.000Z')
		const length = startOfLocalDay('2026-03-30') - startOfLocalDay('2026-03-29')
		expect(length / 3_600_000).toBe(23)
	})

	test('25 October 2026: 02:00–03:00 happens twice (first one chosen), the day has 25 hours', () => {
		expect(iso(localToInstant('2026-10-25', 2 * 60 + 30))).toBe('2026-10-25T00:30:00.000Z')
		expect(iso(localToInstant('2026-10-25', 3 * 60))).toBe('2026-10-25T02:00:00.000Z')
		const length = startOfLocalDay('2026-10-26') - startOfLocalDay('2026-10-25')
		expect(length / 3_600_000).toBe(25)
		// Both occurrences of 02:30 read back as 02:30 local.
		expect(instantToLocal(Date.parse('2026-10-25T00:30:00Z')).minute).toBe(150)
		expect(instantToLocal(Date.parse('2026-10-25T01:30:00Z')).minute).toBe(150)
	})

	test('midnight at the end of a day is the next day’s start', () => {
		expect(localToInstant('2026-03-28', 1440)).toBe(startOfLocalDay('2026-03-29'))
	})

	test('instantToLocal inverts localToInstant', () => {
		const instant = localToInstant('2026-10-25', 17 * 60 + 30)
		expect(instant).not.toBeNull()
		expect(instantToLocal(instant as number)).toEqual({ date: '2026-10-25', minute: 1050, weekday: 7 })
		expect(formatBerlinIso(instant as number)).toBe('2026-10-25T17:30:00+01:00')
	})

	test('calendar helpers', () => {
		expect(addDays('2026-02-28', 1)).toBe('2026-03-01')
		expect(addDays('2026-01-01', -1)).toBe('2025-12-31')
		expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2)
		expect(isoWeekday('2026-03-29')).toBe(7)
		expect(isoWeekday('2026-03-30')).toBe(1)
		expect(isValidLocalDate('2026-02-29')).toBe(false)
		expect(isValidLocalDate('2028-02-29')).toBe(true)
		expect(isValidLocalDate('2026-3-1')).toBe(false)
	})
})
