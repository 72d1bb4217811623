import { randomBytes } from 'node:crypto'
import { expect, test } from 'vitest'
import {
	generateVoucherCode,
	maskedVoucherCode,
	normalizeVoucherCode,
	VOUCHER_CODE_ALPHABET,
} from './voucher-codes.ts'

test('codes look like XXXX-XXXX-XXXX and never use 0, O, 1, I or L', () => {
	const codes = Array.from({ length: 2_000 }, () => generateVoucherCode((n) => randomBytes(n)))
	for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/)
	expect(new Set(codes).size).toBe(codes.length)
	expect(VOUCHER_CODE_ALPHABET).not.toMatch(/[0O1IL]/)
	// Every character of the alphabet appears (no character is unreachable).
	expect(new Set(codes.join('').replaceAll('-', '')).size).toBe(VOUCHER_CODE_ALPHABET.length)
})

test('bytes at or above 248 are drawn again, so every character is equally likely', () => {
	const bytes = [255, 250, 248, 0, 30, 31, 247, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
	let offset = 0
	const code = generateVoucherCode((n) => {
		const chunk = Uint8Array.from({ length: n }, () => bytes[offset++ % bytes.length] ?? 0)
		return chunk
	})
	// 255, 250, 248 skipped; 0 → A, 30 → 9, 31 → A (31 % 31), 247 → 247 % 31 = 30 → 9 …
	expect(code.startsWith('A9A9')).toBe(true)
})

test('typed codes are read with any case, spaces and dashes; anything else is not a code', () => {
	expect(normalizeVoucherCode(' abcd-2345 wxyz ')).toBe('ABCD2345WXYZ')
	expect(normalizeVoucherCode('ABCD–2345–WXYZ')).toBe('ABCD2345WXYZ')
	expect(normalizeVoucherCode('ABCD-2345-WXY')).toBeNull()
	expect(normalizeVoucherCode('ABCD-2345-WXY0')).toBeNull()
	expect(normalizeVoucherCode('<script>')).toBeNull()
	expect(maskedVoucherCode('7K3M')).toBe('…-7K3M')
})
