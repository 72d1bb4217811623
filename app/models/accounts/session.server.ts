import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm'
import { sessions, users, type UserRole } from '#db/schema/users.ts'
import { getDb, preparedQuery, type DbOrTx } from '#app/utils/db.server.ts'

/** Sessions (docs/decisions/0004-sessions.md). */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000
/** A browser-session cookie still gets a server-side limit. */
export const BROWSER_SESSION_TTL_MS = 24 * 60 * 60 * 1000

/** 256 random bits, url-safe. */
export function generateToken(bytes = 32): string {
	return randomBytes(bytes).toString('base64url')
}

export function hashToken(token: string): string {
	return createHash('sha256').update(token).digest('hex')
}

/** The user as the session sees it (spec §3 "Session user", plus what guards need). */
export type SessionUser = {
	id: string
	email: string
	role: UserRole
	displayName: string
	firstName: string
	lastName: string
	phoneNumber: string | null
	langPreference: 'de' | 'en'
	notificationToken: string | null
	emailConfirmed: boolean
	/**
	 * The admin acting as this user ("login as"), or null: commands record what they do as
	 * "admin X as user Y" in the admin audit log (issue 31.13, ADR 0154).
	 */
	impersonatedBy?: string | null
}

export type ActiveSession = {
	sessionId: string
	expiresAt: Date
	persistent: boolean
	impersonatorUserId: string | null
	user: SessionUser
}

export function createSession(
	input: {
		userId: string
		persistent: boolean
		ip?: string | null
		userAgent?: string | null
		impersonatorUserId?: string | null
		now?: Date
	},
	db: DbOrTx = getDb(),
): { token: string; sessionId: string; expiresAt: Date } {
	const token = generateToken()
	const sessionId = hashToken(token)
	const now = input.now ?? new Date()
	const expiresAt = new Date(now.getTime() + (input.persistent ? SESSION_TTL_MS : BROWSER_SESSION_TTL_MS))
	db.insert(sessions)
		.values({
			id: sessionId,
			userId: input.userId,
			createdAt: now,
			expiresAt,
			persistent: input.persistent,
			impersonatorUserId: input.impersonatorUserId ?? null,
			ip: input.ip ?? null,
			userAgent: input.userAgent?.slice(0, 300) ?? null,
		})
		.run()
	return { token, sessionId, expiresAt }
}

/** The live session for a raw token, or null (unknown, expired, or user deleted). */
export function findActiveSession(token: string, now = new Date()): ActiveSession | null {
	if (!token || token.length > 200) return null
	const row = preparedQuery(getDb(), 'sessions.active', (d) =>
		d
			.select({
				sessionId: sessions.id,
				expiresAt: sessions.expiresAt,
				persistent: sessions.persistent,
				impersonatorUserId: sessions.impersonatorUserId,
				id: users.id,
				email: users.email,
				role: users.role,
				displayName: users.displayName,
				firstName: users.firstName,
				lastName: users.lastName,
				phoneNumber: users.phoneNumber,
				langPreference: users.langPreference,
				notificationToken: users.notificationToken,
				emailConfirmedAt: users.emailConfirmedAt,
			})
			.from(sessions)
			.innerJoin(users, eq(users.id, sessions.userId))
			.where(
				and(
					eq(sessions.id, sql.placeholder('id')),
					gt(sessions.expiresAt, sql.placeholder('now')),
					isNull(users.deletedAt),
				),
			)
			.prepare(),
	).get({ id: hashToken(token), now: now.getTime() })
	if (!row) return null
	return {
		sessionId: row.sessionId,
		expiresAt: row.expiresAt,
		persistent: row.persistent,
		impersonatorUserId: row.impersonatorUserId,
		user: {
			id: row.id,
			email: row.email,
			role: row.role,
			displayName: row.displayName,
			firstName: row.firstName,
			lastName: row.lastName,
			phoneNumber: row.phoneNumber,
			langPreference: row.langPreference,
			notificationToken: row.notificationToken,
			emailConfirmed: row.emailConfirmedAt !== null,
			impersonatedBy: row.impersonatorUserId,
		},
	}
}

export function deleteSession(sessionId: string, db: DbOrTx = getDb()) {
	db.delete(sessions).where(eq(sessions.id, sessionId)).run()
}

/** Ends every session of a user, optionally keeping one (the one making the change). */
export function deleteUserSessions(
	userId: string,
	options: { exceptSessionId?: string } = {},
	db: DbOrTx = getDb(),
): number {
	const condition = options.exceptSessionId
		? and(eq(sessions.userId, userId), ne(sessions.id, options.exceptSessionId))
		: eq(sessions.userId, userId)
	return db.delete(sessions).where(condition).run().changes
}

export function deleteExpiredSessions(now = new Date(), db: DbOrTx = getDb()): number {
	return db.delete(sessions).where(lt(sessions.expiresAt, now)).run().changes
}
