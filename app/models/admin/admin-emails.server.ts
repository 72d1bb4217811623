import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { adminAuditLog } from '#db/schema/audit.ts'
import { EMAIL_STATUSES, emailOutbox } from '#db/schema/platform.ts'
import { AppError } from '#app/utils/app-error.ts'
import { assertAdmin } from '#app/utils/assert-admin.ts'
import {
	defineDataTable,
	runTableQuery,
	type ListPage,
	type TableChoices,
	type TableQuery,
} from '#app/utils/data-table.server.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import { deliverQueuedEmails } from '#app/utils/email.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { recordAdminAudit } from '#app/models/platform/audit-log.server.ts'

/**
 * E-mail health for admins (issue 34, ADR 0175): the e-mail log (the outbox in
 * the data table, /admin/backgroundTaskExecutions/emails), one message with its
 * text part and error, "resend" (a copy, once per form key), and the health
 * figures behind the admin banner.
 */
const iso = (instant: number | null) => (instant === null ? '' : new Date(instant).toISOString())

const columns = {
	id: emailOutbox.id,
	status: emailOutbox.status,
	to: emailOutbox.to,
	template: emailOutbox.template,
	subject: emailOutbox.subject,
	createdAt: emailOutbox.createdAt,
	sentAt: emailOutbox.sentAt,
	error: emailOutbox.error,
}
type EmailRow = {
	id: string
	status: (typeof EMAIL_STATUSES)[number]
	to: string
	template: string
	subject: string
	createdAt: Date
	sentAt: Date | null
	error: string | null
}
const toItem = (row: EmailRow) => ({
	...row,
	createdAt: row.createdAt.getTime(),
	sentAt: row.sentAt?.getTime() ?? null,
})
export type EmailItem = ReturnType<typeof toItem>

/** A template name as the filter takes it ("order.confirmed", "voucherReminder.30"). */
const TEMPLATE_PATTERN = /^[A-Za-z0-9._-]{1,64}$/

export const emailTable = defineDataTable({
	id: 'email-log',
	columns: {
		status: {
			label: 'adminEmails:columns.status',
			sort: emailOutbox.status,
			csv: (item: EmailItem, t) => t(`adminEmails:statuses.${item.status}`),
		},
		to: { label: 'adminEmails:columns.to', sort: emailOutbox.to, csv: (item) => item.to },
		template: {
			label: 'adminEmails:columns.template',
			sort: emailOutbox.template,
			csv: (item) => item.template,
		},
		subject: { label: 'adminEmails:columns.subject', csv: (item) => item.subject },
		createdAt: {
			label: 'adminEmails:columns.createdAt',
			sort: emailOutbox.createdAt,
			csv: (item) => iso(item.createdAt),
		},
		sentAt: {
			label: 'adminEmails:columns.sentAt',
			sort: emailOutbox.sentAt,
			csv: (item) => iso(item.sentAt),
		},
		error: { label: 'adminEmails:columns.error', csv: (item) => item.error ?? '' },
	},
	filters: {
		status: {
			kind: 'enum',
			column: emailOutbox.status,
			values: EMAIL_STATUSES,
			label: 'adminEmails:columns.status',
			optionLabel: 'adminEmails:statuses.',
		},
		template: {
			kind: 'id',
			column: emailOutbox.template,
			label: 'adminEmails:columns.template',
			pattern: TEMPLATE_PATTERN,
		},
		createdAt: { kind: 'dateRange', column: emailOutbox.createdAt, label: 'adminEmails:columns.createdAt' },
	},
	search: [emailOutbox.to, emailOutbox.subject, emailOutbox.error],
	defaultSort: 'createdAt:desc',
	tiebreaker: emailOutbox.id,
	defaultPerPage: 25,
	rows: (db: DbOrTx) => db.select(columns).from(emailOutbox).$dynamic(),
	count: (db: DbOrTx) => db.select({ n: count() }).from(emailOutbox).$dynamic(),
	toItem,
})

export function listEmails(actor: { role: string }, query: TableQuery): ListPage<EmailItem> {
	assertAdmin(actor)
	return runTableQuery(emailTable, query)
}

/** The template filter's choices: every template name in the outbox. */
export function emailTemplateChoices(actor: { role: string }): TableChoices {
	assertAdmin(actor)
	const rows = getDb()
		.selectDistinct({ template: emailOutbox.template })
		.from(emailOutbox)
		.orderBy(emailOutbox.template)
		.all()
	return { template: rows.map((row) => ({ value: row.template, text: row.template })) }
}

