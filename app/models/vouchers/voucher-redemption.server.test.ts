import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { voucherTransactions, vouchers } from '#db/schema/vouchers.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import { recordControlTransaction } from '#app/models/booking/control-transactions.server.ts'
import {
	acceptOrder,
	cancelOrder,
	declineOrder,
	expireOrder,
} from '#app/models/booking/order-transitions.server.ts'
import {
	bookingFixture,
	hourlySlot,
	mailsTo,
	NOW,
	orderRow,
	placeOrder,
	unbalancedJournals,
} from '#tests/helpers/booking.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { issueVoucher, voucherTransactionsOf, type IssueVoucherInput } from './voucher-ledger.server.ts'

/**
 * Redemption at order creation and the voucher's part of the order's life (issue 33, ADR 0167):
 * a discount code is a breakdown line, a gift voucher pays last; hold → capture on payment,
 * hold → release on expiry, capture → refund under each cancellation policy.
 */
type Fixture = Awaited<ReturnType<typeof bookingFixture>>
let fixture: Fixture
let admin: { id: string; role: 'Admin' }
// Wednesday 2026-06-03, 10–12 h: 2 × 35 € + 25 € cleaning = 95 €; NOW is two days before.
let day = 0
const wednesday = () => {
	day += 7
	const date = new Date(Date.UTC(2026, 5, 3 + day - 7)).toISOString().slice(0, 10)
	return hourlySlot(date, 10)
}
const firstWednesday = () => hourlySlot('2026-06-03', 14)

beforeAll(async () => {
	fixture = await bookingFixture({ instantBooking: true })
	admin = { id: (await createTestUser({ role: 'Admin' })).id, role: 'Admin' }
})

function voucher(input: Partial<IssueVoucherInput> & Pick<IssueVoucherInput, 'kind'>) {
	return immediateTransaction((tx) =>
		issueVoucher(
			{
				issuer: 'Platform',
				scope: 'All',
				origin: input.kind === 'Gift' ? 'Purchase' : 'Created',
				paid: input.kind === 'Gift',
				now: new Date(NOW - 86_400_000),
				...input,
			},
			tx,
		),
	)
}

const balance = (id: string) => getDb().select().from(vouchers).where(eq(vouchers.id, id)).get()?.balance
const kinds = (id: string) => voucherTransactionsOf(id).map((row) => row.kind)
const ledgerAddsUp = (id: string) =>
	voucherTransactionsOf(id).reduce((sum, row) => sum + row.amount, 0) === balance(id)

function refusedWith(work: () => unknown) {
	try {
		work()
	} catch (error) {
		if (isAppError(error)) return { name: error.errorName, fields: error.fields }
		throw error
	}
	return null
}

describe('a discount code at order creation', () => {
	test('10 % of the host: a voucher line before the total, exact in cents; held, captured when paid', () => {
		const { voucher: v, code } = voucher({
			kind: 'Discount',
			issuer: 'Host',
			issuerHostId: fixture.playroom.hostId,
			scope: 'Host',
			scopeHostId: fixture.playroom.hostId,
			discountPercent: 10,
		})
		const order = placeOrder(fixture, { ...wednesday(), voucherCode: code.toLowerCase() })
		const line = order.price.lines.find((l) => l.kind === 'voucher')
		expect(line).toMatchObject({ amount: -950, code: `…-${code.slice(-4)}` })
		expect(order.totalAmount).toBe(8_550)
		expect(order).toMatchObject({
			status: 'AwaitingPayment',
			voucherCode: `…-${code.slice(-4)}`,
			voucherAmount: 0,
			discountVoucherId: v.id,
			giftVoucherId: null,
		})
		expect(kinds(v.id)).toEqual(['Issue', 'Hold'])
		recordControlTransaction(
			{ amount: 8_550, bookingDate: '2026-06-01', reference: order.code, payerName: 'Koch' },
			admin,
			{ now: NOW + 60_000 },
		)
		expect(orderRow(order.id)?.status).toBe('Confirmed')
		expect(kinds(v.id)).toEqual(['Issue', 'Hold', 'Capture'])
	})

	test('a fixed discount never takes the price below 0', () => {
		const { code } = voucher({ kind: 'Discount', discountAmount: 50_000 })
		const order = placeOrder(fixture, { ...wednesday(), voucherCode: code })
		expect(order.price.lines.find((l) => l.kind === 'voucher')?.amount).toBe(-9_500)
		expect(order.totalAmount).toBe(0)
		expect(order.status).toBe('Confirmed')
	})
})

