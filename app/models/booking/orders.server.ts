import { and, eq } from 'drizzle-orm'
import { orders, orderStatusHistory, type OrderActorRole, type OrderStatus } from '#db/schema/orders.ts'
import type { UserRole } from '#db/schema/users.ts'
import { assertTransition } from '#app/domain/order-status.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, preparedInsert, type DbOrTx, type Transaction } from '#app/utils/db.server.ts'
import { deliverSoon } from '#app/models/accounts/account-emails.server.ts'
import { changedFields, ORDER_AUDIT_FIELDS, recordAdminAudit } from '#app/models/platform/audit-log.server.ts'
import { type OrderRow } from './order-money.server.ts'
import { onOrderTransition } from './waitlist.server.ts'
import { settleOrderVouchers } from '#app/models/vouchers/voucher-redemption.server.ts'
import { writeChatSystemLineOfTransition } from '#app/models/chat/chat-system-lines.server.ts'

/**
 * The core of the booking engine's commands (issue 5, docs/subsystems/booking.md):
 * loading an order for a caller, the one way a status changes (`transitionOrder`,
 * with its history row) and e-mail delivery after commit. Creating an order is
 * order-creation.server.ts, every later transition order-transitions.server.ts;
 * each command runs in one synchronous IMMEDIATE transaction (ADR 0003).
 */
export type { OrderRow }

/** Who acts: a user in a role, or the system (tasks, provider webhooks). */
/** Who moves an order; `impersonatedBy`: the admin acting as this user ("login as"). */
export type OrderActor = { id: string | null; role: OrderActorRole; impersonatedBy?: string | null }

export function orderNotFound(): AppError {
	return new AppError(404, 'NotFound', { messageKey: 'booking:errors.orderNotFound' })
}

/** The user a command runs for (a session user, or just its id and role). */
export type OrderCaller = { id: string; role: UserRole; impersonatedBy?: string | null }

export function recordHistory(
	tx: DbOrTx,
	orderId: string,
	from: OrderStatus | null,
	to: OrderStatus,
	actor: OrderActor,
	reason: string | null,
	at: Date,
) {
	preparedInsert(tx, orderStatusHistory, 'orderStatusHistory').get({
		orderId,
		fromStatus: from,
		toStatus: to,
		actorId: actor.id,
		actorRole: actor.role,
		reason,
		createdAt: at,
	})
}

/**
 * Moves an order along one arrow of the status machine and records it. The
 * update is conditional on the status read, so a concurrent change (another
 * process between read and write is impossible under IMMEDIATE, but a stale
 * caller is not) fails with 409 instead of overwriting.
 */
export function transitionOrder(
	tx: Transaction,
	order: OrderRow,
	to: OrderStatus,
	actor: OrderActor,
	options: { reason?: string | null; now: Date; patch?: Partial<typeof orders.$inferInsert> },
): OrderRow {
	assertTransition(order.status, to, actor.role)
	const updated = tx
		.update(orders)
		.set({ ...options.patch, status: to, updatedAt: options.now })
		.where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
		.returning()
		.get()
	if (!updated) throw new AppError(409, 'OrderChanged', { messageKey: 'booking:errors.orderChanged' })
	recordHistory(tx, order.id, order.status, to, actor, options.reason ?? null, options.now)
	// An admin acting as the host or guest: the admin log says "admin X as user Y" (issue 31.13).
	if (actor.impersonatedBy && actor.id) {
		recordAdminAudit(tx, {
			admin: { id: actor.impersonatedBy },
			impersonatedUserId: actor.id,
			action: 'order.statusChange',
			entityType: 'order',
			entityId: order.id,
			changes: changedFields(order, updated, ORDER_AUDIT_FIELDS),
			reason: options.reason ?? null,
			now: options.now,
		})
	}
	// The one place a slot is released: the first waiting guest is offered it (ADR 0086).
	onOrderTransition(tx, updated, order.status, to, options.now.getTime())
	// The one place a voucher is captured (Confirmed) or released (ended before payment; ADR 0167).
	settleOrderVouchers(updated, options.now, tx)
	writeChatSystemLineOfTransition(tx, updated.id, order.status, to, options.now)
	return updated
}

export function loadOrder(orderId: string, db: DbOrTx = getDb()): OrderRow {
	const order = db.select().from(orders).where(eq(orders.id, orderId)).get()
	if (!order) throw orderNotFound()
	return order
}

/** The order if the caller is its guest, its host, or an admin; otherwise 404 (no existence leak). */
export function loadOrderFor(orderId: string, caller: OrderCaller, db: DbOrTx = getDb()): OrderRow {
	const order = db.select().from(orders).where(eq(orders.id, orderId)).get()
	if (!order || !canSeeOrder(order, caller)) throw orderNotFound()
	return order
}

export function canSeeOrder(
	order: Pick<OrderRow, 'guestId' | 'hostId'>,
	caller: OrderCaller | null,
): boolean {
	if (!caller) return false
	if (caller.role === 'Admin') return true
	if (caller.role === 'Customer') return order.guestId === caller.id
	if (caller.role === 'Owner') return order.hostId === caller.id
	return false
}

/** Sends the e-mails a command queued, once its transaction has committed. */
export function deliverQueuedEmails<T extends { emails: (string | null)[] }>(result: T): T {
	deliverSoon(result.emails.filter((id): id is string => id !== null))
	return result
}
