import { eq } from 'drizzle-orm'
import { adminSearchMarks, type AdminSearchEntity } from '#db/schema/admin-search.ts'
import type { OrderContact } from '#db/schema/orders.ts'
import { indexText } from '#app/domain/search-text.ts'
import { getDb, type AppDatabase, type DbOrTx } from '#app/utils/db.server.ts'

/**
 * Keeps the admin search's FTS5 tables (`admin_user_search`,
 * `admin_order_search`, migration 0007) in step with `users` and `orders`
 * (docs/decisions/0092-admin-search.md). Like the catalogue index (ADR 0022)
 * the text is normalised in app code; unlike it, the rows are not written at
 * every write site — users and orders are written in many places (accounts,
 * checkout, host settings, seeds, imports) and every one of them bumps
 * `updated_at`. A search first copies the rows changed since the last one:
 * one range read on `*_updated_idx`, a write only when something changed.
 * Without a mark (new or wiped database) the table is rebuilt.
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

/** Brings both indexes up to date; cheap (two index reads) when nothing changed. */
export function syncAdminSearchIndex(db: AppDatabase = getDb()) {
	for (const entity of Object.keys(SOURCES) as AdminSearchEntity[]) {
		if (pendingRows(entity, db) === null) continue
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
}

/** Forgets the marks: the next search rebuilds both indexes (e.g. after VACUUM renumbered rowids). */
export function resetAdminSearchIndex(db: DbOrTx = getDb()) {
	db.delete(adminSearchMarks).run()
}
