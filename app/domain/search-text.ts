/**
 * Text normalisation of the search engine, applied the same way to what is
 * indexed and to what is searched (docs/decisions/0022-search-fts5.md):
 * lower case, German umlauts expanded (ä→ae, ö→oe, ü→ue, ß→ss), every other
 * diacritic folded (é→e). The index also holds the folded variant of each word
 * with an umlaut (Köln → koeln and koln), so "Köln", "Koeln" and "Koln" all
 * find Köln, while a query is only expanded ("Köln" → koeln).
 */
const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', ẞ: 'ss' }

function stripDiacritics(text: string): string {
	return text.normalize('NFD').replace(/\p{M}+/gu, '')
}

/** Lower case, umlauts expanded, other diacritics folded. */
export function foldGerman(text: string): string {
	return stripDiacritics(text.toLowerCase().replace(/[äöüßẞ]/g, (c) => UMLAUTS[c] ?? c))
}

/** Lower case, every diacritic folded (ä→a), ß→ss. */
export function foldPlain(text: string): string {
	return stripDiacritics(text.toLowerCase().replace(/[ßẞ]/g, 'ss'))
}

export function tokenize(folded: string): string[] {
	return folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
}

/** Text to store in the FTS index: expanded words, plus folded variants where they differ. */
export function indexText(text: string): string {
	const expanded = tokenize(foldGerman(text))
	const variants = tokenize(foldPlain(text)).filter((word) => !expanded.includes(word))
	return [...expanded, ...variants].join(' ')
}

/**
 * An FTS5 MATCH expression for a user's query: every word must occur, as a
 * word prefix ("kle" finds "Kletterwand"). Null when nothing searchable is left.
 */
export function ftsQuery(query: string): string | null {
	const words = tokenize(foldGerman(query)).slice(0, 12)
	if (words.length === 0) return null
	return words.map((word) => `"${word}"*`).join(' AND ')
}

/** A URL slug: "Frankfurt am Main" → "frankfurt-am-main", "Köln" → "koeln". */
export function slugify(text: string): string {
	return tokenize(foldGerman(text)).join('-')
}
