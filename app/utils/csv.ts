/**
 * CSV cells and lines by RFC 4180 (docs/subsystems/data-table.md). No CSV
 * library is installed; this is the one escaper of the project. The separator
 * and decimal mark are the dialect's (`,`/`.` English, `;`/`,` German; the
 * conventions per language: ./csv-format.ts).
 *
 * - A cell with a comma, semicolon, quote, CR or LF is quoted; quotes are doubled.
 * - Formula injection (OWASP "CSV injection"): wherever a spreadsheet may start
 *   a cell inside a text value, a piece that starts with `=`, `+`, `-`, `@`,
 *   TAB or CR (also behind quotes) gets an apostrophe in front, so it is shown
 *   as text instead of being run. A spreadsheet may start a cell at the value's
 *   start and after every separator it may split on: `,`, `;` (Excel with a
 *   German locale splits a comma file on `;` and honours quotes only at a
 *   cell's start, so `a,"x;=2+5;y"` would give the cell `=2+5`), TAB and line
 *   breaks. The guard applies to text only: numbers are written as they are (a
 *   negative amount stays a number and sums) — JS numbers, numbers as text
 *   ("-12.50") and `CsvNumber`s in the file's dialect ("-71,00", ADR 0174). A `;` reader joins a line's leading
 *   negative number with the cells after it up to the first `;`, and the text
 *   would go on the number's formula ("-1250,5+cmd|…" where `,` is the decimal
 *   mark), so in such a line the first text after the leading numbers gets an
 *   apostrophe.
 * - Lines end with CRLF; a file starts with a UTF-8 byte-order mark so
 *   spreadsheet programs read umlauts correctly.
 */
/**
 * A number already written in the file's convention (app/utils/csv-format.ts: "-1.234,50" in a
 * German file, "-1,234.50" in an English one): a numeric cell, never guarded, so a spreadsheet reads
 * (and sums) it as a number. Quoted only when it holds the file's separator.
 */
export type CsvNumber = { readonly csvNumber: string }

export type CsvValue = string | number | boolean | CsvNumber | null | undefined

/** The file's separator and decimal mark: `,` and `.` (English), `;` and `,` (German, ADR 0174). */
export type CsvDialect = { separator: ',' | ';'; decimalMark: '.' | ',' }

export const COMMA_DIALECT: CsvDialect = { separator: ',', decimalMark: '.' }

export function csvNumber(text: string): CsvNumber {
	return { csvNumber: text }
}

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

const isCsvNumber = (value: CsvValue): value is CsvNumber => typeof value === 'object' && value !== null

/** The text of a numeric cell (a number, a `CsvNumber`, a number written as text), else null. */
function numberText(value: CsvValue, dialect: CsvDialect): string | null {
	if (typeof value === 'number') {
		if (!Number.isFinite(value)) return null
		return dialect.decimalMark === '.' ? String(value) : String(value).replace('.', dialect.decimalMark)
	}
	if (isCsvNumber(value)) return value.csvNumber
	return typeof value === 'string' && NUMBER_TEXT.test(value) ? value : null
}

/**
 * One cell; `asText`: a text that must not be read as going on a formula gets an apostrophe anyway.
 * The formula guard applies to text only: numbers (also `CsvNumber`s like "-71,00") stay numbers.
 */
export function csvCell(value: CsvValue, options: { asText?: boolean; dialect?: CsvDialect } = {}): string {
	const dialect = options.dialect ?? COMMA_DIALECT
	if (value === null || value === undefined) return ''
	if (typeof value === 'number' || isCsvNumber(value)) {
		const text = numberText(value, dialect) ?? ''
		return text.includes(dialect.separator) ? `"${text}"` : text
	}
	if (typeof value === 'boolean') return value ? 'true' : 'false'
	if (NUMBER_TEXT.test(value)) return value
	let text = value.replace(FORMULA_AFTER_SEPARATOR, "$&'")
	if (FORMULA_AT_START.test(text) || (options.asText && !text.startsWith("'"))) text = `'${text}`
	return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One line in the dialect (default: `,` and `.`), ending with CRLF. */
export function csvLine(values: readonly CsvValue[], dialect: CsvDialect = COMMA_DIALECT): string {
	const leadingNegative = numberText(values[0], dialect)?.startsWith('-') ?? false
	const text = leadingNegative
		? values.findIndex((value) => typeof value === 'string' && value !== '' && !NUMBER_TEXT.test(value))
		: -1
	const cells = values.map((value, index) => csvCell(value, { asText: index === text, dialect }))
	return `${cells.join(dialect.separator)}\r\n`
}
