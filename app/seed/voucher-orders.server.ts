import { eq } from 'drizzle-orm'
import { playrooms } from '#db/schema/catalogue.ts'
import { users } from '#db/schema/users.ts'
import { voucherOrders } from '#db/schema/vouchers.ts'
import { cancelVoucherOrder } from '#app/models/vouchers/admin-voucher-orders.server.ts'
import { createVoucherOrder, payVoucherOrder } from '#app/models/vouchers/voucher-orders.server.ts'
import { immediateTransaction } from '#app/utils/db.server.ts'
import type { SeedStep } from './types.ts'

const DAY = 86_400_000

/**
 * Demo gift voucher orders (issue 33, ADR 0168): the demo guest's paid 50 EUR voucher for
 * Spielwiese Ehrenfeld (issued, its PDF in the outbox), a 25 EUR one for every playroom still
 * awaiting the bank transfer, one the admin cancelled and one whose transfer never came (Expired) —
 * so the voucher pages, /admin/voucherOrders (every status) and the control transaction have
 * something to show (ADR 0171).
 */
export const voucherOrdersSeedStep: SeedStep = {
	name: 'voucher orders',
	run: (ctx) => {
		const guest = ctx.db.select().from(users).where(eq(users.email, 'guest@example.com')).get()
		const playroom = ctx.db
			.select({ id: playrooms.id })
			.from(playrooms)
			.where(eq(playrooms.playroomUrlPath, 'spielwiese-ehrenfeld'))
			.get()
		if (!guest) return
		const buyer = {
			buyerName: [guest.firstName, guest.lastName].filter(Boolean).join(' ') || guest.displayName,
			buyerEmail: guest.email,
			language: 'de' as const,
			otherAmount: undefined,
		}
		const paid = createVoucherOrder(
			{
				...buyer,
				amountChoice: '5000',
				scope: playroom ? 'Playroom' : 'All',
				playroomId: playroom?.id,
				childName: 'Mia',
				greeting: 'Alles Liebe zum 6. Geburtstag – viel Spaß beim Toben!',
				idempotencyKey: 'demo-voucher-order-paid',
			},
			{ id: guest.id },
			{ now: ctx.now.getTime() - 10 * DAY },
		)
		immediateTransaction((tx) =>
			payVoucherOrder(tx, paid.voucherOrder, { now: new Date(ctx.now.getTime() - 8 * DAY) }),
		)
		createVoucherOrder(
			{
				...buyer,
				amountChoice: '2500',
				scope: 'All',
				childName: 'Ben',
				greeting: 'Für deinen nächsten Spielnachmittag!',
				idempotencyKey: 'demo-voucher-order-awaiting',
			},
			{ id: guest.id },
			{ now: ctx.now.getTime() - DAY },
		)
		const admin = ctx.db.select().from(users).where(eq(users.email, 'admin@example.com')).get()
		const unpaid = (amountChoice: string, childName: string, key: string, daysAgo: number) =>
			createVoucherOrder(
				{ ...buyer, amountChoice, scope: 'All', childName, greeting: '', idempotencyKey: key },
				{ id: guest.id },
				{ now: ctx.now.getTime() - daysAgo * DAY },
			).voucherOrder
		const cancelled = unpaid('3000', 'Lena', 'demo-voucher-order-cancelled', 20)
		if (admin) {
			cancelVoucherOrder(admin, cancelled.id, { now: new Date(ctx.now.getTime() - 19 * DAY) })
		}
		// Nothing expires an unpaid voucher order yet: the demo sets the status the list filters by.
		const expired = unpaid('4000', 'Paul', 'demo-voucher-order-expired', 60)
		ctx.db
			.update(voucherOrders)
			.set({ status: 'Expired', updatedAt: new Date(ctx.now.getTime() - 30 * DAY) })
			.where(eq(voucherOrders.id, expired.id))
			.run()
		ctx.log('4 voucher orders')
	},
}
