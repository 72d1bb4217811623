import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { moneyTransactions } from '#db/schema/payments.ts'
import { voucherTransactions, vouchers } from '#db/schema/vouchers.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import {
	bookingFixture,
	daysAhead,
	hourlySlot,
	placeOrder,
	unbalancedJournals,
} from '#tests/helpers/booking.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import {
	expireVoucher,
	findVoucherByCode,
	holdVoucher,
	issueVoucher,
	releaseVoucher,
} from './voucher-ledger.server.ts'
import {
	adminAdjustVoucher,
	canAccessVoucher,
	cancelVoucher,
	createHostDiscountCode,
	getVoucherDetail,
	listAdminVouchers,
	listHostVouchers,
} from './voucher-offices.server.ts'

/**
 * The voucher back offices (issue 33, ADR 0170): a host creates and cancels only their own
 * codes, never sees another host's; the admin adjusts a gift voucher (a voucher transaction and
 * balanced ledger rows, once per key) and cancels without losing a held amount.
 */
type Fixture = Awaited<ReturnType<typeof bookingFixture>>
let a: Fixture
let hostB: { id: string; role: 'Owner' }
let admin: { id: string; role: 'Admin' }
const NOW = new Date()
let keyCounter = 0
const key = () => `offices-key-${String(++keyCounter).padStart(6, '0')}`

beforeAll(async () => {
	a = await bookingFixture({ instantBooking: false })
	const b = await createTestPlayroom()
	hostB = { id: b.hostId, role: 'Owner' }
	admin = { id: (await createTestUser({ role: 'Admin' })).id, role: 'Admin' }
})

const hostA = () => ({ id: a.host.id, role: 'Owner' as const })

function code(input: Partial<Parameters<typeof createHostDiscountCode>[1]> = {}) {
	return createHostDiscountCode(
		hostA(),
		{ scope: 'Host', discountType: 'percent', discountPercent: 10, idempotencyKey: key(), ...input },
		NOW,
	)
}

function giftFor(hostId: string, amount: number) {
	return immediateTransaction((tx) =>
		issueVoucher(
			{
				kind: 'Gift',
				issuer: 'Platform',
				scope: 'Host',
				scopeHostId: hostId,
				amount,
				origin: 'Purchase',
				paid: true,
				now: NOW,
			},
			tx,
		),
	)
}

const refusedWith = (run: () => unknown) => {
	try {
		run()
	} catch (error) {
		if (isAppError(error)) return error.status
		throw error
	}
	return 'no error'
}

const row = (id: string) => getDb().select().from(vouchers).where(eq(vouchers.id, id)).get()

