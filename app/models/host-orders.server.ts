import { getDb, type DbOrTx } from '#app/utils/db.server.ts'

/**
 * Whether a host still has orders that start in the future (PRODUCT.md §3:
 * hosts may delete their account only without future orders).
 *
 * NOT WIRED YET: the orders table is built by the catalogue/booking capability.
 * Until it is merged this always answers false. After the merge it must query
 * the host's orders in a slot-holding status (Requested, AwaitingPayment,
 * Confirmed) whose check-in is after `now`. It runs inside the deletion's
 * IMMEDIATE transaction, so it must stay synchronous.
 */
export function hostHasFutureOrders(
	hostId: string,
	options: { now?: Date } = {},
	db: DbOrTx = getDb(),
): boolean {
	void hostId
	void options
	void db
	return false
}
