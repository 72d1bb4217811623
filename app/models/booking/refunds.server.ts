import { and, eq, ne, sql } from 'drizzle-orm'
import { orders } from '#db/schema/orders.ts'
import { paymentTransactions } from '#db/schema/payments.ts'
import { refundJournal } from '#app/domain/ledger.ts'
import { AppError } from '#app/utils/app-error.ts'
import { assertAdmin } from '#app/utils/assert-admin.ts'
import { getDb, immediateTransaction, type DbOrTx, type Transaction } from '#app/utils/db.server.ts'
import { maskIban } from '#app/utils/iban.ts'
import { getStripe } from '#app/utils/stripe.server.ts'
import { recordAdminAudit } from '#app/models/platform/audit-log.server.ts'
import type { RefundAccountInput } from '#app/schemas/refunds.ts'
import { insertPaymentTransaction, postJournal, type PaymentTransactionRow } from './order-money.server.ts'
import { queueOrderEmail } from './order-emails.server.ts'
import { loadOrderFor, type OrderCaller } from './orders.server.ts'
import { deliverQueuedEmails, sendCardRefund } from './payments.server.ts'
import { isAssignable } from './unmatched-transfers.server.ts'

/**
 * Refunds are due until they are sent (issue 34, ADR 0176). A refund is an outgoing payment
 * transaction: Pending while due (Failed: a card refund Stripe refused, still owed), Succeeded with
 * `completed_at` once the money left. A bank refund needs the guest's account (asked for at
 * cancellation or later on the order page, mod-97 checked, stored only for this refund and masked
 * once it is sent); the admin sends it from the bank and marks it as sent on the payment's page.
 * A card refund goes to Stripe after commit and can be retried under the same idempotency key.
 * An unmatched transfer can be sent back as a refund without an order.
 */

/** What the guest sees of an order's refunds: on its way (due), or sent on a day. */
export type RefundState = {
	state: 'due' | 'sent'
	/** Cents: what is on its way, or what was sent. */
	amount: number
	/** When the last one was sent (epoch ms); null while due. */
	sentAt: number | null
	/** A bank refund is due and no account was given yet: the guest's page asks for one. */
	needsAccount: boolean
	/** The account a due bank refund goes to, masked (the guest's page shows it back). */
	account: { holder: string; iban: string } | null
}

const DUE_STATUSES = ['Pending', 'Failed'] as const

export function refundStateOf(orderId: string, db: DbOrTx = getDb()): RefundState | null {
	const rows = db
		.select({
			provider: paymentTransactions.provider,
			status: paymentTransactions.status,
			amount: paymentTransactions.amount,
			refundIban: paymentTransactions.refundIban,
			refundAccountHolder: paymentTransactions.refundAccountHolder,
			completedAt: paymentTransactions.completedAt,
			updatedAt: paymentTransactions.updatedAt,
		})
		.from(paymentTransactions)
		.where(
			and(
				eq(paymentTransactions.orderId, orderId),
				eq(paymentTransactions.direction, 'Outgoing'),
				ne(paymentTransactions.provider, 'OnSite'),
			),
		)
		.all()
	const due = rows.filter((row) => (DUE_STATUSES as readonly string[]).includes(row.status))
	if (due.length > 0) {
		const given = due.find((row) => row.provider === 'BankTransfer' && row.refundIban)
		return {
			state: 'due',
			amount: due.reduce((sum, row) => sum + row.amount, 0),
			sentAt: null,
			needsAccount: due.some((row) => row.provider === 'BankTransfer' && !row.refundIban),
			account: given?.refundIban
				? { holder: given.refundAccountHolder ?? '', iban: maskIban(given.refundIban) ?? '' }
				: null,
		}
	}
	const sent = rows.filter((row) => row.status === 'Succeeded')
	if (sent.length === 0) return null
	return {
		state: 'sent',
		amount: sent.reduce((sum, row) => sum + row.amount, 0),
		sentAt: Math.max(...sent.map((row) => (row.completedAt ?? row.updatedAt).getTime())),
		needsAccount: false,
		account: null,
	}
}

/**
 * The same state as SQL correlated on `orders.id`, for the order lists' items (API): 'due' while a
 * refund of the order is due, 'sent' once all are sent, else null.
 */
export function refundStateSql() {
	const outgoing = sql`FROM ${paymentTransactions} WHERE ${paymentTransactions.orderId} = ${orders.id} AND ${paymentTransactions.direction} = 'Outgoing' AND ${paymentTransactions.provider} <> 'OnSite'`
	return sql<
		RefundState['state'] | null
	>`CASE WHEN EXISTS (SELECT 1 ${outgoing} AND ${paymentTransactions.status} IN ('Pending', 'Failed')) THEN 'due' WHEN EXISTS (SELECT 1 ${outgoing} AND ${paymentTransactions.status} = 'Succeeded') THEN 'sent' END`
}

