import { describe, expect, test } from 'vitest'
import { foldGerman, ftsQuery, indexText, slugify } from './search-text.ts'

describe('search text normalisation', () => {
	test('umlauts are expanded, other diacritics folded', () => {
		expect(foldGerman('Köln Düsseldorf Straße GROẞ')).toBe('koeln duesseldorf strasse gross')
		expect(foldGerman('Café Crème')).toBe('cafe creme')
	})

	test('the index holds the expanded and the folded form of words with umlauts', () => {
		expect(indexText('Spielraum Köln-Sülz').split(' ')).toEqual([
			'spielraum',
			'koeln',
			'suelz',
			'koln',
			'sulz',
		])
		expect(indexText('Koeln')).toBe('koeln')
	})

	test('"Köln", "Koeln" and "Koln" all become tokens the index holds for Köln', () => {
		const indexed = new Set(indexText('Köln').split(' '))
		for (const query of ['Köln', 'Koeln', 'Koln', 'KÖLN']) {
			const token = ftsQuery(query)?.match(/"(\w+)"/)?.[1] ?? ''
			expect(indexed.has(token), query).toBe(true)
		}
	})

	test('queries become safe FTS5 prefix expressions', () => {
		expect(ftsQuery('Bällebad  Köln!')).toBe('"baellebad"* AND "koeln"*')
		expect(ftsQuery('"OR" NEAR(a b) *')).toBe('"or"* AND "near"* AND "a"* AND "b"*')
		expect(ftsQuery('  -- ')).toBeNull()
	})

	test('slugs', () => {
		expect(slugify('Frankfurt am Main')).toBe('frankfurt-am-main')
		expect(slugify('München')).toBe('muenchen')
		expect(slugify('Baden-Württemberg')).toBe('baden-wuerttemberg')
	})
})
