import { and, eq, inArray, or } from 'drizzle-orm'
import { playrooms } from '#db/schema/catalogue.ts'
import { vouchers } from '#db/schema/vouchers.ts'
import type { DbOrTx } from '#app/utils/db.server.ts'

/**
 * A host leaves the platform (account deletion, ADR 0172; the terms and the voucher page say so):
 * inside the deletion's IMMEDIATE transaction their open gift vouchers — kind Gift, status Active,
 * for them (scope Host) or one of their playrooms (scope Playroom) — become platform credit:
 * scope All, `convertedToPlatformAt` set. The balance does not change (the sale already booked the
 * money as the platform's voucher liability), so no voucher transaction or journal is written.
 * `scopeHostId` / `scopePlayroomId` stay as the record of what the voucher was bought for. The
 * discount codes the host issued are cancelled (they were the host's own price reductions).
 */
export const HOST_LEFT_REASON = 'hostLeftPlatform'

export function convertVouchersOfDepartingHost(
	hostId: string,
	now: Date,
	db: DbOrTx,
): { converted: string[]; cancelled: string[] } {
	const hostPlayrooms = db
		.select({ id: playrooms.id })
		.from(playrooms)
		.where(eq(playrooms.hostId, hostId))
		.all()
		.map((playroom) => playroom.id)
	const forHost = or(
		and(eq(vouchers.scope, 'Host'), eq(vouchers.scopeHostId, hostId)),
		hostPlayrooms.length > 0
			? and(eq(vouchers.scope, 'Playroom'), inArray(vouchers.scopePlayroomId, hostPlayrooms))
			: undefined,
	)
	const converted = db
		.update(vouchers)
		.set({ scope: 'All', convertedToPlatformAt: now, updatedAt: now })
		.where(and(eq(vouchers.kind, 'Gift'), eq(vouchers.status, 'Active'), forHost))
		.returning({ id: vouchers.id })
		.all()
	const cancelled = db
		.update(vouchers)
		.set({ status: 'Cancelled', cancelReason: HOST_LEFT_REASON, updatedAt: now })
		.where(
			and(
				eq(vouchers.kind, 'Discount'),
				eq(vouchers.issuer, 'Host'),
				eq(vouchers.issuerHostId, hostId),
				eq(vouchers.status, 'Active'),
			),
		)
		.returning({ id: vouchers.id })
		.all()
	return { converted: converted.map((row) => row.id), cancelled: cancelled.map((row) => row.id) }
}
