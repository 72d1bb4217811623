import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { vouchers } from '#db/schema/vouchers.ts'
import { deleteUserAsAdmin } from '#app/models/accounts/account.server.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import * as voucherOrderPage from '#app/routes/vouchers/voucher-order.tsx'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { issueVoucher, voucherTransactionsOf } from './voucher-ledger.server.ts'
import { checkVoucherForOrder } from './voucher-redemption.server.ts'
import { voucherOrderToken } from './voucher-order-links.server.ts'
import { createVoucherOrder, payVoucherOrder } from './voucher-orders.server.ts'

/**
 * Issue 33: a host leaves the platform (ADR 0172) — their open gift vouchers become platform
 * credit in the deletion's transaction, their discount codes end; the voucher page says so.
 */
const now = new Date()

function gift(scope: 'Host' | 'Playroom' | 'All', hostId: string | null, playroomId: string | null) {
	return immediateTransaction((tx) =>
		issueVoucher(
			{
				kind: 'Gift',
				issuer: 'Platform',
				scope,
				scopeHostId: hostId,
				scopePlayroomId: playroomId,
				amount: 3000,
				origin: 'Created',
				paid: true,
				now,
			},
			tx,
		),
	)
}

function row(id: string) {
	const voucher = getDb().select().from(vouchers).where(eq(vouchers.id, id)).get()
	if (!voucher) throw new Error('no voucher')
	return voucher
}

describe('a host leaves the platform', () => {
	test('their open gift vouchers become platform credit, their discount codes are cancelled', async () => {
		const playroom = await createTestPlayroom()
		const hostId = playroom.hostId
		const other = await createTestPlayroom()
		const admin = await createTestUser({ role: 'Admin' })

		const { voucher: forPlayroom, code: playroomCode } = gift('Playroom', hostId, playroom.id)
		const { voucher: forHost } = gift('Host', hostId, null)
		const { voucher: forOtherHost } = gift('Host', other.hostId, null)
		const { voucher: usedUp } = gift('Playroom', hostId, playroom.id)
		getDb().update(vouchers).set({ status: 'UsedUp', balance: 0 }).where(eq(vouchers.id, usedUp.id)).run()
		const { voucher: code } = immediateTransaction((tx) =>
			issueVoucher(
				{
					kind: 'Discount',
					issuer: 'Host',
					issuerHostId: hostId,
					scope: 'Playroom',
					scopeHostId: hostId,
					scopePlayroomId: playroom.id,
					discountPercent: 10,
					origin: 'Created',
					now,
				},
				tx,
			),
		)
		const ledgerRowsBefore = voucherTransactionsOf(forPlayroom.id).length

		// Before: the playroom's voucher is refused at the other host's playroom.
		const context = { playroomId: other.id, guestId: null, locale: 'de' as const, now: Date.now() }
		expect(() => checkVoucherForOrder(playroomCode, context, 5000, getDb())).toThrow()

		deleteUserAsAdmin({ id: admin.id, role: 'Admin' }, hostId, now)

		for (const id of [forPlayroom.id, forHost.id]) {
			expect(row(id)).toMatchObject({
				scope: 'All',
				status: 'Active',
				balance: 3000,
				convertedToPlatformAt: now,
			})
		}
		// What it was bought for stays on record; the balance and its transactions are unchanged.
		expect(row(forPlayroom.id).scopePlayroomId).toBe(playroom.id)
		expect(voucherTransactionsOf(forPlayroom.id)).toHaveLength(ledgerRowsBefore)
		expect(row(forOtherHost.id)).toMatchObject({ scope: 'Host', convertedToPlatformAt: null })
		expect(row(usedUp.id)).toMatchObject({ scope: 'Playroom', status: 'UsedUp', convertedToPlatformAt: null })
		expect(row(code.id)).toMatchObject({ status: 'Cancelled', cancelReason: 'hostLeftPlatform' })
		// Now it pays at any playroom.
		expect(checkVoucherForOrder(playroomCode, context, 5000, getDb()).id).toBe(forPlayroom.id)
	})

	test('the voucher order page says the voucher is now valid for every playroom', async () => {
		const playroom = await createTestPlayroom()
		const admin = await createTestUser({ role: 'Admin' })
		const { voucherOrder } = createVoucherOrder(
			{
				amountChoice: '2500',
				otherAmount: undefined,
				scope: 'Playroom',
				playroomId: playroom.id,
				childName: 'Mia',
				greeting: undefined,
				buyerName: 'Oma Inge',
				buyerEmail: `leave-${Math.random().toString(36).slice(2, 8)}@example.com`,
				language: 'en',
				idempotencyKey: `host-leaves-${Math.random().toString(36).slice(2, 12)}`,
			},
			null,
		)
		immediateTransaction((tx) => payVoucherOrder(tx, voucherOrder, { now }))
		const path = `/en/public/voucher-orders/${voucherOrder.id}?token=${voucherOrderToken(voucherOrder.id)}`
		const load = () =>
			callRoute(voucherOrderPage.loader as never, { path, params: { voucherOrderId: voucherOrder.id } })
		type View = { order: { scopeText: string; voucher: { convertedToPlatformAt: number | null } } }
		const before = (await load()).data as View
		expect(before.order.voucher.convertedToPlatformAt).toBeNull()
		expect(before.order.scopeText).toMatch(/^Valid for the playroom/)

		deleteUserAsAdmin({ id: admin.id, role: 'Admin' }, playroom.hostId, now)
		const after = (await load()).data as View
		expect(after.order.voucher.convertedToPlatformAt).toBe(now.getTime())
		expect(after.order.scopeText).toBe('Valid for every playroom.')
	})
})
