import {
	DATE_MIN,
	DATE_YEARS_AHEAD,
	isInstantInBounds,
	isLocalDateInBounds,
	isMonthInBounds,
	isValidLocalDate,
	localDateOf,
} from '#app/domain/berlin-time.ts'
import { validationMessage, z } from '#app/utils/validation.ts'

/**
 * The shared field building blocks of every schema in app/schemas
 * (docs/decisions/0053-strict-input-types.md). Client-safe.
 *
 * - Text: normalised to NFC, trimmed, and refused (validation.invalidCharacters)
 *   when it holds a control character (newline and tab only in multi-line
 *   text; CR/CRLF become LF), an unpaired surrogate or a bidi
 *   embedding/override/isolate control (U+202A–U+202E, U+2066–U+2069).
 * - Numbers: `intField` takes JSON numbers only (no "0x10", no `true`, no 1.5);
 *   forms reach it through `parseFormSubmission`, which turns decimal digits
 *   (and nothing else) into numbers. URL query values use `intParam` /
 *   `decimalParam`: a string of decimal digits.
 * - Dates (ADR 0143): `localDateField`, `instantField`, `localDateOrInstantField`,
 *   `dateOrInstantField`, `monthField` — a real calendar date in its grammar
 *   (validation.date), then within 2000-01-01 … ten years after today, Europe/Berlin
 *   (validation.dateRange). Pages whose parameters are lenient drop a date that
 *   fails (safeParse / `.catch(undefined)`); APIs answer 400, forms the field error.
 */
const FORBIDDEN_ANYWHERE = /[\p{Cs}\u202A-\u202E\u2066-\u2069]/u
const FORBIDDEN_SINGLE_LINE = /[\p{Cc}\u2028\u2029]/u
const FORBIDDEN_MULTI_LINE = /(?![\n\t])\p{Cc}/u

export function hasForbiddenCharacters(value: string, multiline = false): boolean {
	return (
		FORBIDDEN_ANYWHERE.test(value) || (multiline ? FORBIDDEN_MULTI_LINE : FORBIDDEN_SINGLE_LINE).test(value)
	)
}

const invalidCharacters = { i18nKey: validationMessage('validation.invalidCharacters') }

/** The character check as one shared check instance (tests find it on every free-text field). */
export const singleLineCheck = z.refine<string>((value) => !hasForbiddenCharacters(value), {
	params: invalidCharacters,
	abort: true,
})
export const multiLineCheck = z.refine<string>((value) => !hasForbiddenCharacters(value, true), {
	params: invalidCharacters,
	abort: true,
})

/** A string that is safe to store and show: NFC, trimmed, no forbidden characters. Chain min/max/regex. */
export function safeString(options: { multiline?: boolean } = {}) {
	if (options.multiline) {
		return z
			.string()
			.normalize('NFC')
			.overwrite((value) => value.replace(/\r\n?/g, '\n'))
			.check(multiLineCheck)
			.trim()
	}
	return z.string().normalize('NFC').check(singleLineCheck).trim()
}

/** Required text of 1…max characters. */
export const requiredText = (max: number, options: { min?: number; multiline?: boolean } = {}) =>
	safeString(options)
		.min(options.min ?? 1)
		.max(max)

/** Optional text up to max characters; empty becomes undefined. */
export const optionalText = (max: number, options: { multiline?: boolean } = {}) =>
	safeString(options)
		.max(max)
		.optional()
		.transform((value) => value || undefined)

/** An entity id (16 url-safe characters, db/schema/columns.ts) in a form, query or JSON body. */
export const entityIdField = z.string().regex(/^[A-Za-z0-9_-]{16}$/)

/** An integer: a JSON number (forms: decimal digits, converted by parseFormSubmission). */
export const intField = (min: number, max: number) => z.number().int().min(min).max(max)

const numeric = { error: () => validationMessage('validation.numeric') }

/** Digits from a URL (or a number from server code) → number; anything else is `validation.numeric`. */
const digitsOrNumber = (pattern: RegExp) =>
	z.union([z.number(), z.string().trim().regex(pattern).transform(Number)], numeric)

/** An integer in a URL query or another string source: decimal digits only. */
export const intParam = (min: number, max: number) =>
	digitsOrNumber(/^[0-9]{1,15}$/).pipe(z.number().int().min(min).max(max))

/** A decimal number in a URL query ("-12.5"): digits with an optional sign and fraction. */
export const decimalParam = (min: number, max: number) =>
	digitsOrNumber(/^-?[0-9]{1,12}(\.[0-9]{1,12})?$/).pipe(z.number().min(min).max(max))

/** Form text → number for Conform: decimal digits (optional sign and fraction) only, else NaN-free failure. */
export function decimalTextToNumber(text: string): number {
	const trimmed = text.trim()
	if (!/^-?[0-9]{1,15}(\.[0-9]{1,12})?$/.test(trimmed)) throw new Error('not a decimal number')
	return Number(trimmed)
}

