/**
 * CSV cells and lines by RFC 4180 (docs/subsystems/data-table.md). No CSV
 * library is installed; this is the one escaper of the project.
 *
 * - A cell with a comma, semicolon, quote, CR or LF is quoted; quotes are doubled.
 * - Formula injection (OWASP "CSV injection"): wherever a spreadsheet may start
 *   a cell inside a text value, a piece that starts with `=`, `+`, `-`, `@`,
 *   TAB or CR (also behind quotes) gets an apostrophe in front, so it is shown
 *   as text instead of being run. A spreadsheet may start a cell at the value's
 *   start and after every separator it may split on: `,`, `;` (Excel with a
 *   German locale splits a comma file on `;` and honours quotes only at a
 *   cell's start, so `a,"x;=2+5;y"` would give the cell `=2+5`), TAB and line
 *   breaks. Numbers are written as they are (a negative amount stays a number),
 *   also when they come as text ("-12.50"). A `;` reader joins a line's leading
 *   negative number with the cells after it up to the first `;`, and the text
 *   would go on the number's formula ("-1250,5+cmd|…" where `,` is the decimal
 *   mark), so in such a line the first text after the leading numbers gets an
 *   apostrophe.
 * - Lines end with CRLF; a file starts with a UTF-8 byte-order mark so
 *   spreadsheet programs read umlauts correctly.
 */
export type CsvValue = string | number | boolean | null | undefined

export const CSV_BOM = '\uFEFF'
/** A value that starts (behind any quotes) with a formula character. */
const FORMULA_AT_START = /^"*[=+\-@\t\r]/
/**
 * A separator followed (behind any quotes) by a formula character, or by the value's end: there
 * the writer's closing quote follows, which a `;` reader takes for a quote that opens a cell and
 * swallows the line break and what comes after it.
 */
const FORMULA_AFTER_SEPARATOR = /[,;\t\r\n](?="*(?:[=+\-@\t\r]|$))/g
const NEEDS_QUOTES = /[",;\r\n]/
/** A number written as text (an amount from `toFixed`): stays a number, no apostrophe. */
const NUMBER_TEXT = /^-?\d+(\.\d+)?$/

const isNumber = (value: CsvValue) =>
	typeof value === 'number' ? Number.isFinite(value) : typeof value === 'string' && NUMBER_TEXT.test(value)

/** One cell; `asText`: a text that must not be read as going on a formula gets an apostrophe anyway. */
export function csvCell(value: CsvValue, options: { asText?: boolean } = {}): string {
	if (value === null || value === undefined) return ''
	if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
	if (typeof value === 'boolean') return value ? 'true' : 'false'
	if (NUMBER_TEXT.test(value)) return value
	let text = value.replace(FORMULA_AFTER_SEPARATOR, "$&'")
	if (FORMULA_AT_START.test(text) || (options.asText && !text.startsWith("'"))) text = `'${text}`
	return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvLine(values: readonly CsvValue[]): string {
	const first = values[0]
	const leadingNegative = isNumber(first) && String(first).startsWith('-')
	const text = leadingNegative
		? values.findIndex((value) => typeof value === 'string' && value !== '' && !isNumber(value))
		: -1
	return `${values.map((value, index) => csvCell(value, { asText: index === text })).join(',')}\r\n`
}
