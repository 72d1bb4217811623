import { pauseHostPlayrooms } from '#app/models/catalogue/catalogue.server.ts'
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import { loginFailures, users, type UserRole } from '#db/schema/users.ts'
import type { EmailSettings } from '#app/schemas/account.ts'
import { AppError } from '#app/utils/app-error.ts'
import {
	getDb,
	immediateTransaction,
	preparedQuery,
	isUniqueConstraintError,
	type DbOrTx,
} from '#app/utils/db.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import { hashPassword, verifyPassword } from '#app/utils/password.server.ts'
import { runDetached } from '#app/utils/detached.server.ts'
import { assertStrongPassword, passwordUserInputs } from '#app/utils/password-strength.server.ts'
import { deliverSoon, sendAccountLink } from './account-emails.server.ts'
import {
	applyPersonalOffersSetting,
	issuePendingWelcomeVoucher,
} from '#app/models/vouchers/newsletter.server.ts'
import { changedFields, recordAdminAudit } from '#app/models/platform/audit-log.server.ts'
import { hostHasFutureOrders } from '#app/models/host-office/host-orders.server.ts'
import { deleteUserSessions, type ActiveSession } from './session.server.ts'
import { checkUserToken, deleteUserTokens, spendUserToken, type TokenCheck } from './user-token.server.ts'
import { convertVouchersOfDepartingHost } from '#app/models/vouchers/host-departure.server.ts'

/**
 * Accounts (issue 3): registration, e-mail confirmation, profile, e-mail
 * settings, language preference and deletion. Login, passwords and e-mail
 * changes are in credentials.server.ts; "login as" in impersonation.server.ts.
 */
export type UserRow = typeof users.$inferSelect

export function normalizeEmail(email: string) {
	return email.trim().toLowerCase()
}

/** A live (not deleted) account by e-mail. */
export function findUserByEmail(email: string, db: DbOrTx = getDb()): UserRow | undefined {
	return db
		.select()
		.from(users)
		.where(and(eq(users.email, normalizeEmail(email)), isNull(users.deletedAt)))
		.get()
}

export function getUser(userId: string, db: DbOrTx = getDb()): UserRow | undefined {
	return preparedQuery(db, 'users.live', (d) =>
		d
			.select()
			.from(users)
			.where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
			.prepare(),
	).get({ id: userId })
}

export function requireUserRow(userId: string, db: DbOrTx = getDb()): UserRow {
	const row = getUser(userId, db)
	if (!row) throw new AppError(404, 'UserNotFound', { messageKey: 'account:errors.userNotFound' })
	return row
}

/** Any account, deleted ones included, uses the address (deleted accounts are anonymised, so they free it). */
export function emailExists(email: string, db: DbOrTx = getDb()): boolean {
	return Boolean(
		db
			.select({ id: users.id })
			.from(users)
			.where(eq(users.email, normalizeEmail(email)))
			.get(),
	)
}

/** Display names are unique regardless of case. */
export function displayNameExists(
	name: string,
	options: { exceptUserId?: string } = {},
	db: DbOrTx = getDb(),
) {
	const same = sql`lower(${users.displayName}) = lower(${name.trim()})`
	return Boolean(
		db
			.select({ id: users.id })
			.from(users)
			.where(options.exceptUserId ? and(same, ne(users.id, options.exceptUserId)) : same)
			.get(),
	)
}

const emailTaken = (field = 'email') =>
	new AppError(409, 'EmailTaken', {
		messageKey: 'auth:errors.emailTaken',
		fields: { [field]: ['auth:errors.emailTaken'] },
	})
const displayNameTaken = () =>
	new AppError(409, 'DisplayNameTaken', {
		messageKey: 'auth:errors.displayNameTaken',
		fields: { displayName: ['auth:errors.displayNameTaken'] },
	})

export function assertEmailFree(email: string, db: DbOrTx, field = 'email') {
	if (emailExists(email, db)) throw emailTaken(field)
}

