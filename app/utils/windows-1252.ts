/**
 * Text → Windows-1252 bytes (the encoding DATEV imports; ADR 0180), without a dependency: code points
 * up to U+00FF are the same byte except 0x80–0x9F, where Windows-1252 puts 27 printable characters
 * (€, „, “, ”, –, — …) instead of Latin-1's control codes. Anything else becomes "?" — callers keep
 * their text to what DATEV shows (German names and words fit).
 */
const HIGH: Record<string, number> = {
	'€': 0x80,
	'‚': 0x82,
	ƒ: 0x83,
	'„': 0x84,
	'…': 0x85,
	'†': 0x86,
	'‡': 0x87,
	ˆ: 0x88,
	'‰': 0x89,
	Š: 0x8a,
	'‹': 0x8b,
	Œ: 0x8c,
	Ž: 0x8e,
	'‘': 0x91,
	'’': 0x92,
	'“': 0x93,
	'”': 0x94,
	'•': 0x95,
	'–': 0x96,
	'—': 0x97,
	'˜': 0x98,
	'™': 0x99,
	š: 0x9a,
	'›': 0x9b,
	œ: 0x9c,
	ž: 0x9e,
	Ÿ: 0x9f,
}

export const UNMAPPABLE = 0x3f // "?"

export function encodeWindows1252(text: string): Buffer {
	const bytes: number[] = []
	for (const char of text) {
		const code = char.codePointAt(0) ?? UNMAPPABLE
		const high = HIGH[char]
		if (high !== undefined) bytes.push(high)
		else if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) bytes.push(code)
		else bytes.push(UNMAPPABLE)
	}
	return Buffer.from(bytes)
}