/** One message: its facts, text part and error (the HTML part stays in the dev preview). */
export function getEmail(actor: { role: string }, emailId: string) {
	assertAdmin(actor)
	const row = getDb().select().from(emailOutbox).where(eq(emailOutbox.id, emailId)).get()
	if (!row) throw new AppError(404)
	return {
		id: row.id,
		status: row.status,
		to: row.to,
		from: row.from,
		template: row.template,
		subject: row.subject,
		locale: row.locale,
		text: row.text,
		error: row.error,
		orderId: row.orderId,
		createdAt: row.createdAt.getTime(),
		sentAt: row.sentAt?.getTime() ?? null,
		attachments: row.attachments.map((a) => a.filename),
	}
}

/**
 * Queues a copy of a message (status `queued`, or `stored` without SMTP) and, with SMTP, sends it.
 * `key` is the form's idempotency key: a second submit of one form (a double click) finds the
 * audit entry of the first under the write lock and returns its copy instead of queueing another.
 */
export async function resendEmail(
	actor: { id: string; role: string },
	emailId: string,
	key: string,
	now = new Date(),
): Promise<{ copyId: string; repeated: boolean }> {
	assertAdmin(actor)
	const result = immediateTransaction((tx) => {
		const earlier = tx
			.select({ copyId: sql<string>`json_extract(${adminAuditLog.changes}, '$.copyId.after')` })
			.from(adminAuditLog)
			.where(
				and(
					eq(adminAuditLog.action, 'email.resend'),
					eq(adminAuditLog.entityType, 'email'),
					eq(adminAuditLog.entityId, emailId),
					sql`json_extract(${adminAuditLog.changes}, '$.resendKey.after') = ${key}`,
				),
			)
			.get()
		if (earlier) return { copyId: earlier.copyId, repeated: true }
		const original = tx.select().from(emailOutbox).where(eq(emailOutbox.id, emailId)).get()
		if (!original) throw new AppError(404)
		const copy = tx
			.insert(emailOutbox)
			.values({
				to: original.to,
				from: getEnv().MAIL_FROM,
				subject: original.subject,
				text: original.text,
				html: original.html,
				template: original.template,
				locale: original.locale,
				attachments: original.attachments,
				headers: original.headers,
				orderId: original.orderId,
				status: getEnv().SMTP_URL ? 'queued' : 'stored',
				createdAt: now,
			})
			.returning({ id: emailOutbox.id })
			.get()
		recordAdminAudit(tx, {
			admin: actor,
			action: 'email.resend',
			entityType: 'email',
			entityId: emailId,
			changes: { resendKey: { before: null, after: key }, copyId: { before: null, after: copy.id } },
			now,
		})
		return { copyId: copy.id, repeated: false }
	})
	if (!result.repeated) await deliverQueuedEmails([result.copyId])
	return result
}

/** A message queued this long without being sent means delivery is stuck. */
export const STUCK_AFTER_MS = 15 * 60 * 1000
/** Failed messages of this window count as "delivery failing". */
export const FAILED_WINDOW_MS = 24 * 60 * 60 * 1000

export type EmailHealth = {
	/** `notConfigured`: no SMTP_URL; `failing`: failed in the last 24 h or queued for 15 min; else null. */
	problem: 'notConfigured' | 'failing' | null
	/** Messages not sent yet (`stored` and `queued`). */
	waiting: number
	failedRecently: number
}

/** The admin banner's figures (every admin page; the outbox has no status index yet: ADR 0175). */
export function getEmailHealth(actor: { role: string }, now = new Date()): EmailHealth {
	assertAdmin(actor)
	const db = getDb()
	const waiting =
		db
			.select({ n: count() })
			.from(emailOutbox)
			.where(inArray(emailOutbox.status, ['stored', 'queued']))
			.get()?.n ?? 0
	if (!getEnv().SMTP_URL) return { problem: 'notConfigured', waiting, failedRecently: 0 }
	const failedRecently =
		db
			.select({ n: count() })
			.from(emailOutbox)
			.where(
				and(
					eq(emailOutbox.status, 'failed'),
					gte(emailOutbox.createdAt, new Date(now.getTime() - FAILED_WINDOW_MS)),
				),
			)
			.get()?.n ?? 0
	const stuck =
		db
			.select({ n: count() })
			.from(emailOutbox)
			.where(
				and(
					eq(emailOutbox.status, 'queued'),
					lt(emailOutbox.createdAt, new Date(now.getTime() - STUCK_AFTER_MS)),
				),
			)
			.get()?.n ?? 0
	return { problem: failedRecently > 0 || stuck > 0 ? 'failing' : null, waiting, failedRecently }
}
