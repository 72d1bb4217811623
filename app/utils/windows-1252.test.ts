import { describe, expect, test } from 'vitest'
import { encodeWindows1252 } from './windows-1252.ts'

describe('encodeWindows1252', () => {
	test('ASCII and German letters are one byte each, as Windows-1252 has them', () => {
		expect([...encodeWindows1252('Aä ÖüßÄ;"')]).toEqual([
			0x41, 0xe4, 0x20, 0xd6, 0xfc, 0xdf, 0xc4, 0x3b, 0x22,
		])
	})

	test('the Windows-1252 extras (€, „ “, –) get their 0x80–0x9F bytes and decode back', () => {
		const text = '€ „Geburtstag“ – ‚Spiel‘ … Šœ™'
		const bytes = encodeWindows1252(text)
		expect(bytes[0]).toBe(0x80)
		expect(new TextDecoder('windows-1252').decode(bytes)).toBe(text)
	})

	test('a character Windows-1252 lacks, and a C1 control, become "?"', () => {
		expect(encodeWindows1252('a😀bĆ\u0085').toString('latin1')).toBe('a?b??')
	})

	test('every byte 0x20–0xFF a Windows-1252 decoder gives back encodes to the same byte', () => {
		const decoder = new TextDecoder('windows-1252')
		for (let byte = 0x20; byte <= 0xff; byte++) {
			const char = decoder.decode(Uint8Array.of(byte))
			// 0x81, 0x8D, 0x8F, 0x90, 0x9D are unassigned (decoded as C1 controls): "?".
			const expected = [0x81, 0x8d, 0x8f, 0x90, 0x9d].includes(byte) ? 0x3f : byte
			expect(encodeWindows1252(char)[0], `byte ${byte.toString(16)}`).toBe(expected)
		}
	})
})
