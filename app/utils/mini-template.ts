/**
 * The template texts' mini engine (ADR 0085): `{{name}}` is replaced by the
 * value of `name` — plain substitution, no expressions, no eval, no loops.
 * Spaces inside the braces are allowed (`{{ guestName }}`). The result is
 * plain text; the e-mail layout escapes it as a whole for the HTML part, so
 * a value can never inject markup. Client-safe (the live preview uses it).
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g

/** The placeholder names a text uses, in order of first use. */
export function placeholdersOf(source: string): string[] {
	return [...new Set([...source.matchAll(PLACEHOLDER)].map((match) => match[1] as string))]
}

/** The names a text uses that are not in `allowed`. */
export function unknownPlaceholders(source: string, allowed: readonly string[]): string[] {
	return placeholdersOf(source).filter((name) => !allowed.includes(name))
}

/** Replaces every known placeholder by its value; unknown ones become empty. */
export function renderTemplate(source: string, values: Readonly<Record<string, string>>): string {
	return source.replace(PLACEHOLDER, (_match, name: string) =>
		Object.prototype.hasOwnProperty.call(values, name) ? (values[name] ?? '') : '',
	)
}

/** A rendered body as paragraphs (blank lines separate them). */
export function toParagraphs(text: string): string[] {
	return text
		.split(/\n\s*\n/)
		.map((paragraph) => paragraph.trim())
		.filter(Boolean)
}