function assertDisplayNameFree(name: string, db: DbOrTx, exceptUserId?: string) {
	if (displayNameExists(name, { exceptUserId }, db)) throw displayNameTaken()
}

/** Turns a lost race on a unique index into the same 409 the checks give. */
function mapUniqueViolation(error: unknown): never {
	if (isUniqueConstraintError(error)) {
		const text =
			String((error as Error).message ?? '') + String((error as { cause?: Error }).cause?.message ?? '')
		throw text.includes('display_name') ? displayNameTaken() : emailTaken()
	}
	throw error
}

export function assertNotImpersonating(session: ActiveSession) {
	if (session.impersonatorUserId) {
		throw new AppError(403, 'ImpersonationForbidden', { messageKey: 'account:errors.impersonationForbidden' })
	}
}

/**
 * Registers a guest (Customer) or host (Owner): the account starts unconfirmed
 * and a confirmation link (48 h) goes out in the chosen language.
 */
export type RegisterUserInput = {
	role: Extract<UserRole, 'Customer' | 'Owner'>
	email: string
	password: string
	firstName: string
	lastName: string
	displayName: string
	phoneNumber?: string | undefined
	langPreference?: Locale | undefined
} & InvoiceAddress

export async function registerUser(
	input: RegisterUserInput,
	options: { locale: Locale; now?: Date },
): Promise<{ userId: string }> {
	const now = options.now ?? new Date()
	await assertStrongPassword(input.password, passwordUserInputs(input), 'password')
	const passwordHash = await hashPassword(input.password)
	const langPreference = input.langPreference ?? options.locale
	const host = input.role === 'Owner'
	let result: { userId: string; mailId: string | null }
	try {
		result = immediateTransaction((tx) => {
			assertEmailFree(input.email, tx)
			assertDisplayNameFree(input.displayName, tx)
			const user = tx
				.insert(users)
				.values({
					email: normalizeEmail(input.email),
					passwordHash,
					role: input.role,
					displayName: input.displayName.trim(),
					firstName: input.firstName,
					lastName: input.lastName,
					phoneNumber: input.phoneNumber ?? null,
					langPreference,
					termsAcceptedAt: now,
					createdAt: now,
					companyName: host ? (input.companyName ?? null) : null,
					street: host ? (input.street ?? null) : null,
					postalCode: host ? (input.postalCode ?? null) : null,
					city: host ? (input.city ?? null) : null,
					country: host ? (input.country ?? null) : null,
					vatId: host ? (input.vatId ?? null) : null,
				})
				.returning()
				.get()
			const mailId = sendAccountLink('confirmEmail', user, { path: confirmPath(user.id), now }, tx)
			return { userId: user.id, mailId }
		})
	} catch (error) {
		mapUniqueViolation(error)
	}
	deliverSoon([result.mailId])
	return { userId: result.userId }
}

/** The AppError for a token that cannot be used. */
export function tokenError(status: Exclude<TokenCheck['status'], 'valid'>): AppError {
	if (status === 'expired')
		return new AppError(400, 'TokenExpired', { messageKey: 'auth:errors.tokenExpired' })
	if (status === 'used') return new AppError(400, 'TokenUsed', { messageKey: 'auth:errors.tokenUsed' })
	return new AppError(400, 'InvalidToken', { messageKey: 'auth:errors.tokenInvalid' })
}

/** Follows a confirmation link: the token is spent and the address confirmed. */
export function confirmEmail(input: { userId: string; token: string; now?: Date }): UserRow {
	const now = input.now ?? new Date()
	const { confirmed, mailId } = immediateTransaction((tx) => {
		const check = checkUserToken({ ...input, purpose: 'confirmEmail', now }, tx)
		if (check.status !== 'valid') throw tokenError(check.status)
		const user = getUser(check.userId, tx)
		if (!user || !spendUserToken(check.tokenId, now, tx)) throw tokenError('invalid')
		const confirmed = tx
			.update(users)
			.set({ emailConfirmedAt: user.emailConfirmedAt ?? now })
			.where(eq(users.id, user.id))
			.returning()
			.get()
		// A welcome voucher requested before the address was confirmed is issued now (ADR 0169).
		return { confirmed, mailId: issuePendingWelcomeVoucher(confirmed, tx, now) }
	})
	deliverSoon([mailId])
	return confirmed
}

