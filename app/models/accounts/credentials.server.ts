import { and, count, eq, gt } from 'drizzle-orm'
import { loginFailures, users } from '#db/schema/users.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import { runDetached } from '#app/utils/detached.server.ts'
import { hashPassword, verifyPassword } from '#app/utils/password.server.ts'
import { assertStrongPassword, passwordUserInputs } from '#app/utils/password-strength.server.ts'
import {
	assertEmailFree,
	assertNotImpersonating,
	findUserByEmail,
	getUser,
	normalizeEmail,
	requireUserRow,
	tokenError,
	type UserRow,
} from './account.server.ts'
import { changedFields, recordAdminAudit, SECRET_CHANGE } from '#app/models/platform/audit-log.server.ts'
import { deliverSoon, queueAccountEmail, sendAccountLink } from './account-emails.server.ts'
import { endImpersonationLog } from './impersonation.server.ts'
import { issuePendingWelcomeVoucher } from '#app/models/vouchers/newsletter.server.ts'
import {
	createSession,
	deleteSession,
	deleteUserSessions,
	findActiveSession,
	type ActiveSession,
} from './session.server.ts'
import { checkUserToken, CREDENTIAL_LINKS, revokeUserTokens, spendUserToken } from './user-token.server.ts'

/**
 * Credentials (issue 3): login with the per-account lock-out, sessions on
 * login and logout, password reset and change, e-mail change.
 * The per-IP limit (10 login attempts a minute) is the HTTP layer's
 * (server/security.ts, credential forms); the per-account one lives here.
 */
export const LOGIN_LOCKOUT = { maxFailures: 100, windowMs: 60 * 60 * 1000 } as const

export type RequestMeta = { ip?: string | null; userAgent?: string | null; now?: Date }

let dummyHash: Promise<string> | undefined
/** Unknown addresses still cost one hash verification, so timing does not tell them apart. */
function dummyPasswordHash() {
	dummyHash ??= hashPassword('no-such-account-timing-equaliser')
	return dummyHash
}

export function recentLoginFailures(email: string, now = new Date()): number {
	const since = new Date(now.getTime() - LOGIN_LOCKOUT.windowMs)
	return (
		getDb()
			.select({ n: count() })
			.from(loginFailures)
			.where(and(eq(loginFailures.email, normalizeEmail(email)), gt(loginFailures.createdAt, since)))
			.get()?.n ?? 0
	)
}

/**
 * Checks e-mail and password. Unknown address and wrong password give the same
 * 401; every failure is counted per address, and after 100 failures within an
 * hour the address is locked (429) until the hour has passed or the password
 * is reset. An unconfirmed address gets 403 EmailNotConfirmed — only after the
 * right password, so it tells nothing to someone who does not know it.
 */
export async function verifyLogin(
	input: { email: string; password: string } & RequestMeta,
): Promise<UserRow> {
	const now = input.now ?? new Date()
	const email = normalizeEmail(input.email)
	if (recentLoginFailures(email, now) >= LOGIN_LOCKOUT.maxFailures) {
		throw new AppError(429, 'AccountLocked', { messageKey: 'auth:errors.accountLocked' })
	}
	const user = findUserByEmail(email)
	let valid = false
	if (user?.passwordHash) valid = await verifyPassword(user.passwordHash, input.password)
	else await verifyPassword(await dummyPasswordHash(), input.password)
	if (!user || !valid) {
		getDb()
			.insert(loginFailures)
			.values({ email, ip: input.ip ?? null, createdAt: now })
			.run()
		throw new AppError(401, 'InvalidCredentials', { messageKey: 'auth:errors.invalidCredentials' })
	}
	if (!user.emailConfirmedAt) {
		throw new AppError(403, 'EmailNotConfirmed', { messageKey: 'auth:errors.emailNotConfirmed' })
	}
	return user
}

export type NewSession = { token: string; sessionId: string; expiresAt: Date; persistent: boolean }

/** A fresh session for a login; the session the browser had before ends (rotation). */
export function openSession(
	input: {
		userId: string
		persistent: boolean
		previous?: ActiveSession | null
		impersonatorToken?: string | null
	} & RequestMeta,
): NewSession {
	return immediateTransaction((tx) => {
		if (input.previous) endSessionRecords(input.previous, input.impersonatorToken ?? null, input, tx)
		const session = createSession(
			{
				userId: input.userId,
				persistent: input.persistent,
				ip: input.ip,
				userAgent: input.userAgent,
				now: input.now,
			},
			tx,
		)
		return { ...session, persistent: input.persistent }
	})
}

