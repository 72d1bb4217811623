import { type DbOrTx } from '#app/utils/db.server.ts'
import { deliverQueuedEmails, queueEmail, renderEmailLayout } from '#app/utils/email.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { localizePath, type Locale } from '#app/utils/locale.ts'
import { looseT, type LooseT } from '#app/utils/loose-t.ts'

/**
 * The account e-mails (issue 3), always in the recipient's language
 * (users.langPreference). They are queued inside the caller's transaction;
 * `deliverSoon` hands them to SMTP afterwards without making the request wait.
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

/** Queues one account e-mail; `path` is the locale-free link path (or null for a notice). */
export function queueAccountEmail(
	kind: AccountEmailKind,
	recipient: Recipient,
	path: string | null,
	db?: DbOrTx,
	to: string = recipient.email,
): string {
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

/** Starts SMTP delivery of queued messages in the background (failures are recorded, not thrown). */
export function deliverSoon(ids: string[]) {
	if (ids.length === 0 || !getEnv().SMTP_URL) return
	void deliverQueuedEmails(ids).catch(() => undefined)
}
