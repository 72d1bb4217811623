import { describe, expect, test } from 'vitest'
import {
	getLocaleFromPathname,
	localizePath,
	negotiateLocale,
	stripLocale,
	switchLocalePath,
} from './locale.ts'

describe('locale routing', () => {
	test('the locale comes from the /en prefix only', () => {
		expect(getLocaleFromPathname('/')).toBe('de')
		expect(getLocaleFromPathname('/playrooms')).toBe('de')
		expect(getLocaleFromPathname('/en')).toBe('en')
		expect(getLocaleFromPathname('/en/playrooms')).toBe('en')
		expect(getLocaleFromPathname('/english-page')).toBe('de')
	})

	test('localizePath and stripLocale are inverse', () => {
		expect(localizePath('/', 'en')).toBe('/en')
		expect(localizePath('/', 'de')).toBe('/')
		expect(localizePath('/playrooms?city=koeln', 'en')).toBe('/en/playrooms?city=koeln')
		expect(localizePath('/?q=1', 'en')).toBe('/en?q=1')
		expect(stripLocale('/en/playrooms')).toBe('/playrooms')
		expect(stripLocale('/de/playrooms')).toBe('/playrooms')
		expect(stripLocale('/en')).toBe('/')
		expect(stripLocale('/playrooms')).toBe('/playrooms')
	})

	test('switching language keeps the page, query and hash', () => {
		expect(switchLocalePath('/playrooms/search?city=koeln#map', 'en')).toBe(
			'/en/playrooms/search?city=koeln#map',
		)
		expect(switchLocalePath('/en/playrooms/search?city=koeln', 'de')).toBe('/playrooms/search?city=koeln')
		expect(switchLocalePath('/en', 'de')).toBe('/')
	})

	test.each([
		[undefined, 'de'],
		['', 'de'],
		['de-DE', 'de'],
		['en-GB', 'en'],
		['en-US,en;q=0.9,de;q=0.8', 'en'],
		['fr-FR,de;q=0.5,en;q=0.7', 'en'],
		['fr-FR,de;q=0.8,en;q=0.5', 'de'],
		['fr-FR', 'en'], // English is the catch-all locale
		['de;q=0,en;q=0', 'en'],
		['*', 'de'], // any language: the default (issue 10)
		['*;q=0.5', 'de'],
		['fr-FR,*;q=0.1', 'en'],
		['en-GB,*;q=0.1', 'en'],
	])('Accept-Language %s → %s', (header, expected) => {
		expect(negotiateLocale(header)).toBe(expected)
	})
})