/**
 * Euros as a person types them, German or English ("35", "35,5", "35.50",
 * "1.234,56", "1,234.56", "12 €") → integer cents, or null. Thousands
 * separators count only together with a decimal part in the other style:
 * "12,345" or "1.234" alone mean different amounts in German and English, so
 * they are refused rather than guessed (money, ADR 0094).
 */
export function euroTextToCents(text: string): number | null {
	const compact = text.replace(/[\s€]/g, '')
	const match =
		/^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(compact) ??
		/^(\d{1,3}(?:\.\d{3})+),(\d{1,2})$/.exec(compact) ??
		/^(\d{1,3}(?:,\d{3})+)\.(\d{1,2})$/.exec(compact)
	if (!match?.[1]) return null
	return Number(match[1].replace(/[.,]/g, '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** A euro amount typed into a form (see euroTextToCents) → integer cents between min and max. */
export const euroTextField = (minCents: number, maxCents: number) =>
	safeString()
		.max(20)
		.transform((value) => euroTextToCents(value) ?? -1)
		.refine((cents) => cents >= minCents && cents <= maxCents, {
			params: { i18nKey: validationMessage('validation.euroAmount') },
		})

// --- Dates (ADR 0143) -------------------------------------------------------------

/** The message of a date outside the bounds ("between 1 January 2000 and 10 years from today"). */
export const dateRangeMessage = validationMessage('validation.dateRange', {
	minYear: Number(DATE_MIN.slice(0, 4)),
	years: DATE_YEARS_AHEAD,
})
const notADate = { error: () => validationMessage('validation.date'), abort: true }
const outOfRange = { params: { i18nKey: dateRangeMessage }, abort: true }

// The grammars: "YYYY-MM-DD", and "YYYY-MM-DDTHH:MM[:SS[.fraction]]" with an optional offset.
const DATE = /^\d{4}-\d{2}-\d{2}$/
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/
const DATE_OR_DATE_TIME =
	/^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?$/
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

/** A date-time text: a real date, a time of day, and with `offset` "required" a "Z" or "±HH:MM". */
export function isDateTimeText(value: string, offset: 'required' | 'optional' = 'required'): boolean {
	const match = DATE_TIME.exec(value)
	if (!match?.[1] || !isValidLocalDate(match[1])) return false
	if (!match[2]) return offset === 'optional' && Number.isFinite(Date.parse(`${value}Z`))
	return Number.isFinite(Date.parse(value))
}

/** "YYYY-MM-DD" or a date-time (isDateTimeText, offset optional). */
const isDateOrDateTimeText = (value: string) => isValidLocalDate(value) || isDateTimeText(value, 'optional')

/**
 * The Berlin date a date or date-time text names: a plain date is itself, a
 * date-time with an offset is an instant, one without is Berlin wall-clock time.
 */
export function localDateOfText(value: string): string {
	return DATE_TIME.exec(value)?.[2] ? localDateOf(Date.parse(value)) : value.slice(0, 10)
}

/**
 * The bound as shared check instances: every date field carries one
 * (schemas-coverage.test.ts walks every schema for them).
 */
export const localDateInBounds = z.refine<string>((value) => isLocalDateInBounds(value), outOfRange)
export const instantInBounds = z.refine<number>((value) => isInstantInBounds(value), outOfRange)
export const dateOrInstantInBounds = z.refine<string>((value) => {
	if (!DATE_TIME.exec(value)?.[2]) return isLocalDateInBounds(value.slice(0, 10))
	return isInstantInBounds(Date.parse(value))
}, outOfRange)
export const monthInBounds = z.refine<string>((value) => isMonthInBounds(value), outOfRange)
export const DATE_BOUND_CHECKS: readonly unknown[] = [
	localDateInBounds,
	instantInBounds,
	dateOrInstantInBounds,
	monthInBounds,
]

/** A local date "YYYY-MM-DD" (Europe/Berlin) within the bounds. */
export const localDateField = z
	.string()
	.trim()
	.regex(DATE, notADate)
	.refine(isValidLocalDate, notADate)
	.check(localDateInBounds)

/** An instant as ISO 8601 with an offset ("2026-07-01T09:00:00Z", "…+02:00") → epoch ms, within the bounds. */
export const instantField = z
	.string()
	.trim()
	.regex(DATE_TIME, notADate)
	.refine((value) => isDateTimeText(value), notADate)
	.transform((value) => Date.parse(value))
	.check(instantInBounds)

/** A local date, or a date-time read as its Berlin date (see localDateOfText) → "YYYY-MM-DD", within the bounds. */
export const localDateOrInstantField = z
	.string()
	.trim()
	.regex(DATE_OR_DATE_TIME, notADate)
	.refine(isDateOrDateTimeText, notADate)
	.check(dateOrInstantInBounds)
	.transform(localDateOfText)

/** A local date or a date-time (offset: an instant; none: Berlin local), kept as text, within the bounds. */
export const dateOrInstantField = z
	.string()
	.trim()
	.regex(DATE_OR_DATE_TIME, notADate)
	.refine(isDateOrDateTimeText, notADate)
	.check(dateOrInstantInBounds)

/** A month "YYYY-MM" that holds a date within the bounds. */
export const monthField = z.string().trim().regex(MONTH, notADate).check(monthInBounds)
