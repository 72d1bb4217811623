// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { localToInstant } from '#app/domain/berlin-time.ts'
import { daySegments, gridRange, weekDates } from '#app/domain/calendar-grid.ts'
import type { CalendarEvent } from '#app/models/host-office/host-calendar.server.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { CalendarAgenda, CalendarWeek } from './host-calendar-views.tsx'

/**
 * Issue 31.6: the week is a true time grid — the same hour rows on every day
 * (the playrooms' opening hours), entries placed over them by start and drawn
 * as long as they last. Issue 31.7: the agenda lists days and entries, no empty hours.
 */
const HOUR = 3_600_000
const ROOMS = [
	{ id: 'p1', name: 'Spielwiese' },
	{ id: 'p2', name: 'Kinderwelt' },
]
const NINE_TO_SIX = [{ openMinute: 9 * 60, closeMinute: 18 * 60 }]

function order(id: string, date: string, minute: number, hours: number, playroomId = 'p1'): CalendarEvent {
	const start = localToInstant(date, minute)!
	return {
		kind: 'order',
		id,
		playroomId,
		start,
		end: start + hours * HOUR,
		status: 'Confirmed',
		code: `SZ-${id}`,
		guestFirstName: 'Mia',
	}
}

function block(id: string, date: string, minute: number, hours: number, playroomId = 'p2'): CalendarEvent {
	const start = localToInstant(date, minute)!
	return { kind: 'block', id, playroomId, start, end: start + hours * HOUR, source: 'Host', note: null }
}

async function renderWeek(
	date: string,
	events: CalendarEvent[],
	opening: { openMinute: number; closeMinute: number }[] = NINE_TO_SIX,
) {
	await renderWithApp(
		<CalendarWeek
			days={weekDates(date)}
			events={events}
			href={(extra = {}) =>
				`/host/calendar?${new URLSearchParams(extra as Record<string, string>).toString()}`
			}
			playroomNames={{}}
			now={0}
			rooms={ROOMS}
			opening={opening}
		/>,
		{ locale: 'en' },
	)
	return screen.getByTestId('host-calendar-week')
}

/** top and height of an entry as fractions of its day column (style percentages). */
function geometry(element: HTMLElement) {
	const value = (name: 'top' | 'height' | 'left' | 'width') => Number.parseFloat(element.style[name]) / 100
	return { top: value('top'), height: value('height'), left: value('left'), width: value('width') }
}

