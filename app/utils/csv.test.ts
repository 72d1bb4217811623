import fc from 'fast-check'
import { expect, test } from 'vitest'
import { formulaCells, spreadsheetRows } from '#tests/helpers/spreadsheet-csv.ts'
import { COMMA_DIALECT, CSV_BOM, csvCell, csvLine, type CsvValue } from './csv.ts'
import { csvFormat } from './csv-format.ts'

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

test.each([
	{ name: 'English', dialect: COMMA_DIALECT, own: ',' as const },
	{ name: 'German', dialect: csvFormat('de').dialect, own: ';' as const },
])(
	'any text ($name file): no reading with `,`, `;` or TAB finds a formula cell; its own separator keeps the columns',
	({ dialect, own }) => {
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
		const format = csvFormat(dialect.separator === ';' ? 'de' : 'en')
		const value: fc.Arbitrary<CsvValue> = fc.oneof(
			{ weight: 6, arbitrary: text },
			{ weight: 1, arbitrary: fc.integer({ min: -100_000, max: 100_000 }) },
			{
				weight: 1,
				arbitrary: fc.integer({ min: -10_000_000, max: 10_000_000 }).map((cents) => format.money(cents)),
			},
			{ weight: 1, arbitrary: fc.constantFrom(-12.5, '-12.50', '7.00', '') },
			{ weight: 1, arbitrary: fc.constant(null) },
		)
		fc.assert(
			fc.property(
				fc.array(fc.array(value, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 }),
				(rows) => {
					const file = CSV_BOM + rows.map((row) => csvLine(row, dialect)).join('')
					expect(formulaCells(file)).toEqual([])
					const byOwn = spreadsheetRows(file, own)
					expect(byOwn.map((row) => row.length)).toEqual(rows.map((row) => row.length))
				},
			),
			{ numRuns: 2_000 },
		)
	},
)

test('numbers stay numbers, text is guarded, in both dialects (issue 34: a German `-71,00` stays summable)', () => {
	const de = csvFormat('de')
	const en = csvFormat('en')
	expect(csvLine([de.money(-7_100), '=cmd()', '-cmd', de.money(123_450)], de.dialect)).toBe(
		"-71,00;'=cmd();'-cmd;1.234,50\r\n",
	)
	expect(csvLine([en.money(-7_100), '=cmd()', '-cmd', en.money(123_450)], en.dialect)).toBe(
		`-71.00,'=cmd(),'-cmd,"1,234.50"\r\n`,
	)
	// A text after a leading number is read on its own by a `;` reader in a German file.
	expect(csvLine(['Köln', de.money(-7_100), 'x'], de.dialect)).toBe('Köln;-71,00;x\r\n')
	// A JS number takes the dialect's decimal mark.
	expect(csvCell(-12.5, { dialect: de.dialect })).toBe('-12,5')
	expect(de.decimal(4.666, 2)).toEqual({ csvNumber: '4,67' })
	expect(en.decimal(1234.5, 1)).toEqual({ csvNumber: '1,234.5' })
	expect(de.money(0)).toEqual({ csvNumber: '0,00' })
	expect(de.money(-5)).toEqual({ csvNumber: '-0,05' })
	expect(de.money(-100_000_000)).toEqual({ csvNumber: '-1.000.000,00' })
	// Berlin local time: 13:05 UTC is 14:05 in winter, 15:05 in summer.
	expect(de.instant(Date.UTC(2026, 10, 28, 13, 5))).toBe('28.11.2026 14:05')
	expect(en.instant(Date.UTC(2026, 6, 1, 13, 5))).toBe('2026-07-01 15:05')
	expect(de.date(Date.UTC(2026, 10, 28, 23, 30))).toBe('29.11.2026')
	expect(en.instant(null)).toBe('')
})