function refused(key: string) {
	return new AppError(409, 'RefundRefused', { messageKey: `refunds:errors.${key}` })
}

/**
 * The guest gives the account for their order's due bank refunds (the order page's form when none
 * was given at cancellation). Another guest's order is the same 404 as an unknown one; an order
 * without a due bank refund is a 409 and nothing changes. A second account replaces the first
 * while the refund is still due.
 */
export function giveRefundAccount(
	orderId: string,
	caller: OrderCaller,
	input: RefundAccountInput,
	options: { now?: number } = {},
): { updated: number } {
	const now = new Date(options.now ?? Date.now())
	return immediateTransaction((tx) => {
		const order = loadOrderFor(orderId, caller, tx)
		if (caller.role !== 'Customer' || order.guestId !== caller.id) throw new AppError(404, 'NotFound')
		const result = tx
			.update(paymentTransactions)
			.set({
				refundIban: input.refundIban,
				refundAccountHolder: input.refundAccountHolder,
				updatedAt: now,
			})
			.where(
				and(
					eq(paymentTransactions.orderId, order.id),
					eq(paymentTransactions.direction, 'Outgoing'),
					eq(paymentTransactions.provider, 'BankTransfer'),
					eq(paymentTransactions.status, 'Pending'),
				),
			)
			.run()
		if (result.changes === 0) throw refused('noRefundDue')
		return { updated: result.changes }
	})
}

function loadRefund(tx: DbOrTx, paymentId: string): PaymentTransactionRow {
	const payment = tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, paymentId)).get()
	if (!payment) throw new AppError(404, 'NotFound')
	return payment
}

function queueRefundSent(tx: Transaction, payment: PaymentTransactionRow) {
	if (!payment.orderId) return null
	const order = tx.select().from(orders).where(eq(orders.id, payment.orderId)).get()
	return order ? queueOrderEmail('refundSent', 'guest', order, tx, { refundAmount: payment.amount }) : null
}

/**
 * The admin sent a due bank refund from the platform's bank: it becomes Succeeded with
 * `completed_at`, the stored IBAN is masked to its last four characters, the admin log notes it
 * and the guest is told in their language. Idempotent: a refund already sent answers `replayed`
 * and changes nothing. Needs the guest's account.
 */
export function markRefundSent(
	paymentId: string,
	admin: OrderCaller,
	options: { now?: number } = {},
): { payment: PaymentTransactionRow; replayed: boolean } {
	assertAdmin(admin)
	const now = new Date(options.now ?? Date.now())
	const result = immediateTransaction((tx) => {
		const payment = loadRefund(tx, paymentId)
		if (payment.direction !== 'Outgoing' || payment.provider !== 'BankTransfer')
			throw refused('notBankRefund')
		if (payment.status === 'Succeeded') return { payment, replayed: true, emails: [] as (string | null)[] }
		if (payment.status !== 'Pending') throw refused('notDue')
		if (!payment.refundIban) throw refused('accountMissing')
		const sent = tx
			.update(paymentTransactions)
			.set({
				status: 'Succeeded',
				completedAt: now,
				refundIban: maskIban(payment.refundIban),
				updatedAt: now,
			})
			.where(and(eq(paymentTransactions.id, payment.id), eq(paymentTransactions.status, 'Pending')))
			.returning()
			.get()
		if (!sent) throw refused('notDue')
		recordAdminAudit(tx, {
			admin,
			action: 'payment.refundSent',
			entityType: 'paymentTransaction',
			entityId: payment.id,
			changes: {
				status: { before: payment.status, after: sent.status },
				amount: { before: null, after: payment.amount },
				refundAccount: {
					before: null,
					after: `${payment.refundAccountHolder ?? ''} ${sent.refundIban}`.trim(),
				},
			},
			now,
		})
		return { payment: sent, replayed: false, emails: [queueRefundSent(tx, sent)] }
	})
	deliverQueuedEmails(result.emails)
	return { payment: result.payment, replayed: result.replayed }
}

/**
 * The admin retries a card refund that is still due (Failed at Stripe, or never sent): the same
 * call as after a cancellation, under the same idempotency key `refund-<id>`, so Stripe refunds it
 * at most once. Sent: the guest is told. A refund already sent answers `replayed`.
 */
