import { eq } from 'drizzle-orm'
import { playrooms } from '#db/schema/catalogue.ts'
import { orders } from '#db/schema/orders.ts'
import { refundFor, type CancellationActor } from '#app/domain/cancellation.ts'
import { commissionOf } from '#app/domain/ledger.ts'
import { paymentDeadline, statusWhenBookable } from '#app/domain/order-status.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import { queueOrderEmail } from './order-emails.server.ts'
import { capturedGiftAmount, refundOrderVoucher } from '#app/models/vouchers/voucher-redemption.server.ts'
import { notifyOrderEvent } from '#app/models/notifications/order-notices.server.ts'
import {
	bookOnSiteCompletion,
	bookRefund,
	amountPayable,
	bookSettlement,
	paidAmount,
	paymentStatusAfterRefund,
	type RefundAccount,
} from './order-money.server.ts'
import { changedFields, ORDER_AUDIT_FIELDS, recordAdminAudit } from '#app/models/platform/audit-log.server.ts'
import {
	orderNotFound,
	transitionOrder,
	loadOrder,
	loadOrderFor,
	deliverQueuedEmails,
	type OrderCaller,
	type OrderRow,
} from './orders.server.ts'

/**
 * Every status transition of an order after it was created (issue 5,
 * docs/subsystems/booking.md): the host accepts or declines, guest, host or
 * admin cancel (with the refund the policy gives), tasks expire and complete.
 * Each is one IMMEDIATE transaction through `transitionOrder`; the status
 * machine (app/domain/order-status.ts) refuses what PRODUCT.md §3 does not allow.
 */
function requireHostOf(order: OrderRow, host: OrderCaller) {
	if (host.role !== 'Owner' || order.hostId !== host.id) throw orderNotFound()
}

/** The host accepts a request (within its deadline): AwaitingPayment, or Confirmed when nothing is left to pay online. */
export function acceptOrder(orderId: string, host: OrderCaller, options: { now?: number } = {}): OrderRow {
	const now = options.now ?? Date.now()
	return deliverQueuedEmails(
		immediateTransaction((tx) => {
			const order = loadOrder(orderId, tx)
			requireHostOf(order, host)
			if (order.status === 'Requested' && order.responseDeadline && order.responseDeadline.getTime() <= now) {
				throw new AppError(409, 'ResponseDeadlinePassed', {
					messageKey: 'booking:errors.responseDeadlinePassed',
				})
			}
			const paid = order.status === 'Requested' ? paidAmount(order.id, tx) : 0
			const to = statusWhenBookable({
				paymentMethod: order.paymentMethod,
				amountDue: amountPayable(order) - paid,
			})
			const at = new Date(now)
			const updated = transitionOrder(
				tx,
				order,
				to,
				{ id: host.id, role: 'Owner', impersonatedBy: host.impersonatedBy },
				{
					now: at,
					patch: {
						responseDeadline: null,
						...(to === 'Confirmed'
							? {
									confirmedAt: at,
									paymentStatus: paid >= amountPayable(order) && paid > 0 ? 'Paid' : order.paymentStatus,
								}
							: {
									paymentDeadline: new Date(
										paymentDeadline(now, order.checkIn.getTime(), order.paymentMethod, true) ??
											order.checkIn.getTime(),
									),
								}),
					},
				},
			)
			notifyOrderEvent(tx, updated, { type: 'accepted' }, at)
			const emails = [
				queueOrderEmail(to === 'Confirmed' ? 'confirmed' : 'paymentInstructions', 'guest', updated, tx),
			]
			return { order: updated, emails }
		}),
	).order
}

/** The host declines a request, with a reason the guest gets. Money paid early goes back in full. */
export function declineOrder(
	orderId: string,
	host: OrderCaller,
	reason: string,
	options: { now?: number } = {},
): OrderRow {
	const at = new Date(options.now ?? Date.now())
	return deliverQueuedEmails(
		immediateTransaction((tx) => {
			const order = loadOrder(orderId, tx)
			requireHostOf(order, host)
			const paid = order.status === 'Requested' ? paidAmount(order.id, tx) : 0
			const updated = transitionOrder(
				tx,
				order,
				'Declined',
				{ id: host.id, role: 'Owner', impersonatedBy: host.impersonatedBy },
				{
					reason,
					now: at,
					patch: {
						declineReason: reason,
						responseDeadline: null,
						refundAmount: paid > 0 ? paid : null,
						paymentStatus: paymentStatusAfterRefund(paid, paid),
					},
				},
			)
			bookRefund(updated, paid, { note: 'declined', now: at }, tx)
			notifyOrderEvent(tx, updated, { type: 'declined' }, at)
			return { order: updated, emails: [queueOrderEmail('declined', 'guest', updated, tx, { reason })] }
		}),
	).order
}

