import { and, eq, ne, sql } from 'drizzle-orm'
import type { OrderStatus } from '#db/schema/orders.ts'
import { orders } from '#db/schema/orders.ts'
import { createId } from '#db/schema/columns.ts'
import {
	moneyTransactions,
	paymentTransactions,
	type PaymentProvider,
	type PaymentTransactionStatus,
} from '#db/schema/payments.ts'
import {
	commissionOf,
	guestPaymentJournal,
	isBalanced,
	onSiteCommissionJournal,
	refundJournal,
	settlementJournals,
	type JournalLine,
} from '#app/domain/ledger.ts'
import type { DbOrTx } from '#app/utils/db.server.ts'

/**
 * Payment transactions and ledger journals of one order, written inside the
 * caller's IMMEDIATE transaction (synchronous). ADR 0042.
 */
export type OrderRow = typeof orders.$inferSelect
export type PaymentTransactionRow = typeof paymentTransactions.$inferSelect

/** Writes one balanced journal; refuses an unbalanced one (a bug, never user input). */
export function postJournal(
	lines: readonly JournalLine[],
	context: {
		orderId: string | null
		hostId: string | null
		paymentTransactionId?: string | null
		description?: string
		now: Date
		/** A journal id of the caller's (an idempotent write looks for it); default a fresh id. */
		journalId?: string
	},
	db: DbOrTx,
): string | null {
	if (lines.length === 0) return null
	if (!isBalanced(lines)) throw new Error('unbalanced journal')
	const journalId = context.journalId ?? createId()
	db.insert(moneyTransactions)
		.values(
			lines.map((line) => ({
				journalId,
				kind: line.kind,
				account: line.account,
				amount: line.amount,
				orderId: context.orderId,
				paymentTransactionId: context.paymentTransactionId ?? null,
				hostId: line.host ? context.hostId : null,
				description: context.description ?? null,
				createdAt: context.now,
			})),
		)
		.run()
	return journalId
}

/**
 * What the guest pays for an order by a payment method: the total less what a gift voucher pays
 * (a way to pay, applied last; ADR 0167).
 */
export function amountPayable(order: Pick<OrderRow, 'totalAmount' | 'voucherAmount'>): number {
	return Math.max(0, order.totalAmount - order.voucherAmount)
}

/** What the guest has paid for an order and not yet got back (refunds count once they are due). */
export function paidAmount(orderId: string, db: DbOrTx): number {
	const row = db
		.select({
			paid: sql<number>`coalesce(sum(CASE WHEN ${paymentTransactions.direction} = 'Incoming' AND ${paymentTransactions.status} = 'Succeeded' THEN ${paymentTransactions.amount} ELSE 0 END), 0)`,
			refunded: sql<number>`coalesce(sum(CASE WHEN ${paymentTransactions.direction} = 'Outgoing' AND ${paymentTransactions.status} IN ('Pending', 'Succeeded') THEN ${paymentTransactions.amount} ELSE 0 END), 0)`,
		})
		.from(paymentTransactions)
		.where(and(eq(paymentTransactions.orderId, orderId), ne(paymentTransactions.provider, 'OnSite')))
		.get()
	return (row?.paid ?? 0) - (row?.refunded ?? 0)
}

/** What an order has been paid, as SQL correlated on `orders.id`: the same sum as paidAmount. */
export function paidAmountSql() {
	return sql<number>`coalesce((SELECT sum(CASE WHEN ${paymentTransactions.direction} = 'Incoming' AND ${paymentTransactions.status} = 'Succeeded' THEN ${paymentTransactions.amount} WHEN ${paymentTransactions.direction} = 'Outgoing' AND ${paymentTransactions.status} IN ('Pending', 'Succeeded') THEN -${paymentTransactions.amount} ELSE 0 END) FROM ${paymentTransactions} WHERE ${paymentTransactions.orderId} = ${orders.id} AND ${paymentTransactions.provider} <> 'OnSite'), 0)`
}

/** An order's amount due as SQL, as the order view computes it: payable less paid (issue 34). */
export function amountDueSql() {
	return sql<number>`max(0, ${orders.totalAmount} - ${orders.voucherAmount} - ${paidAmountSql()})`
}

export function insertPaymentTransaction(
	values: {
		orderId: string | null
		provider: PaymentProvider
		direction: 'Incoming' | 'Outgoing'
		amount: number
		reference: string
		externalId?: string | null
		status: PaymentTransactionStatus
		rawPayload?: unknown
		recordedById?: string | null
		note?: string | null
		/** A recorded bank transfer's idempotency key (unique, ADR 0142). */
		idempotencyKey?: string | null
		/** A bank refund's account (ADR 0176). */
		refundIban?: string | null
		refundAccountHolder?: string | null
		now: Date
	},
	db: DbOrTx,
): PaymentTransactionRow {
	return db
		.insert(paymentTransactions)
		.values({
			orderId: values.orderId,
			provider: values.provider,
			direction: values.direction,
			amount: values.amount,
			reference: values.reference,
			externalId: values.externalId ?? null,
			status: values.status,
			rawPayload: values.rawPayload ?? null,
			recordedById: values.recordedById ?? null,
			note: values.note ?? null,
			idempotencyKey: values.idempotencyKey ?? null,
			refundIban: values.refundIban ?? null,
			refundAccountHolder: values.refundAccountHolder ?? null,
			createdAt: values.now,
			updatedAt: values.now,
		})
		.returning()
		.get()
}

