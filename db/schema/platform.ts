import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { createdAt, idColumn, instant, jsonColumn, updatedAt } from './columns.ts'

/** Platform-wide settings (commission, bank details, …) as typed JSON values. */
export const platformSettings = sqliteTable('platform_settings', {
	key: text('key').primaryKey(),
	value: jsonColumn<unknown>('value').notNull(),
	updatedAt: updatedAt(),
})

export type EmailAttachment = {
	filename: string
	contentType: string
	/** base64 */
	content: string
}

/** queued: waiting for SMTP; stored: no SMTP configured, kept in the outbox only. */
export const EMAIL_STATUSES = ['queued', 'stored', 'sent', 'failed'] as const

/**
 * Every e-mail the platform produces. Without SMTP_URL the message is only
 * stored (status "stored"); with it, it is also sent and marked "sent"/"failed".
 */
export const emailOutbox = sqliteTable(
	'email_outbox',
	{
		id: idColumn(),
		to: text('to_address').notNull(),
		from: text('from_address').notNull(),
		subject: text('subject').notNull(),
		text: text('text_body').notNull(),
		html: text('html_body').notNull(),
		/** A name for the kind of message, e.g. "confirmEmail". */
		template: text('template').notNull(),
		locale: text('locale').notNull(),
		attachments: jsonColumn<EmailAttachment[]>('attachments').notNull().default([]),
		/** Extra message headers, e.g. List-Unsubscribe on offer e-mails (RFC 8058). */
		headers: jsonColumn<Record<string, string>>('headers').notNull().default({}),
		status: text('status', { enum: EMAIL_STATUSES }).notNull().default('stored'),
		error: text('error'),
		/** The order a booking e-mail is about (the admin order page lists them); no FK: the outbox outlives orders. */
		orderId: text('order_id'),
		createdAt: createdAt(),
		sentAt: instant('sent_at'),
	},
	(table) => [
		index('email_outbox_to_idx').on(table.to, table.createdAt),
		index('email_outbox_order_idx').on(table.orderId, table.createdAt),
		// The admin's e-mail health banner counts by status (and age) on every admin page (ADR 0175).
		index('email_outbox_status_idx').on(table.status, table.createdAt),
	],
)

export const TASK_TRIGGERS = ['schedule', 'manual', 'startup'] as const
export const TASK_STATUSES = ['running', 'succeeded', 'failed'] as const

/** One row per run of a background task. */
export const backgroundTaskExecutions = sqliteTable(
	'background_task_executions',
	{
		id: idColumn(),
		taskName: text('task_name').notNull(),
		trigger: text('trigger', { enum: TASK_TRIGGERS }).notNull(),
		startedAt: instant('started_at').notNull(),
		finishedAt: instant('finished_at'),
		status: text('status', { enum: TASK_STATUSES }).notNull(),
		itemsProcessed: integer('items_processed').notNull().default(0),
		error: text('error'),
		/** Which process ran it (hostname:pid), useful with several processes. */
		runner: text('runner').notNull(),
	},
	(table) => [
		index('task_executions_name_idx').on(table.taskName, table.startedAt),
		// Admin dashboard: failed runs in a period.
		index('task_executions_status_idx').on(table.status, table.startedAt),
	],
)

/** A database lease per task so that only one process runs it at a time. */
export const taskLeases = sqliteTable('task_leases', {
	taskName: text('task_name').primaryKey(),
	holder: text('holder').notNull(),
	acquiredAt: instant('acquired_at').notNull(),
	expiresAt: instant('expires_at').notNull(),
})