export type CancellationQuote = {
	policy: 'Flexible' | 'Moderate' | 'Strict'
	paidAmount: number
	refundPercent: number
	refundAmount: number
	allowed: boolean
}

function cancellationActor(order: OrderRow, caller: OrderCaller): CancellationActor {
	if (caller.role === 'Admin') return 'Admin'
	if (caller.role === 'Customer' && order.guestId === caller.id) return 'Customer'
	if (caller.role === 'Owner' && order.hostId === caller.id) return 'Owner'
	throw orderNotFound()
}

/** Guests and hosts cancel until check-in; admins until check-out (ADR 0041). */
function cancellationAllowed(order: OrderRow, actor: CancellationActor, now: number) {
	const holding =
		order.status === 'Requested' || order.status === 'AwaitingPayment' || order.status === 'Confirmed'
	const limit = actor === 'Admin' ? order.checkOut.getTime() : order.checkIn.getTime()
	return holding && now < limit
}

function quoteFor(
	order: OrderRow,
	actor: CancellationActor,
	policy: CancellationQuote['policy'],
	now: number,
	db: DbOrTx,
) {
	const paid = paidAmount(order.id, db)
	const refund = refundFor({ actor, policy, paidAmount: paid, checkIn: order.checkIn.getTime(), now })
	return {
		policy,
		paidAmount: paid,
		refundPercent: refund.percent,
		refundAmount: refund.amount,
		allowed: cancellationAllowed(order, actor, now),
	}
}

function playroomPolicy(order: OrderRow, db: DbOrTx): CancellationQuote['policy'] {
	const row = db
		.select({ policy: playrooms.cancellationPolicy })
		.from(playrooms)
		.where(eq(playrooms.id, order.playroomId))
		.get()
	return row?.policy ?? 'Flexible'
}

/** What cancelling now would refund (shown before the guest confirms). */
export function getCancellationQuote(
	orderId: string,
	caller: OrderCaller,
	options: { now?: number } = {},
	db: DbOrTx = getDb(),
): CancellationQuote {
	const order = loadOrderFor(orderId, caller, db)
	return quoteFor(
		order,
		cancellationActor(order, caller),
		playroomPolicy(order, db),
		options.now ?? Date.now(),
		db,
	)
}

/**
 * Cancels an order: the guest (refund by the playroom's policy), the host
 * (full refund, reason required) or an admin (full refund, reason required).
 * The refund becomes an outgoing payment and a Refund journal; what the
 * platform keeps is settled (commission and the host's share).
 */
