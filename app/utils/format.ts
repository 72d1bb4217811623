import { TZDate } from '@date-fns/tz'
import { format } from 'date-fns'
import { de, enGB } from 'date-fns/locale'
import { TIME_ZONE } from '#app/domain/berlin-time.ts'
import type { Locale } from './locale.ts'

/**
 * Dates and money for people: always Europe/Berlin, in the page's or the
 * recipient's language. date-fns with @date-fns/tz and hand-written money
 * formatting give the same text in Node and in every browser, so server
 * rendering and hydration never disagree (Intl output differs between ICU
 * versions, e.g. in its spaces).
 */
const DATE_LOCALES = { de, en: enGB }

function zoned(instant: number | Date) {
	return new TZDate(typeof instant === 'number' ? instant : instant.getTime(), TIME_ZONE)
}

/** "Mi., 3. Juni 2026" / "Wed, 3 June 2026" */
export function formatDate(instant: number | Date, locale: Locale): string {
	return format(zoned(instant), locale === 'de' ? 'EEEEEE., d. MMMM yyyy' : 'EEE, d MMMM yyyy', {
		locale: DATE_LOCALES[locale],
	})
}

/** "14:00" (24 h in both languages, as on German and British timetables) */
export function formatTime(instant: number | Date, _locale?: Locale): string {
	return format(zoned(instant), 'HH:mm')
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

const NBSP = '\u00a0'

function groupThousands(value: number, separator: string): string {
	return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, separator)
}

/** Integer cents → "1.234,50 €" (de) / "€1,234.50" (en). */
export function formatMoney(cents: number, locale: Locale): string {
	const negative = cents < 0
	const abs = Math.abs(Math.round(cents))
	const euros = Math.floor(abs / 100)
	const rest = String(abs % 100).padStart(2, '0')
	const text =
		locale === 'de'
			? `${groupThousands(euros, '.')},${rest}${NBSP}€`
			: `€${groupThousands(euros, ',')}.${rest}`
	return negative ? `−${text}` : text
}

/** Hours for durations: "2", "2,5" / "2.5". */
export function formatHours(minutes: number, locale: Locale): string {
	const hours = Math.round((minutes / 60) * 100) / 100
	return locale === 'de' ? String(hours).replace('.', ',') : String(hours)
}
