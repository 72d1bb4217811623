import { and, desc, eq, isNull } from 'drizzle-orm'
import { impersonations } from '#db/schema/impersonation.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import { findUserByEmail, requireUserRow } from './account.server.ts'
import { recordAdminAudit } from '#app/models/platform/audit-log.server.ts'
import { createSession, deleteSession, findActiveSession, type ActiveSession } from './session.server.ts'

/**
 * "Login as" (spec §4 Impersonation, issue 3). An admin gets a new session as
 * a guest or host; the session row carries impersonatorUserId, the admin's own
 * token waits in the old-user cookie (auth.old_user), and every start and stop
 * is logged with admin, target, time and IP.
 */
type Meta = { ip?: string | null; userAgent?: string | null; now?: Date }

export type Impersonation = {
	token: string
	expiresAt: Date
	target: { id: string; role: string; displayName: string }
}

export function startImpersonation(
	admin: ActiveSession,
	target: { userId: string } | { userName: string },
	meta: Meta = {},
): Impersonation {
	if (admin.user.role !== 'Admin' || admin.impersonatorUserId) throw new AppError(403)
	const now = meta.now ?? new Date()
	return immediateTransaction((tx) => {
		const user =
			'userId' in target
				? requireUserRow(target.userId, tx)
				: (findUserByEmail(target.userName, tx) ??
					(() => {
						throw new AppError(404, 'UserNotFound', { messageKey: 'account:errors.userNotFound' })
					})())
		if (user.role === 'Admin') {
			throw new AppError(403, 'CannotImpersonateAdmin', {
				messageKey: 'account:errors.cannotImpersonateAdmin',
			})
		}
		const session = createSession(
			{
				userId: user.id,
				persistent: false,
				impersonatorUserId: admin.user.id,
				ip: meta.ip,
				userAgent: meta.userAgent,
				now,
			},
			tx,
		)
		tx.insert(impersonations)
			.values({
				adminUserId: admin.user.id,
				targetUserId: user.id,
				sessionId: session.sessionId,
				startedAt: now,
				startedIp: meta.ip ?? null,
			})
			.run()
		recordAdminAudit(tx, {
			admin: admin.user,
			impersonatedUserId: user.id,
			action: 'user.loginAs',
			entityType: 'user',
			entityId: user.id,
			now,
		})
		return {
			token: session.token,
			expiresAt: session.expiresAt,
			target: { id: user.id, role: user.role, displayName: user.displayName },
		}
	})
}

/** Marks the log entry of an impersonation session as ended. */
export function endImpersonationLog(sessionId: string, meta: Meta, db: DbOrTx = getDb()) {
	db.update(impersonations)
		.set({ endedAt: meta.now ?? new Date(), endedIp: meta.ip ?? null })
		.where(and(eq(impersonations.sessionId, sessionId), isNull(impersonations.endedAt)))
		.run()
}

/**
 * "Back to admin": ends the impersonation session and returns the admin's
 * waiting session — only if the old-user token really is that admin's live
 * session (otherwise null: the admin must log in again).
 */
export function stopImpersonation(
	session: ActiveSession,
	adminToken: string | null,
	meta: Meta = {},
): { admin: ActiveSession | null; targetUserId: string; targetRole: string } {
	if (!session.impersonatorUserId) {
		throw new AppError(400, 'NotImpersonating', { messageKey: 'account:errors.notImpersonating' })
	}
	const admin = adminToken ? findActiveSession(adminToken) : null
	const valid =
		admin && admin.user.id === session.impersonatorUserId && admin.user.role === 'Admin' ? admin : null
	immediateTransaction((tx) => {
		deleteSession(session.sessionId, tx)
		endImpersonationLog(session.sessionId, meta, tx)
	})
	return { admin: valid, targetUserId: session.user.id, targetRole: session.user.role }
}

export function listImpersonations(options: { targetUserId?: string; limit?: number } = {}) {
	return getDb()
		.select()
		.from(impersonations)
		.where(options.targetUserId ? eq(impersonations.targetUserId, options.targetUserId) : undefined)
		.orderBy(desc(impersonations.startedAt))
		.limit(options.limit ?? 20)
		.all()
}
