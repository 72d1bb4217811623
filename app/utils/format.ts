import { CULTURES, type Locale } from './locale.ts'

/**
 * Display formatting. Money and numbers with the browser's/Node's Intl
 * (cached: creating an Intl formatter costs far more than using one); money
 * is integer cents (ADR 0008). Instants (order times) are formatted by
 * ./format-instant.ts; dates of both use the fixed names below.
 */
const formatters = new Map<string, Intl.NumberFormat>()

function cached<F extends Intl.NumberFormat>(key: string, create: () => F): F {
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

/**
 * Day and month names, fixed rather than Intl's: Intl's date output differs
 * between ICU versions (commas, spaces) and between en-US and en-GB. One date
 * style per language everywhere — pages, calendar, checkout and e-mails
 * (issue 11): "Fr., 27. November 2026" / "Fri, 27 November 2026" (en-GB order).
 */
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
		shortMonths: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
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
		shortMonths: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
	},
} as const

/**
 * A calendar day (month 0–11): "Fr., 27. November 2026" / "Fri, 27 November 2026";
 * short: "Fr., 27. Nov." / "Fri, 27 Nov".
 */
export function formatCalendarDate(
	year: number,
	month: number,
	day: number,
	locale: Locale,
	style: 'long' | 'short' = 'long',
): string {
	const names = NAMES[locale]
	const weekday = names.weekdays[new Date(Date.UTC(year, month, day)).getUTCDay()] ?? ''
	if (style === 'short') {
		const short = names.shortMonths[month] ?? ''
		return locale === 'de' ? `${weekday}., ${day}. ${short}` : `${weekday}, ${day} ${short}`
	}
	const name = names.months[month] ?? ''
	return locale === 'de' ? `${weekday}., ${day}. ${name} ${year}` : `${weekday}, ${day} ${name} ${year}`
}

/** "2026-12-05" → "Sa., 5. Dezember 2026" / "Sat, 5 December 2026" (a local date, no zone maths). */
export function formatLocalDate(date: string, locale: Locale, style: 'long' | 'short' = 'long'): string {
	const [year = 1970, month = 1, day = 1] = date.split('-').map(Number)
	return formatCalendarDate(year, month - 1, day, locale, style)
}

/** "2026-12" → "Dezember 2026" / "December 2026". */
export function formatMonth(month: string, locale: Locale): string {
	const [year = 1970, index = 1] = month.split('-').map(Number)
	return `${NAMES[locale].months[index - 1] ?? ''} ${year}`
}

/** Short weekday names from Monday (German weeks start on Monday, spec §9 — in both languages). */
export function weekdayNames(locale: Locale): string[] {
	const names = NAMES[locale].weekdays
	return [1, 2, 3, 4, 5, 6, 0].map((i) => `${names[i] ?? ''}${locale === 'de' ? '.' : ''}`)
}

/** Hours for durations: 120 → "2", 150 → "2,5" / "2.5". */
export function formatHours(minutes: number, locale: Locale): string {
	return formatNumber(Math.round((minutes / 60) * 100) / 100, locale)
}
