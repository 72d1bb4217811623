import { describe, expect, test } from 'vitest'
import { cpuSlowdownMultiplier } from './lighthouse.bench.ts'

describe('the CPU slowdown for a host, from its benchmarkIndex (Lighthouse’s calculator)', () => {
	test.each([
		[100, 1],
		[150, 1],
		[475, 1.5],
		[800, 2],
		[1050, 2.5],
		[1300, 3],
		[1533, 4],
		[2000, 6],
	])('index %i → %f×', (index, multiplier) => {
		expect(cpuSlowdownMultiplier(index)).toBeCloseTo(multiplier, 1)
	})

	test('it never falls as the host gets faster', () => {
		let previous = 0
		for (let index = 0; index <= 3000; index += 10) {
			const multiplier = cpuSlowdownMultiplier(index)
			expect(multiplier).toBeGreaterThanOrEqual(previous)
			previous = multiplier
		}
	})
})
