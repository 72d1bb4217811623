import { describe, expect, test } from 'vitest'
import {
	addDays,
	dateBounds,
	daysBetween,
	formatBerlinIso,
	instantToLocal,
	isInstantInBounds,
	isLocalDateInBounds,
	isMonthInBounds,
	isValidLocalDate,
	isoWeekday,
	localDateOf,
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

describe('the four-digit years the helpers handle', () => {
	test('the years 0–99 are themselves (Date.UTC would read them as 1900–1999)', () => {
		expect(isValidLocalDate('0000-01-01')).toBe(true)
		expect(isValidLocalDate('0000-02-29')).toBe(true)
		expect(isValidLocalDate('0100-02-29')).toBe(false)
		expect(addDays('0099-12-31', 1)).toBe('0100-01-01')
		expect(daysBetween('0050-01-01', '0051-01-01')).toBe(365)
		expect(daysBetween('0001-01-01', '2001-01-01')).toBe(730_485)
	})

	test('arithmetic that leaves 0000–9999 fails at once, with the range named', () => {
		expect(addDays('9999-12-30', 1)).toBe('9999-12-31')
		expect(() => addDays('9999-12-31', 1)).toThrow(/outside the years 0000–9999/)
		expect(() => addDays('0000-01-01', -1)).toThrow(/outside the years 0000–9999/)
		expect(() => localDateOf(Number.NaN)).toThrow(RangeError)
		expect(() => instantToLocal(8.64e15 + 1)).toThrow(RangeError)
	})
})

describe('the dates inputs may name (ADR 0143)', () => {
	const at = (iso: string) => Date.parse(iso)

	test('2000-01-01 to the same day ten years after today, Berlin', () => {
		expect(dateBounds(at('2026-11-27T12:00:00Z'))).toEqual({ min: '2000-01-01', max: '2036-11-27' })
		// 23:30 UTC on New Year's Eve is already 1 January in Berlin.
		expect(dateBounds(at('2026-12-31T23:30:00Z')).max).toBe('2037-01-01')
		// 29 February ten years on does not exist: the 28th.
		expect(dateBounds(at('2028-02-29T12:00:00Z')).max).toBe('2038-02-28')
	})

	test('local dates, instants and months at the edges', () => {
		const now = at('2026-11-27T12:00:00Z')
		for (const [date, inside] of [
			['2000-01-01', true],
			['1999-12-31', false],
			['2036-11-27', true],
			['2036-11-28', false],
			['9999-12-31', false],
			['1970-01-01', false],
			['2026-02-30', false],
			['x', false],
		] as const) {
			expect(isLocalDateInBounds(date, now), date).toBe(inside)
		}
		const first = startOfLocalDay('2000-01-01')
		const end = startOfLocalDay('2036-11-28')
		expect(isInstantInBounds(first, now)).toBe(true)
		expect(isInstantInBounds(first - 1, now)).toBe(false)
		expect(isInstantInBounds(end - 1, now)).toBe(true)
		expect(isInstantInBounds(end, now)).toBe(false)
		expect(isInstantInBounds(Number.NaN, now)).toBe(false)
		expect(isInstantInBounds(8.64e15, now)).toBe(false)
		expect(isMonthInBounds('2000-01', now)).toBe(true)
		expect(isMonthInBounds('1999-12', now)).toBe(false)
		expect(isMonthInBounds('2036-11', now)).toBe(true)
		expect(isMonthInBounds('2036-12', now)).toBe(false)
		expect(isMonthInBounds('2026-13', now)).toBe(false)
	})
})
