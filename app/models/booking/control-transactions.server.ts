import { and, eq, sql } from 'drizzle-orm'
import { orders } from '#db/schema/orders.ts'
import { paymentTransactions } from '#db/schema/payments.ts'
import { users } from '#db/schema/users.ts'
import { guestPaymentJournal } from '#app/domain/ledger.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, type DbOrTx, type Transaction } from '#app/utils/db.server.ts'
import { recordAdminAudit } from '#app/models/platform/audit-log.server.ts'
import {
	matchVoucherOrder,
	payVoucherOrder,
	type VoucherOrderRow,
} from '#app/models/vouchers/voucher-orders.server.ts'
import {
	amountPayable,
	insertPaymentTransaction,
	paidAmount,
	postJournal,
	type OrderRow,
} from './order-money.server.ts'
import type { OrderCaller } from './orders.server.ts'
import {
	assertTransferAccepted,
	bookBankTransfer,
	deliverQueuedEmails,
	recordedTransfer,
	requireTransferAdmin,
} from './payments.server.ts'

/**
 * Control transactions (ADR 0094): an admin records an incoming bank transfer
 * as the bank shows it — amount, booking date, reference text, payer. The
 * order is found by its code in the reference; the payment itself goes
 * through the one bank-transfer model (recordBankTransfer). A transfer whose
 * reference names no order is recorded unmatched (money in the bank, ledger
 * row without an order), never dropped.
 */
export type ControlTransactionInput = {
	amount: number
	bookingDate: string
	reference: string
	payerName?: string
	confirmDuplicate?: boolean
	/** The form render's or API call's key (ADR 0142): a repeat gets the first outcome and books nothing. */
	idempotencyKey?: string
}

export type ControlTransactionResult =
	| { outcome: 'duplicate'; duplicateId: string }
	| { outcome: 'unmatched'; paymentId: string }
	| { outcome: 'matched'; paymentId: string; order: OrderRow; paid: number; due: number; excess: number }
	| { outcome: 'voucherOrder'; paymentId: string; voucherOrder: VoucherOrderRow }

/**
 * Order codes ("SZ-XXXXXX") inside a free reference text: case-insensitive,
 * tolerant of spaces and dashes the payer or the bank put in ("sz abc 123").
 */
export function orderCodesIn(reference: string): string[] {
	const compact = reference.toUpperCase().replace(/[\s\-–—_.]/g, '')
	const codes: string[] = []
	for (const match of compact.matchAll(/(?=SZ([A-Z0-9]{6}))/g)) {
		const code = `SZ-${match[1]}`
		if (!codes.includes(code)) codes.push(code)
	}
	return codes
}

/** The first order a code in the reference names. */
export function matchOrder(reference: string, db: DbOrTx = getDb()): OrderRow | undefined {
	for (const code of orderCodesIn(reference)) {
		const order = db.select().from(orders).where(eq(orders.code, code)).get()
		if (order) return order
	}
	return undefined
}

function requireAdmin(caller: OrderCaller) {
	if (caller.role !== 'Admin') throw new AppError(403, 'Forbidden')
}

/** What the page shows while the reference is typed: the matched order and what is still due. */
export function previewControlTransaction(reference: string, admin: OrderCaller) {
	requireAdmin(admin)
	const order = matchOrder(reference)
	if (!order) return null
	const guest = getDb()
		.select({ displayName: users.displayName, firstName: users.firstName, lastName: users.lastName })
		.from(users)
		.where(eq(users.id, order.guestId))
		.get()
	const paid = paidAmount(order.id, getDb())
	return {
		orderId: order.id,
		code: order.code,
		status: order.status,
		guestName: guest ? [guest.firstName, guest.lastName].filter(Boolean).join(' ') || guest.displayName : '',
		totalAmount: order.totalAmount,
		paid,
		due: Math.max(0, amountPayable(order) - paid),
	}
}

/**
 * A bank transfer already recorded with the same reference, amount and booking
 * date — read inside the transaction that would book it (ADR 0142).
 */
