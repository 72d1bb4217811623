import { describe, expect, test } from 'vitest'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { middleware } from './locale-layout.tsx'

const BROWSER =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
const page = () => ({ ok: true })
const visit = (path: string, headers: Record<string, string> = {}, cookie?: string) =>
	callRoute(page, {
		path,
		headers: { 'User-Agent': BROWSER, ...headers },
		cookie,
		middleware: middleware as never,
	})

describe('locale detection at "/"', () => {
	test('a first visit with an English browser goes to /en and is remembered', async () => {
		const result = await visit('/', { 'Accept-Language': 'en-US,en;q=0.9' })
		expect(result.status).toBe(302)
		expect(result.location).toBe('/en')
		expect(result.setCookies).toEqual(
			expect.arrayContaining([
				expect.stringMatching(/^i18n_redirected=en; Max-Age=31536000; Path=\/; SameSite=Lax/),
				expect.stringMatching(/^culture=en-US; Max-Age=31536000;/),
			]),
		)
	})

	test('a first visit with a German browser stays and is remembered', async () => {
		const result = await visit('/', { 'Accept-Language': 'de-DE,de;q=0.9' })
		expect(result.status).toBe(200)
		expect(result.setCookies).toEqual(
			expect.arrayContaining([
				expect.stringMatching(/^i18n_redirected=de;/),
				expect.stringMatching(/^culture=de-DE;/),
			]),
		)
	})

	test('the remembered choice wins over the browser', async () => {
		const result = await visit('/', { 'Accept-Language': 'de-DE' }, 'i18n_redirected=en')
		expect(result.status).toBe(302)
		expect(result.location).toBe('/en')
	})

	test('other pages are never redirected, and bots are not redirected at all', async () => {
		expect((await visit('/playrooms', { 'Accept-Language': 'en-US' })).status).toBe(200)
		const bot = await callRoute(page, {
			path: '/',
			headers: { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)', 'Accept-Language': 'en' },
			middleware: middleware as never,
		})
		expect(bot.status).toBe(200)
	})

	test('the culture cookie follows the page language', async () => {
		const result = await visit('/en/playrooms', {}, 'culture=de-DE; i18n_redirected=de')
		expect(result.setCookies).toEqual([expect.stringMatching(/^culture=en-US;/)])
		const unchanged = await visit('/en/playrooms', {}, 'culture=en-US')
		expect(unchanged.setCookies).toEqual([])
	})
})
