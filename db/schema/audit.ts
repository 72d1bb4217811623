import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { createdAt, idColumn, jsonColumn } from './columns.ts'
import { users } from './users.ts'

/** What an admin write changed: field → value before and after (a secret: `{ secret: true }`, no values). */
export type AuditChange = { before: unknown; after: unknown } | { secret: true }
export type AuditChanges = Record<string, AuditChange>

/**
 * The audit log of admin writes (issue 14, ADR 0098): who (the admin, and the
 * user they impersonated, for "login as"), when, what (action, entity type and
 * id), the changed fields before → after, and the admin's reason. Written in
 * the same IMMEDIATE transaction as the write it describes.
 */
export const adminAuditLog = sqliteTable(
	'admin_audit_log',
	{
		id: idColumn(),
		adminUserId: text('admin_user_id')
			.notNull()
			.references(() => users.id),
		impersonatedUserId: text('impersonated_user_id').references(() => users.id),
		action: text('action').notNull(),
		entityType: text('entity_type').notNull(),
		entityId: text('entity_id').notNull(),
		changes: jsonColumn<AuditChanges>('changes').notNull(),
		reason: text('reason'),
		createdAt: createdAt(),
	},
	(table) => [
		index('admin_audit_log_entity_idx').on(table.entityType, table.entityId, table.createdAt),
		index('admin_audit_log_admin_idx').on(table.adminUserId, table.createdAt),
	],
)
