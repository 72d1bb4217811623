import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { booleanColumn, createdAt, idColumn, instant, jsonColumn, updatedAt } from './columns.ts'
import { users } from './users.ts'

/**
 * The import of the original system's export (issue 14, ADR 0095,
 * docs/subsystems/import.md).
 */
export const IMPORT_ENTITIES = ['users', 'playrooms', 'orders'] as const
export type ImportEntity = (typeof IMPORT_ENTITIES)[number]
export const IMPORT_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const

export type ImportCounts = { created: number; updated: number; unchanged: number; invalid: number }
/** A row that was not imported: where (entity + 0-based index in its array), a translation key and params. */
export type ImportRowError = {
	entity: ImportEntity
	index: number
	legacyId?: string
	field?: string
	reason: string
	params?: Record<string, string | number>
}
export type ImportReport = {
	counts: Record<ImportEntity, ImportCounts>
	errors: ImportRowError[]
	/** Errors beyond the stored ones (only the first IMPORT_MAX_STORED_ERRORS are kept). */
	moreErrors: number
}

/**
 * One upload and its run. The uploaded document is kept in `document` until
 * the run has finished (then cleared); progress is written after every chunk so
 * a page without JavaScript can show it.
 */
export const importRuns = sqliteTable(
	'import_runs',
	{
		id: idColumn(),
		adminUserId: text('admin_user_id')
			.notNull()
			.references(() => users.id),
		fileName: text('file_name').notNull(),
		dryRun: booleanColumn('dry_run').notNull(),
		status: text('status', { enum: IMPORT_RUN_STATUSES }).notNull().default('queued'),
		document: jsonColumn<unknown>('document'),
		step: integer('step').notNull().default(0),
		totalSteps: integer('total_steps').notNull().default(0),
		progressText: text('progress_text').notNull().default(''),
		report: jsonColumn<ImportReport>('report'),
		error: text('error'),
		executionId: text('execution_id'),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
		finishedAt: instant('finished_at'),
	},
	(table) => [index('import_runs_created_idx').on(table.createdAt)],
)

/**
 * Which local row an external id (`legacyId`) became, and a hash of the
 * imported values: the same row imported again is "unchanged" (no write).
 */
export const importRecords = sqliteTable(
	'import_records',
	{
		entity: text('entity', { enum: IMPORT_ENTITIES }).notNull(),
		legacyId: text('legacy_id').notNull(),
		entityId: text('entity_id').notNull(),
		hash: text('hash').notNull(),
		updatedAt: updatedAt(),
	},
	(table) => [primaryKey({ columns: [table.entity, table.legacyId] })],
)
