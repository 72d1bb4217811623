import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
	commissionOf,
	guestPaymentJournal,
	hostPayoutJournal,
	isBalanced,
	onSiteCommissionJournal,
	refundJournal,
	settlementJournals,
} from './ledger.ts'

describe('ledger journals', () => {
	test('a paid, partly refunded order: every journal balances and the order clears to zero', () => {
		const total = 15_000
		const refund = 7_500
		const retained = total - refund
		const commission = commissionOf(retained, 1000)
		const journals = [
			guestPaymentJournal(total),
			refundJournal(refund),
			...settlementJournals(retained, commission),
		]
		for (const journal of journals) expect(isBalanced(journal)).toBe(true)
		const lines = journals.flat()
		const balance = (account: string) =>
			lines.filter((l) => l.account === account).reduce((s, l) => s + l.amount, 0)
		expect(balance('GuestPrepayments')).toBe(0)
		expect(balance('PlatformBank')).toBe(retained)
		expect(balance('PlatformRevenue')).toBe(-750)
		expect(balance('HostPayable')).toBe(-(retained - 750))
	})

	test('nothing to book writes nothing', () => {
		expect(guestPaymentJournal(0)).toEqual([])
		expect(settlementJournals(0, 0)).toEqual([])
		expect(onSiteCommissionJournal(0)).toEqual([])
	})

	test('property: any sequence of payments, refunds, settlements, commissions and payouts stays balanced', () => {
		const event = fc.oneof(
			fc.integer({ min: 0, max: 1_000_000 }).map(guestPaymentJournal),
			fc.integer({ min: 0, max: 1_000_000 }).map(refundJournal),
			fc.integer({ min: 0, max: 1_000_000 }).map(onSiteCommissionJournal),
			fc.integer({ min: 0, max: 1_000_000 }).map(hostPayoutJournal),
			fc
				.tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 10_000 }))
				.map(([retained, bp]) => settlementJournals(retained, commissionOf(retained, bp)).flat()),
		)
		fc.assert(
			fc.property(fc.array(event, { maxLength: 30 }), (journals) => {
				for (const journal of journals) expect(isBalanced(journal)).toBe(true)
				expect(isBalanced(journals.flat())).toBe(true)
				for (const line of journals.flat()) expect(Number.isInteger(line.amount)).toBe(true)
			}),
		)
	})

	test('property: the commission never exceeds what is settled', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 0, max: 1_000_000 }),
				fc.integer({ min: 0, max: 20_000 }),
				(retained, bp) => {
					const [commission = [], hostShare = []] = settlementJournals(retained, commissionOf(retained, bp))
					const debits = [...commission, ...hostShare]
						.filter((l) => l.amount > 0)
						.reduce((s, l) => s + l.amount, 0)
					expect(debits).toBe(retained)
				},
			),
		)
	})
})
