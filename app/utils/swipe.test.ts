import { expect, test } from 'vitest'
import { swipeDirection } from './swipe.ts'

test('a swipe is under 300 ms, at least 60 px across and at most 80 px up or down (spec §9)', () => {
	expect(swipeDirection(-60, 0, 299)).toBe(1)
	expect(swipeDirection(120, 80, 100)).toBe(-1)
	expect(swipeDirection(-59, 0, 100)).toBe(0)
	expect(swipeDirection(-200, 81, 100)).toBe(0)
	expect(swipeDirection(-200, 0, 300)).toBe(0)
})