const confirmPath = (userId: string) => (token: string) => `/auth/confirmEmail/${userId}/${token}`

/**
 * Sends a new confirmation link if the address belongs to an unconfirmed
 * account (at most 3 an hour). The caller always answers the same, and in the
 * same time: the lookup and the e-mail run detached (no account enumeration).
 */
export function resendConfirmation(email: string) {
	runDetached('resendConfirmation', () => {
		const mailId = immediateTransaction((tx) => {
			const user = findUserByEmail(email, tx)
			if (!user || user.emailConfirmedAt) return null
			return sendAccountLink('confirmEmail', user, { path: confirmPath(user.id) }, tx)
		})
		deliverSoon([mailId])
	})
}

export type ProfileInput = {
	firstName: string
	lastName: string
	displayName: string
	phoneNumber?: string | undefined
	langPreference: Locale
}

export function updateProfile(userId: string, input: ProfileInput) {
	try {
		immediateTransaction((tx) => {
			requireUserRow(userId, tx)
			assertDisplayNameFree(input.displayName, tx, userId)
			tx.update(users)
				.set({
					firstName: input.firstName,
					lastName: input.lastName,
					displayName: input.displayName.trim(),
					phoneNumber: input.phoneNumber ?? null,
					langPreference: input.langPreference,
				})
				.where(eq(users.id, userId))
				.run()
		})
	} catch (error) {
		mapUniqueViolation(error)
	}
}

export type InvoiceAddress = {
	companyName?: string | undefined
	street?: string | undefined
	postalCode?: string | undefined
	city?: string | undefined
	country?: string | undefined
	vatId?: string | undefined
}

/** Hosts only: the address their invoices carry. */
export function updateInvoiceAddress(user: { id: string; role: UserRole }, input: InvoiceAddress) {
	if (user.role !== 'Owner') throw new AppError(403)
	getDb()
		.update(users)
		.set({
			companyName: input.companyName ?? null,
			street: input.street ?? null,
			postalCode: input.postalCode ?? null,
			city: input.city ?? null,
			country: input.country ?? null,
			vatId: input.vatId ?? null,
		})
		.where(eq(users.id, user.id))
		.run()
}

export function getEmailSettings(userId: string): EmailSettings {
	const row = requireUserRow(userId)
	return {
		allowEmailForBookings: row.allowEmailForBookings,
		allowEmailForPersonalOffers: row.allowEmailForPersonalOffers,
		allowEmailForFeedback: row.allowEmailForFeedback,
		chatEmailFrequency: row.chatEmailFrequency,
	}
}

/**
 * Saves the e-mail settings; a missing `chatEmailFrequency` leaves the chat setting unchanged.
 * Turning personal offers on or off records the newsletter consent or withdrawal (source Account,
 * ADR 0169) in the same transaction; the other flags are then saved as given.
 */
export function updateEmailSettings(
	userId: string,
	settings: EmailSettings,
	meta: { ip: string | null; language: Locale; source?: 'Account' | 'Admin' } = { ip: null, language: 'de' },
) {
	const { chatEmailFrequency, ...flags } = settings
	const mailId = immediateTransaction((tx) => {
		const sent = applyPersonalOffersSetting(
			userId,
			flags.allowEmailForPersonalOffers,
			{ ...meta, source: meta.source ?? 'Account' },
			tx,
		)
		tx.update(users)
			.set(chatEmailFrequency ? { ...flags, chatEmailFrequency } : flags)
			.where(eq(users.id, userId))
			.run()
		return sent
	})
	deliverSoon([mailId])
}