export function findDuplicateTransfer(input: ControlTransactionInput, db: DbOrTx) {
	return db
		.select({ id: paymentTransactions.id })
		.from(paymentTransactions)
		.where(
			and(
				eq(paymentTransactions.provider, 'BankTransfer'),
				eq(paymentTransactions.direction, 'Incoming'),
				eq(paymentTransactions.amount, input.amount),
				sql`lower(trim(${paymentTransactions.reference})) = lower(${input.reference.trim()})`,
				sql`json_extract(${paymentTransactions.rawPayload}, '$.bookingDate') = ${input.bookingDate}`,
			),
		)
		.get()
}

/**
 * Records a control transaction in one IMMEDIATE transaction (ADR 0142): the
 * idempotency key (a repeat returns the first outcome), the closed-order rule
 * and the booking date, the duplicate check (same reference, amount and
 * booking date; recorded again only with `confirmDuplicate`), then the payment
 * through the one bank-transfer booking — or unmatched when no order is named.
 * Nothing another process writes can come between the check and the write.
 */
export function recordControlTransaction(
	input: ControlTransactionInput,
	admin: OrderCaller,
	options: { now?: number } = {},
): ControlTransactionResult {
	requireTransferAdmin(admin, input.amount, 'adminPayments:errors.amount')
	const now = new Date(options.now ?? Date.now())
	const reference = input.reference.trim()
	const result = immediateTransaction(
		(tx): { outcome: ControlTransactionResult; emails: (string | null)[] } => {
			const order = matchOrder(reference, tx)
			// A gift voucher order's GV reference (ADR 0168): paid, it issues the voucher in this transaction.
			const voucherOrder = order ? undefined : matchVoucherOrder(reference, tx)
			if (voucherOrder)
				return recordVoucherOrderTransfer(tx, voucherOrder, { ...input, reference }, admin, now)
			const earlier = recordedTransfer(tx, input.idempotencyKey, {
				orderId: order?.id ?? null,
				amount: input.amount,
			})
			if (earlier) return { outcome: outcomeOf(earlier, order, tx), emails: [] }
			assertTransferAccepted(order, input.bookingDate, now)
			const duplicate = findDuplicateTransfer(input, tx)
			if (duplicate && !input.confirmDuplicate) {
				return { outcome: { outcome: 'duplicate', duplicateId: duplicate.id }, emails: [] }
			}
			if (!order) {
				const paymentId = recordUnmatched(tx, { ...input, reference }, admin, now)
				return { outcome: outcomeOf({ id: paymentId }, undefined, tx), emails: [] }
			}
			const booked = bookBankTransfer(
				tx,
				order,
				{
					amount: input.amount,
					reference,
					bookingDate: input.bookingDate,
					payerName: input.payerName,
					idempotencyKey: input.idempotencyKey,
				},
				admin,
				now,
			)
			return { outcome: outcomeOf(booked.payment, booked.order, tx), emails: booked.emails }
		},
	)
	deliverQueuedEmails(result.emails)
	return result.outcome
}

/**
 * A bank transfer for a gift voucher order (ADR 0168): the same key again returns the first
 * outcome; the amount must be the voucher order's; the payment is recorded without an order and
 * the voucher issued (its sale journal books the money) — once, as the voucher order's status guards.
 */
