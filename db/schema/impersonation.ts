import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { idColumn, instant } from './columns.ts'
import { users } from './users.ts'

/**
 * Every "login as" of an admin (issue 3): who impersonated whom, when it
 * started and ended, and from which IP. `sessionId` is the hash of the
 * impersonation session (sessions are deleted when they end, so no foreign key).
 */
export const impersonations = sqliteTable(
	'impersonations',
	{
		id: idColumn(),
		adminUserId: text('admin_user_id')
			.notNull()
			.references(() => users.id),
		targetUserId: text('target_user_id')
			.notNull()
			.references(() => users.id),
		sessionId: text('session_id').notNull(),
		startedAt: instant('started_at').notNull(),
		startedIp: text('started_ip'),
		endedAt: instant('ended_at'),
		endedIp: text('ended_ip'),
	},
	(table) => [
		index('impersonations_admin_idx').on(table.adminUserId, table.startedAt),
		index('impersonations_target_idx').on(table.targetUserId, table.startedAt),
		index('impersonations_session_idx').on(table.sessionId),
	],
)
