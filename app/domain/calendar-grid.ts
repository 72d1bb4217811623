import { addDays, instantToLocal, isoWeekday, startOfLocalDay, type LocalDate } from './berlin-time.ts'

/**
 * The date arithmetic of every calendar grid (the public playroom page's month
 * calendar and the host calendar, ADR 0080): months "YYYY-MM", weeks starting
 * on Monday (spec §9), and the host calendar's week grid: one wall-clock
 * range of hour rows for every day, entries placed by their Europe/Berlin
 * times (ADR 0152; on the last Sundays of March and October the day is 23 and
 * 25 hours long, its grid the same). Client-safe.
 */
export type Month = string

export function monthOf(date: LocalDate): Month {
	return date.slice(0, 7)
}

export function addMonths(month: Month, delta: number): Month {
	const [year = 0, m = 1] = month.split('-').map(Number)
	const index = year * 12 + (m - 1) + delta
	return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

export function lastDayOfMonth(month: Month): LocalDate {
	return addDays(`${addMonths(month, 1)}-01`, -1)
}

/** The Monday of the week a date is in. */
export function startOfWeek(date: LocalDate): LocalDate {
	return addDays(date, 1 - isoWeekday(date))
}

/** The seven dates (Monday … Sunday) of the week a date is in. */
export function weekDates(date: LocalDate): LocalDate[] {
	const monday = startOfWeek(date)
	return Array.from({ length: 7 }, (_, i) => addDays(monday, i))
}

/** Weeks of a month, Monday first; null pads the first and last week. */
export function monthWeeks(month: Month): (LocalDate | null)[][] {
	const first = `${month}-01`
	const cells: (LocalDate | null)[] = Array.from({ length: isoWeekday(first) - 1 }, () => null)
	for (let date = first; monthOf(date) === month; date = addDays(date, 1)) cells.push(date)
	while (cells.length % 7) cells.push(null)
	return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7))
}

/**
 * The week grid's hours (issue 31.6, ADR 0152): one wall-clock range for all
 * seven days, so every hour row lines up across the days. It spans the shown
 * playrooms' opening hours (whole hours), widened to the timed entries of the
 * week; without opening hours, 08:00–20:00. Minutes of the day, 0 … 1440.
 */
export type GridRange = { from: number; to: number }
export const DEFAULT_GRID_RANGE: GridRange = { from: 8 * 60, to: 20 * 60 }

export function gridRange(
	opening: readonly { openMinute: number; closeMinute: number }[],
	timed: readonly { startMinute: number; endMinute: number }[] = [],
): GridRange {
	const spans = opening.filter((o) => o.closeMinute > o.openMinute)
	let from = spans.length ? Math.min(...spans.map((o) => o.openMinute)) : DEFAULT_GRID_RANGE.from
	let to = spans.length ? Math.max(...spans.map((o) => o.closeMinute)) : DEFAULT_GRID_RANGE.to
	for (const t of timed) {
		from = Math.min(from, t.startMinute)
		to = Math.max(to, t.endMinute)
	}
	return { from: Math.max(0, Math.floor(from / 60) * 60), to: Math.min(1440, Math.ceil(to / 60) * 60) }
}

/** A timed entry on one day of the grid: wall-clock minutes, and its lane among overlapping ones. */
export type DaySegment<E> = {
	event: E
	startMinute: number
	endMinute: number
	lane: number
	lanes: number
}

/**
 * The entries of one local day for the week grid: those covering the whole
 * day go to the all-day row; the others are cut to the day and placed by
 * wall-clock time (on the day the clocks go back an entry in the repeated
 * hour keeps its real length). Overlapping entries share the width in lanes.
 */
export function daySegments<E extends { start: number; end: number }>(
	events: readonly E[],
	date: LocalDate,
): { allDay: E[]; timed: DaySegment<E>[] } {
	const dayStart = startOfLocalDay(date)
	const dayEnd = startOfLocalDay(addDays(date, 1))
	const allDay: E[] = []
	const timed: DaySegment<E>[] = []
	for (const event of events) {
		if (event.end <= dayStart || event.start >= dayEnd) continue
		const start = Math.max(event.start, dayStart)
		const end = Math.min(event.end, dayEnd)
		if (start === dayStart && end === dayEnd) {
			allDay.push(event)
			continue
		}
		const startMinute = start === dayStart ? 0 : instantToLocal(start).minute
		let endMinute = end === dayEnd ? 1440 : instantToLocal(end).minute
		if (endMinute <= startMinute)
			endMinute = Math.min(1440, startMinute + Math.max(1, (end - start) / 60_000))
		timed.push({ event, startMinute, endMinute, lane: 0, lanes: 1 })
	}
	timed.sort((a, b) => a.startMinute - b.startMinute || a.endMinute - b.endMinute)
	let cluster: DaySegment<E>[] = []
	let laneEnds: number[] = []
	let clusterEnd = -1
	const close = () => {
		for (const s of cluster) s.lanes = laneEnds.length
		cluster = []
		laneEnds = []
	}
	for (const segment of timed) {
		if (segment.startMinute >= clusterEnd) close()
		let lane = laneEnds.findIndex((laneEnd) => laneEnd <= segment.startMinute)
		if (lane === -1) lane = laneEnds.push(segment.endMinute) - 1
		else laneEnds[lane] = segment.endMinute
		segment.lane = lane
		cluster.push(segment)
		clusterEnd = Math.max(clusterEnd, segment.endMinute)
	}
	close()
	return { allDay, timed }
}
