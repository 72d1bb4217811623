import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, isNull } from 'drizzle-orm'
import { users } from '#db/schema/users.ts'
import { newsletterConsents, welcomeVouchers, type NewsletterConsentSource } from '#db/schema/vouchers.ts'
import { NEWSLETTER_TEXT_VERSION, WELCOME_VOUCHER } from '#app/domain/newsletter.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import { queueEmail, renderEmailLayout } from '#app/utils/email.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { formatMoney } from '#app/utils/format.ts'
import { formatDate } from '#app/utils/format-instant.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { localizePath, type Locale } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { issueVoucher } from './voucher-ledger.server.ts'

/**
 * The newsletter (issue 33, ADR 0169, docs/subsystems/newsletter.md): provable consent and the
 * welcome voucher. Activating sets allowEmailForBookings and allowEmailForPersonalOffers (the
 * feedback setting stays, spec §4), appends a Consent record (account, address, text version,
 * language, source, IP, time) and requests the welcome voucher — once per e-mail address ever,
 * keyed by the address's SHA-256, so deleting the account and registering again gets none. A
 * confirmed address gets the voucher and its e-mail in the same IMMEDIATE transaction (the code
 * exists in clear only then); an unconfirmed one waits for `issuePendingWelcomeVoucher`, which the
 * e-mail confirmation calls. Withdrawals (account settings, the unsubscribe link) append a
 * Withdrawal record. `newsletter_consents` is append-only.
 */
type UserRow = typeof users.$inferSelect
export type ConsentRow = typeof newsletterConsents.$inferSelect

export type ConsentMeta = {
	source: NewsletterConsentSource
	ip: string | null
	language: Locale
	now?: Date
}

/** SHA-256 of the normalised address (trimmed, lower case): the welcome voucher's key. */
export function newsletterEmailHash(email: string): string {
	return createHash('sha256').update(email.trim().toLowerCase()).digest('hex')
}

function liveUser(userId: string, db: DbOrTx): UserRow {
	const user = db
		.select()
		.from(users)
		.where(and(eq(users.id, userId), isNull(users.deletedAt)))
		.get()
	if (!user) throw new AppError(404, 'UserNotFound', { messageKey: 'account:errors.userNotFound' })
	return user
}

function appendRecord(
	user: UserRow,
	action: 'Consent' | 'Withdrawal',
	meta: ConsentMeta,
	now: Date,
	db: DbOrTx,
) {
	db.insert(newsletterConsents)
		.values({
			userId: user.id,
			email: user.email,
			action,
			textVersion: NEWSLETTER_TEXT_VERSION,
			language: meta.language,
			source: meta.source,
			ip: meta.ip,
			createdAt: now,
		})
		.run()
}

export type ActivationResult = {
	/** False when offers were on already (a second tab, a double click): nothing was recorded. */
	activated: boolean
	/** The welcome voucher: issued now, waiting for the address's confirmation, or none (had one). */
	welcomeVoucher: 'issued' | 'waiting' | 'none'
	mailId: string | null
}

/**
 * Records a consent inside the caller's IMMEDIATE transaction: both settings true, the Consent
 * record, and (for guests) the welcome voucher request. Does nothing when offers are on already.
 */
export function recordNewsletterConsent(user: UserRow, meta: ConsentMeta, db: DbOrTx): ActivationResult {
	const now = meta.now ?? new Date()
	if (user.allowEmailForPersonalOffers) return { activated: false, welcomeVoucher: 'none', mailId: null }
	db.update(users)
		.set({ allowEmailForBookings: true, allowEmailForPersonalOffers: true })
		.where(eq(users.id, user.id))
		.run()
	appendRecord(user, 'Consent', meta, now, db)
	// The welcome voucher is a guest's (a booking discount); hosts consent without one.
	if (user.role !== 'Customer') return { activated: true, welcomeVoucher: 'none', mailId: null }
	const emailHash = newsletterEmailHash(user.email)
	db.insert(welcomeVouchers)
		.values({ emailHash, userId: user.id, requestedAt: now })
		.onConflictDoNothing({ target: welcomeVouchers.emailHash })
		.run()
	const request = db.select().from(welcomeVouchers).where(eq(welcomeVouchers.emailHash, emailHash)).get()
	if (!request || request.voucherId) return { activated: true, welcomeVoucher: 'none', mailId: null }
	if (!user.emailConfirmedAt) return { activated: true, welcomeVoucher: 'waiting', mailId: null }
	const mailId = issuePendingWelcomeVoucher(user, db, now)
	return { activated: true, welcomeVoucher: mailId ? 'issued' : 'none', mailId }
}