function recordVoucherOrderTransfer(
	tx: Transaction,
	voucherOrder: VoucherOrderRow,
	input: ControlTransactionInput,
	admin: OrderCaller,
	now: Date,
): { outcome: ControlTransactionResult; emails: (string | null)[] } {
	const earlier = recordedTransfer(tx, input.idempotencyKey, { orderId: null, amount: input.amount })
	if (earlier)
		return { outcome: { outcome: 'voucherOrder', paymentId: earlier.id, voucherOrder }, emails: [] }
	assertTransferAccepted(undefined, input.bookingDate, now)
	if (voucherOrder.status !== 'AwaitingPayment') {
		throw new AppError(409, 'VoucherOrderNotAwaitingPayment', {
			messageKey: 'vouchers:orders.errors.notAwaitingPayment',
			params: { code: voucherOrder.code },
			fields: { reference: [`vouchers:orders.errors.notAwaitingPayment?code=${voucherOrder.code}`] },
		})
	}
	if (input.amount !== voucherOrder.amount) {
		const amount = (voucherOrder.amount / 100).toFixed(2)
		throw new AppError(400, 'VoucherOrderAmountMismatch', {
			messageKey: 'vouchers:orders.errors.amountMismatch',
			params: { code: voucherOrder.code, amount },
			fields: {
				amount: [`vouchers:orders.errors.amountMismatch?code=${voucherOrder.code}&amount=${amount}`],
			},
		})
	}
	const duplicate = findDuplicateTransfer(input, tx)
	if (duplicate && !input.confirmDuplicate) {
		return { outcome: { outcome: 'duplicate', duplicateId: duplicate.id }, emails: [] }
	}
	const payment = insertPaymentTransaction(
		{
			orderId: null,
			provider: 'BankTransfer',
			direction: 'Incoming',
			amount: input.amount,
			reference: input.reference,
			status: 'Succeeded',
			recordedById: admin.id,
			note: 'voucherOrder',
			idempotencyKey: input.idempotencyKey ?? null,
			rawPayload: {
				recordedBy: admin.id,
				reference: input.reference,
				bookingDate: input.bookingDate,
				voucherOrderId: voucherOrder.id,
				...(input.payerName ? { payerName: input.payerName } : {}),
			},
			now,
		},
		tx,
	)
	const paid = payVoucherOrder(tx, voucherOrder, { now, actorId: admin.id })
	recordAdminAudit(tx, {
		admin,
		action: 'voucherOrder.recordPayment',
		entityType: 'paymentTransaction',
		entityId: payment.id,
		changes: {
			voucherOrder: { before: null, after: voucherOrder.code },
			voucherOrderStatus: { before: voucherOrder.status, after: 'Paid' },
			voucherId: { before: null, after: paid.voucher.id },
		},
		now,
	})
	return {
		outcome: { outcome: 'voucherOrder', paymentId: payment.id, voucherOrder: paid.voucherOrder },
		emails: paid.emailIds,
	}
}

/**
 * The answer for a recorded transfer: unmatched, or matched with what the
 * order has been paid, what is still due and what came in beyond its total
 * (`excess`, already booked back as a pending refund by the bank-transfer model).
 */
function outcomeOf(
	payment: { id: string },
	order: OrderRow | undefined,
	tx: Transaction,
): ControlTransactionResult {
	if (!order) return { outcome: 'unmatched', paymentId: payment.id }
	const paid = paidAmount(order.id, tx)
	const received = paid + refundedOverpayment(order.id, tx)
	return {
		outcome: 'matched',
		paymentId: payment.id,
		order,
		paid,
		due: Math.max(0, amountPayable(order) - received),
		excess: Math.max(0, received - amountPayable(order)),
	}
}

/** Overpaid money the bank-transfer model already booked back to the guest (pending refund). */
function refundedOverpayment(orderId: string, db: DbOrTx) {
	const row = db
		.select({ total: sql<number>`coalesce(sum(${paymentTransactions.amount}), 0)` })
		.from(paymentTransactions)
		.where(
			and(
				eq(paymentTransactions.orderId, orderId),
				eq(paymentTransactions.direction, 'Outgoing'),
				eq(paymentTransactions.note, 'overpayment'),
			),
		)
		.get()
	return row?.total ?? 0
}

function recordUnmatched(
	tx: Transaction,
	input: ControlTransactionInput,
	admin: OrderCaller,
	at: Date,
): string {
	const payment = insertPaymentTransaction(
		{
			orderId: null,
			provider: 'BankTransfer',
			direction: 'Incoming',
			amount: input.amount,
			reference: input.reference,
			status: 'Succeeded',
			recordedById: admin.id,
			note: 'unmatched',
			idempotencyKey: input.idempotencyKey ?? null,
			rawPayload: {
				recordedBy: admin.id,
				reference: input.reference,
				bookingDate: input.bookingDate,
				matched: false,
				...(input.payerName ? { payerName: input.payerName } : {}),
			},
			now: at,
		},
		tx,
	)
	postJournal(
		guestPaymentJournal(input.amount),
		{ orderId: null, hostId: null, paymentTransactionId: payment.id, description: 'unmatched', now: at },
		tx,
	)
	recordAdminAudit(tx, {
		admin,
		action: 'payment.recordUnmatched',
		entityType: 'paymentTransaction',
		entityId: payment.id,
		changes: {
			amount: { before: null, after: input.amount },
			reference: { before: null, after: payment.reference },
		},
		now: at,
	})
	return payment.id
}
