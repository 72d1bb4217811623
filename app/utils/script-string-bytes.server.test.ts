import { describe, expect, test } from 'vitest'
import { scriptStringBytes } from './script-string-bytes.server.ts'

/** What React Router's StreamTransfer writes: escapeHtml(JSON.stringify(text)). */
const ESCAPES: Record<string, string> = {
	'&': '\\u0026',
	'>': '\\u003e',
	'<': '\\u003c',
	'\u2028': '\\u2028',
	'\u2029': '\\u2029',
}
const reactRouterLiteral = (text: string) =>
	JSON.stringify(text).replace(/[&><\u2028\u2029]/g, (match) => ESCAPES[match] ?? match)

const bytesOf = (text: string) => new TextEncoder().encode(text)

/** A deterministic generator, so a failure can be repeated. */
function randomTexts(count: number, seed = 20261127): string[] {
	let state = seed
	const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
	const alphabet = [
		...'"\\&<>/:{}[],_aZ09 ',
		...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
		'\u007f',
		'ü',
		'€',
		'–',
		'…',
		'\u2028',
		'\u2029',
		'\u2027',
		'\u202a',
		'😀',
		'\uffff',
	]
	return Array.from({ length: count }, () =>
		Array.from(
			{ length: Math.floor(next() * 40) },
			() => alphabet[Math.floor(next() * alphabet.length)],
		).join(''),
	)
}

describe('the handoff escaped from its bytes (ADR 0134)', () => {
	test('is byte for byte what React Router writes for the same text', () => {
		const fixed = [
			'',
			'[{"a":"</script>&"}]\n',
			'P1:"x"\n',
			'Köln – 12,00 €… \u2028\u2029 \\ \t\r\n\b\f\u0000\u001f',
		]
		for (const text of [...fixed, ...randomTexts(2_000)]) {
			expect(scriptStringBytes(bytesOf(text))?.toString('utf8'), JSON.stringify(text)).toBe(
				reactRouterLiteral(text),
			)
		}
	})

	test('takes only whole UTF-8: a split character or a broken byte is left to the decoder', () => {
		const umlaut = bytesOf('ü')
		expect(scriptStringBytes(umlaut.slice(0, 1))).toBeUndefined()
		expect(scriptStringBytes(new Uint8Array([0x61, 0xff]))).toBeUndefined()
		expect(scriptStringBytes(umlaut)?.toString('utf8')).toBe('"ü"')
	})
})