export function getLangPreference(userId: string): Locale {
	return requireUserRow(userId).langPreference
}

export function updateLangPreference(userId: string, langPreference: Locale) {
	getDb().update(users).set({ langPreference }).where(eq(users.id, userId)).run()
}

export function saveNotificationToken(userId: string, token: string) {
	getDb().update(users).set({ notificationToken: token }).where(eq(users.id, userId)).run()
}

/**
 * Deletion anonymises the row (PRODUCT.md §3): personal data is cleared, the
 * address and display name are freed, every session and token ends. The row
 * itself stays, so orders and invoices (kept 10 years, §147 AO) still point to it.
 */
export function anonymiseUser(userId: string, now: Date, db: DbOrTx) {
	const user = requireUserRow(userId, db)
	db.update(users)
		.set({
			email: `deleted-${user.id.toLowerCase()}-${now.getTime()}@deleted.invalid`,
			emailConfirmedAt: null,
			passwordHash: null,
			displayName: `deleted-${user.id}`,
			firstName: '',
			lastName: '',
			phoneNumber: null,
			notificationToken: null,
			allowEmailForBookings: false,
			allowEmailForPersonalOffers: false,
			allowEmailForFeedback: false,
			companyName: null,
			street: null,
			postalCode: null,
			city: null,
			country: null,
			vatId: null,
			deletedAt: now,
		})
		.where(eq(users.id, userId))
		.run()
	deleteUserSessions(userId, {}, db)
	deleteUserTokens(userId, db)
	db.delete(loginFailures).where(eq(loginFailures.email, user.email)).run()
	// A deleted host's playrooms leave the catalogue (their orders and invoices stay); their open
	// gift vouchers become platform credit and their discount codes end (ADR 0172).
	if (user.role === 'Owner') {
		pauseHostPlayrooms(userId, db)
		convertVouchersOfDepartingHost(userId, now, db)
	}
}

function assertDeletable(user: UserRow, now: Date, db: DbOrTx) {
	if (user.role === 'Owner' && hostHasFutureOrders(user.id, { now }, db)) {
		throw new AppError(409, 'HostHasFutureOrders', { messageKey: 'account:errors.hostHasFutureOrders' })
	}
}

/** A guest or host deletes their own account; the password confirms it. */
export async function deleteOwnAccount(
	session: ActiveSession,
	input: { password: string },
	now = new Date(),
) {
	assertNotImpersonating(session)
	const user = requireUserRow(session.user.id)
	if (user.role === 'Admin') throw new AppError(403)
	if (!(await verifyPassword(user.passwordHash, input.password))) {
		throw new AppError(400, 'WrongPassword', {
			messageKey: 'auth:errors.wrongPassword',
			fields: { password: ['auth:errors.wrongPassword'] },
		})
	}
	immediateTransaction((tx) => {
		const current = requireUserRow(user.id, tx)
		assertDeletable(current, now, tx)
		anonymiseUser(current.id, now, tx)
	})
}

/** An admin deletes a guest's or host's account (the same anonymisation and rules). */
export function deleteUserAsAdmin(admin: { id: string; role: UserRole }, userId: string, now = new Date()) {
	if (admin.role !== 'Admin') throw new AppError(403)
	if (admin.id === userId)
		throw new AppError(403, 'CannotDeleteSelf', { messageKey: 'account:errors.cannotDeleteSelf' })
	immediateTransaction((tx) => {
		const user = requireUserRow(userId, tx)
		assertDeletable(user, now, tx)
		anonymiseUser(user.id, now, tx)
		// Only the fact: the personal data it cleared must not live on in the log (ADR 0098).
		recordAdminAudit(tx, {
			admin,
			action: 'user.delete',
			entityType: 'user',
			entityId: user.id,
			changes: changedFields(user, { deletedAt: now }),
			now,
		})
	})
}
