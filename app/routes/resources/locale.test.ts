import { expect, test } from 'vitest'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { loader } from './locale.ts'

test('the language switch remembers the choice and keeps the page', async () => {
	const toEnglish = await callRoute(loader as never, {
		path: `/resources/locale?lng=en&redirect=${encodeURIComponent('/playrooms/search?city=koeln')}`,
	})
	expect(toEnglish.status).toBe(302)
	expect(toEnglish.location).toBe('/en/playrooms/search?city=koeln')
	expect(toEnglish.setCookies).toEqual(
		expect.arrayContaining([
			expect.stringMatching(/^i18n_redirected=en;/),
			expect.stringMatching(/^culture=en-US;/),
		]),
	)
	const toGerman = await callRoute(loader as never, {
		path: `/resources/locale?lng=de&redirect=${encodeURIComponent('/en/playrooms')}`,
	})
	expect(toGerman.location).toBe('/playrooms')
	const outside = await callRoute(loader as never, {
		path: '/resources/locale?lng=de&redirect=https://evil.example',
	})
	expect(outside.location).toBe('/')
})
