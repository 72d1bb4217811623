import { formatBerlinIso } from '#app/domain/berlin-time.ts'
import type { OrderListItem, OrderView, Page } from './order-queries.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { amountPayable, paidAmount, type OrderRow } from './order-money.server.ts'

/**
 * API shapes of orders (ADR 0025 conventions): money in cents, instants as UTC
 * ISO strings, the Berlin wall clock beside the stay's times.
 */
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

export function apiOrderListItem(item: OrderListItem) {
	return {
		...item,
		checkIn: iso(item.checkIn),
		checkOut: iso(item.checkOut),
		localCheckIn: formatBerlinIso(item.checkIn),
		localCheckOut: formatBerlinIso(item.checkOut),
		responseDeadline: iso(item.responseDeadline),
		paymentDeadline: iso(item.paymentDeadline),
	}
}

export function apiOrderPage(result: Page<OrderListItem>) {
	return { ...result, items: result.items.map(apiOrderListItem) }
}

export function apiOrderView(view: OrderView) {
	const { now: _now, ...rest } = view
	return {
		...rest,
		checkIn: iso(view.checkIn),
		checkOut: iso(view.checkOut),
		localCheckIn: formatBerlinIso(view.checkIn),
		localCheckOut: formatBerlinIso(view.checkOut),
		timeZone: 'Europe/Berlin',
		createdAt: iso(view.createdAt),
		responseDeadline: iso(view.responseDeadline),
		paymentDeadline: iso(view.paymentDeadline),
		confirmedAt: iso(view.confirmedAt),
		cancelledAt: iso(view.cancelledAt),
		refund: view.refund ? { ...view.refund, sentAt: iso(view.refund.sentAt) } : null,
		refundSchedule: view.refundSchedule.map((tier) => ({ ...tier, until: iso(tier.until) })),
		history: view.history.map((entry) => ({ ...entry, createdAt: iso(entry.createdAt) })),
	}
}

/** The short answer of a command (create, accept, cancel …). */
export function apiOrderSummary(order: OrderRow) {
	// What arrived and what is still due (issue 34): a partially paid order says both, as the order view does.
	const paid = paidAmount(order.id, getDb())
	return {
		orderId: order.id,
		code: order.code,
		status: order.status,
		paymentStatus: order.paymentStatus,
		paymentMethod: order.paymentMethod,
		totalAmount: order.totalAmount,
		/** The voucher's display form and what a gift voucher pays (ADR 0167). */
		voucherCode: order.voucherCode,
		voucherAmount: order.voucherAmount,
		paidAmount: paid,
		amountDue: Math.max(0, amountPayable(order) - paid),
		checkIn: order.checkIn.toISOString(),
		checkOut: order.checkOut.toISOString(),
		responseDeadline: order.responseDeadline?.toISOString() ?? null,
		paymentDeadline: order.paymentDeadline?.toISOString() ?? null,
		refundAmount: order.refundAmount,
	}
}