describe('a host’s discount codes', () => {
	test('creates a code for all their playrooms that the checkout finds by its code, shown in clear once', () => {
		const created = code({ validUntil: '2099-12-31', maxUses: 5, minOrderAmount: 2_000 })
		expect(created.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/)
		const found = findVoucherByCode(created.code!)
		expect(found).toMatchObject({
			kind: 'Discount',
			issuer: 'Host',
			issuerHostId: a.host.id,
			scope: 'Host',
			scopeHostId: a.host.id,
			discountPercent: 10,
			maxUses: 5,
			minOrderAmount: 2_000,
			status: 'Active',
		})
		// Valid through the last day in Berlin: until 23:59:59.999 local time.
		expect(found?.validUntil?.toISOString()).toBe('2099-12-31T22:59:59.999Z')
		// Only the hash is stored.
		expect(JSON.stringify(row(created.voucher.id))).not.toContain(created.code!.replaceAll('-', ''))
	})

	test('the same form key again is the same voucher, without the code', () => {
		const idempotencyKey = key()
		const first = code({ idempotencyKey })
		const again = code({ idempotencyKey })
		expect(again.voucher.id).toBe(first.voucher.id)
		expect(again.code).toBeNull()
		expect(getDb().select().from(vouchers).where(eq(vouchers.issuerHostId, a.host.id)).all().length).toBe(
			listHostVouchers(hostA()).codes.length,
		)
	})

	test('a code for one playroom must be one of the host’s (another host’s playroom: refused, nothing stored)', async () => {
		const other = await createTestPlayroom({ hostId: hostB.id })
		const before = getDb().select().from(vouchers).all().length
		expect(refusedWith(() => code({ scope: 'Playroom', playroomId: other.id }))).toBe(400)
		expect(getDb().select().from(vouchers).all().length).toBe(before)
		const own = code({ scope: 'Playroom', playroomId: a.playroom.id })
		expect(row(own.voucher.id)).toMatchObject({ scope: 'Playroom', scopePlayroomId: a.playroom.id })
	})

	test('host B cannot see, open or cancel host A’s code', () => {
		const created = code()
		expect(listHostVouchers(hostB).codes.map((c) => c.id)).not.toContain(created.voucher.id)
		expect(canAccessVoucher(hostB, created.voucher.id)).toBe(false)
		expect(refusedWith(() => getVoucherDetail(hostB, created.voucher.id))).toBe(404)
		expect(
			refusedWith(() => cancelVoucher(hostB, { voucherId: created.voucher.id, reason: 'not mine' }, NOW)),
		).toBe(404)
		expect(row(created.voucher.id)?.status).toBe('Active')
		// Host A can.
		expect(canAccessVoucher(hostA(), created.voucher.id)).toBe(true)
		const cancelled = cancelVoucher(hostA(), { voucherId: created.voucher.id, reason: 'Aktion vorbei' }, NOW)
		expect(cancelled).toMatchObject({ status: 'Cancelled', cancelReason: 'Aktion vorbei' })
		// Twice: a translated refusal, nothing changes.
		expect(
			refusedWith(() => cancelVoucher(hostA(), { voucherId: created.voucher.id, reason: 'again' }, NOW)),
		).toBe(400)
	})

	test('the host sees the gift vouchers sold for them with the open total, not other hosts’', () => {
		const mine = giftFor(a.host.id, 5_000)
		const theirs = giftFor(hostB.id, 7_000)
		const list = listHostVouchers(hostA())
		expect(list.gifts.map((g) => g.id)).toContain(mine.voucher.id)
		expect(list.gifts.map((g) => g.id)).not.toContain(theirs.voucher.id)
		expect(list.openTotal).toBe(list.gifts.reduce((sum, g) => sum + g.balance + g.held, 0))
		expect(list.openTotal).toBeGreaterThanOrEqual(5_000)
		// Readable, but a gift voucher is not the host's to cancel.
		expect(getVoucherDetail(hostA(), mine.voucher.id).mayCancel).toBe(false)
		expect(
			refusedWith(() => cancelVoucher(hostA(), { voucherId: mine.voucher.id, reason: 'nope' }, NOW)),
		).toBe(404)
		expect(refusedWith(() => getVoucherDetail(hostA(), theirs.voucher.id))).toBe(404)
	})

	test('a guest cannot reach anything', async () => {
		const guest = { id: (await createTestUser({ role: 'Customer' })).id, role: 'Customer' as const }
		const created = code()
		expect(canAccessVoucher(guest, created.voucher.id)).toBe(false)
		expect(refusedWith(() => listHostVouchers(guest))).toBe(403)
		expect(refusedWith(() => listAdminVouchers(guest, query({})))).toBe(403)
	})
})

function query(filters: Record<string, string>, tableFilter = '') {
	return { currentPage: 1, perPage: 100, sortCriterias: '', tableFilter, filters, cols: null }
}

