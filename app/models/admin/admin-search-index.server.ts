import { setImmediate as nextTurn } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import { ADMIN_SEARCH_ENTITIES, adminSearchMarks, type AdminSearchEntity } from '#db/schema/admin-search.ts'
import type { OrderContact } from '#db/schema/orders.ts'
import { indexText } from '#app/domain/search-text.ts'
import { getDb, type AppDatabase, type DbOrTx } from '#app/utils/db.server.ts'
import { getLogger } from '#app/utils/logger.server.ts'

/**
 * Keeps the admin search's FTS5 tables (`admin_user_search`,
 * `admin_order_search`, migration 0007) in step with `users` and `orders`
 * (docs/decisions/0092-admin-search.md). Like the catalogue index (ADR 0022)
 * the text is normalised in app code; unlike it, the rows are not written at
 * every write site — users and orders are written in many places (accounts,
 * checkout, host settings, seeds, imports) and every one of them bumps
 * `updated_at`. A search first copies the rows changed since the last one:
 * one range read on `*_updated_idx`, a write only when something changed.
 * Without a mark (new or wiped database) the table is rebuilt: at once when the
 * table is small, otherwise in the background in batches of small
 * transactions (ADR 0108) while the search answers without that name search.
 */
type Source = {
	table: 'users' | 'orders'
	fts: 'admin_user_search' | 'admin_order_search'
	select: string
	insert: string
	values: (row: Record<string, unknown>) => unknown[]
}

const SOURCES: Record<AdminSearchEntity, Source> = {
	users: {
		table: 'users',
		fts: 'admin_user_search',
		select: 'rowid AS rid, id, updated_at, email, display_name, first_name, last_name, company_name',
		insert:
			'INSERT INTO admin_user_search (rowid, user_id, name, email, display_name) VALUES (?, ?, ?, ?, ?)',
		values: (row) => [
			row.rid,
			row.id,
			indexText(`${row.first_name ?? ''} ${row.last_name ?? ''} ${row.company_name ?? ''}`),
			indexText(String(row.email ?? '')),
			indexText(String(row.display_name ?? '')),
		],
	},
	orders: {
		table: 'orders',
		fts: 'admin_order_search',
		select: 'rowid AS rid, id, updated_at, code, contact',
		insert: 'INSERT INTO admin_order_search (rowid, order_id, code, guest) VALUES (?, ?, ?, ?)',
		values: (row) => {
			const contact = parseContact(row.contact)
			return [
				row.rid,
				row.id,
				// Without the common "SZ-" (every order has it; the search looks codes up by their index).
				indexText(String(row.code ?? '').replace(/^SZ-/i, '')),
				// The guest's name only: an e-mail query finds the user, and the orders by guest id.
				indexText(`${contact.firstName ?? ''} ${contact.lastName ?? ''}`),
			]
		},
	},
}

function parseContact(value: unknown): Partial<OrderContact> {
	try {
		return typeof value === 'string' ? (JSON.parse(value) as Partial<OrderContact>) : {}
	} catch {
		return {}
	}
}

type Row = Record<string, unknown> & { rid: number; updated_at: number }

function readMark(entity: AdminSearchEntity, db: DbOrTx) {
	return db.select().from(adminSearchMarks).where(eq(adminSearchMarks.entity, entity)).get()
}

/** Rows changed at or after the mark, or null when the index already has them all (no write needed). */
function pendingRows(entity: AdminSearchEntity, db: AppDatabase): Row[] | null {
	const source = SOURCES[entity]
	const mark = readMark(entity, db)
	const since = mark?.syncedUntil.getTime() ?? Number.MIN_SAFE_INTEGER
	const rows = db.$client
		.prepare(`SELECT ${source.select} FROM ${source.table} WHERE updated_at >= ? ORDER BY updated_at`)
		.all(since) as Row[]
	if (mark && rows.every((row) => row.updated_at === since) && rows.length === mark.rowsAtMark) return null
	return rows
}

/** A table with at most this many rows is indexed inside the search request (one short transaction). */
export const INLINE_BUILD_ROWS = 2_000
/** Rows copied per transaction of a background build: the write lock is held for one batch only. */
export const BUILD_BATCH_ROWS = 1_000

function applyRows(entity: AdminSearchEntity, rows: Row[], rebuild: boolean, db: AppDatabase, tx: DbOrTx) {
	const source = SOURCES[entity]
	const client = db.$client
	if (rebuild) client.prepare(`DELETE FROM ${source.fts}`).run()
	const remove = client.prepare(`DELETE FROM ${source.fts} WHERE rowid = ?`)
	const insert = client.prepare(source.insert)
	for (const row of rows) {
		if (!rebuild) remove.run(row.rid)
		insert.run(...source.values(row))
	}
	const last = rows.at(-1)?.updated_at ?? 0
	const atMark = rows.filter((row) => row.updated_at === last).length
	tx.insert(adminSearchMarks)
		.values({ entity, syncedUntil: new Date(last), rowsAtMark: atMark })
		.onConflictDoUpdate({
			target: adminSearchMarks.entity,
			set: { syncedUntil: new Date(last), rowsAtMark: atMark },
		})
		.run()
}

