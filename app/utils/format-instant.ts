import { berlinOffsetMinutes } from '#app/domain/berlin-time.ts'
import { formatCalendarDate } from './format.ts'
import type { Locale } from './locale.ts'

/**
 * Instants (order times) for people, in Europe/Berlin: the wall clock from
 * the time-zone offset (berlin-time.ts, cached per hour) and fixed names. The
 * same text in Node and every browser, so server rendering and hydration never
 * disagree (Intl's date output differs between ICU versions, e.g. in commas
 * and spaces), and cheap enough for e-mails rendered inside a booking. A
 * module of its own so that pages without order times do not load the
 * time-zone code (JavaScript budget, docs/subsystems/performance.md).
 */
/** The Berlin wall clock of an instant, read with the UTC getters. */
function wallClock(instant: number | Date) {
	const ms = typeof instant === 'number' ? instant : instant.getTime()
	return new Date(ms + berlinOffsetMinutes(ms) * 60_000)
}

const pad = (value: number) => String(value).padStart(2, '0')

/** "Mi., 3. Juni 2026" / "Wed, 3 June 2026" — the one date style per language (format.ts). */
export function formatDate(instant: number | Date, locale: Locale): string {
	const wall = wallClock(instant)
	return formatCalendarDate(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), locale)
}

/** "14:00" (24 h in both languages, as on German and British timetables) */
export function formatTime(instant: number | Date, _locale?: Locale): string {
	const wall = wallClock(instant)
	return `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`
}

/** "Mi., 3. Juni 2026, 14:00" */
export function formatDateTime(instant: number | Date, locale: Locale): string {
	return `${formatDate(instant, locale)}, ${formatTime(instant)}${locale === 'de' ? ' Uhr' : ''}`
}

/** A stay: "Mi., 3. Juni 2026, 14:00–16:00 Uhr" on one day, else both date-times. */
export function formatStay(start: number | Date, end: number | Date, locale: Locale): string {
	const sameDay = formatDate(start, locale) === formatDate(end, locale)
	if (sameDay) {
		return `${formatDate(start, locale)}, ${formatTime(start)}–${formatTime(end)}${locale === 'de' ? ' Uhr' : ''}`
	}
	return `${formatDateTime(start, locale)} – ${formatDateTime(end, locale)}`
}
