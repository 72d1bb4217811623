import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { CANCELLATION_POLICIES } from '#db/schema/catalogue.ts'
import { guestRefundPercent, refundFor, refundSchedule } from './cancellation.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const CHECK_IN = Date.parse('2026-07-10T12:00:00Z')

describe('cancellation policies (PRODUCT.md §3)', () => {
	test.each([
		['Flexible', DAY, 100],
		['Flexible', DAY - 1, 0],
		['Moderate', 5 * DAY, 100],
		['Moderate', 5 * DAY - 1, 50],
		['Moderate', 0, 50],
		['Strict', 7 * DAY, 50],
		['Strict', 7 * DAY - 1, 0],
		['Strict', 30 * DAY, 50],
	] as const)('%s with %i ms notice refunds %i percent', (policy, notice, percent) => {
		expect(guestRefundPercent(policy, CHECK_IN, CHECK_IN - notice)).toBe(percent)
	})

	test('hosts and admins refund everything paid', () => {
		for (const actor of ['Owner', 'Admin'] as const) {
			expect(
				refundFor({ actor, policy: 'Strict', paidAmount: 12_345, checkIn: CHECK_IN, now: CHECK_IN - HOUR }),
			).toEqual({
				percent: 100,
				amount: 12_345,
			})
		}
	})

	test('the schedule names the dates: Moderate 100 % until 5 days before, then 50 %', () => {
		expect(refundSchedule('Moderate', CHECK_IN)).toEqual([
			{ percent: 100, until: CHECK_IN - 5 * DAY },
			{ percent: 50, until: CHECK_IN },
		])
	})

	test('property: a refund is whole cents, between 0 and what was paid, and never grows as check-in nears', () => {
		fc.assert(
			fc.property(
				fc.constantFrom(...CANCELLATION_POLICIES),
				fc.constantFrom('Customer' as const, 'Owner' as const, 'Admin' as const),
				fc.integer({ min: 0, max: 10_000_000 }),
				fc.integer({ min: -2 * DAY, max: 60 * DAY }),
				fc.integer({ min: 0, max: 60 * DAY }),
				(policy, actor, paidAmount, notice, later) => {
					const earlier = refundFor({ actor, policy, paidAmount, checkIn: CHECK_IN, now: CHECK_IN - notice })
					const after = refundFor({
						actor,
						policy,
						paidAmount,
						checkIn: CHECK_IN,
						now: CHECK_IN - notice + later,
					})
					for (const refund of [earlier, after]) {
						expect(Number.isInteger(refund.amount)).toBe(true)
						expect(refund.amount).toBeGreaterThanOrEqual(0)
						expect(refund.amount).toBeLessThanOrEqual(paidAmount)
					}
					expect(after.amount).toBeLessThanOrEqual(earlier.amount)
				},
			),
			{ numRuns: 500 },
		)
	})
})
