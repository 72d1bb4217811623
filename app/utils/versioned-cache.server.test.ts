import { describe, expect, test } from 'vitest'
import { createVersionedCache } from './versioned-cache.server.ts'

describe('createVersionedCache', () => {
	test('a value is reused only while its version is the same', () => {
		const cache = createVersionedCache<string>(10)
		let builds = 0
		const build = (value: string) => () => {
			builds++
			return value
		}
		expect(cache.get('a', 'v1', build('one'))).toBe('one')
		expect(cache.get('a', 'v1', build('ignored'))).toBe('one')
		expect(builds).toBe(1)
		expect(cache.get('a', 'v2', build('two'))).toBe('two')
		expect(cache.get('a', 'v1', build('one again'))).toBe('one again')
		expect(builds).toBe(3)
		expect(cache.size).toBe(1)
	})

	test('at most maxEntries keys; the one used longest ago goes first', () => {
		const cache = createVersionedCache<number>(2)
		cache.get('a', '', () => 1)
		cache.get('b', '', () => 2)
		cache.get('a', '', () => -1) // a used again: b is now the oldest
		cache.get('c', '', () => 3)
		expect(cache.size).toBe(2)
		expect(cache.get('a', '', () => -1)).toBe(1)
		expect(cache.get('b', '', () => 20)).toBe(20)
		cache.clear()
		expect(cache.size).toBe(0)
	})
})
