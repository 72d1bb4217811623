import {
	addDays,
	formatMinute,
	instantToLocal,
	isoWeekday,
	startOfLocalDay,
	type LocalDate,
} from './berlin-time.ts'

/**
 * The date arithmetic of every calendar grid (the public playroom page's month
 * calendar and the host calendar, ADR 0080): months "YYYY-MM", weeks starting
 * on Monday (spec §9), and the real hours of a Europe/Berlin day — 23 on the
 * last Sunday of March, 25 on the last Sunday of October. Client-safe.
 */
export type Month = string

const HOUR = 3_600_000

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

export type DayHour = {
	/** UTC instant the hour starts and ends. */
	start: number
	end: number
	/** Local wall-clock label "HH:MM". */
	label: string
	/** The second 02:00 of the last Sunday of October. */
	repeated: boolean
}

/**
 * The hours of a local day as they really happen: a whole-hour row from local
 * midnight to the next local midnight, labelled with the wall clock. The day
 * summer time starts has no 02:00; the day it ends has 02:00 twice.
 */
export function dayHours(date: LocalDate): DayHour[] {
	const start = startOfLocalDay(date)
	const end = startOfLocalDay(addDays(date, 1))
	const hours: DayHour[] = []
	const seen = new Set<string>()
	for (let instant = start; instant < end; instant += HOUR) {
		const label = formatMinute(instantToLocal(instant).minute)
		hours.push({ start: instant, end: Math.min(instant + HOUR, end), label, repeated: seen.has(label) })
		seen.add(label)
	}
	return hours
}
