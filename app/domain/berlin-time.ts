import { tzOffset } from '@date-fns/tz'

/**
 * Local time of the playrooms (PRODUCT.md: every playroom is in Europe/Berlin).
 * Instants are UTC epoch milliseconds; a local date is "YYYY-MM-DD"; a local
 * time is minutes after local midnight. The offsets come from the time-zone
 * database through @date-fns/tz (docs/decisions/0020-time-zone-library.md) —
 * never from adding hours by hand — so the 23-hour day (last Sunday of March)
 * and the 25-hour day (last Sunday of October) come out right.
 */
export const TIME_ZONE = 'Europe/Berlin'

export type LocalDate = string

const MINUTE = 60_000
const HOUR = 60 * MINUTE
export const DAY_MS = 24 * HOUR

const LOCAL_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

// Europe/Berlin changes its offset only on whole UTC hours (01:00 UTC), so the offset is
// constant within a UTC hour and can be cached per hour; search calls this thousands of times.
const offsetCache = new Map<number, number>()
const OFFSET_CACHE_LIMIT = 100_000

/** Offset of Europe/Berlin from UTC at an instant, in minutes (60 in winter, 120 in summer). */
export function berlinOffsetMinutes(instant: number): number {
	const hour = Math.floor(instant / HOUR)
	let offset = offsetCache.get(hour)
	if (offset === undefined) {
		offset = tzOffset(TIME_ZONE, new Date(hour * HOUR))
		if (offsetCache.size >= OFFSET_CACHE_LIMIT) offsetCache.clear()
		offsetCache.set(hour, offset)
	}
	return offset
}

export function parseLocalDate(date: LocalDate): { year: number; month: number; day: number } {
	const match = LOCAL_DATE_PATTERN.exec(date)
	if (!match) throw new RangeError(`not a local date: ${date}`)
	return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
}

/** A real calendar date (2026-02-30 is not). */
export function isValidLocalDate(value: string): boolean {
	const match = LOCAL_DATE_PATTERN.exec(value)
	if (!match) return false
	const utc = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
	return utc.toISOString().slice(0, 10) === value
}

// Calendar arithmetic goes through day numbers (days since 1970-01-01): a page's availability
// turns the same few dozen dates back and forth thousands of times, so both directions are
// remembered (pure functions; the caches are emptied when they grow large).
const DAY_CACHE_LIMIT = 20_000
const dayNumbers = new Map<LocalDate, number>()
const datesOfDayNumbers = new Map<number, LocalDate>()

function dayNumber(date: LocalDate): number {
	let n = dayNumbers.get(date)
	if (n === undefined) {
		const { year, month, day } = parseLocalDate(date)
		n = Math.round(Date.UTC(year, month - 1, day) / DAY_MS)
		if (dayNumbers.size >= DAY_CACHE_LIMIT) dayNumbers.clear()
		dayNumbers.set(date, n)
	}
	return n
}

function dateOfDayNumber(n: number): LocalDate {
	let date = datesOfDayNumbers.get(n)
	if (date === undefined) {
		date = new Date(n * DAY_MS).toISOString().slice(0, 10)
		if (datesOfDayNumbers.size >= DAY_CACHE_LIMIT) datesOfDayNumbers.clear()
		datesOfDayNumbers.set(n, date)
	}
	return date
}

/** ISO weekday of a day number: day 0 (1970-01-01) was a Thursday (4). */
function weekdayOfDayNumber(n: number): number {
	return ((((n + 3) % 7) + 7) % 7) + 1
}

function formatUtcDate(utcMs: number): LocalDate {
	return dateOfDayNumber(Math.floor(utcMs / DAY_MS))
}

/** Calendar arithmetic on local dates (no time zone involved). */
export function addDays(date: LocalDate, days: number): LocalDate {
	return dateOfDayNumber(dayNumber(date) + days)
}

/** Whole days from `from` to `to` (negative if `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
	return dayNumber(to) - dayNumber(from)
}

/** ISO weekday of a local date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: LocalDate): number {
	return weekdayOfDayNumber(dayNumber(date))
}

export function isWeekend(date: LocalDate): boolean {
	return isoWeekday(date) >= 6
}

/**
 * The instant of a local wall-clock time, or null when that time does not exist
 * (the hour skipped when summer time starts). A time that exists twice (the
 * hour repeated when summer time ends) gives its first occurrence.
 * `minute` may be 0…1440; 1440 is midnight at the end of the day.
 */
export function localToInstant(date: LocalDate, minute: number): number | null {
	const wallClockAsUtc = dayNumber(date) * DAY_MS + minute * MINUTE
	// The two offsets around the wall-clock time (equal except near a change): a time in the
	// skipped hour fits neither, one in the repeated hour fits both (the earlier wins).
	const before = berlinOffsetMinutes(wallClockAsUtc - 3 * HOUR)
	const after = berlinOffsetMinutes(wallClockAsUtc + 3 * HOUR)
	let best: number | null = null
	for (const offset of before === after ? [before] : [before, after]) {
		const candidate = wallClockAsUtc - offset * MINUTE
		if (berlinOffsetMinutes(candidate) !== offset) continue
		if (best === null || candidate < best) best = candidate
	}
	return best
}

/** Local midnight at the start of a date (always exists in Europe/Berlin). */
export function startOfLocalDay(date: LocalDate): number {
	const instant = localToInstant(date, 0)
	if (instant === null) throw new RangeError(`no local midnight on ${date}`)
	return instant
}

/** Local date, minute of day and weekday of an instant. */
export function instantToLocal(instant: number): { date: LocalDate; minute: number; weekday: number } {
	const shifted = instant + berlinOffsetMinutes(instant) * MINUTE
	const n = Math.floor(shifted / DAY_MS)
	return {
		date: dateOfDayNumber(n),
		minute: Math.floor((shifted - n * DAY_MS) / MINUTE),
		weekday: weekdayOfDayNumber(n),
	}
}

export function localDateOf(instant: number): LocalDate {
	return formatUtcDate(instant + berlinOffsetMinutes(instant) * MINUTE)
}

/** "HH:MM" of a minute of day. */
export function formatMinute(minute: number): string {
	const hours = Math.floor(minute / 60)
	return `${String(hours).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
}

/** Local "YYYY-MM-DDTHH:MM" (for display and the API's local fields). */
export function formatLocalDateTime(instant: number): string {
	const local = instantToLocal(instant)
	return `${local.date}T${formatMinute(local.minute)}`
}

/** ISO 8601 with the Berlin offset, e.g. 2026-03-29T09:00:00+02:00. */
export function formatBerlinIso(instant: number): string {
	const offset = berlinOffsetMinutes(instant)
	const sign = offset >= 0 ? '+' : '-'
	const abs = Math.abs(offset)
	return `${formatLocalDateTime(instant)}:00${sign}${formatMinute(abs)}`
}
