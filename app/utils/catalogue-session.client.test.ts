// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { afterNavigation } from './catalogue-session.client.ts'
import type * as ConsentModule from './consent.ts'
import { notifyConsentChanged } from './consent.ts'
import { readLocalFavourites, writeLocalFavourites } from './favourites-store.ts'

vi.mock('./consent.ts', async (original) => ({
	...(await original<typeof ConsentModule>()),
	// The banner library itself is not under test here.
	loadConsentBanner: vi.fn(async () => ({})),
}))

const setConsent = (categories: string[]) => {
	document.cookie = `cc_cookie=${encodeURIComponent(JSON.stringify({ categories, revision: 1 }))}; path=/`
}
let calls: { url: string; body: unknown }[] = []

beforeEach(() => {
	calls = []
	vi.stubGlobal(
		'fetch',
		vi.fn(async (url: string, init: RequestInit) => {
			calls.push({ url, body: JSON.parse(String(init.body)) })
			return new Response('{}', { status: 200 })
		}),
	)
})
afterEach(() => {
	document.cookie = 'cc_cookie=; Max-Age=0; path=/'
	window.localStorage.clear()
})

const nav = (page: string, userId: string | null = null) => ({
	locale: 'de' as const,
	page,
	userId,
	revalidate: vi.fn(),
})

describe('the browser session of the catalogue', () => {
	test('page_view is traced per navigation only with functional and analytics consent — and right after consenting', async () => {
		setConsent(['necessary'])
		afterNavigation(nav('/playrooms'))
		expect(calls).toEqual([])
		setConsent(['necessary', 'functional', 'analytics'])
		notifyConsentChanged()
		expect(calls.map((c) => c.body)).toEqual([
			{ userId: null, pageUrl: '/playrooms', eventType: 'page_view', isHidden: false },
		])
		afterNavigation(nav('/playrooms')) // the same page again (a revalidation): no second trace
		afterNavigation(nav('/playrooms/search?city=koeln'))
		expect(calls.map((c) => c.url)).toEqual(['/api/Events/TraceEvent', '/api/Events/TraceEvent'])
	})

	test("after a login the visitor's favourites are merged into the account once, then cleared in the browser", async () => {
		setConsent(['necessary'])
		writeLocalFavourites(['AAAAAAAAAAAAAAAA', 'not-an-id'])
		const navigation = nav('/en', 'UserUserUserUser')
		afterNavigation(navigation)
		await vi.waitFor(() => expect(readLocalFavourites()).toEqual([]))
		expect(calls).toEqual([
			{ url: '/api/Public/Playrooms/MergeFavorites', body: { playroomIds: ['AAAAAAAAAAAAAAAA'] } },
		])
		expect(navigation.revalidate).toHaveBeenCalledOnce()
		afterNavigation(nav('/en/playrooms', 'UserUserUserUser'))
		expect(calls).toHaveLength(1)
	})
})