function endSessionRecords(
	session: ActiveSession,
	impersonatorToken: string | null,
	meta: RequestMeta,
	db: DbOrTx,
) {
	deleteSession(session.sessionId, db)
	if (!session.impersonatorUserId) return
	endImpersonationLog(session.sessionId, meta, db)
	const admin = impersonatorToken ? findActiveSession(impersonatorToken) : null
	if (admin && admin.user.id === session.impersonatorUserId) deleteSession(admin.sessionId, db)
}

/**
 * Logout (spec §4): ends the session; while impersonating also the admin's
 * waiting session (its token is in the old-user cookie) — logout ends both.
 */
export function endSession(session: ActiveSession, impersonatorToken: string | null, meta: RequestMeta = {}) {
	immediateTransaction((tx) => endSessionRecords(session, impersonatorToken, meta, tx))
}

/**
 * Forgot password: a reset link (1 h) goes to the address if it belongs to an
 * account (at most 3 an hour). The caller answers the same either way (no
 * account enumeration), and — since the lookup and the e-mail run detached,
 * after the answer — in the same time.
 */
export function requestPasswordReset(email: string) {
	runDetached('requestPasswordReset', () => {
		const mailId = immediateTransaction((tx) => {
			const user = findUserByEmail(email, tx)
			if (!user) return null
			return sendAccountLink(
				'resetPassword',
				user,
				{ path: (token) => `/auth/ResetPassword/${user.id}/${token}` },
				tx,
			)
		})
		deliverSoon([mailId])
	})
}

/** Whether a reset link can still be used (the page shows the form only then). */
export function checkResetToken(userId: string, token: string, now = new Date()) {
	return checkUserToken({ userId, token, purpose: 'resetPassword', now }).status
}

/**
 * Sets a new password with a reset link: the token is spent, the user's other
 * reset and change-e-mail links are voided, every session ends, the lock-out
 * counter is cleared and — since the link proved the address — an unconfirmed
 * address counts as confirmed. `field` names the password in the caller's form.
 */
export async function resetPassword(input: {
	userId: string
	token: string
	password: string
	now?: Date
	field?: string
}) {
	const now = input.now ?? new Date()
	const first = checkUserToken({ ...input, purpose: 'resetPassword', now })
	if (first.status !== 'valid') throw tokenError(first.status)
	const owner = requireUserRow(first.userId)
	await assertStrongPassword(input.password, passwordUserInputs(owner), input.field ?? 'password')
	const passwordHash = await hashPassword(input.password)
	const mailId = immediateTransaction((tx) => {
		const check = checkUserToken({ ...input, purpose: 'resetPassword', now }, tx)
		if (check.status !== 'valid') throw tokenError(check.status)
		const user = getUser(check.userId, tx)
		if (!user || !spendUserToken(check.tokenId, now, tx)) throw tokenError('invalid')
		tx.update(users)
			.set({ passwordHash, emailConfirmedAt: user.emailConfirmedAt ?? now })
			.where(eq(users.id, user.id))
			.run()
		revokeUserTokens(user.id, CREDENTIAL_LINKS, tx)
		deleteUserSessions(user.id, {}, tx)
		tx.delete(loginFailures).where(eq(loginFailures.email, user.email)).run()
		// The link proved the address: a welcome voucher waiting for it is issued now (ADR 0169).
		const welcome = user.emailConfirmedAt
			? null
			: issuePendingWelcomeVoucher({ ...user, emailConfirmedAt: now }, tx, now)
		return [queueAccountEmail('passwordChanged', user, '/', tx), welcome]
	})
	deliverSoon(mailId)
}

const wrongPassword = (field: string) =>
	new AppError(400, 'WrongPassword', {
		messageKey: 'auth:errors.wrongPassword',
		fields: { [field]: ['auth:errors.wrongPassword'] },
	})

/**
 * Changes the password of the logged-in user (current password required).
 * Outstanding reset and change-e-mail links are voided. All sessions end —
 * this browser gets a new one (returned) so it stays logged in.
 */
export async function changePassword(
	session: ActiveSession,
	input: { currentPassword: string; newPassword: string },
	meta: RequestMeta = {},
): Promise<NewSession> {
	assertNotImpersonating(session)
	const user = requireUserRow(session.user.id)
	if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
		throw wrongPassword('currentPassword')
	await assertStrongPassword(input.newPassword, passwordUserInputs(user), 'newPassword')
	const passwordHash = await hashPassword(input.newPassword)
	const { fresh, mailId } = immediateTransaction((tx) => {
		tx.update(users).set({ passwordHash }).where(eq(users.id, user.id)).run()
		revokeUserTokens(user.id, CREDENTIAL_LINKS, tx)
		deleteUserSessions(user.id, {}, tx)
		const created = createSession(
			{
				userId: user.id,
				persistent: session.persistent,
				ip: meta.ip,
				userAgent: meta.userAgent,
				now: meta.now,
			},
			tx,
		)
		return { fresh: created, mailId: queueAccountEmail('passwordChanged', user, '/', tx) }
	})
	deliverSoon([mailId])
	return { ...fresh, persistent: session.persistent }
}

