import { eq } from 'drizzle-orm'
import { playrooms } from '#db/schema/catalogue.ts'
import { users } from '#db/schema/users.ts'
import { createVoucherOrder, payVoucherOrder } from '#app/models/vouchers/voucher-orders.server.ts'
import { immediateTransaction } from '#app/utils/db.server.ts'
import type { SeedStep } from './types.ts'

const DAY = 86_400_000

/**
 * Demo gift voucher orders (issue 33, ADR 0168): the demo guest's paid 50 EUR voucher for
 * Spielwiese Ehrenfeld (issued, its PDF in the outbox) and a 25 EUR one for every playroom still
 * awaiting the bank transfer — so the voucher pages and the control transaction have something
 * to show.
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
		ctx.log('2 voucher orders')
	},
}
