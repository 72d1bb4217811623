/**
 * CSV cells and lines by RFC 4180 (docs/subsystems/data-table.md). No CSV
 * library is installed; this is the one escaper of the project.
 *
 * - A cell with a comma, semicolon, quote, CR or LF is quoted; quotes are doubled.
 * - Formula injection (OWASP "CSV injection"): a text cell that starts with
 *   `=`, `+`, `-`, `@`, TAB or CR is prefixed with an apostrophe, so a
 *   spreadsheet shows it as text instead of running it. Numbers are written as
 *   they are (a negative amount stays a number).
 * - Lines end with CRLF; a file starts with a UTF-8 byte-order mark so
 *   spreadsheet programs read umlauts correctly.
 */
export type CsvValue = string | number | boolean | null | undefined

export const CSV_BOM = '\uFEFF'
const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",;\r\n]/

export function csvCell(value: CsvValue): string {
	if (value === null || value === undefined) return ''
	if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
	if (typeof value === 'boolean') return value ? 'true' : 'false'
	const text = FORMULA_START.test(value) ? `'${value}` : value
	return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvLine(values: readonly CsvValue[]): string {
	return `${values.map(csvCell).join(',')}\r\n`
}
