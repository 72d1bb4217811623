import { CULTURES, type Locale } from './locale.ts'

/**
 * Display formatting. Money and numbers with the browser's/Node's Intl
 * (cached: creating an Intl formatter costs far more than using one); money
 * is integer cents (ADR 0008). Instants (order times) are formatted by
 * ./format-instant.ts.
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

/** Hours for durations: 120 → "2", 150 → "2,5" / "2.5". */
export function formatHours(minutes: number, locale: Locale): string {
	return formatNumber(Math.round((minutes / 60) * 100) / 100, locale)
}
