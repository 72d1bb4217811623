import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { booleanColumn, createdAt, idColumn, instant, jsonColumn, updatedAt } from './columns.ts'
import { users } from './users.ts'

/**
 * The import of the original system's export (issue 14, ADR 0095,
 * docs/subsystems/import.md).
 */
// The value lists and report types live in a file without Node imports: the page renders them too.
export * from './import-types.ts'
import { IMPORT_ENTITIES, IMPORT_RUN_STATUSES, type ImportReport } from './import-types.ts'

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