describe('refusals (nothing is written)', () => {
	test('a code of host A at host B’s playroom is refused', async () => {
		const other = await createTestPlayroom({ instantBooking: true })
		const { voucher: v, code } = voucher({
			kind: 'Discount',
			issuer: 'Host',
			issuerHostId: other.hostId,
			scope: 'Host',
			scopeHostId: other.hostId,
			discountPercent: 10,
		})
		const before = getDb()
			.select({ n: sql<number>`count(*)` })
			.from(voucherTransactions)
			.get()?.n
		expect(refusedWith(() => placeOrder(fixture, { ...wednesday(), voucherCode: code }))).toEqual({
			name: 'VoucherRefused',
			fields: { voucherCode: ['vouchers:errors.notForThisPlayroom'] },
		})
		const forPlayroom = voucher({ kind: 'Gift', amount: 1_000, scope: 'Playroom', scopePlayroomId: other.id })
		expect(
			refusedWith(() => placeOrder(fixture, { ...wednesday(), voucherCode: forPlayroom.code }))?.fields,
		).toEqual({
			voucherCode: ['vouchers:errors.notForThisPlayroom'],
		})
		expect(
			getDb()
				.select({ n: sql<number>`count(*)` })
				.from(voucherTransactions)
				.get()?.n,
		).toBe((before ?? 0) + 1)
		expect(kinds(v.id)).toEqual(['Issue'])
	})

	test.each([
		['unknown', () => 'ABCD-EFGH-JKMN', 'vouchers:errors.unknown'],
		[
			'expired',
			() => voucher({ kind: 'Gift', amount: 1_000, validUntil: new Date(NOW - 1) }).code,
			'vouchers:errors.expired',
		],
		[
			'notYetValid',
			() => voucher({ kind: 'Gift', amount: 1_000, validFrom: new Date(NOW + 86_400_000) }).code,
			'vouchers:errors.notYetValid',
		],
		[
			'belowMinimum',
			() => voucher({ kind: 'Discount', discountAmount: 500, minOrderAmount: 10_000 }).code,
			'vouchers:errors.belowMinimum?amount=100%2C00%C2%A0%E2%82%AC',
		],
	])('%s', (_name, code, message) => {
		expect(refusedWith(() => placeOrder(fixture, { ...wednesday(), voucherCode: code() }))?.fields).toEqual({
			voucherCode: [message],
		})
	})

	test('used up, cancelled and already used by you', () => {
		const once = voucher({ kind: 'Discount', discountAmount: 500, maxUses: 1 })
		placeOrder(fixture, { ...wednesday(), voucherCode: once.code })
		expect(
			refusedWith(() => placeOrder(fixture, { ...wednesday(), voucherCode: once.code }))?.fields,
		).toEqual({
			voucherCode: ['vouchers:errors.usedUp'],
		})
		const perGuest = voucher({ kind: 'Discount', discountAmount: 500, maxUsesPerGuest: 1 })
		placeOrder(fixture, { ...wednesday(), voucherCode: perGuest.code })
		expect(
			refusedWith(() => placeOrder(fixture, { ...wednesday(), voucherCode: perGuest.code }))?.fields,
		).toEqual({
			voucherCode: ['vouchers:errors.alreadyUsedByYou'],
		})
		const cancelled = voucher({ kind: 'Discount', discountAmount: 500 })
		getDb().update(vouchers).set({ status: 'Cancelled' }).where(eq(vouchers.id, cancelled.voucher.id)).run()
		expect(
			refusedWith(() => placeOrder(fixture, { ...wednesday(), voucherCode: cancelled.code }))?.fields,
		).toEqual({
			voucherCode: ['vouchers:errors.cancelled'],
		})
	})
})

