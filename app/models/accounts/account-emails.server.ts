import { and, count, eq, gt } from 'drizzle-orm'
import { emailOutbox } from '#db/schema/platform.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import { deliverQueuedEmails, queueEmail, renderEmailLayout } from '#app/utils/email.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { localizePath, type Locale } from '#app/utils/locale.ts'
import { looseT, type LooseT } from '#app/utils/loose-t.ts'
import { issueUserToken } from './user-token.server.ts'

/**
 * The account e-mails (issue 3), always in the recipient's language
 * (users.langPreference). They are queued inside the caller's transaction;
 * `deliverSoon` hands them to SMTP afterwards without making the request wait.
 * At most 3 e-mails of a kind go to one address within an hour
 * (docs/decisions/0056-credential-links-and-account-email-limits.md).
 */
export type AccountEmailKind =
	'confirmEmail' | 'resetPassword' | 'changeEmail' | 'emailChanged' | 'passwordChanged'

type Recipient = { email: string; firstName: string; langPreference: Locale }

export function absoluteUrl(path: string, locale: Locale) {
	return `${getEnv().PUBLIC_URL}${localizePath(path, locale)}`
}

function compose(t: LooseT, kind: AccountEmailKind, recipient: Recipient, url: string | null) {
	const key = `auth:emails.${kind}`
	const name = recipient.firstName || recipient.email
	return renderEmailLayout({
		locale: recipient.langPreference,
		heading: t(`${key}.heading`, { name }),
		paragraphs: [t(`${key}.body`, { name })],
		action: url ? { label: t(`${key}.action`), url } : undefined,
		footer: t('auth:emails.footer'),
	})
}

export const ACCOUNT_EMAIL_LIMIT = { perKind: 3, windowMs: 60 * 60 * 1000 } as const

/**
 * Whether another e-mail of this kind may go to the address: the outbox (in the
 * database, so every process sees it) holds fewer than 3 of them from the last
 * hour. Call inside the transaction that queues, so two requests cannot both pass.
 */
export function accountEmailAllowed(kind: AccountEmailKind, to: string, db: DbOrTx = getDb()): boolean {
	const since = new Date(Date.now() - ACCOUNT_EMAIL_LIMIT.windowMs)
	const sent =
		db
			.select({ n: count() })
			.from(emailOutbox)
			.where(
				and(
					eq(emailOutbox.to, to.toLowerCase()),
					gt(emailOutbox.createdAt, since),
					eq(emailOutbox.template, kind),
				),
			)
			.get()?.n ?? 0
	return sent < ACCOUNT_EMAIL_LIMIT.perKind
}

/**
 * Queues one account e-mail; `path` is the locale-free link path (or null for a
 * notice). Returns null, and queues nothing, when the address had its 3 e-mails
 * of this kind within the hour.
 */
export function queueAccountEmail(
	kind: AccountEmailKind,
	recipient: Recipient,
	path: string | null,
	db: DbOrTx = getDb(),
	to: string = recipient.email,
): string | null {
	if (!accountEmailAllowed(kind, to, db)) return null
	const t = looseT(getFixedT(recipient.langPreference))
	const url = path ? absoluteUrl(path, recipient.langPreference) : null
	const { text, html } = compose(t, kind, recipient, url)
	return queueEmail(
		{
			to,
			subject: t(`auth:emails.${kind}.subject`),
			text,
			html,
			template: kind,
			locale: recipient.langPreference,
		},
		db,
	)
}

type LinkKind = Extract<AccountEmailKind, 'confirmEmail' | 'resetPassword' | 'changeEmail'>

/**
 * Issues a one-time token of the same purpose and mails its link. Over the
 * limit nothing happens at all: no mail, and no new token that would void the
 * links already sent.
 */
export function sendAccountLink(
	kind: LinkKind,
	user: Recipient & { id: string },
	link: { path: (token: string) => string; payload?: string; to?: string; now?: Date },
	db: DbOrTx,
): string | null {
	const to = link.to ?? user.email
	if (!accountEmailAllowed(kind, to, db)) return null
	const token = issueUserToken({ userId: user.id, purpose: kind, payload: link.payload, now: link.now }, db)
	return queueAccountEmail(kind, user, link.path(token), db, to)
}

/** Starts SMTP delivery of queued messages in the background (failures are recorded, not thrown). */
export function deliverSoon(ids: (string | null)[]) {
	const queued = ids.filter((id): id is string => id !== null)
	if (queued.length === 0 || !getEnv().SMTP_URL) return
	void deliverQueuedEmails(queued).catch(() => undefined)
}
