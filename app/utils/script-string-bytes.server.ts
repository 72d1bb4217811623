/**
 * The loader-data handoff as a JavaScript string literal for an inline
 * `<script>`, written from the handoff's UTF-8 bytes straight into a buffer
 * (ADR 0134). Byte for byte what React Router's `StreamTransfer` writes,
 * `escapeHtml(JSON.stringify(text))` of the decoded text, without the three
 * copies of the text that takes on the JavaScript heap (decoded, quoted,
 * escaped: ~60 KB of garbage per page for ~10 KB of data).
 *
 * JSON.stringify escapes `"`, `\` and the control characters; React Router's
 * `escapeHtml` then writes `&`, `<`, `>`, U+2028 and U+2029 as `\uXXXX`.
 * Every other byte, multi-byte UTF-8 included, stays as it is. Only whole,
 * valid UTF-8 is taken (`isUtf8`); the caller uses the string path for
 * anything else, so a lone surrogate or a broken sequence is never guessed at.
 */
import { isUtf8 } from 'node:buffer'

const QUOTE = 0x22
const BACKSLASH = 0x5c
const LETTER_U = 0x75
const HEX = '0123456789abcdef'

/** Per byte: 0 when written as it is, else the character after its backslash (`u` for `\uXXXX`). */
const ESCAPED_AS = new Uint8Array(256)
for (let byte = 0; byte < 0x20; byte++) ESCAPED_AS[byte] = LETTER_U
for (const [byte, letter] of [
	[0x08, 'b'],
	[0x09, 't'],
	[0x0a, 'n'],
	[0x0c, 'f'],
	[0x0d, 'r'],
	[QUOTE, '"'],
	[BACKSLASH, '\\'],
] as const) {
	ESCAPED_AS[byte] = letter.charCodeAt(0)
}
for (const byte of [0x26, 0x3c, 0x3e]) ESCAPED_AS[byte] = LETTER_U // & < > (escapeHtml)

/** U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8; 0 for anything else. */
function lineSeparatorAt(bytes: Uint8Array, at: number): number {
	if (bytes[at] !== 0xe2 || bytes[at + 1] !== 0x80) return 0
	const last = bytes[at + 2]
	return last === 0xa8 ? 0x2028 : last === 0xa9 ? 0x2029 : 0
}

function escapedLength(bytes: Uint8Array): number {
	let length = 2
	for (let at = 0; at < bytes.length; at++) {
		const escapedAs = ESCAPED_AS[bytes[at] as number]
		if (escapedAs === LETTER_U) length += 6
		else if (escapedAs) length += 2
		else if (lineSeparatorAt(bytes, at)) {
			length += 6
			at += 2
		} else length += 1
	}
	return length
}

function writeUnicodeEscape(out: Buffer, offset: number, codeUnit: number): number {
	out[offset] = BACKSLASH
	out[offset + 1] = LETTER_U
	for (let digit = 0; digit < 4; digit++) {
		out[offset + 2 + digit] = HEX.charCodeAt((codeUnit >> (12 - 4 * digit)) & 0xf)
	}
	return offset + 6
}

/** `escapeHtml(JSON.stringify(text))` of UTF-8 `bytes`, as UTF-8; undefined when they are not whole UTF-8. */
export function scriptStringBytes(bytes: Uint8Array): Buffer | undefined {
	if (!isUtf8(bytes)) return undefined
	const out = Buffer.allocUnsafe(escapedLength(bytes))
	let offset = 0
	out[offset++] = QUOTE
	for (let at = 0; at < bytes.length; at++) {
		const byte = bytes[at] as number
		const escapedAs = ESCAPED_AS[byte] as number
		const separator = escapedAs ? 0 : lineSeparatorAt(bytes, at)
		if (escapedAs === LETTER_U) offset = writeUnicodeEscape(out, offset, byte)
		else if (escapedAs) {
			out[offset++] = BACKSLASH
			out[offset++] = escapedAs
		} else if (separator) {
			offset = writeUnicodeEscape(out, offset, separator)
			at += 2
		} else out[offset++] = byte
	}
	out[offset] = QUOTE
	return out
}
