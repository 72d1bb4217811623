import { and, desc, eq, inArray, or, sql } from 'drizzle-orm'
import { orders } from '#db/schema/orders.ts'
import { paymentTransactions } from '#db/schema/payments.ts'
import { unmatchedReversalJournal } from '#app/domain/ledger.ts'
import { euroTextToCents } from '#app/schemas/fields.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, type Transaction } from '#app/utils/db.server.ts'
import { recordAdminAudit, changedFields, ORDER_AUDIT_FIELDS } from '#app/models/platform/audit-log.server.ts'
import {
	amountPayable,
	paidAmount,
	paidAmountSql,
	postGuestPaymentJournal,
	postJournal,
	type OrderRow,
} from './order-money.server.ts'
import type { OrderCaller } from './orders.server.ts'
import { applyIncomingPayment, assertTransferAccepted, deliverQueuedEmails } from './payments.server.ts'

/**
 * Unmatched bank transfers assigned later (issue 34, ADR 0173): a transfer recorded without a
 * booking code (recordUnmatched, ADR 0094) is given its order from the payment's admin page. In one
 * IMMEDIATE transaction the payment row gets the order, the unmatched GuestPayment journal is
 * reversed and the order's own journal written, and the order follows as for a transfer recorded
 * against it (partially paid, confirmed, overpayment refunded). Never twice: the payment must still
 * be unmatched; the same form's key again returns the first outcome and books nothing.
 */

/** Orders that may still take money (those a control transaction accepts; ADR 0142). */
const OPEN_STATUSES = ['Requested', 'AwaitingPayment', 'Confirmed'] as const

type Assignment = { orderId: string; idempotencyKey: string; by: string; at: string }

function assignmentOf(rawPayload: unknown): Assignment | undefined {
	const raw = rawPayload as { assignment?: Assignment } | null
	return raw && typeof raw === 'object' ? raw.assignment : undefined
}

function requireAdmin(caller: OrderCaller) {
	if (caller.role !== 'Admin') throw new AppError(403, 'Forbidden')
}

/**
 * `isAssignable` as SQL, for lists and counts (the payment list's `unmatched` filter, the dashboard's
 * money to-do): true (1) for an incoming transfer recorded unmatched and still without order.
 * `mapToDriverValue` lets the data table's flag filter compare it with `true`.
 */
export const unmatchedTransferSql = Object.assign(
	sql<boolean>`(${paymentTransactions.orderId} IS NULL AND ${paymentTransactions.note} = 'unmatched' AND ${paymentTransactions.direction} = 'Incoming')`,
	{ mapToDriverValue: (value: boolean) => (value ? 1 : 0) },
)

/** Whether an admin may assign this payment: an incoming bank transfer recorded unmatched, still without order. */
export function isAssignable(payment: { orderId: string | null; note: string | null; direction: string }) {
	return payment.orderId === null && payment.note === 'unmatched' && payment.direction === 'Incoming'
}

/**
 * Candidate orders for an unmatched transfer: by order code or guest name (the orders' search
 * text, ADR 0107), or by an amount in euros (the amount payable or what is still due).
 */
export function searchOrdersToAssign(query: string, admin: OrderCaller, db = getDb()) {
	requireAdmin(admin)
	const text = query.trim()
	if (text.length < 2) return []
	const cents = euroTextToCents(text)
	const paid = paidAmountSql()
	const payable = sql<number>`max(0, ${orders.totalAmount} - ${orders.voucherAmount})`
	const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
	const rows = db
		.select({
			id: orders.id,
			code: orders.code,
			status: orders.status,
			paymentStatus: orders.paymentStatus,
			contact: orders.contact,
			totalAmount: orders.totalAmount,
			voucherAmount: orders.voucherAmount,
			paid,
		})
		.from(orders)
		.where(
			and(
				inArray(orders.status, [...OPEN_STATUSES]),
				or(
					sql`${orders.searchText} LIKE ${like} ESCAPE '\\'`,
					cents === null ? undefined : sql`${payable} = ${cents}`,
					cents === null ? undefined : sql`${payable} - ${paid} = ${cents}`,
				),
			),
		)
		.orderBy(desc(orders.createdAt))
		.limit(20)
		.all()
	return rows.map((row) => ({
		id: row.id,
		code: row.code,
		status: row.status,
		paymentStatus: row.paymentStatus,
		guestName: `${row.contact.firstName} ${row.contact.lastName}`.trim(),
		totalAmount: row.totalAmount,
		amountDue: Math.max(0, amountPayable(row) - row.paid),
	}))
}

