/** Value lists and report types of the import (db/schema/import.ts re-exports them). Client-safe. */
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
