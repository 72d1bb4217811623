import { and, desc, eq, gt } from 'drizzle-orm'
import { playrooms } from '#db/schema/catalogue.ts'
import { orders } from '#db/schema/orders.ts'
import { sessions, type UserRole } from '#db/schema/users.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import { latestOrders } from './admin-orders.server.ts'
import { recordAdminAudit } from '#app/models/platform/audit-log.server.ts'
import { deleteUserSessions } from '#app/models/accounts/session.server.ts'
import { assertAdmin } from '#app/utils/assert-admin.ts'

/**
 * What an account did and where it is signed in, for the admin user detail
 * page (issue 14): the latest orders it booked as a guest, the playrooms it
 * hosts, and its live sessions, which the admin can end all at once (the
 * session rows are deleted, so the next request with an old cookie is
 * anonymous: docs/decisions/0004-sessions.md).
 */
const LIMIT = 20

export function getUserActivity(actor: { role: UserRole }, userId: string, now = new Date()) {
	assertAdmin(actor)
	const db = getDb()
	const guestOrders = latestOrders(eq(orders.guestId, userId), LIMIT, db)
	const hostedPlayrooms = db
		.select({ id: playrooms.id, name: playrooms.name, city: playrooms.city, status: playrooms.status })
		.from(playrooms)
		.where(eq(playrooms.hostId, userId))
		.orderBy(playrooms.name, playrooms.id)
		.all()
	const liveSessions = db
		.select({
			id: sessions.id,
			createdAt: sessions.createdAt,
			expiresAt: sessions.expiresAt,
			lastUsedAt: sessions.lastUsedAt,
			persistent: sessions.persistent,
			impersonated: sessions.impersonatorUserId,
			userAgent: sessions.userAgent,
			ip: sessions.ip,
		})
		.from(sessions)
		.where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
		.orderBy(desc(sessions.createdAt))
		.all()
		.map((s, index) => ({
			// The id is the token's hash: never sent to the page.
			key: index,
			createdAt: s.createdAt.getTime(),
			expiresAt: s.expiresAt.getTime(),
			lastUsedAt: s.lastUsedAt?.getTime() ?? null,
			persistent: s.persistent,
			impersonated: s.impersonated !== null,
			userAgent: s.userAgent,
			ip: s.ip,
		}))
	return {
		orders: guestOrders.items,
		orderCount: guestOrders.total,
		playrooms: hostedPlayrooms,
		sessions: liveSessions,
	}
}
export type UserActivity = ReturnType<typeof getUserActivity>

/** "End all sessions": deletes every session row of the user; returns how many. */
export function endAllUserSessions(actor: { id: string; role: UserRole }, userId: string): number {
	assertAdmin(actor)
	return immediateTransaction((tx) => {
		const ended = deleteUserSessions(userId, {}, tx)
		if (ended > 0) {
			recordAdminAudit(tx, {
				admin: actor,
				action: 'user.endSessions',
				entityType: 'user',
				entityId: userId,
				changes: { sessions: { before: ended, after: 0 } },
			})
		}
		return ended
	})
}