describe('host calendar week: a time grid', () => {
	test('an entry starts at its time and is as long as it lasts; every day has the same hour rows', async () => {
		// Tuesday 10:00–11:00 (one hour) and Wednesday 14:00–16:00 (two hours), grid 09:00–18:00.
		const week = await renderWeek('2026-06-03', [
			order('A1', '2026-06-02', 600, 1),
			block('B2', '2026-06-03', 840, 2),
		])
		expect(week.dataset.from).toBe(String(9 * 60))
		expect(week.dataset.to).toBe(String(18 * 60))
		const axis = within(screen.getByTestId('hour-axis'))
			.getAllByRole('listitem', { hidden: true })
			.map((row) => row.getAttribute('data-hour'))
		expect(axis).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00'])
		// The rows of each day are the axis' rows — with or without entries.
		const days = within(week).getAllByTestId('day-hours')
		expect(days).toHaveLength(7)
		for (const day of days) {
			expect(
				within(day)
					.getAllByRole('listitem')
					.map((row) => row.getAttribute('data-hour')),
			).toEqual(axis)
		}
		const one = geometry(screen.getByTestId('calendar-order'))
		const two = geometry(screen.getByTestId('calendar-block'))
		const hour = 1 / 9
		expect(one.top).toBeCloseTo(1 * hour) // 10:00 is one row below 09:00
		expect(one.height).toBeCloseTo(hour)
		expect(two.top).toBeCloseTo(5 * hour) // 14:00
		expect(two.height).toBeCloseTo(2 * one.height) // two hours: twice as tall
		// Each entry is in its own day's column.
		expect(screen.getByTestId('calendar-order').closest('section')?.dataset.date).toBe('2026-06-02')
		expect(screen.getByTestId('calendar-block').closest('section')?.dataset.date).toBe('2026-06-03')
		// Colour per playroom, and the free hour before the block is a link that prefills a block.
		expect(screen.getByTestId('calendar-order').className).toContain('border-l-sky-500')
		expect(screen.getByTestId('calendar-block').className).toContain('border-l-amber-500')
		const wednesday = screen.getByRole('region', { name: 'Wed, 3 June 2026' })
		expect(within(wednesday).getByRole('link', { name: 'Block from 13:00 (Wed, 3 Jun)' })).toBeTruthy()
		expect(within(wednesday).queryByRole('link', { name: 'Block from 14:00 (Wed, 3 Jun)' })).toBeNull()
	})

	test('without opening hours 08:00–20:00; an entry outside widens the grid; overlapping entries share the width', async () => {
		expect(gridRange([])).toEqual({ from: 480, to: 1200 })
		const week = await renderWeek(
			'2026-06-03',
			[
				order('A1', '2026-06-04', 21 * 60, 1),
				order('A2', '2026-06-05', 600, 2),
				block('B1', '2026-06-05', 660, 2),
			],
			[],
		)
		expect([week.dataset.from, week.dataset.to]).toEqual(['480', String(22 * 60)])
		const late = geometry(screen.getAllByTestId('calendar-order')[0]!)
		expect(late.top + late.height).toBeCloseTo(1) // 21:00–22:00 is the last row
		const [left, right] = [
			geometry(screen.getAllByTestId('calendar-order')[1]!),
			geometry(screen.getByTestId('calendar-block')),
		]
		expect([left.left, left.width, right.left, right.width]).toEqual([0, 0.5, 0.5, 0.5])
	})

	test('on the DST days the rows stay those of every day; entries sit at their wall-clock time', async () => {
		const allDayLong = [{ openMinute: 0, closeMinute: 1440 }]
		// 25 October 2026: 25 hours, 02:00 twice. An order at 03:00 for two hours.
		await renderWeek('2026-10-25', [order('DST1', '2026-10-25', 180, 2)], allDayLong)
		const sunday = screen.getByRole('region', { name: 'Sun, 25 October 2026' })
		const saturday = screen.getByRole('region', { name: 'Sat, 24 October 2026' })
		expect(within(sunday).getAllByRole('listitem')).toHaveLength(24)
		expect(within(saturday).getAllByRole('listitem')).toHaveLength(24)
		const chip = within(sunday).getByTestId('calendar-order')
		expect(chip.textContent).toContain('03:00–05:00 Mia')
		expect(geometry(chip).top).toBeCloseTo(3 / 24)
		expect(geometry(chip).height).toBeCloseTo(2 / 24)
		// 29 March 2026: 02:00 does not exist — no link to block it; 03:00 has one.
		const spring = daySegments([], '2026-03-29')
		expect(spring.timed).toEqual([])
	})

	test('the hour skipped when summer time starts is not offered as a block', async () => {
		await renderWeek('2026-03-29', [], [{ openMinute: 0, closeMinute: 1440 }])
		const sunday = screen.getByRole('region', { name: 'Sun, 29 March 2026' })
		expect(within(sunday).queryByRole('link', { name: /^Block from 02:00/ })).toBeNull()
		expect(within(sunday).getByRole('link', { name: /^Block from 03:00/ })).toBeTruthy()
	})

	test('a whole-day block goes to the all-day row', async () => {
		const start = localToInstant('2026-06-03', 0)!
		const end = localToInstant('2026-06-04', 0)!
		await renderWeek('2026-06-03', [
			{ kind: 'block', id: 'W', playroomId: 'p1', start, end, source: 'Host', note: null },
		])
		expect(
			within(screen.getByTestId('host-calendar-week')).getAllByTestId('all-day')[2]!.textContent,
		).toContain('all day Blocked')
	})
})

describe('host calendar: the week as an agenda', () => {
	test('lists each day with its entries and says so for a day without any; no hour rows', async () => {
		await renderWithApp(
			<CalendarAgenda
				days={weekDates('2026-06-03')}
				events={[order('A1', '2026-06-02', 600, 1), block('B2', '2026-06-03', 840, 2)]}
				href={() => '/owner/calendar'}
				playroomNames={{ p1: 'Spielwiese', p2: 'Kinderwelt' }}
				now={0}
				rooms={ROOMS}
			/>,
			{ locale: 'en' },
		)
		const agenda = screen.getByTestId('calendar-agenda')
		expect(within(agenda).getAllByRole('region')).toHaveLength(7)
		const tuesday = screen.getByRole('region', { name: 'Tue, 2 June 2026' })
		expect(within(tuesday).getByTestId('calendar-order').textContent).toBe(
			'10:00–11:00 Mia · SZ-A1 (Confirmed)Spielwiese',
		)
		expect(
			within(screen.getByRole('region', { name: 'Mon, 1 June 2026' })).getByText('No bookings or blocks'),
		).toBeTruthy()
		expect(agenda.querySelector('[data-hour]')).toBeNull()
	})
})

describe('host calendar: a booking of the playroom’s previous host', () => {
	test('is drawn as taken time, without code, guest or link (ADR 0144)', async () => {
		const start = localToInstant('2026-06-03', 600)!
		await renderWeek('2026-06-03', [
			{ kind: 'taken', id: 'p1-1', playroomId: 'p1', start, end: start + 2 * HOUR },
		])
		const chip = screen.getByTestId('calendar-taken')
		expect(chip.textContent).toBe('10:00–12:00 Taken (a booking of the previous host)')
		expect(chip.closest('a')).toBeNull()
		expect(chip.getAttribute('title')).toMatch(/stays with the previous host/)
	})
})
