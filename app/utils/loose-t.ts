import type { TFunction } from 'i18next'

/**
 * i18next's typed `t` only knows the default namespace's keys. Server code
 * that builds keys of other namespaces ("auth:errors.x") or from data uses
 * this untyped view; app/locales/locales.test.ts and the tests of each text
 * make sure the keys exist.
 */
export type LooseT = (key: string, options?: Record<string, unknown>) => string

export function looseT(t: TFunction): LooseT {
	return t as unknown as LooseT
}

// A parameter's marker: its name between two ASCII separator characters no text contains.
const [OPEN, CLOSE] = ['\u001e', '\u001f']

/**
 * A translation with interpolation, translated once and filled in many times
 * without i18next — for texts repeated in a loop (a calendar's day labels,
 * issue 15). i18next gets marker values for the named parameters and the
 * result is split at them; filling in joins the parts with the values, which
 * is what i18next's interpolation does with `escapeValue: false` (app/i18n.ts;
 * React escapes) for plain `{{name}}` parameters without formats. Not for
 * `count`: plurals pick another text per value, so with it every call goes to
 * `t` (ADRs 0118, 0121: one building block for the day labels and the order
 * rows' labels).
 */
export function translationTemplate<Name extends string>(
	t: LooseT,
	key: string,
	names: readonly Name[],
): (values: Record<Name, string>) => string {
	if (names.includes('count' as Name)) return (values) => t(key, values)
	const marked = t(key, Object.fromEntries(names.map((name) => [name, `${OPEN}${name}${CLOSE}`])))
	// "a␞date␟, ␞state␟" → literals and names: ["a", "date", ", ", "state", ""].
	const parts = marked.split(OPEN).flatMap((piece, i) => (i === 0 ? [piece] : piece.split(CLOSE, 2)))
	return (values) => {
		let text = parts[0] ?? ''
		for (let i = 1; i < parts.length; i += 2) text += values[parts[i] as Name] + (parts[i + 1] ?? '')
		return text
	}
}
