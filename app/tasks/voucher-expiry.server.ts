import { and, asc, inArray, isNotNull, lte } from 'drizzle-orm'
import { vouchers } from '#db/schema/vouchers.ts'
import { expireVoucher } from '#app/models/vouchers/voucher-ledger.server.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import type { TaskDefinition } from '#app/utils/scheduler.server.ts'

/** At most this many vouchers per run: a backlog is worked off over the next runs. */
const BATCH = 500

/**
 * Voucher expiry (issue 33, ADR 0166): every voucher past its `validUntil` becomes Expired; a gift
 * voucher's remaining balance leaves the liability (an Expire transaction and its breakage
 * journal). One IMMEDIATE transaction per voucher, so a failure leaves the others done; a second
 * run (or a second process) finds nothing left to do — `expireVoucher` skips an expired voucher.
 */
export function expireDueVouchers(now: Date): number {
	const due = getDb()
		.select({ id: vouchers.id })
		.from(vouchers)
		.where(
			and(
				inArray(vouchers.status, ['Active', 'UsedUp']),
				isNotNull(vouchers.validUntil),
				lte(vouchers.validUntil, now),
			),
		)
		.orderBy(asc(vouchers.validUntil))
		.limit(BATCH)
		.all()
	let expired = 0
	for (const { id } of due) {
		if (immediateTransaction((tx) => expireVoucher(id, now, tx))) expired++
	}
	return expired
}

export const voucherExpiryTask: TaskDefinition = {
	name: 'voucher-expiry',
	schedule: '41 * * * *',
	run: ({ now }) => ({ itemsProcessed: expireDueVouchers(now) }),
}
