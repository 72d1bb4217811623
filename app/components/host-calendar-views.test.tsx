// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { localToInstant } from '#app/domain/berlin-time.ts'
import { dayHours, weekDates } from '#app/domain/calendar-grid.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { CalendarWeek } from './host-calendar-views.tsx'

/** The host calendar's grid on the DST days of 2026 (29 March: 23 hours; 25 October: 25 hours). */
describe('host calendar: DST days', () => {
	test('the day summer time starts has 23 hours without 02:00; the day it ends has 25 with 02:00 twice', () => {
		const spring = dayHours('2026-03-29')
		expect(spring.map((h) => h.label)).toEqual([
			'00:00',
			'01:00',
			...Array.from({ length: 21 }, (_, i) => `${String(i + 3).padStart(2, '0')}:00`),
		])
		const autumn = dayHours('2026-10-25')
		expect(autumn).toHaveLength(25)
		expect(autumn.filter((h) => h.label === '02:00').map((h) => h.repeated)).toEqual([false, true])
		expect(autumn[3]!.start - autumn[2]!.start).toBe(3_600_000)
		expect(dayHours('2026-06-03')).toHaveLength(24)
	})

	test('the week grid of 25 October renders 25 rows that day, and an order at 03:00 sits in the 03:00 row', async () => {
		const start = localToInstant('2026-10-25', 180)!
		const hostEvents = [
			{
				kind: 'order' as const,
				id: 'o1',
				playroomId: 'p1',
				start,
				end: start + 2 * 3_600_000,
				status: 'Confirmed' as const,
				code: 'SZ-DST1',
				guestFirstName: 'Mia',
			},
		]
		const days = [
			'2026-10-19',
			'2026-10-20',
			'2026-10-21',
			'2026-10-22',
			'2026-10-23',
			'2026-10-24',
			'2026-10-25',
		].map((date) => ({ date, hours: dayHours(date) }))
		await renderWithApp(
			<CalendarWeek
				days={days}
				events={hostEvents}
				href={() => '/host/calendar'}
				playroomNames={{}}
				now={0}
			/>,
			{ locale: 'en' },
		)
		const sunday = screen.getByRole('region', { name: 'Sun, 25 October 2026' })
		const rows = within(sunday).getAllByRole('listitem')
		expect(rows).toHaveLength(25)
		expect(rows.map((r) => r.getAttribute('data-hour')).slice(1, 5)).toEqual([
			'01:00',
			'02:00',
			'02:00',
			'03:00',
		])
		expect(within(rows[4]!).getByText(/SZ-DST1/).textContent).toContain('03:00–05:00 Mia')
		expect(within(rows[3]!).getByText('02:00 (second time)')).toBeTruthy()
		const saturday = screen.getByRole('region', { name: 'Sat, 24 October 2026' })
		expect(within(saturday).getAllByRole('listitem')).toHaveLength(24)
	})
})

describe('host calendar: a booking of the playroom’s previous host', () => {
	test('is drawn as taken time, without code, guest or link (ADR 0144)', async () => {
		const start = localToInstant('2026-06-03', 600)!
		const days = weekDates('2026-06-03').map((date) => ({ date, hours: dayHours(date) }))
		await renderWithApp(
			<CalendarWeek
				days={days}
				events={[{ kind: 'taken', id: 'p1-1', playroomId: 'p1', start, end: start + 2 * 3_600_000 }]}
				href={() => '/host/calendar'}
				playroomNames={{ p1: 'Spielwiese' }}
				now={0}
			/>,
			{ locale: 'en' },
		)
		const chip = screen.getByTestId('calendar-taken')
		expect(chip.textContent).toBe('10:00–12:00 Taken (a booking of the previous host)Spielwiese')
		expect(chip.closest('a')).toBeNull()
		expect(chip.getAttribute('title')).toMatch(/stays with the previous host/)
	})
})