describe('the admin', () => {
	test('adjusts a gift voucher: one voucher transaction and balanced ledger rows, once per key', () => {
		const gift = giftFor(a.host.id, 10_000)
		const ledgerBefore = getDb().select().from(moneyTransactions).all().length
		const idempotencyKey = key()
		const input = { voucherId: gift.voucher.id, amount: -2_500, reason: 'Teilerstattung', idempotencyKey }
		const first = adminAdjustVoucher(admin, input, NOW)
		const again = adminAdjustVoucher(admin, input, NOW)
		expect(again.transaction.id).toBe(first.transaction.id)
		expect(row(gift.voucher.id)?.balance).toBe(7_500)
		const adjusts = getDb()
			.select()
			.from(voucherTransactions)
			.where(eq(voucherTransactions.voucherId, gift.voucher.id))
			.all()
			.filter((t) => t.kind === 'Adjust')
		expect(adjusts).toMatchObject([{ amount: -2_500, reason: 'Teilerstattung', actorId: admin.id }])
		const added = getDb().select().from(moneyTransactions).all().slice(ledgerBefore)
		expect(added.length).toBeGreaterThan(0)
		expect(added.reduce((sum, r) => sum + r.amount, 0)).toBe(0)
		expect(unbalancedJournals()).toEqual([])
	})

	test('an adjustment below zero or of a discount code changes nothing; a host may not adjust', () => {
		const gift = giftFor(a.host.id, 1_000)
		const discount = code()
		expect(
			refusedWith(() =>
				adminAdjustVoucher(
					admin,
					{ voucherId: gift.voucher.id, amount: -1_001, reason: 'zu viel', idempotencyKey: key() },
					NOW,
				),
			),
		).toBe(400)
		expect(
			refusedWith(() =>
				adminAdjustVoucher(
					admin,
					{ voucherId: discount.voucher.id, amount: 100, reason: 'Rabatt', idempotencyKey: key() },
					NOW,
				),
			),
		).toBe(400)
		expect(
			refusedWith(() =>
				adminAdjustVoucher(
					hostA(),
					{ voucherId: gift.voucher.id, amount: 100, reason: 'Host', idempotencyKey: key() },
					NOW,
				),
			),
		).toBe(403)
		expect(row(gift.voucher.id)?.balance).toBe(1_000)
		// An expired voucher is not credited again (its balance went to breakage).
		immediateTransaction((tx) => expireVoucher(gift.voucher.id, NOW, tx))
		expect(
			refusedWith(() =>
				adminAdjustVoucher(
					admin,
					{ voucherId: gift.voucher.id, amount: 500, reason: 'Kulanz', idempotencyKey: key() },
					NOW,
				),
			),
		).toBe(400)
		expect(row(gift.voucher.id)).toMatchObject({ status: 'Expired', balance: 0 })
	})

	test('cancels a gift voucher with an open hold: the held amount stays the order’s and comes back on release', () => {
		const gift = giftFor(a.host.id, 10_000)
		const order = placeOrder({ playroom: a.playroom, guest: a.guest }, hourlySlot(daysAhead(40), 10), {
			now: Date.now() - 60_000,
		})
		immediateTransaction((tx) =>
			holdVoucher(
				{ voucherId: gift.voucher.id, orderId: order.id, guestId: a.guest.id, value: 3_000, now: NOW },
				tx,
			),
		)
		const cancelled = cancelVoucher(admin, { voucherId: gift.voucher.id, reason: 'Betrugsverdacht' }, NOW)
		expect(cancelled).toMatchObject({ status: 'Cancelled', balance: 7_000 })
		// No transaction and no money moved by the cancel itself.
		expect(
			getDb()
				.select()
				.from(voucherTransactions)
				.where(eq(voucherTransactions.voucherId, gift.voucher.id))
				.all()
				.map((t) => t.kind),
		).toEqual(['Issue', 'Hold'])
		immediateTransaction((tx) =>
			releaseVoucher({ voucherId: gift.voucher.id, orderId: order.id, now: NOW }, tx),
		)
		expect(row(gift.voucher.id)).toMatchObject({ status: 'Cancelled', balance: 10_000 })
		expect(getVoucherDetail(admin, gift.voucher.id).mayAdjust).toBe(false)
	})

	test('lists every voucher with filters by kind, issuer and status and a search by the last four', () => {
		const discount = code()
		const gift = giftFor(hostB.id, 2_000)
		const ids = (filters: Record<string, string>, search = '') =>
			listAdminVouchers(admin, query(filters, search)).items.map((item) => item.id)
		expect(ids({ kind: 'Discount' })).toContain(discount.voucher.id)
		expect(ids({ kind: 'Discount' })).not.toContain(gift.voucher.id)
		expect(ids({ issuer: 'Platform' })).toContain(gift.voucher.id)
		expect(ids({ issuer: 'Platform' })).not.toContain(discount.voucher.id)
		expect(ids({ status: 'Cancelled' })).not.toContain(discount.voucher.id)
		expect(ids({}, discount.voucher.codeLast4)).toContain(discount.voucher.id)
		const item = listAdminVouchers(admin, query({}, discount.voucher.codeLast4)).items.find(
			(i) => i.id === discount.voucher.id,
		)
		expect(item?.code).toBe(`…-${discount.voucher.codeLast4}`)
	})
})