export async function retryCardRefund(
	paymentId: string,
	admin: OrderCaller,
): Promise<{ sent: boolean; replayed: boolean }> {
	assertAdmin(admin)
	const payment = loadRefund(getDb(), paymentId)
	if (payment.direction !== 'Outgoing' || payment.provider !== 'Stripe') throw refused('notCardRefund')
	if (payment.status === 'Succeeded') return { sent: true, replayed: true }
	if (!(DUE_STATUSES as readonly string[]).includes(payment.status)) throw refused('notDue')
	const stripe = getStripe()
	if (!stripe) throw refused('cardNotConfigured')
	const sent = await sendCardRefund(stripe, payment, (tx, row) => [queueRefundSent(tx, row)])
	immediateTransaction((tx) => {
		const after = loadRefund(tx, paymentId)
		recordAdminAudit(tx, {
			admin,
			action: 'payment.retryCardRefund',
			entityType: 'paymentTransaction',
			entityId: payment.id,
			changes: { status: { before: payment.status, after: after.status } },
			now: new Date(),
		})
	})
	return { sent, replayed: false }
}

export type RefundUnmatchedInput = RefundAccountInput & { paymentId: string; idempotencyKey: string }

/**
 * An unmatched transfer sent back (the admin types the payer's account): in one IMMEDIATE
 * transaction an outgoing bank refund without order (due, to be marked as sent like any other),
 * the Refund journal without order — it balances the unmatched GuestPayment journal, so the money
 * leaves the books once — and the transfer is no longer unmatched, so it can never also be assigned.
 * The same form's key again returns the first refund and books nothing.
 */
export function refundUnmatchedTransfer(
	input: RefundUnmatchedInput,
	admin: OrderCaller,
	options: { now?: number } = {},
): { refund: PaymentTransactionRow; replayed: boolean } {
	assertAdmin(admin)
	const now = new Date(options.now ?? Date.now())
	return immediateTransaction((tx) => {
		const earlier = tx
			.select()
			.from(paymentTransactions)
			.where(eq(paymentTransactions.idempotencyKey, input.idempotencyKey))
			.get()
		if (earlier) {
			if ((earlier.rawPayload as { refundOf?: string } | null)?.refundOf !== input.paymentId) {
				throw new AppError(409, 'IdempotencyKeyReused', {
					messageKey: 'adminPayments:errors.transferKeyReused',
				})
			}
			return { refund: earlier, replayed: true }
		}
		const payment = loadRefund(tx, input.paymentId)
		if (!isAssignable(payment)) throw refused('notUnmatched')
		const refund = insertPaymentTransaction(
			{
				orderId: null,
				provider: 'BankTransfer',
				direction: 'Outgoing',
				amount: payment.amount,
				reference: payment.reference,
				status: 'Pending',
				rawPayload: { refundOf: payment.id },
				recordedById: admin.id,
				note: 'unmatched refund',
				idempotencyKey: input.idempotencyKey,
				refundIban: input.refundIban,
				refundAccountHolder: input.refundAccountHolder,
				now,
			},
			tx,
		)
		const raw = (payment.rawPayload ?? {}) as Record<string, unknown>
		const marked = tx
			.update(paymentTransactions)
			.set({
				note: 'refunded',
				rawPayload: { ...raw, refund: { paymentId: refund.id, by: admin.id, at: now.toISOString() } },
				updatedAt: now,
			})
			.where(
				and(
					eq(paymentTransactions.id, payment.id),
					sql`${paymentTransactions.orderId} IS NULL`,
					eq(paymentTransactions.note, 'unmatched'),
				),
			)
			.run()
		if (marked.changes !== 1) throw refused('notUnmatched')
		postJournal(
			refundJournal(payment.amount),
			{
				orderId: null,
				hostId: null,
				paymentTransactionId: refund.id,
				description: `refund of unmatched ${payment.reference}`,
				now,
			},
			tx,
		)
		recordAdminAudit(tx, {
			admin,
			action: 'payment.refundUnmatched',
			entityType: 'paymentTransaction',
			entityId: payment.id,
			changes: {
				payment: {
					before: null,
					after: { id: refund.id, amount: refund.amount, reference: refund.reference },
				},
			},
			now,
		})
		return { refund, replayed: false }
	})
}

/**
 * Refunds still due (outgoing, Pending): the count behind `/admin/paymentTransactions?refunds=due`,
 * for the dashboard's money to-do.
 */
export function countRefundsDue(db: DbOrTx = getDb()): number {
	return (
		db
			.select({ n: sql<number>`count(*)` })
			.from(paymentTransactions)
			.where(and(eq(paymentTransactions.direction, 'Outgoing'), eq(paymentTransactions.status, 'Pending')))
			.get()?.n ?? 0
	)
}
