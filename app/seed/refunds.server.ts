import { and, eq, isNull, sql } from 'drizzle-orm'
import { orders } from '#db/schema/orders.ts'
import { paymentTransactions } from '#db/schema/payments.ts'
import { isValidIban, maskIban } from '#app/utils/iban.ts'
import { person, placePlan, writeMoneyRows } from './orders.server.ts'
import type { SeedContext, SeedStep } from './types.ts'

/**
 * Refunds in every state (issue 34, ADR 0176), after the orders step:
 * - every refund the orders step wrote as paid gets the day it was sent (`completed_at`);
 * - guest@'s own cancelled bank-transfer order: its refund is due, with the account given;
 * - the host's cancellation of guest@'s other bank-transfer order: refunded two days later
 *   (the IBAN masked, as after "Mark as sent");
 * - familie4's card order the host cancelled: refunded through Stripe;
 * - familie3's paid bank-transfer booking ahead, which tests/e2e/refunds.spec.ts cancels (no other
 *   spec uses familie3).
 * The unmatched transfer that can be sent back comes from the orders step.
 */
const HOUR = 3_600_000
const DAY = 24 * HOUR
/** A valid German test IBAN (mod 97 = 1). */
export const DEMO_REFUND_IBAN = 'DE02120300000000202051'

type OrderRow = typeof orders.$inferSelect

function refundOf(ctx: SeedContext, orderId: string) {
	return ctx.db
		.select()
		.from(paymentTransactions)
		.where(and(eq(paymentTransactions.orderId, orderId), eq(paymentTransactions.direction, 'Outgoing')))
		.get()
}

function cancelledBankOrder(ctx: SeedContext, guestId: string, by: 'Customer' | 'Owner') {
	return ctx.db
		.select()
		.from(orders)
		.where(
			and(
				eq(orders.guestId, guestId),
				eq(orders.status, 'Cancelled'),
				eq(orders.paymentMethod, 'BankTransfer'),
				eq(orders.cancelledByRole, by),
				eq(orders.paymentStatus, 'Refunded'),
			),
		)
		.orderBy(orders.checkIn)
		.get()
}

function holderOf(order: OrderRow) {
	return `${order.contact.firstName} ${order.contact.lastName}`.trim()
}

export const refundsSeedStep: SeedStep = {
	name: 'refunds',
	run: (ctx) => {
		if (!isValidIban(DEMO_REFUND_IBAN)) throw new Error('demo IBAN invalid')
		const { db } = ctx
		const guest = person(ctx, 'guest@example.com')
		const host = person(ctx, 'host@example.com')
		let states = 0
		db.transaction((tx) => {
			const txCtx = { ...ctx, db: tx as unknown as SeedContext['db'] }
			// Refunds the orders step booked as paid were sent when they were booked.
			tx.update(paymentTransactions)
				.set({ completedAt: sql`${paymentTransactions.updatedAt}` })
				.where(
					and(
						eq(paymentTransactions.direction, 'Outgoing'),
						eq(paymentTransactions.status, 'Succeeded'),
						isNull(paymentTransactions.completedAt),
					),
				)
				.run()
			if (!guest || !host) return
			const due = cancelledBankOrder(txCtx, guest.id, 'Customer')
			const dueRefund = due ? refundOf(txCtx, due.id) : undefined
			if (due && dueRefund) {
				tx.update(paymentTransactions)
					.set({
						status: 'Pending',
						completedAt: null,
						refundIban: DEMO_REFUND_IBAN,
						refundAccountHolder: holderOf(due),
					})
					.where(eq(paymentTransactions.id, dueRefund.id))
					.run()
				states++
			}
			const sent = cancelledBankOrder(txCtx, guest.id, 'Owner')
			const sentRefund = sent ? refundOf(txCtx, sent.id) : undefined
			if (sent && sentRefund) {
				const at = new Date((sent.cancelledAt ?? sent.createdAt).getTime() + 2 * DAY + 3 * HOUR)
				tx.update(paymentTransactions)
					.set({
						completedAt: at,
						updatedAt: at,
						refundIban: maskIban(DEMO_REFUND_IBAN),
						refundAccountHolder: holderOf(sent),
					})
					.where(eq(paymentTransactions.id, sentRefund.id))
					.run()
				states++
			}
			const usedCodes = new Set(
				tx
					.select({ code: orders.code })
					.from(orders)
					.all()
					.map((row) => row.code),
			)
			const family = (i: number) => person(txCtx, `familie${i}@example.com`)
			const cardGuest = family(4)
			const card = cardGuest
				? placePlan(
						txCtx,
						{
							playroomPath: 'spielwiese-ehrenfeld',
							guest: cardGuest,
							dayOffset: -20,
							status: 'Cancelled',
							paymentMethod: 'Card',
							adults: 2,
							children: 3,
							reason: 'Heizungsausfall – wir erstatten alles.',
							cancelledBy: 'Owner',
						},
						host,
						usedCodes,
					)
				: null
			if (card) {
				writeMoneyRows(txCtx, card)
				const refund = refundOf(txCtx, card.id)
				if (refund) {
					const at = new Date((card.cancelledAt ?? card.createdAt).getTime() + 5 * 60_000)
					tx.update(paymentTransactions)
						.set({ externalId: `re_demo_${ctx.random.id()}`, completedAt: at, updatedAt: at })
						.where(eq(paymentTransactions.id, refund.id))
						.run()
					states++
				}
			}
			const e2eGuest = family(3)
			const ahead = e2eGuest
				? placePlan(
						txCtx,
						{
							playroomPath: 'spielwiese-suedstadt',
							guest: e2eGuest,
							dayOffset: 30,
							status: 'Confirmed',
							paymentMethod: 'BankTransfer',
							adults: 2,
							children: 4,
						},
						host,
						usedCodes,
					)
				: null
			if (ahead) writeMoneyRows(txCtx, ahead)
		})
		ctx.log(`${states} refunds in their states (due with account, sent by bank, sent by card)`)
	},
}
