import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { getTableColumns, is, SQL, sql, type SQLWrapper } from 'drizzle-orm'
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import * as schema from '#db/schema/index.ts'
import { localDateOf } from '#app/domain/berlin-time.ts'
import { getEnv } from './env.server.ts'
import { singleton } from './singleton.server.ts'

export type AppDatabase = BetterSQLite3Database<typeof schema> & { $client: Database.Database }
/** The transaction handle drizzle passes to `db.transaction(tx => …)`. */
export type Transaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0]
/** Either the database or an open transaction: model functions accept both. */
export type DbOrTx = AppDatabase | Transaction

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), 'db/migrations')

/**
 * Opens SQLite with the settings every connection must have:
 * WAL (readers never block the writer), synchronous=NORMAL (safe with WAL),
 * foreign keys enforced, and a 5 s busy timeout so concurrent writers from
 * several processes wait instead of failing.
 */
export function openDatabase(filename: string): AppDatabase {
	if (filename !== ':memory:') fs.mkdirSync(path.dirname(filename), { recursive: true })
	const sqlite = new Database(filename)
	sqlite.pragma('journal_mode = WAL')
	sqlite.pragma('synchronous = NORMAL')
	sqlite.pragma('foreign_keys = ON')
	sqlite.pragma('busy_timeout = 5000')
	// Today's Europe/Berlin calendar date `YYYY-MM-DD` for SQL that compares calendar dates (an open
	// invoice is overdue once `due_date < berlin_today()`, issue 34): SQLite itself knows only UTC.
	sqlite.function('berlin_today', { deterministic: false }, () => localDateOf(Date.now()))
	cachePreparedStatements(sqlite)
	return drizzle({ client: sqlite, schema }) as AppDatabase
}

export const STATEMENT_CACHE_SIZE = 1_000

/**
 * Drizzle prepares a new SQLite statement for every query it runs; compiling
 * the SQL was the largest single cost of a booking (ADR 0046). The same SQL
 * text gets the same compiled statement back from a per-connection LRU cache.
 * Safe because better-sqlite3 is synchronous: a statement is only in use
 * while a call runs, except while it is being iterated (`busy`), and then a
 * fresh one is prepared. A statement from the cache is put back into its
 * default mode (rows as objects), whatever the previous caller switched on.
 */
export function cachePreparedStatements(sqlite: Database.Database, size = STATEMENT_CACHE_SIZE) {
	const prepare = sqlite.prepare.bind(sqlite)
	const cache = new Map<string, Database.Statement>()
	sqlite.prepare = ((source: string) => {
		if (buildingPreparedQuery) return prepare(source)
		const cached = cache.get(source)
		if (cached && !cached.busy) {
			cache.delete(source)
			cache.set(source, cached)
			if (cached.reader) cached.pluck(false).expand(false).raw(false)
			return cached
		}
		const statement = prepare(source)
		if (!cached) {
			cache.set(source, statement)
			if (cache.size > size) cache.delete(cache.keys().next().value as string)
		}
		return statement
	}) as typeof sqlite.prepare
}

export function migrateDatabase(database: AppDatabase) {
	migrate(database, { migrationsFolder: MIGRATIONS_FOLDER })
}

let buildingPreparedQuery = false
const preparedQueries = new WeakMap<Database.Database, Map<string, unknown>>()

/** The better-sqlite3 connection behind a database or a transaction handle (drizzle's session). */
export function connectionOf(db: DbOrTx): Database.Database {
	return (db as unknown as { session: { client: Database.Database } }).session.client
}

/**
 * A drizzle prepared query (`….prepare()` with `sql.placeholder`s), built once
 * per connection and kept under `key` (ADR 0046). Building a query costs far
 * more than running it (~90 µs for a wide row against ~10 µs), so the hot
 * queries of the booking path are prepared. A prepared query runs on the
 * connection it was built for, so it joins whatever transaction is open
 * there. It owns its statement (not shared through the statement cache).
 */