describe('a gift voucher pays last', () => {
	test('partial cover: the voucher pays its balance, the rest by bank transfer; paid → captured', () => {
		const { voucher: v, code } = voucher({ kind: 'Gift', amount: 5_000 })
		const order = placeOrder(fixture, { ...wednesday(), voucherCode: code })
		expect(order.price.lines.some((l) => l.kind === 'voucher')).toBe(false)
		expect(order).toMatchObject({
			totalAmount: 9_500,
			voucherAmount: 5_000,
			giftVoucherId: v.id,
			status: 'AwaitingPayment',
			paymentStatus: 'Unpaid',
		})
		expect(balance(v.id)).toBe(0)
		// The payment instructions ask for the rest only.
		expect(JSON.stringify(mailsTo(fixture.guest.email))).toContain('sind 45,00')
		const result = recordControlTransaction(
			{ amount: 4_500, bookingDate: '2026-06-01', reference: order.code, payerName: 'Koch' },
			admin,
			{ now: NOW + 60_000 },
		)
		expect(result).toMatchObject({ outcome: 'matched', due: 0, excess: 0 })
		expect(orderRow(order.id)).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid' })
		expect(kinds(v.id)).toEqual(['Issue', 'Hold', 'Capture'])
		expect(balance(v.id)).toBe(0)
		expect(ledgerAddsUp(v.id)).toBe(true)
		expect(unbalancedJournals()).toEqual([])
	})

	test('full cover confirms the order at once (PRODUCT.md §3) and captures', () => {
		const { voucher: v, code } = voucher({ kind: 'Gift', amount: 20_000 })
		const order = placeOrder(fixture, { ...wednesday(), voucherCode: code })
		expect(order).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid', voucherAmount: 9_500 })
		expect(kinds(v.id)).toEqual(['Issue', 'Hold', 'Capture'])
		expect(balance(v.id)).toBe(10_500)
	})

	test('hold → release when the unpaid order expires', () => {
		const { voucher: v, code } = voucher({ kind: 'Gift', amount: 3_000 })
		const order = placeOrder(fixture, { ...wednesday(), voucherCode: code })
		expect(balance(v.id)).toBe(0)
		expect(expireOrder(order.id, { now: (order.paymentDeadline?.getTime() ?? 0) + 1 })).toBe(true)
		expect(kinds(v.id)).toEqual(['Issue', 'Hold', 'Release'])
		expect(balance(v.id)).toBe(3_000)
		// Again: nothing more.
		expireOrder(order.id, { now: (order.paymentDeadline?.getTime() ?? 0) + 2 })
		expect(kinds(v.id)).toEqual(['Issue', 'Hold', 'Release'])
		expect(ledgerAddsUp(v.id)).toBe(true)
	})

	test.each([
		['Flexible', 20_000],
		['Moderate', 15_250],
		['Strict', 10_500],
	] as const)('capture → refund on the guest’s cancellation two days ahead, %s', async (policy, after) => {
		const room = await createTestPlayroom({ instantBooking: true, cancellationPolicy: policy })
		const { voucher: v, code } = voucher({ kind: 'Gift', amount: 20_000 })
		const order = placeOrder(
			{ playroom: room, guest: fixture.guest },
			{ ...firstWednesday(), voucherCode: code },
		)
		expect(order.status).toBe('Confirmed')
		expect(balance(v.id)).toBe(10_500)
		const result = cancelOrder(order.id, { id: fixture.guest.id, role: 'Customer' }, null, { now: NOW })
		expect(result.order.status).toBe('Cancelled')
		expect(balance(v.id)).toBe(after)
		expect(kinds(v.id)).toEqual(
			after === 10_500 ? ['Issue', 'Hold', 'Capture'] : ['Issue', 'Hold', 'Capture', 'Refund'],
		)
		expect(ledgerAddsUp(v.id)).toBe(true)
		expect(unbalancedJournals()).toEqual([])
	})

	test('a cancellation before payment releases the hold', () => {
		const { voucher: v, code } = voucher({ kind: 'Gift', amount: 2_000 })
		const order = placeOrder(fixture, { ...wednesday(), voucherCode: code })
		cancelOrder(order.id, { id: fixture.guest.id, role: 'Customer' }, null, { now: NOW + 1_000 })
		expect(kinds(v.id)).toEqual(['Issue', 'Hold', 'Release'])
		expect(balance(v.id)).toBe(2_000)
	})

	test('a request fully covered waits for the host: accepted → Confirmed and captured; declined → released', async () => {
		const room = await createTestPlayroom({ instantBooking: false })
		const host = { id: room.hostId, role: 'Owner' as const }
		const accepted = voucher({ kind: 'Gift', amount: 20_000 })
		const first = placeOrder(
			{ playroom: room, guest: fixture.guest },
			{ ...wednesday(), voucherCode: accepted.code },
		)
		expect(first).toMatchObject({ status: 'Requested', voucherAmount: 9_500 })
		expect(kinds(accepted.voucher.id)).toEqual(['Issue', 'Hold'])
		expect(acceptOrder(first.id, host, { now: NOW + 60_000 }).status).toBe('Confirmed')
		expect(kinds(accepted.voucher.id)).toEqual(['Issue', 'Hold', 'Capture'])
		const declined = voucher({ kind: 'Gift', amount: 20_000 })
		const second = placeOrder(
			{ playroom: room, guest: fixture.guest },
			{ ...wednesday(), voucherCode: declined.code },
		)
		declineOrder(second.id, host, 'Leider belegt', { now: NOW + 60_000 })
		expect(kinds(declined.voucher.id)).toEqual(['Issue', 'Hold', 'Release'])
		expect(balance(declined.voucher.id)).toBe(20_000)
	})
})
