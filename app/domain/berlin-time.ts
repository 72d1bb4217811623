import { tzOffset } from '@date-fns/tz'

/**
 * Local time of the playrooms (PRODUCT.md: every playroom is in Europe/Berlin).
 * Instants are UTC epoch milliseconds; a local date is "YYYY-MM-DD"; a local
 * time is minutes after local midnight. The offsets come from the time-zone
 * database through @date-fns/tz (docs/decisions/0020-time-zone-library.md) —
 * never from adding hours by hand — so the 23-hour day (last Sunday of March)
 * and the 25-hour day (last Sunday of October) come out right.
 *
 * The helpers handle the four-digit years, 0000-01-01 … 9999-12-31; arithmetic
 * that would leave them throws a RangeError naming the range at once (not a
 * date string no helper can read, which used to fail later and elsewhere).
 * Inputs never get near that edge: every date an input names is held to
 * DATE_MIN … DATE_YEARS_AHEAD years after today (`isLocalDateInBounds`,
 * docs/decisions/0143-bounded-dates.md), checked by the shared fields in
 * app/schemas/fields.ts.
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

/**
 * Milliseconds of UTC midnight of a calendar day (month and day may overflow, as in Date.UTC).
 * Not Date.UTC itself: it reads the years 0–99 as 1900–1999.
 */
function utcMidnight(year: number, month: number, day: number): number {
	const utc = new Date(0)
	utc.setUTCFullYear(year, month - 1, day)
	return utc.getTime()
}

/** A real calendar date (2026-02-30 is not). */
export function isValidLocalDate(value: string): boolean {
	const match = LOCAL_DATE_PATTERN.exec(value)
	if (!match) return false
	const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
	const utc = new Date(utcMidnight(year, month, day))
	return utc.getUTCFullYear() === year && utc.getUTCMonth() === month - 1 && utc.getUTCDate() === day
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
		n = Math.round(utcMidnight(year, month, day) / DAY_MS)
		if (dayNumbers.size >= DAY_CACHE_LIMIT) dayNumbers.clear()
		dayNumbers.set(date, n)
	}
	return n
}

/** The day numbers of 0000-01-01 and 9999-12-31, the dates a LocalDate can write. */
const FIRST_DAY_NUMBER = Math.round(utcMidnight(0, 1, 1) / DAY_MS)
const LAST_DAY_NUMBER = Math.round(utcMidnight(9999, 12, 31) / DAY_MS)

function dateOfDayNumber(n: number): LocalDate {
	let date = datesOfDayNumbers.get(n)
	if (date === undefined) {
		if (!(n >= FIRST_DAY_NUMBER && n <= LAST_DAY_NUMBER)) {
			throw new RangeError(`day ${n} after 1970-01-01 is outside the years 0000–9999`)
		}
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

// --- The dates inputs may name (ADR 0143) ---------------------------------------

/** The first date any input may name: nothing on the platform happened before it. */
export const DATE_MIN: LocalDate = '2000-01-01'
/** How far ahead of today (Europe/Berlin) an input may reach, in years. */
export const DATE_YEARS_AHEAD = 10

/**
 * The dates an input may name at `now`: DATE_MIN to the same day DATE_YEARS_AHEAD
 * years after today (29 February: the 28th), both included.
 */
export function dateBounds(now: number = Date.now()): { min: LocalDate; max: LocalDate } {
	const today = localDateOf(now)
	const year = String(Number(today.slice(0, 4)) + DATE_YEARS_AHEAD).padStart(4, '0')
	const max = `${year}${today.slice(4)}`
	return { min: DATE_MIN, max: isValidLocalDate(max) ? max : `${year}-02-28` }
}

/** A real calendar date "YYYY-MM-DD" within `dateBounds(now)`. */
export function isLocalDateInBounds(date: string, now: number = Date.now()): boolean {
	if (!isValidLocalDate(date)) return false
	const { min, max } = dateBounds(now)
	return date >= min && date <= max
}

/** An instant whose Berlin date is within `dateBounds(now)`. */
export function isInstantInBounds(instant: number, now: number = Date.now()): boolean {
	if (!Number.isFinite(instant)) return false
	const { min, max } = dateBounds(now)
	return instant >= startOfLocalDay(min) && instant < startOfLocalDay(addDays(max, 1))
}

/** A month "YYYY-MM" that holds a date within `dateBounds(now)`. */
export function isMonthInBounds(month: string, now: number = Date.now()): boolean {
	if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return false
	const { min, max } = dateBounds(now)
	return month >= min.slice(0, 7) && month <= max.slice(0, 7)
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

/** Whether [start, end) runs from one local midnight to another: whole Berlin days (a whole-day block). */
export function isWholeLocalDays(start: number, end: number): boolean {
	return (
		end > start && start === startOfLocalDay(localDateOf(start)) && end === startOfLocalDay(localDateOf(end))
	)
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
