import { berlinOffsetMinutes } from '#app/domain/berlin-time.ts'
import { CULTURES, type Locale } from './locale.ts'

/**
 * Display formatting. Money and numbers with the browser's/Node's Intl
 * (cached: creating an Intl formatter costs far more than using one); money
 * is integer cents (ADR 0008). Instants (order times) in Europe/Berlin from
 * the time-zone offset (berlin-time.ts, cached per hour) and fixed names: the
 * same text in Node and every browser, so server rendering and hydration never
 * disagree (Intl's date output differs between ICU versions, e.g. in commas
 * and spaces), and cheap enough for e-mails rendered inside a booking.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, create: () => F): F {
	let format = formatters.get(key) as F | undefined
	if (!format) {
		format = create()
		formatters.set(key, format)
	}
	return format
}

export function formatMoney(cents: number, locale: Locale): string {
	const digits = cents % 100 === 0 ? 0 : 2
	return cached(
		`money:${locale}:${digits}`,
		() =>
			new Intl.NumberFormat(CULTURES[locale], {
				style: 'currency',
				currency: 'EUR',
				minimumFractionDigits: digits,
				maximumFractionDigits: 2,
			}),
	).format(cents / 100)
}

/**
 * An exact amount with cents, for price breakdowns, orders, refunds and
 * e-mails: "1.234,50 €" / "€1,234.50" (formatMoney drops ",00" for list prices).
 */
export function formatAmount(cents: number, locale: Locale): string {
	return cached(
		`amount:${locale}`,
		() =>
			new Intl.NumberFormat(CULTURES[locale], {
				style: 'currency',
				currency: 'EUR',
				minimumFractionDigits: 2,
				maximumFractionDigits: 2,
			}),
	).format(cents / 100)
}

/** 4.666 → "4,7" (de) / "4.7" (en). */
export function formatRating(value: number, locale: Locale): string {
	return cached(
		`rating:${locale}`,
		() => new Intl.NumberFormat(CULTURES[locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
	).format(value)
}

/** 1.5 → "1,5" (de) / "1.5" (en); whole numbers without decimals. */
export function formatNumber(value: number, locale: Locale): string {
	return cached(
		`number:${locale}`,
		() => new Intl.NumberFormat(CULTURES[locale], { maximumFractionDigits: 1 }),
	).format(value)
}

const utcDay = (date: string) => {
	const [year = 1970, month = 1, day = 1] = date.split('-').map(Number)
	return Date.UTC(year, month - 1, day)
}

/** "2026-12-05" → "Samstag, 5. Dezember 2026" / "Saturday, December 5, 2026" (a local date, no zone maths). */
export function formatLocalDate(date: string, locale: Locale, style: 'long' | 'short' = 'long'): string {
	return cached(
		`date:${locale}:${style}`,
		() =>
			new Intl.DateTimeFormat(CULTURES[locale], {
				weekday: style,
				day: 'numeric',
				month: style,
				year: style === 'long' ? 'numeric' : undefined,
				timeZone: 'UTC',
			}),
	).format(utcDay(date))
}

/** "2026-12" → "Dezember 2026" / "December 2026". */
export function formatMonth(month: string, locale: Locale): string {
	return cached(
		`month:${locale}`,
		() => new Intl.DateTimeFormat(CULTURES[locale], { month: 'long', year: 'numeric', timeZone: 'UTC' }),
	).format(utcDay(`${month}-01`))
}

/** Short weekday names from Monday (German weeks start on Monday, spec §9 — in both languages). */
export function weekdayNames(locale: Locale): string[] {
	const format = cached(
		`weekday:${locale}`,
		() => new Intl.DateTimeFormat(CULTURES[locale], { weekday: 'short', timeZone: 'UTC' }),
	)
	// 1 January 2024 was a Monday.
	return Array.from({ length: 7 }, (_, i) => format.format(Date.UTC(2024, 0, 1 + i)))
}

const NAMES = {
	de: {
		weekdays: ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'],
		months: [
			'Januar',
			'Februar',
			'März',
			'April',
			'Mai',
			'Juni',
			'Juli',
			'August',
			'September',
			'Oktober',
			'November',
			'Dezember',
		],
	},
	en: {
		weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
		months: [
			'January',
			'February',
			'March',
			'April',
			'May',
			'June',
			'July',
			'August',
			'September',
			'October',
			'November',
			'December',
		],
	},
} as const

/** The Berlin wall clock of an instant, read with the UTC getters. */
function wallClock(instant: number | Date) {
	const ms = typeof instant === 'number' ? instant : instant.getTime()
	return new Date(ms + berlinOffsetMinutes(ms) * 60_000)
}

const pad = (value: number) => String(value).padStart(2, '0')

/** "Mi., 3. Juni 2026" / "Wed, 3 June 2026" */
export function formatDate(instant: number | Date, locale: Locale): string {
	const wall = wallClock(instant)
	const names = NAMES[locale]
	const weekday = names.weekdays[wall.getUTCDay()] ?? ''
	const month = names.months[wall.getUTCMonth()] ?? ''
	return locale === 'de'
		? `${weekday}., ${wall.getUTCDate()}. ${month} ${wall.getUTCFullYear()}`
		: `${weekday}, ${wall.getUTCDate()} ${month} ${wall.getUTCFullYear()}`
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

/** Hours for durations: 120 → "2", 150 → "2,5" / "2.5". */
export function formatHours(minutes: number, locale: Locale): string {
	return formatNumber(Math.round((minutes / 60) * 100) / 100, locale)
}
