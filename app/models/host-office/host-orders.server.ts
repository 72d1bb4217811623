import { and, eq, gt, inArray } from 'drizzle-orm'
import { orders, SLOT_HOLDING_STATUSES } from '#db/schema/orders.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'

/**
 * Whether a host still has orders that are not over yet (PRODUCT.md §3: hosts
 * may delete their account only without future orders): a slot-holding order
 * (Requested, AwaitingPayment, Confirmed) whose check-out is after `now` — an
 * ongoing stay counts. Runs inside the deletion's IMMEDIATE transaction, so it
 * stays synchronous.
 */
export function hostHasFutureOrders(
	hostId: string,
	options: { now?: Date } = {},
	db: DbOrTx = getDb(),
): boolean {
	const now = options.now ?? new Date()
	const row = db
		.select({ id: orders.id })
		.from(orders)
		.where(
			and(
				eq(orders.hostId, hostId),
				inArray(orders.status, [...SLOT_HOLDING_STATUSES]),
				gt(orders.checkOut, now),
			),
		)
		.limit(1)
		.get()
	return Boolean(row)
}