/** Catches an index that is built up with the rows changed since its mark (see the file comment). */
function catchUp(entity: AdminSearchEntity, db: AppDatabase) {
	if (pendingRows(entity, db) === null) return
	db.transaction(
		(tx) => {
			// Read again under the write lock: another process may have synced in between.
			const rows = pendingRows(entity, db)
			if (rows === null) return
			applyRows(entity, rows, !readMark(entity, tx), db, tx)
		},
		{ behavior: 'immediate' },
	)
}

function rowCount(entity: AdminSearchEntity, db: AppDatabase): number {
	return (db.$client.prepare(`SELECT count(*) AS n FROM ${SOURCES[entity].table}`).get() as { n: number }).n
}

/**
 * Starts a background build of `entity` (idempotent; under the write lock): empties the index and
 * sets the mark to the newest `updated_at` now, so the catch-up after the build re-indexes every row
 * changed while it ran.
 */
export function beginAdminSearchIndexBuild(entity: AdminSearchEntity, db: AppDatabase = getDb()) {
	const source = SOURCES[entity]
	db.transaction(
		(tx) => {
			if (readMark(entity, tx)) return
			const newest = db.$client.prepare(`SELECT max(updated_at) AS at FROM ${source.table}`).get() as {
				at: number | null
			}
			const at = newest.at ?? 0
			const atMark = (
				db.$client.prepare(`SELECT count(*) AS n FROM ${source.table} WHERE updated_at = ?`).get(at) as {
					n: number
				}
			).n
			db.$client.prepare(`DELETE FROM ${source.fts}`).run()
			tx.insert(adminSearchMarks)
				.values({ entity, syncedUntil: new Date(at), rowsAtMark: atMark, buildAfterRowid: 0 })
				.run()
		},
		{ behavior: 'immediate' },
	)
}

/** Copies the next batch of a build in one short transaction; false when the build is done. */
function buildBatch(entity: AdminSearchEntity, db: AppDatabase): boolean {
	const source = SOURCES[entity]
	return db.transaction(
		(tx) => {
			const after = readMark(entity, tx)?.buildAfterRowid
			if (after === null || after === undefined) return false
			const rows = db.$client
				.prepare(`SELECT ${source.select} FROM ${source.table} WHERE rowid > ? ORDER BY rowid LIMIT ?`)
				.all(after, BUILD_BATCH_ROWS) as Row[]
			const remove = db.$client.prepare(`DELETE FROM ${source.fts} WHERE rowid = ?`)
			const insert = db.$client.prepare(source.insert)
			for (const row of rows) {
				remove.run(row.rid)
				insert.run(...source.values(row))
			}
			const done = rows.length < BUILD_BATCH_ROWS
			tx.update(adminSearchMarks)
				.set({ buildAfterRowid: done ? null : (rows.at(-1)?.rid ?? after) })
				.where(eq(adminSearchMarks.entity, entity))
				.run()
			return !done
		},
		{ behavior: 'immediate' },
	)
}

export type IndexBuildStats = { batches: number; longestBatchMs: number }
let running: Promise<IndexBuildStats> | null = null

/**
 * Builds every index that has no mark or an unfinished build, batch by batch with a turn of the
 * event loop between batches (requests and other writers run in between), then catches up.
 * One build per process at a time; several processes share the batches through the mark.
 */
export function buildAdminSearchIndex(db: AppDatabase = getDb()): Promise<IndexBuildStats> {
	running ??= (async () => {
		const stats: IndexBuildStats = { batches: 0, longestBatchMs: 0 }
		try {
			for (const entity of ADMIN_SEARCH_ENTITIES) {
				beginAdminSearchIndexBuild(entity, db)
				for (;;) {
					await nextTurn()
					const started = performance.now()
					const more = buildBatch(entity, db)
					stats.batches++
					stats.longestBatchMs = Math.max(stats.longestBatchMs, performance.now() - started)
					if (!more) break
				}
				catchUp(entity, db)
			}
			return stats
		} finally {
			running = null
		}
	})()
	return running
}

/**
 * Makes the indexes usable for a search: catches up a built index; builds a missing one of a small
 * table at once; otherwise starts (or continues) the background build. Returns, per entity,
 * whether its index can be searched now.
 */
export function syncAdminSearchIndex(db: AppDatabase = getDb()): Record<AdminSearchEntity, boolean> {
	const ready = { users: true, orders: true }
	for (const entity of ADMIN_SEARCH_ENTITIES) {
		const mark = readMark(entity, db)
		if (mark && mark.buildAfterRowid === null) catchUp(entity, db)
		else if (!mark && rowCount(entity, db) <= INLINE_BUILD_ROWS) catchUp(entity, db)
		else ready[entity] = false
	}
	if (!ready.users || !ready.orders) {
		buildAdminSearchIndex(db).catch((error: unknown) => {
			getLogger().error({ err: error }, 'admin search index build failed; the next search starts it again')
		})
	}
	return ready
}

/** Forgets the marks: the next search rebuilds both indexes (e.g. after VACUUM renumbered rowids). */
export function resetAdminSearchIndex(db: DbOrTx = getDb()) {
	db.delete(adminSearchMarks).run()
}
