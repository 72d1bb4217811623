/**
 * Reads a CSV file the way a spreadsheet program does, for the formula-injection
 * tests (app/utils/csv.ts): with a separator of its own choosing (Excel with a
 * German locale splits on `;`, whatever the file used), quotes honoured only at
 * the start of a cell (a quote inside a cell is a character; after a closing
 * quote the cell goes on unquoted), and CRLF, LF or CR ending a row.
 */
export type SpreadsheetSeparator = ',' | ';' | '\t'

export const SPREADSHEET_SEPARATORS: readonly SpreadsheetSeparator[] = [',', ';', '\t']

export function spreadsheetRows(file: string, separator: SpreadsheetSeparator): string[][] {
	const text = file.startsWith('\uFEFF') ? file.slice(1) : file
	const rows: string[][] = []
	let row: string[] = []
	let cell = ''
	let atCellStart = true
	let quoted = false
	for (let i = 0; i < text.length; i++) {
		const char = text[i]
		if (quoted) {
			if (char !== '"') cell += char
			else if (text[i + 1] === '"') {
				cell += '"'
				i++
			} else quoted = false
			continue
		}
		if (atCellStart && char === '"') {
			quoted = true
			atCellStart = false
		} else if (char === separator) {
			row.push(cell)
			cell = ''
			atCellStart = true
		} else if (char === '\r' || char === '\n') {
			if (char === '\r' && text[i + 1] === '\n') i++
			row.push(cell)
			rows.push(row)
			row = []
			cell = ''
			atCellStart = true
		} else {
			cell += char
			atCellStart = false
		}
	}
	if (!atCellStart || cell || row.length) {
		row.push(cell)
		rows.push(row)
	}
	return rows
}

/**
 * A cell a spreadsheet would take for a formula: one that starts with = + - @ TAB or CR — except a
 * number (-12.5, -1,234.50, -1.234,50), and a reader's cell that is a row's leading numbers joined by
 * the file's separators and what follows them, when what follows is text marked as such by an
 * apostrophe ("-12.5,'5 Zimmer", "-3,,'Köln", "-71,00;'x" read with TAB).
 */
export function isFormulaCell(cell: string): boolean {
	if (!/^[=+\-@\t\r]/.test(cell)) return false
	const numbers = /^-?\d+([.,]\d+)*([,;\t]+"?-?\d+([.,]\d+)*"?)*/.exec(cell)?.[0]
	if (!numbers) return true
	return !/^[,;\t]*("?'.*)?$/s.test(cell.slice(numbers.length))
}

/** Every cell that would become a formula when the file is opened with any of the separators. */
export function formulaCells(file: string): { separator: SpreadsheetSeparator; cell: string }[] {
	return SPREADSHEET_SEPARATORS.flatMap((separator) =>
		spreadsheetRows(file, separator)
			.flat()
			.filter(isFormulaCell)
			.map((cell) => ({ separator, cell })),
	)
}