/** An incoming payment for an order: the transaction and its GuestPayment journal. */
export function bookIncomingPayment(
	order: OrderRow,
	payment: {
		provider: Exclude<PaymentProvider, 'OnSite'>
		amount: number
		reference: string
		externalId?: string | null
		rawPayload?: unknown
		recordedById?: string | null
		note?: string | null
		idempotencyKey?: string | null
		now: Date
	},
	db: DbOrTx,
): PaymentTransactionRow {
	const row = insertPaymentTransaction(
		{ ...payment, orderId: order.id, direction: 'Incoming', status: 'Succeeded' },
		db,
	)
	postGuestPaymentJournal(order, row.id, payment.amount, payment.now, db)
	return row
}

/** The GuestPayment journal of money that arrived for an order (ADR 0042). */
export function postGuestPaymentJournal(
	order: Pick<OrderRow, 'id' | 'hostId'>,
	paymentTransactionId: string,
	amount: number,
	now: Date,
	db: DbOrTx,
) {
	return postJournal(
		guestPaymentJournal(amount),
		{ orderId: order.id, hostId: order.hostId, paymentTransactionId, now },
		db,
	)
}

/** The provider a refund goes back through: the one that brought the money in. */
export function refundProvider(orderId: string, db: DbOrTx): Exclude<PaymentProvider, 'OnSite'> {
	const incoming = db
		.select({ provider: paymentTransactions.provider })
		.from(paymentTransactions)
		.where(
			and(
				eq(paymentTransactions.orderId, orderId),
				eq(paymentTransactions.direction, 'Incoming'),
				eq(paymentTransactions.status, 'Succeeded'),
			),
		)
		.orderBy(sql`${paymentTransactions.createdAt} DESC`)
		.get()
	return incoming?.provider === 'Stripe' ? 'Stripe' : 'BankTransfer'
}

/** The account a bank refund goes to (issue 34, ADR 0176): IBAN normalised and mod-97 checked. */
export type RefundAccount = { iban: string; holder: string }

/**
 * Refunds `amount` of what was paid: an outgoing transaction (Pending — "due": a
 * transfer the admin makes and marks as sent, or a card refund started after
 * commit; ADR 0176) and the Refund journal. A bank refund keeps the guest's
 * account when one was given.
 */
export function bookRefund(
	order: OrderRow,
	amount: number,
	context: { note: string; now: Date; account?: RefundAccount | null },
	db: DbOrTx,
): PaymentTransactionRow | null {
	if (amount <= 0) return null
	const provider = refundProvider(order.id, db)
	const account = provider === 'BankTransfer' ? context.account : null
	const row = insertPaymentTransaction(
		{
			orderId: order.id,
			provider,
			direction: 'Outgoing',
			amount,
			reference: order.code,
			status: 'Pending',
			note: context.note,
			refundIban: account?.iban ?? null,
			refundAccountHolder: account?.holder ?? null,
			now: context.now,
		},
		db,
	)
	postJournal(
		refundJournal(amount),
		{ orderId: order.id, hostId: order.hostId, paymentTransactionId: row.id, now: context.now },
		db,
	)
	return row
}

/** Money the platform keeps for an order: commission to revenue, the rest owed to the host. */
export function bookSettlement(order: OrderRow, retained: number, now: Date, db: DbOrTx) {
	const commission = commissionOf(retained, order.commissionRateBp)
	for (const journal of settlementJournals(retained, commission)) {
		postJournal(journal, { orderId: order.id, hostId: order.hostId, now }, db)
	}
	return commission
}

/** A completed on-site order: the host collected the money and owes the commission. */
export function bookOnSiteCompletion(order: OrderRow, now: Date, db: DbOrTx) {
	insertPaymentTransaction(
		{
			orderId: order.id,
			provider: 'OnSite',
			direction: 'Incoming',
			amount: amountPayable(order),
			reference: order.code,
			status: 'Succeeded',
			note: 'collected on site by the host',
			now,
		},
		db,
	)
	postJournal(
		onSiteCommissionJournal(order.commissionAmount),
		{ orderId: order.id, hostId: order.hostId, now },
		db,
	)
}

/** Payment status from what was paid and refunded. */
export function paymentStatusAfterRefund(paidBefore: number, refund: number): OrderRow['paymentStatus'] {
	if (paidBefore <= 0) return 'Unpaid'
	if (refund <= 0) return 'Paid'
	return refund >= paidBefore ? 'Refunded' : 'PartiallyRefunded'
}

/** Statuses in which money received must go straight back (the order can no longer happen). */
export const FINAL_WITHOUT_STAY: readonly OrderStatus[] = ['Declined', 'Expired', 'Cancelled']