function alreadyAssigned(code: string | null) {
	return code
		? new AppError(409, 'PaymentAlreadyAssigned', {
				messageKey: 'adminPayments:errors.alreadyAssigned',
				params: { code },
			})
		: new AppError(409, 'PaymentNotUnmatched', { messageKey: 'adminPayments:errors.notUnmatched' })
}

export type AssignInput = { paymentId: string; orderId: string; idempotencyKey: string }

/** Assigns an unmatched transfer to an order; see the module comment. */
export function assignUnmatchedTransfer(
	input: AssignInput,
	admin: OrderCaller,
	options: { now?: number } = {},
): { order: OrderRow; paid: number; due: number; replayed: boolean } {
	requireAdmin(admin)
	const now = new Date(options.now ?? Date.now())
	const result = immediateTransaction((tx) => {
		const payment = tx
			.select()
			.from(paymentTransactions)
			.where(eq(paymentTransactions.id, input.paymentId))
			.get()
		if (!payment) throw new AppError(404, 'NotFound')
		const order = tx.select().from(orders).where(eq(orders.id, input.orderId)).get()
		if (!order) throw new AppError(404, 'NotFound', { messageKey: 'adminPayments:errors.assignOrderMissing' })
		const earlier = assignmentOf(payment.rawPayload)
		if (earlier && earlier.idempotencyKey === input.idempotencyKey && earlier.orderId === order.id) {
			return { ...standing(tx, order), emails: [] as (string | null)[], replayed: true }
		}
		if (!isAssignable(payment)) throw alreadyAssigned(assignedCode(tx, payment.orderId))
		const raw = (payment.rawPayload ?? {}) as Record<string, unknown>
		assertTransferAccepted(order, typeof raw.bookingDate === 'string' ? raw.bookingDate : undefined, now)
		return { ...assign(tx, payment, order, raw, input, admin, now), replayed: false }
	})
	deliverQueuedEmails(result.emails)
	return { order: result.order, paid: result.paid, due: result.due, replayed: result.replayed }
}

function assignedCode(tx: Transaction, orderId: string | null) {
	if (!orderId) return null
	return tx.select({ code: orders.code }).from(orders).where(eq(orders.id, orderId)).get()?.code ?? null
}

function standing(tx: Transaction, order: OrderRow) {
	const current = tx.select().from(orders).where(eq(orders.id, order.id)).get() ?? order
	const paid = paidAmount(current.id, tx)
	return { order: current, paid, due: Math.max(0, amountPayable(current) - paid) }
}

function assign(
	tx: Transaction,
	payment: typeof paymentTransactions.$inferSelect,
	order: OrderRow,
	raw: Record<string, unknown>,
	input: AssignInput,
	admin: OrderCaller,
	now: Date,
) {
	const assignment: Assignment = {
		orderId: order.id,
		idempotencyKey: input.idempotencyKey,
		by: admin.id,
		at: now.toISOString(),
	}
	tx.update(paymentTransactions)
		.set({
			orderId: order.id,
			note: 'assigned',
			rawPayload: { ...raw, matched: true, assignment },
			updatedAt: now,
		})
		.where(and(eq(paymentTransactions.id, payment.id), sql`${paymentTransactions.orderId} IS NULL`))
		.run()
	// The money leaves the unmatched rows (no order) and arrives in the order's journals.
	postJournal(
		unmatchedReversalJournal(payment.amount),
		{
			orderId: null,
			hostId: null,
			paymentTransactionId: payment.id,
			description: `assigned ${order.code}`,
			now,
		},
		tx,
	)
	postGuestPaymentJournal(order, payment.id, payment.amount, now, tx)
	const applied = applyIncomingPayment(tx, order, { id: admin.id, role: 'Admin' }, now, payment.amount)
	recordAdminAudit(tx, {
		admin,
		action: 'payment.assignUnmatched',
		entityType: 'paymentTransaction',
		entityId: payment.id,
		changes: {
			order: { before: null, after: order.code },
			...changedFields(order, applied.order, ORDER_AUDIT_FIELDS),
		},
		now,
	})
	return { ...standing(tx, applied.order), emails: applied.emails }
}
