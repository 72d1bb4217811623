import { expect, test } from 'vitest'
import { isChunkLoadError, shouldReloadForChunkError } from './chunk-reload.client.ts'

test('reloads at most once per 10 seconds per path', () => {
	const store = new Map<string, string>()
	const storage = {
		getItem: (k: string) => store.get(k) ?? null,
		setItem: (k: string, v: string) => void store.set(k, v),
	}
	expect(shouldReloadForChunkError('/a', 1_000, storage)).toBe(true)
	expect(shouldReloadForChunkError('/a', 5_000, storage)).toBe(false)
	expect(shouldReloadForChunkError('/b', 5_000, storage)).toBe(true)
	expect(shouldReloadForChunkError('/a', 11_001, storage)).toBe(true)
})

test('recognises chunk load failures of the browsers', () => {
	expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
		true,
	)
	expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
	expect(isChunkLoadError(new Error('Something else'))).toBe(false)
})
