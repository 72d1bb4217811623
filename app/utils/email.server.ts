import { and, count, desc, eq, inArray } from 'drizzle-orm'
import nodemailer, { type Transporter } from 'nodemailer'
import { emailOutbox, type EmailAttachment } from '#db/schema/platform.ts'
import { getDb, preparedInsert, type DbOrTx } from './db.server.ts'
import { renderEmailHtml, type EmailContent } from './email-layout.server.ts'
import { getEnv } from './env.server.ts'
import { getLogger } from './logger.server.ts'
import type { Locale } from './locale.ts'

/**
 * E-mail (docs/subsystems/email.md). Every message is written to the outbox
 * table first — inside the caller's transaction when there is one — and then
 * delivered through SMTP_URL when it is configured. Without SMTP the outbox is
 * the only copy: admins and tests read it (/api/Dev/Outbox outside production).
 */
export type OutgoingEmail = {
	to: string
	subject: string
	text: string
	html: string
	/** What kind of message this is, e.g. "confirmEmail". */
	template: string
	locale: Locale
	attachments?: EmailAttachment[]
	/** The order a booking e-mail is about. */
	orderId?: string
	/** Extra headers, e.g. List-Unsubscribe on offer e-mails (`offerEmailHeaders`). */
	headers?: Record<string, string>
}

/** Writes the message to the outbox (synchronous, safe inside an IMMEDIATE transaction). */
export function queueEmail(email: OutgoingEmail, db: DbOrTx = getDb()): string {
	const env = getEnv()
	const row = preparedInsert(db, emailOutbox, 'emailOutbox').get({
		to: email.to.toLowerCase(),
		from: env.MAIL_FROM,
		subject: email.subject,
		text: email.text,
		html: email.html,
		template: email.template,
		locale: email.locale,
		attachments: email.attachments ?? [],
		orderId: email.orderId ?? null,
		headers: email.headers ?? {},
		status: env.SMTP_URL ? 'queued' : 'stored',
	})
	return row.id
}

let transporter: { url: string; transport: Transporter } | undefined
function getTransporter(): Transporter | null {
	const { SMTP_URL } = getEnv()
	if (!SMTP_URL) return null
	// Keyed by the URL: tests point SMTP_URL at a fake server of their own.
	if (transporter?.url !== SMTP_URL)
		transporter = { url: SMTP_URL, transport: nodemailer.createTransport(SMTP_URL) }
	return transporter.transport
}

/** What one delivery pass did (the `email-delivery` task's report, ADR 0175). */
export type DeliveryReport = {
	/** Whether SMTP_URL is set; without it nothing is sent and every message waits as `stored`. */
	configured: boolean
	sent: number
	failed: number
	/** Messages still waiting after the pass (`queued`, or `stored` without SMTP). */
	waiting: number
	/** The last delivery error of the pass. */
	lastError: string | null
}

/** Sends queued messages (by id, or all queued). Failures are recorded, never thrown. */
export async function deliverQueuedEmails(ids?: string[]): Promise<number> {
	return (await deliverEmailBatch(ids)).sent
}

/** One delivery pass (at most 100 messages) and what it did. */
export async function deliverEmailBatch(ids?: string[]): Promise<DeliveryReport> {
	const transport = getTransporter()
	const db = getDb()
	const waitingNow = () =>
		db
			.select({ n: count() })
			.from(emailOutbox)
			.where(eq(emailOutbox.status, transport ? 'queued' : 'stored'))
			.get()?.n ?? 0
	if (!transport) return { configured: false, sent: 0, failed: 0, waiting: waitingNow(), lastError: null }
	const pending = db
		.select()
		.from(emailOutbox)
		.where(
			ids
				? and(eq(emailOutbox.status, 'queued'), inArray(emailOutbox.id, ids))
				: eq(emailOutbox.status, 'queued'),
		)
		.limit(100)
		.all()
	let sent = 0
	let failed = 0
	let lastError: string | null = null
	for (const message of pending) {
		try {
			await transport.sendMail({
				from: message.from,
				to: message.to,
				subject: message.subject,
				text: message.text,
				html: message.html,
				headers: message.headers,
				attachments: message.attachments.map((a) => ({
					filename: a.filename,
					contentType: a.contentType,
					content: Buffer.from(a.content, 'base64'),
				})),
			})
			db.update(emailOutbox)
				.set({ status: 'sent', sentAt: new Date(), error: null })
				.where(eq(emailOutbox.id, message.id))
				.run()
			sent++
		} catch (error) {
			getLogger().warn({ err: error, emailId: message.id }, 'e-mail delivery failed')
			lastError = String((error as Error).message ?? error).slice(0, 500)
			db.update(emailOutbox)
				.set({ status: 'failed', error: lastError })
				.where(eq(emailOutbox.id, message.id))
				.run()
			failed++
		}
	}
	return { configured: true, sent, failed, waiting: ids ? 0 : waitingNow(), lastError }
}

/** Queues and (with SMTP) delivers one message right away. */
export async function sendEmail(email: OutgoingEmail): Promise<string> {
	const id = queueEmail(email)
	await deliverQueuedEmails([id])
	return id
}

/** Messages to one address, newest first (admin views, tests, /api/Dev/Outbox). */
export function listOutbox(to: string, limit = 50) {
	return getDb()
		.select()
		.from(emailOutbox)
		.where(eq(emailOutbox.to, to.toLowerCase()))
		.orderBy(desc(emailOutbox.createdAt))
		.limit(limit)
		.all()
}

/** The http(s) links in a message body, in order, without duplicates. */
export function extractLinks(body: string): string[] {
	const matches = body.match(/https?:\/\/[^\s"'<>)]+/g) ?? []
	return [...new Set(matches.map((link) => link.replace(/&amp;/g, '&').replace(/[.,;]+$/, '')))]
}

/**
 * The one layout every e-mail uses (ADR 0156): a heading, paragraphs, optional
 * details and button, and a footer — as a plain-text part and as the branded,
 * responsive HTML of `email-layout.server.ts` (React escapes every text).
 */
export function renderEmailLayout(input: EmailContent): { text: string; html: string } {
	const textParts = [input.heading, '', ...input.paragraphs.flatMap((p) => [p, ''])]
	if (input.details?.length) {
		textParts.push(...input.details.map((row) => `${row.label}: ${row.value}`), '')
	}
	for (const section of input.sections ?? []) {
		textParts.push(section.heading, ...section.rows.map((row) => `${row.label}: ${row.value}`))
		if (section.note) textParts.push(section.note)
		if (section.link) textParts.push(`${section.link.label}: ${section.link.url}`)
		textParts.push('')
	}
	if (input.action) textParts.push(`${input.action.label}: ${input.action.url}`, '')
	textParts.push('--', input.footer)
	return { text: textParts.join('\n'), html: renderEmailHtml(input) }
}
