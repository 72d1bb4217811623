/**
 * A value that survives module re-evaluation during development hot reload
 * (one database connection, not one per edit).
 */
export function singleton<T>(name: string, create: () => T): T {
	const store = globalThis as unknown as { __singletons?: Map<string, unknown> }
	store.__singletons ??= new Map()
	if (!store.__singletons.has(name)) store.__singletons.set(name, create())
	return store.__singletons.get(name) as T
}

export function dropSingleton(name: string) {
	const store = globalThis as unknown as { __singletons?: Map<string, unknown> }
	store.__singletons?.delete(name)
}