export function cancelOrder(
	orderId: string,
	caller: OrderCaller,
	reason: string | null,
	options: { now?: number; refundAccount?: RefundAccount | null } = {},
): { order: OrderRow; refund: number; refundTransactionId: string | null } {
	const now = options.now ?? Date.now()
	const at = new Date(now)
	return deliverQueuedEmails(
		immediateTransaction((tx) => {
			const order = loadOrderFor(orderId, caller, tx)
			const actor = cancellationActor(order, caller)
			const quote = quoteFor(order, actor, playroomPolicy(order, tx), now, tx)
			if (
				!quote.allowed &&
				(order.status === 'Requested' || order.status === 'AwaitingPayment' || order.status === 'Confirmed')
			) {
				throw new AppError(409, 'CancellationTooLate', { messageKey: 'booking:errors.cancellationTooLate' })
			}
			// A gift voucher's captured payment: the policy's share goes back onto the voucher (ADR 0167).
			const voucherCaptured = capturedGiftAmount(order)
			const voucherRefund = refundOrderVoucher(order, { actor, policy: quote.policy, now }, tx)
			const retained = quote.paidAmount - quote.refundAmount + voucherCaptured - voucherRefund
			const updated = transitionOrder(
				tx,
				order,
				'Cancelled',
				{ id: caller.id, role: actor, impersonatedBy: caller.impersonatedBy },
				{
					reason,
					now: at,
					patch: {
						cancelledAt: at,
						cancelledById: caller.id,
						cancelledByRole: actor,
						cancellationReason: reason,
						refundAmount: quote.refundAmount + voucherRefund,
						paymentStatus: paymentStatusAfterRefund(
							quote.paidAmount + voucherCaptured,
							quote.refundAmount + voucherRefund,
						),
						responseDeadline: null,
						paymentDeadline: null,
						commissionAmount: commissionOf(retained, order.commissionRateBp),
					},
				},
			)
			const refundRow = bookRefund(
				updated,
				quote.refundAmount,
				{ note: `cancelled by ${actor}`, now: at, account: options.refundAccount },
				tx,
			)
			if (retained > 0) bookSettlement(updated, retained, at, tx)
			notifyOrderEvent(tx, updated, { type: 'cancelled', by: actor }, at)
			if (caller.role === 'Admin') {
				recordAdminAudit(tx, {
					admin: caller,
					action: 'order.cancel',
					entityType: 'order',
					entityId: order.id,
					changes: changedFields(order, updated, ORDER_AUDIT_FIELDS),
					reason,
					now: at,
				})
			}
			const extras = { reason, refundAmount: quote.refundAmount, actorRole: actor }
			return {
				order: updated,
				refund: quote.refundAmount,
				refundTransactionId: refundRow?.id ?? null,
				emails: [
					queueOrderEmail('cancelled', 'guest', updated, tx, extras),
					queueOrderEmail('cancelled', 'host', updated, tx, extras),
				],
			}
		}),
	)
}

/**
 * Task: a request nobody answered or an order nobody paid in time expires.
 * Re-read under the lock; an order that moved on meanwhile is left alone.
 * Returns whether it expired.
 */
export function expireOrder(orderId: string, options: { now?: number } = {}): boolean {
	const now = options.now ?? Date.now()
	const at = new Date(now)
	const result = immediateTransaction((tx) => {
		const order = loadOrder(orderId, tx)
		const due =
			(order.status === 'Requested' && order.responseDeadline && order.responseDeadline.getTime() <= now) ||
			(order.status === 'AwaitingPayment' && order.paymentDeadline && order.paymentDeadline.getTime() <= now)
		if (!due) return { expired: false, emails: [] }
		const from = order.status as 'Requested' | 'AwaitingPayment'
		const paid = paidAmount(order.id, tx)
		const updated = transitionOrder(
			tx,
			order,
			'Expired',
			{ id: null, role: 'System' },
			{
				now: at,
				patch: {
					refundAmount: paid > 0 ? paid : null,
					paymentStatus: paymentStatusAfterRefund(paid, paid),
				},
			},
		)
		bookRefund(updated, paid, { note: 'expired', now: at }, tx)
		return {
			expired: true,
			emails: [
				queueOrderEmail('expired', 'guest', updated, tx, { expiredFrom: from }),
				...(from === 'Requested'
					? [queueOrderEmail('expired', 'host', updated, tx, { expiredFrom: from })]
					: []),
			],
		}
	})
	return deliverQueuedEmails(result).expired
}

/** Task: a confirmed stay is over — Completed, and the money is settled (commission, host share). */
export function completeOrder(orderId: string, options: { now?: number } = {}): boolean {
	const now = options.now ?? Date.now()
	const at = new Date(now)
	return immediateTransaction((tx) => {
		const order = loadOrder(orderId, tx)
		if (order.status !== 'Confirmed' || order.checkOut.getTime() > now) return false
		const updated = transitionOrder(
			tx,
			order,
			'Completed',
			{ id: null, role: 'System' },
			{
				now: at,
				patch: { completedAt: at, paymentStatus: order.totalAmount > 0 ? 'Paid' : order.paymentStatus },
			},
		)
		if (order.paymentMethod === 'OnSite' && paidAmount(order.id, tx) === 0) {
			if (amountPayable(order) > 0) bookOnSiteCompletion(updated, at, tx)
		} else {
			const commission = bookSettlement(updated, paidAmount(order.id, tx) + capturedGiftAmount(order), at, tx)
			tx.update(orders).set({ commissionAmount: commission }).where(eq(orders.id, order.id)).run()
		}
		return true
	})
}
