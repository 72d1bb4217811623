import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import * as schema from '#db/schema/index.ts'
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
	return drizzle({ client: sqlite, schema }) as AppDatabase
}

export function migrateDatabase(database: AppDatabase) {
	migrate(database, { migrationsFolder: MIGRATIONS_FOLDER })
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
