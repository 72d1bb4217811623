import fc from 'fast-check'
import { expect, test } from 'vitest'
import { formulaCells, spreadsheetRows } from '#tests/helpers/spreadsheet-csv.ts'
import { CSV_BOM, csvCell, csvLine, type CsvValue } from './csv.ts'

test('RFC 4180: separators, quotes and line breaks are quoted, quotes doubled', () => {
	expect(csvCell('plain')).toBe('plain')
	expect(csvCell('a,b')).toBe('"a,b"')
	expect(csvCell('a;b')).toBe('"a;b"')
	expect(csvCell('say "hi"')).toBe('"say ""hi"""')
	expect(csvCell('two\nlines')).toBe('"two\nlines"')
	expect(csvCell('cr\rhere')).toBe('"cr\rhere"')
	expect(csvCell(null)).toBe('')
	expect(csvCell(undefined)).toBe('')
	expect(csvCell(12.5)).toBe('12.5')
	expect(csvCell(-3)).toBe('-3')
	expect(csvCell(Number.NaN)).toBe('')
	expect(csvLine(['a', 'b,c', 1])).toBe('a,"b,c",1\r\n')
})

test('formula injection: text starting with = + - @ TAB CR becomes text', () => {
	expect(csvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)")
	expect(csvCell('+49 170')).toBe("'+49 170")
	expect(csvCell('-1x')).toBe("'-1x")
	expect(csvCell('-2+3')).toBe("'-2+3")
	expect(csvCell('@cmd')).toBe("'@cmd")
	expect(csvCell('\tx')).toBe("'\tx")
	expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`)
	expect(csvCell('a=b')).toBe('a=b')
	expect(csvCell('Zimmer 3-5')).toBe('Zimmer 3-5')
	// A number stays a number, also as text (amounts come from toFixed).
	expect(csvCell(-12.5)).toBe('-12.5')
	expect(csvCell('-12.50')).toBe('-12.50')
	expect(csvCell('-1')).toBe('-1')
})

test('formula injection after a separator a spreadsheet may split on: , ; TAB and line breaks (issue 29)', () => {
	expect(csvCell('x;=2+5;y')).toBe(`"x;'=2+5;y"`)
	expect(csvCell('x,@SUM(1)')).toBe(`"x,'@SUM(1)"`)
	expect(csvCell('x\t+1')).toBe("x\t'+1")
	expect(csvCell('x\n-2+3')).toBe(`"x\n'-2+3"`)
	expect(csvCell('x\r\n=1')).toBe(`"x\r\n'=1"`)
	// Behind quotes: `;"=1` would open a quoted cell that closes at once and goes on with `=1`.
	expect(csvCell('x;"=1')).toBe(`"x;'""=1"`)
	expect(csvCell('a; b, c')).toBe('"a; b, c"')
	// A value ending in a separator: the closing quote must not open a cell for a `;` reader.
	expect(csvCell('Köln;')).toBe(`"Köln;'"`)
	// A leading negative number: a `;` reader would read "-1250,5+cmd…" as one formula.
	expect(csvLine([-1250, '5+cmd', 'Köln'])).toBe("-1250,'5+cmd,Köln\r\n")
	expect(csvLine(['-12.50', '', 3, 'x;y'])).toBe(`-12.50,,3,"'x;y"\r\n`)
	expect(csvLine([12.5, '5+cmd'])).toBe('12.5,5+cmd\r\n')
})

test('the `;` CSV case yields no formula cell, read with `,`, `;` or TAB as the separator', () => {
	const file =
		CSV_BOM +
		csvLine(['Playroom', 'City', 'Reference', 'Payer', 'Amount']) +
		csvLine(['Spielwiese', 'x;=2+5;y', 'SZ-1;=HYPERLINK("http://evil","klick")', 'A;@SUM(1+1)*cmd', -12.5]) +
		csvLine(['x;=2+5;y', 'Köln', '-', '+', 0])
	expect(formulaCells(file)).toEqual([])
	// Read with `;` the pieces are there, as text.
	const bySemicolon = spreadsheetRows(file, ';')
	expect(bySemicolon[1]).toContain("'=2+5")
	// Read with `,` (the file's own separator) every value comes back whole; the amount is a number.
	const byComma = spreadsheetRows(file, ',')
	expect(byComma[1]).toEqual([
		'Spielwiese',
		"x;'=2+5;y",
		`SZ-1;'=HYPERLINK("http://evil","klick")`,
		"A;'@SUM(1+1)*cmd",
		'-12.5',
	])
	expect(byComma[2]).toEqual(["x;'=2+5;y", 'Köln', "'-", "'+", '0'])
})

test('any text: no reading of the file with `,`, `;` or TAB finds a formula cell, and `,` keeps the columns', () => {
	const piece = fc.constantFrom(
		'a',
		'Köln',
		' ',
		',',
		';',
		'\t',
		'\r',
		'\n',
		'\r\n',
		'"',
		"'",
		'=',
		'+',
		'-',
		'@',
		'1',
		'5',
		'.',
	)
	const text = fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''))
	const value: fc.Arbitrary<CsvValue> = fc.oneof(
		{ weight: 6, arbitrary: text },
		{ weight: 1, arbitrary: fc.integer({ min: -100_000, max: 100_000 }) },
		{ weight: 1, arbitrary: fc.constantFrom(-12.5, '-12.50', '7.00', '') },
		{ weight: 1, arbitrary: fc.constant(null) },
	)
	fc.assert(
		fc.property(
			fc.array(fc.array(value, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 }),
			(rows) => {
				const file = CSV_BOM + rows.map(csvLine).join('')
				expect(formulaCells(file)).toEqual([])
				const byComma = spreadsheetRows(file, ',')
				expect(byComma.map((row) => row.length)).toEqual(rows.map((row) => row.length))
			},
		),
		{ numRuns: 2_000 },
	)
})