/**
 * An admin sets a user's password (spec §7 Admin user ChangePassword); the
 * user's sessions and outstanding reset and change-e-mail links end.
 */
export async function setPasswordAsAdmin(
	admin: { id: string; role: string },
	userId: string,
	newPassword: string,
) {
	if (admin.role !== 'Admin') throw new AppError(403)
	const user = requireUserRow(userId)
	await assertStrongPassword(newPassword, passwordUserInputs(user), 'newPassword')
	const passwordHash = await hashPassword(newPassword)
	immediateTransaction((tx) => {
		tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).run()
		revokeUserTokens(userId, CREDENTIAL_LINKS, tx)
		deleteUserSessions(userId, {}, tx)
		// "Password changed", never a hash (ADR 0098).
		recordAdminAudit(tx, {
			admin,
			action: 'user.changePassword',
			entityType: 'user',
			entityId: userId,
			changes: { password: SECRET_CHANGE },
		})
	})
}

/** An admin confirms a user's address by hand. */
export function confirmEmailAsAdmin(admin: { id: string; role: string }, userId: string, now = new Date()) {
	if (admin.role !== 'Admin') throw new AppError(403)
	const mailId = immediateTransaction((tx) => {
		const user = requireUserRow(userId, tx)
		if (user.emailConfirmedAt) return null
		tx.update(users).set({ emailConfirmedAt: now }).where(eq(users.id, userId)).run()
		recordAdminAudit(tx, {
			admin,
			action: 'user.confirmEmail',
			entityType: 'user',
			entityId: userId,
			changes: changedFields(user, { emailConfirmedAt: now }),
			now,
		})
		// A welcome voucher waiting for the confirmation is issued now (ADR 0169).
		return issuePendingWelcomeVoucher({ ...user, emailConfirmedAt: now }, tx, now)
	})
	deliverSoon([mailId])
}

/**
 * Change of e-mail, step 1: with the current password; a link (24 h) goes to
 * the new address, which must not belong to another account.
 */
export async function requestEmailChange(
	session: ActiveSession,
	input: { newEmail: string; password: string },
	now = new Date(),
) {
	assertNotImpersonating(session)
	const user = requireUserRow(session.user.id)
	if (!(await verifyPassword(user.passwordHash, input.password))) throw wrongPassword('password')
	const newEmail = normalizeEmail(input.newEmail)
	if (newEmail === user.email) {
		throw new AppError(400, 'SameEmail', {
			messageKey: 'auth:errors.sameEmail',
			fields: { newEmail: ['auth:errors.sameEmail'] },
		})
	}
	const mailId = immediateTransaction((tx) => {
		assertEmailFree(newEmail, tx, 'newEmail')
		return sendAccountLink(
			'changeEmail',
			user,
			{
				path: (token) => `/user/ConfirmChangeEmail/${encodeURIComponent(newEmail)}/${user.id}/${token}`,
				payload: newEmail,
				to: newEmail,
				now,
			},
			tx,
		)
	})
	deliverSoon([mailId])
}

/**
 * Change of e-mail, step 2: the link from the new address. The old address is
 * told; reset and change-e-mail links still outstanding are voided.
 */
export function confirmEmailChange(input: {
	newEmail: string
	userId: string
	emailToken: string
	now?: Date
}) {
	const now = input.now ?? new Date()
	const newEmail = normalizeEmail(input.newEmail)
	const mailId = immediateTransaction((tx) => {
		const check = checkUserToken(
			{ userId: input.userId, token: input.emailToken, purpose: 'changeEmail', now },
			tx,
		)
		if (check.status !== 'valid') throw tokenError(check.status)
		if (check.payload !== newEmail) throw tokenError('invalid')
		const user = getUser(check.userId, tx)
		if (!user || !spendUserToken(check.tokenId, now, tx)) throw tokenError('invalid')
		assertEmailFree(newEmail, tx, 'newEmail')
		tx.update(users).set({ email: newEmail, emailConfirmedAt: now }).where(eq(users.id, user.id)).run()
		revokeUserTokens(user.id, CREDENTIAL_LINKS, tx)
		return queueAccountEmail('emailChanged', user, '/', tx)
	})
	deliverSoon([mailId])
}
