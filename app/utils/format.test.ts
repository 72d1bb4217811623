import { describe, expect, test } from 'vitest'
import { formatAmount, formatHours, formatLocalDate, formatMoney, formatMonth, weekdayNames } from './format.ts'
import { formatDate, formatDateTime, formatStay, formatTime } from './format-instant.ts'

describe('format', () => {
	test('instants are shown in Berlin time, also across both DST switches', () => {
		// 29 March 2026: 02:00 → 03:00; 01:00 UTC is 03:00 CEST.
		expect(formatStay(Date.parse('2026-03-29T00:00:00Z'), Date.parse('2026-03-29T02:00:00Z'), 'de')).toBe(
			'So., 29. März 2026, 01:00–04:00 Uhr',
		)
		// 25 October 2026: 03:00 → 02:00; 00:30 and 01:30 UTC are both 02:30 local.
		expect(formatTime(Date.parse('2026-10-25T00:30:00Z'))).toBe('02:30')
		expect(formatTime(Date.parse('2026-10-25T01:30:00Z'))).toBe('02:30')
		expect(formatDate(Date.parse('2026-12-31T23:30:00Z'), 'en')).toBe('Fri, 1 January 2027')
		expect(formatDateTime(Date.parse('2026-06-03T12:00:00Z'), 'de')).toBe('Mi., 3. Juni 2026, 14:00 Uhr')
		expect(formatStay(Date.parse('2026-06-03T16:00:00Z'), Date.parse('2026-06-04T09:00:00Z'), 'en')).toBe(
			'Wed, 3 June 2026, 18:00 – Thu, 4 June 2026, 11:00',
		)
	})

	test('amounts always show cents; list prices drop ",00"; hours in the page language', () => {
		expect(formatAmount(15_000, 'de')).toMatch(/^150,00\s€$/)
		expect(formatAmount(123_456, 'en')).toBe('€1,234.56')
		expect(formatMoney(3_500, 'en')).toBe('€35')
		expect(formatHours(150, 'de')).toBe('2,5')
		expect(formatHours(120, 'en')).toBe('2')
	})

	test('one date style per language: calendar days and order instants read the same (issue 11)', () => {
		// The calendar said "Sunday, November 1, 2026" (en-US) while the checkout said "Fri, 27 November 2026".
		expect(formatLocalDate('2026-11-01', 'en')).toBe('Sun, 1 November 2026')
		expect(formatLocalDate('2026-11-01', 'en')).toBe(formatDate(Date.parse('2026-11-01T10:00:00Z'), 'en'))
		expect(formatLocalDate('2026-11-27', 'de')).toBe('Fr., 27. November 2026')
		expect(formatLocalDate('2026-11-27', 'de')).toBe(formatDate(Date.parse('2026-11-27T10:00:00Z'), 'de'))
		expect(formatLocalDate('2026-11-27', 'en', 'short')).toBe('Fri, 27 Nov')
		expect(formatLocalDate('2026-03-02', 'de', 'short')).toBe('Mo., 2. März')
		expect(formatMonth('2026-12', 'en')).toBe('December 2026')
		expect(weekdayNames('de')[0]).toBe('Mo.')
		expect(weekdayNames('en')).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
	})
})