export function preparedQuery<T>(db: DbOrTx, key: string, build: (db: DbOrTx) => T): T {
	const connection = connectionOf(db)
	let queries = preparedQueries.get(connection)
	if (!queries) {
		queries = new Map()
		preparedQueries.set(connection, queries)
	}
	let query = queries.get(key) as T | undefined
	if (query === undefined) {
		buildingPreparedQuery = true
		try {
			query = build(db)
		} finally {
			buildingPreparedQuery = false
		}
		queries.set(key, query)
	}
	return query
}

/**
 * `column IN (the JSON array bound to placeholder \`name\`)`: a list condition a
 * prepared query can take (drizzle's `inArray` puts one parameter per item
 * into the SQL, so its text changes with the list's length). Pass the list
 * as `JSON.stringify(ids)`.
 */
export function inJsonList(column: SQLWrapper, name: string): SQL {
	return sql`${column} IN (SELECT value FROM json_each(${sql.placeholder(name)}))`
}

/**
 * A prepared INSERT … RETURNING * for `table` (ADR 0046): every column is a
 * placeholder, and the values are completed and encoded here the way drizzle
 * does for a normal insert — `$defaultFn` (ids, timestamps) and static
 * defaults for missing values, the column's own encoding (JSON, Date, boolean),
 * null as NULL. Tables with SQL defaults are refused (they would need the
 * database to fill them in).
 */
export function preparedInsert<T extends SQLiteTable>(db: DbOrTx, table: T, key: string) {
	const columns = Object.entries(getTableColumns(table)) as [string, SQLiteColumn][]
	const query = preparedQuery(db, `insert:${key}`, (d) => {
		for (const [name, column] of columns) {
			if (is(column.default, SQL)) throw new Error(`preparedInsert: ${key}.${name} has an SQL default`)
		}
		const values = Object.fromEntries(columns.map(([name]) => [name, sql`${sql.placeholder(name)}`]))
		return d
			.insert(table)
			.values(values as never)
			.returning()
			.prepare()
	})
	return {
		get(values: T['$inferInsert']): T['$inferSelect'] {
			const given = values as Record<string, unknown>
			const encoded: Record<string, unknown> = {}
			for (const [name, column] of columns) {
				let value = given[name]
				if (value === undefined) {
					value = column.defaultFn ? column.defaultFn() : column.default
					if (value === undefined && column.onUpdateFn) value = column.onUpdateFn()
				}
				encoded[name] = value === undefined || value === null ? null : column.mapToDriverValue(value)
			}
			return query.get(encoded) as T['$inferSelect']
		},
	}
}

type DbState = { instance?: AppDatabase; migrated: boolean }
// Kept on globalThis so a hot reload in development reuses the connection.
const state = singleton<DbState>('database', () => ({ migrated: false }))

/** The process-wide database, opened (and in tests migrated) on first use. */
export function getDb(): AppDatabase {
	if (!state.instance) {
		const env = getEnv()
		state.instance = openDatabase(env.DATABASE_PATH)
		if (env.APP_ENV === 'test') ensureMigrated()
	}
	return state.instance
}

/** Applies pending migrations once per process. */
export function ensureMigrated() {
	if (state.migrated) return
	migrateDatabase(getDb())
	state.migrated = true
}

export function isMigrated() {
	return state.migrated
}

export function closeDb() {
	state.instance?.$client.close()
	state.instance = undefined
	state.migrated = false
}

/**
 * Runs `work` in one synchronous BEGIN IMMEDIATE transaction: the write lock is
 * taken at the start, so the reads inside see data no other writer can change
 * before commit. `work` must not be async — an `await` inside would commit early.
 */
export function immediateTransaction<T>(work: (tx: Transaction) => T): T {
	// better-sqlite3 itself refuses a transaction function that returns a promise.
	return getDb().transaction((tx) => work(tx), { behavior: 'immediate' })
}

/** The SQLite error code behind a (drizzle-wrapped) error, e.g. "SQLITE_CONSTRAINT_UNIQUE". */
export function sqliteErrorCode(error: unknown): string | null {
	let current: unknown = error
	for (let depth = 0; current && depth < 5; depth++) {
		const code = (current as { code?: unknown }).code
		if (typeof code === 'string' && code.startsWith('SQLITE_')) return code
		current = (current as { cause?: unknown }).cause
	}
	return null
}

export function isUniqueConstraintError(error: unknown): boolean {
	const code = sqliteErrorCode(error)
	return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}
