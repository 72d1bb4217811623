/**
 * A bounded in-process cache that forgets the entry used longest ago first: the one building block
 * behind the versioned cache (ADR 0118) and the kept fragments (ADR 0123).
 *
 * A hit only stamps its entry. The usual `Map` way of keeping the order, deleting and setting the
 * key again on every hit, is what it replaces (ADR 0139): each hit stored the caller's new key
 * string in the map's table (in the old generation), and once deleted entries filled the table V8
 * copied it into a new one, leaving the old table, with the keys it held, to keep them from every
 * minor GC until a mark-compact. On the search page (20 fragments a request) that promoted ~2.7 KB
 * per request. Finding the oldest entry to forget is a scan, done only when a new key is stored in a
 * full cache.
 */
export type LruCache<Value> = {
	get(key: string): Value | undefined
	set(key: string, value: Value): void
	delete(key: string): void
	clear(): void
	readonly size: number
}

export function createLruCache<Value>(maxEntries: number): LruCache<Value> {
	const entries = new Map<string, { value: Value; used: number }>()
	let clock = 0

	function forgetLeastRecentlyUsed() {
		let oldestKey: string | undefined
		let oldestUse = Number.POSITIVE_INFINITY
		for (const [key, entry] of entries)
			if (entry.used < oldestUse) {
				oldestUse = entry.used
				oldestKey = key
			}
		if (oldestKey !== undefined) entries.delete(oldestKey)
	}

	return {
		get(key) {
			const entry = entries.get(key)
			if (entry === undefined) return undefined
			entry.used = ++clock
			return entry.value
		},
		set(key, value) {
			const entry = entries.get(key)
			if (entry !== undefined) {
				entry.value = value
				entry.used = ++clock
				return
			}
			if (entries.size >= maxEntries) forgetLeastRecentlyUsed()
			entries.set(key, { value, used: ++clock })
		},
		delete(key) {
			entries.delete(key)
		},
		clear() {
			entries.clear()
		},
		get size() {
			return entries.size
		},
	}
}
