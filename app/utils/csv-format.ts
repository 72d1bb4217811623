import { formatMinute, instantToLocal, TIME_ZONE } from '#app/domain/berlin-time.ts'
import { csvNumber, type CsvDialect, type CsvNumber } from './csv.ts'
import type { Locale } from './locale.ts'

/**
 * The conventions of a CSV export in the admin's language (ADR 0174,
 * docs/subsystems/data-table.md): German files are `;`-separated with
 * "1.234,50" and "28.11.2026 14:05", English files `,`-separated with
 * "1,234.50" and "2026-11-28 14:05" — both in Europe/Berlin local time, which
 * the header names once per time column. Amounts and other decimals are
 * `CsvNumber` cells (no formula guard: a spreadsheet sums them); texts are the
 * caller's, translated with the same locale. Written by hand, not with Intl, so
 * the files are the same bytes on every ICU version (the expected files of the
 * tests).
 */
export type CsvFormat = {
	locale: Locale
	dialect: CsvDialect
	/** Integer cents as euros with two decimals: "-1.234,50" / "-1,234.50". */
	money: (cents: number) => CsvNumber
	/** A decimal with a fixed number of digits ("4,50" / "4.50"), grouped like money. */
	decimal: (value: number, digits: number) => CsvNumber
	/** A count, without grouping ("1234" reads the same in both languages). */
	integer: (value: number) => CsvNumber
	/** An instant as Berlin local time: "28.11.2026 14:05" / "2026-11-28 14:05"; null: empty. */
	instant: (instant: number | null) => string
	/** The Berlin date of an instant: "28.11.2026" / "2026-11-28"; null: empty. */
	date: (instant: number | null) => string
}

const GROUP_SEPARATORS: Record<Locale, string> = { de: '.', en: ',' }
const DIALECTS: Record<Locale, CsvDialect> = {
	de: { separator: ';', decimalMark: ',' },
	en: { separator: ',', decimalMark: '.' },
}

/** The header suffix of a time column, e.g. "Zeit (Europe/Berlin)". */
export const CSV_TIME_ZONE_SUFFIX = ` (${TIME_ZONE})`

/** "-1234567" + "89" → "-1.234.567,89" (de) / "-1,234,567.89" (en). */
function grouped(negative: boolean, whole: string, fraction: string, locale: Locale): string {
	const digits = whole.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATORS[locale])
	const mark = DIALECTS[locale].decimalMark
	const zero = /^0*$/.test(whole + fraction)
	return `${negative && !zero ? '-' : ''}${digits}${fraction ? mark + fraction : ''}`
}

function localDate(instant: number, locale: Locale): { date: string; time: string } {
	const local = instantToLocal(instant)
	const [year, month, day] = local.date.split('-')
	const date = locale === 'de' ? `${day}.${month}.${year}` : local.date
	return { date, time: formatMinute(local.minute) }
}

function createFormat(locale: Locale): CsvFormat {
	return {
		locale,
		dialect: DIALECTS[locale],
		money: (cents) => {
			const abs = Math.abs(Math.round(cents))
			const fraction = String(abs % 100).padStart(2, '0')
			return csvNumber(grouped(cents < 0, String(Math.floor(abs / 100)), fraction, locale))
		},
		decimal: (value, digits) => {
			const [whole = '0', fraction = ''] = Math.abs(value).toFixed(digits).split('.')
			return csvNumber(grouped(value < 0, whole, fraction, locale))
		},
		integer: (value) => csvNumber(String(Math.trunc(value))),
		instant: (instant) => {
			if (instant === null) return ''
			const { date, time } = localDate(instant, locale)
			return `${date} ${time}`
		},
		date: (instant) => (instant === null ? '' : localDate(instant, locale).date),
	}
}

const FORMATS: Record<Locale, CsvFormat> = { de: createFormat('de'), en: createFormat('en') }

export function csvFormat(locale: Locale): CsvFormat {
	return FORMATS[locale]
}