/**
 * The modal's and the newsletter page's "activate" (spec §4): for logged-in guests only, in one
 * IMMEDIATE transaction.
 */
export function activateNewsletter(userId: string, meta: ConsentMeta): ActivationResult {
	return immediateTransaction((tx) => {
		const user = liveUser(userId, tx)
		if (user.role !== 'Customer') throw new AppError(403)
		return recordNewsletterConsent(user, meta, tx)
	})
}

/** Turns offers off and appends a Withdrawal record; false when they were off already. */
export function recordNewsletterWithdrawal(user: UserRow, meta: ConsentMeta, db: DbOrTx): boolean {
	if (!user.allowEmailForPersonalOffers) return false
	db.update(users).set({ allowEmailForPersonalOffers: false }).where(eq(users.id, user.id)).run()
	appendRecord(user, 'Withdrawal', meta, meta.now ?? new Date(), db)
	return true
}

/**
 * The account settings' offers checkbox (source Account), inside the caller's transaction: a
 * change records a Consent (with the welcome voucher for guests) or a Withdrawal.
 */
export function applyPersonalOffersSetting(userId: string, wanted: boolean, meta: ConsentMeta, db: DbOrTx) {
	const user = liveUser(userId, db)
	if (wanted === user.allowEmailForPersonalOffers) return null
	if (wanted) return recordNewsletterConsent(user, meta, db).mailId
	recordNewsletterWithdrawal(user, meta, db)
	return null
}

/**
 * Issues the address's requested welcome voucher when the address is confirmed and none was
 * issued yet, and queues its e-mail (the code in clear exists only here). Inside the caller's
 * IMMEDIATE transaction; returns the e-mail's id or null.
 */
export function issuePendingWelcomeVoucher(user: UserRow, db: DbOrTx, now = new Date()): string | null {
	if (!user.emailConfirmedAt || user.deletedAt) return null
	const emailHash = newsletterEmailHash(user.email)
	const request = db.select().from(welcomeVouchers).where(eq(welcomeVouchers.emailHash, emailHash)).get()
	if (!request || request.voucherId) return null
	const validUntil = new Date(now.getTime() + WELCOME_VOUCHER.validDays * 24 * 60 * 60 * 1000)
	const { voucher, code } = issueVoucher(
		{
			kind: 'Discount',
			issuer: 'Platform',
			scope: 'All',
			discountAmount: WELCOME_VOUCHER.discountAmount,
			minOrderAmount: WELCOME_VOUCHER.minOrderAmount,
			maxUses: 1,
			maxUsesPerGuest: 1,
			origin: 'Welcome',
			holderUserId: user.id,
			validUntil,
			now,
		},
		db,
	)
	const claimed = db
		.update(welcomeVouchers)
		.set({ voucherId: voucher.id, userId: user.id, issuedAt: now })
		.where(and(eq(welcomeVouchers.emailHash, emailHash), isNull(welcomeVouchers.voucherId)))
		.run()
	// Inside one IMMEDIATE transaction nobody else can have claimed it since the read above.
	if (claimed.changes !== 1) throw new Error('welcome voucher claimed twice')
	return queueWelcomeEmail(user, code, validUntil, db)
}

