import { describe, expect, test } from 'vitest'
import {
	clearFavouritesAfterLogout,
	FAVOURITES_STORAGE_KEY,
	LOGGED_OUT_COOKIE,
} from './favourites-cleanup.ts'

function fakeBrowser(cookie: string) {
	const items = new Map([[FAVOURITES_STORAGE_KEY, '["AAAAAAAAAAAAAAAA"]']])
	const writes: string[] = []
	const doc = {
		get cookie() {
			return cookie
		},
		set cookie(value: string) {
			writes.push(value)
		},
	}
	return { doc, storage: { removeItem: (key: string) => void items.delete(key) }, items, writes }
}

describe('favourites after logout', () => {
	test('the logged-out marker clears the favourites and itself', () => {
		const browser = fakeBrowser(`culture=de-DE; ${LOGGED_OUT_COOKIE}=1`)
		expect(clearFavouritesAfterLogout(browser.doc, browser.storage)).toBe(true)
		expect(browser.items.has(FAVOURITES_STORAGE_KEY)).toBe(false)
		expect(browser.writes).toEqual([`${LOGGED_OUT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`])
	})

	test('without the marker nothing changes', () => {
		const browser = fakeBrowser('culture=de-DE')
		expect(clearFavouritesAfterLogout(browser.doc, browser.storage)).toBe(false)
		expect(browser.items.get(FAVOURITES_STORAGE_KEY)).toBe('["AAAAAAAAAAAAAAAA"]')
		expect(browser.writes).toEqual([])
	})
})
