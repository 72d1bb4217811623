import type Database from 'better-sqlite3'
import { connectionOf, type DbOrTx } from './db.server.ts'

/**
 * Results of reads that depend on nothing but the database's content (public
 * catalogue data: cards' rows, photos, features, prices), kept until the
 * database changes (ADR 0121). The version is SQLite's `PRAGMA data_version`
 * (it changes when another connection — a worker, a script — commits) with this
 * connection's `total_changes()` (it changes with every row this process
 * writes, rolled back or not), read with two prepared statements (~2 µs).
 * Inside a transaction nothing is served from or put into the cache: its own
 * writes are not committed yet and may be rolled back. Callers must not change
 * what they get (it is shared by the following requests).
 */
export const READ_CACHE_SIZE = 500

type ConnectionCache = {
	version: string
	entries: Map<string, unknown>
	dataVersion: Database.Statement
	changes: Database.Statement
}

const caches = new WeakMap<Database.Database, ConnectionCache>()

export function cachedRead<T>(db: DbOrTx, key: string, read: () => T): T {
	const client = connectionOf(db)
	if (client.inTransaction) return read()
	let cache = caches.get(client)
	if (!cache) {
		cache = {
			version: '',
			entries: new Map(),
			dataVersion: client.prepare('PRAGMA data_version').pluck(),
			changes: client.prepare('SELECT total_changes()').pluck(),
		}
		caches.set(client, cache)
	}
	const version = `${String(cache.dataVersion.get())}:${String(cache.changes.get())}`
	if (version !== cache.version) {
		cache.entries.clear()
		cache.version = version
	}
	if (cache.entries.has(key)) return cache.entries.get(key) as T
	const value = read()
	if (cache.entries.size >= READ_CACHE_SIZE) cache.entries.clear()
	cache.entries.set(key, value)
	return value
}