function queueWelcomeEmail(user: UserRow, code: string, validUntil: Date, db: DbOrTx): string {
	const locale = user.langPreference
	const t = looseT(getFixedT(locale))
	const base = getEnv().PUBLIC_URL
	const unsubscribeUrl = unsubscribeLink(user.id, locale)
	const { text, html } = renderEmailLayout({
		locale,
		heading: t('newsletter:email.heading', { name: user.firstName || user.email }),
		paragraphs: [
			t('newsletter:email.body', {
				amount: formatMoney(WELCOME_VOUCHER.discountAmount, locale),
				minimum: formatMoney(WELCOME_VOUCHER.minOrderAmount, locale),
			}),
			t('newsletter:email.howTo'),
			t('newsletter:email.unsubscribe', { url: unsubscribeUrl }),
		],
		details: [
			{ label: t('newsletter:email.code'), value: code },
			{ label: t('newsletter:email.validUntil'), value: formatDate(validUntil, locale) },
		],
		action: { label: t('newsletter:email.action'), url: `${base}${localizePath('/playrooms', locale)}` },
		footer: t('newsletter:email.footer'),
	})
	return queueEmail(
		{
			to: user.email,
			subject: t('newsletter:email.subject'),
			text,
			html,
			template: 'newsletterWelcome',
			locale,
			headers: offerEmailHeaders(user.id, locale),
		},
		db,
	)
}

/** The unsubscribe page of one guest, absolute (e-mails). */
function unsubscribeLink(userId: string, locale: Locale): string {
	return `${getEnv().PUBLIC_URL}${localizePath('/newsletter/unsubscribe', locale)}?token=${unsubscribeToken(userId)}`
}

/**
 * The headers every offer e-mail carries (RFC 2369, RFC 8058): mail clients show their own
 * "unsubscribe" button, and its one-click POST (`List-Unsubscribe=One-Click`) reaches the
 * unsubscribe route's action, which records the withdrawal like the page's button.
 */
export function offerEmailHeaders(userId: string, locale: Locale): Record<string, string> {
	return {
		'List-Unsubscribe': `<${unsubscribeLink(userId, locale)}>`,
		'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
	}
}

/**
 * The one-click unsubscribe link's token: the user id and an HMAC over it with SESSION_SECRET
 * (no row to store, never expires; it only ever turns offers off).
 */
export function unsubscribeToken(userId: string): string {
	return `${userId}.${unsubscribeSignature(userId)}`
}

function unsubscribeSignature(userId: string): string {
	return createHmac('sha256', getEnv().SESSION_SECRET)
		.update(`newsletter-unsubscribe:${userId}`)
		.digest('base64url')
}

/** The user a token names, or null for a token that is not ours. */
export function readUnsubscribeToken(token: string | null | undefined): string | null {
	const [userId, signature, extra] = (token ?? '').split('.')
	if (!userId || !signature || extra !== undefined) return null
	const expected = Buffer.from(unsubscribeSignature(userId))
	const given = Buffer.from(signature)
	return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null
}

/** The unsubscribe page's data: the address (to confirm) and whether offers are on. */
export function unsubscribeTarget(token: string | null | undefined) {
	const userId = readUnsubscribeToken(token)
	if (!userId) return null
	const user = getDb()
		.select({ email: users.email, offers: users.allowEmailForPersonalOffers })
		.from(users)
		.where(and(eq(users.id, userId), isNull(users.deletedAt)))
		.get()
	return user ? { userId, ...user } : null
}

/** The unsubscribe link's POST: offers off and a Withdrawal (source Unsubscribe). */
export function unsubscribeByToken(token: string | null | undefined, meta: Omit<ConsentMeta, 'source'>) {
	const userId = readUnsubscribeToken(token)
	if (!userId) throw new AppError(404, 'InvalidToken', { messageKey: 'newsletter:unsubscribe.invalid' })
	immediateTransaction((tx) => {
		recordNewsletterWithdrawal(liveUser(userId, tx), { ...meta, source: 'Unsubscribe' }, tx)
	})
}

/** Whether the user's personal-offers setting is on (the app shell's prompt rule). */
export function personalOffersAllowed(userId: string): boolean {
	return (
		getDb()
			.select({ offers: users.allowEmailForPersonalOffers })
			.from(users)
			.where(eq(users.id, userId))
			.get()?.offers ?? false
	)
}

/** A user's consent and withdrawal records, newest first (the admin's user page). */
export function listNewsletterConsents(admin: { role: string }, userId: string): ConsentRow[] {
	if (admin.role !== 'Admin') throw new AppError(403)
	return getDb()
		.select()
		.from(newsletterConsents)
		.where(eq(newsletterConsents.userId, userId))
		.orderBy(desc(newsletterConsents.createdAt))
		.all()
}
