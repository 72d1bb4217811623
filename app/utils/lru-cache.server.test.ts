import { describe, expect, test, vi } from 'vitest'
import { createLruCache } from './lru-cache.server.ts'

describe('createLruCache', () => {
	test('keeps at most maxEntries; the entry used longest ago goes first', () => {
		const cache = createLruCache<number>(3)
		cache.set('a', 1)
		cache.set('b', 2)
		cache.set('c', 3)
		expect(cache.get('a')).toBe(1) // b is now the one used longest ago
		cache.set('d', 4)
		expect(cache.size).toBe(3)
		expect(cache.get('b')).toBeUndefined()
		expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([1, 3, 4])
		cache.set('c', 30) // storing counts as using
		cache.set('e', 5) // a went longest without use now
		expect(cache.get('a')).toBeUndefined()
		expect(cache.get('c')).toBe(30)
	})

	test('delete and clear forget entries', () => {
		const cache = createLruCache<string>(2)
		cache.set('a', 'x')
		cache.set('b', 'y')
		cache.delete('a')
		expect(cache.get('a')).toBeUndefined()
		expect(cache.size).toBe(1)
		cache.clear()
		expect(cache.size).toBe(0)
	})

	test("a hit leaves the map's table alone (ADR 0139: no key stored again, no table copied)", () => {
		const cache = createLruCache<string>(100)
		for (let i = 0; i < 50; i++) cache.set(`card:${i}`, `<article>${i}</article>`)
		const set = vi.spyOn(Map.prototype, 'set')
		const remove = vi.spyOn(Map.prototype, 'delete')
		for (let round = 0; round < 100; round++)
			for (let i = 0; i < 50; i++) expect(cache.get(['card', i].join(':'))).toBe(`<article>${i}</article>`)
		expect(set).not.toHaveBeenCalled()
		expect(remove).not.toHaveBeenCalled()
	})
})
