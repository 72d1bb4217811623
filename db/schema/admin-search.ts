import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { instant } from './columns.ts'

/**
 * The admin search (issue 14, ADR 0092): the FTS5 tables `admin_user_search`
 * and `admin_order_search` live in a custom migration (raw SQL). This table
 * holds, per indexed entity, the largest `updated_at` already copied into the
 * index; a search first re-indexes the rows changed since (users and orders
 * bump `updated_at` on every write), so the index never lags behind. A big
 * table is first built in the background, in small batches (ADR 0108).
 */
export const ADMIN_SEARCH_ENTITIES = ['users', 'orders'] as const
export type AdminSearchEntity = (typeof ADMIN_SEARCH_ENTITIES)[number]

export const adminSearchMarks = sqliteTable('admin_search_marks', {
	entity: text('entity', { enum: ADMIN_SEARCH_ENTITIES }).primaryKey(),
	/** Rows with `updated_at` ≥ this are (re)indexed by the next search. */
	syncedUntil: instant('synced_until').notNull(),
	/** How many rows with `updated_at` = `syncedUntil` were indexed (a new one with the same ms is caught). */
	rowsAtMark: integer('rows_at_mark').notNull(),
	/**
	 * Set while the index is built in the background (ADR 0108): rows up to this rowid are copied;
	 * null once the build is done. Meanwhile the search answers without the name search of this entity.
	 */
	buildAfterRowid: integer('build_after_rowid'),
})
