import { createLruCache } from './lru-cache.server.ts'

/**
 * A bounded in-process cache of values derived from data (ADR 0118). Each
 * entry keeps the version it was built from — a string the caller derives
 * from everything the value depends on, read fresh for the request (e.g. the
 * JSON of the rows it is built from) — and is used only while the version
 * is the same. So it is never stale, whatever wrote the data (this process,
 * another one, a migration), and needs no invalidation events. At most
 * `maxEntries` keys are kept; the one used longest ago goes first.
 *
 * Values are shared by all requests that hit them: treat them as read-only.
 */
export function createVersionedCache<Value>(maxEntries: number) {
	const entries = createLruCache<{ version: string; value: Value }>(maxEntries)
	return {
		get(key: string, version: string, build: () => Value): Value {
			const hit = entries.get(key)
			if (hit && hit.version === version) return hit.value
			const value = build()
			entries.set(key, { version, value })
			return value
		},
		get size() {
			return entries.size
		},
		clear() {
			entries.clear()
		},
	}
}
