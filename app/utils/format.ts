import { CULTURES, type Locale } from './locale.ts'

/**
 * Display formatting with the browser's/Node's Intl (no date or number
 * library in the client bundle). Money is integer cents (ADR 0008).
 */
const money = new Map<string, Intl.NumberFormat>()

export function formatMoney(cents: number, locale: Locale): string {
	const key = `${locale}:${cents % 100 === 0 ? 0 : 2}`
	let format = money.get(key)
	if (!format) {
		const digits = cents % 100 === 0 ? 0 : 2
		format = new Intl.NumberFormat(CULTURES[locale], {
			style: 'currency',
			currency: 'EUR',
			minimumFractionDigits: digits,
			maximumFractionDigits: 2,
		})
		money.set(key, format)
	}
	return format.format(cents / 100)
}

/** 4.666 → "4,7" (de) / "4.7" (en). */
export function formatRating(value: number, locale: Locale): string {
	return value.toLocaleString(CULTURES[locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 })
}

/** "2026-12-05" → "Samstag, 5. Dezember 2026" / "Saturday, December 5, 2026" (a local date, no zone maths). */
export function formatLocalDate(date: string, locale: Locale, style: 'long' | 'short' = 'long'): string {
	const [year = 1970, month = 1, day = 1] = date.split('-').map(Number)
	return new Intl.DateTimeFormat(CULTURES[locale], {
		weekday: style === 'long' ? 'long' : 'short',
		day: 'numeric',
		month: style === 'long' ? 'long' : 'short',
		year: style === 'long' ? 'numeric' : undefined,
		timeZone: 'UTC',
	}).format(Date.UTC(year, month - 1, day))
}
