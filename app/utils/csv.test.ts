import { expect, test } from 'vitest'
import { csvCell, csvLine } from './csv.ts'

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
	expect(csvCell('-1')).toBe("'-1")
	expect(csvCell('@cmd')).toBe("'@cmd")
	expect(csvCell('\tx')).toBe("'\tx")
	expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`)
	expect(csvCell('a=b')).toBe('a=b')
})
