import { describe, expect, test } from 'vitest'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { action } from './preferences.ts'

describe('POST /resources/preferences', () => {
	test('a plain form post stores the colour mode for a year and goes back', async () => {
		const result = await callRoute(action as never, {
			path: '/resources/preferences',
			form: { intent: 'colorMode', colorMode: 'light', redirectTo: '/en/playrooms' },
		})
		expect(result.status).toBe(302)
		expect(result.location).toBe('/en/playrooms')
		expect(result.setCookies).toEqual([
			expect.stringMatching(/^color_mode=light; Max-Age=31536000; Path=\/;/),
		])
	})

	test('a fetcher post (no redirectTo) gets the stored sidebar state back and the cookie', async () => {
		const result = await callRoute(action as never, {
			path: '/resources/preferences',
			form: { intent: 'sidebar', show: '0', minimize: '1' },
		})
		expect(result.status).toBe(200)
		// The page shows this without revalidating its loaders.
		expect(result.data).toEqual({ ok: true, sidebar: { show: false, minimize: true } })
		expect(result.setCookies).toEqual([expect.stringMatching(/^sidebar=0\.1;/)])
	})

	test('a fetcher post of the colour mode gets it back', async () => {
		const result = await callRoute(action as never, {
			path: '/resources/preferences',
			form: { intent: 'colorMode', colorMode: 'light' },
		})
		expect(result.data).toEqual({ ok: true, colorMode: 'light' })
		expect(result.setCookies).toEqual([expect.stringMatching(/^color_mode=light;/)])
	})

	test('bad input changes nothing', async () => {
		const result = await callRoute(action as never, {
			path: '/resources/preferences',
			form: { intent: 'colorMode', colorMode: 'purple' },
		})
		expect(result.status).toBe(400)
		expect(result.setCookies).toEqual([])
	})

	test('redirectTo cannot leave the site', async () => {
		const result = await callRoute(action as never, {
			path: '/resources/preferences',
			form: { intent: 'colorMode', colorMode: 'dark', redirectTo: '//evil.example/' },
		})
		expect(result.location).toBe('/')
	})
})
