import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { playrooms } from './catalogue.ts'
import { createdAt, idColumn, instant } from './columns.ts'
import { TASK_STATUSES, backgroundTaskExecutions } from './platform.ts'
import { users } from './users.ts'

/**
 * iCal export and import (docs/subsystems/ical.md, ADR 0082).
 *
 * Export: a secret feed URL /calendar/<token>.ics per playroom or for all of a
 * host's playrooms (playroomId null). Only the SHA-256 of the token is stored;
 * regenerating replaces the row, so the old URL is a 404.
 */
export const calendarExportTokens = sqliteTable(
	'calendar_export_tokens',
	{
		id: idColumn(),
		hostId: text('host_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		/** null: every playroom of the host. */
		playroomId: text('playroom_id').references(() => playrooms.id, { onDelete: 'cascade' }),
		/** SHA-256 hex of the token in the URL. */
		tokenHash: text('token_hash').notNull(),
		createdAt: createdAt(),
	},
	(table) => [
		uniqueIndex('calendar_export_tokens_hash_unique').on(table.tokenHash),
		index('calendar_export_tokens_host_idx').on(table.hostId, table.playroomId),
	],
)

/**
 * Import: an external feed of a playroom. Its events become playroom_blocks
 * with source 'ICal' and externalUid `<feedId>:<event UID>:<instance start ms>`,
 * replaced at every sync. The last sync's outcome is kept here for the page;
 * the run itself is a background_task_executions row.
 */
export const icalFeeds = sqliteTable(
	'ical_feeds',
	{
		id: idColumn(),
		playroomId: text('playroom_id')
			.notNull()
			.references(() => playrooms.id, { onDelete: 'cascade' }),
		url: text('url').notNull(),
		createdAt: createdAt(),
		lastSyncedAt: instant('last_synced_at'),
		lastStatus: text('last_status', { enum: TASK_STATUSES }),
		lastError: text('last_error'),
		/** Busy periods the last successful sync stored. */
		lastEventCount: integer('last_event_count'),
		lastExecutionId: text('last_execution_id').references(() => backgroundTaskExecutions.id, {
			onDelete: 'set null',
		}),
	},
	(table) => [index('ical_feeds_playroom_idx').on(table.playroomId, table.createdAt)],
)
