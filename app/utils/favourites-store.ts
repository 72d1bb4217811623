import { FAVOURITES_STORAGE_KEY } from './favourites-cleanup.ts'

/**
 * The visitor's favourites in this browser: localStorage['sz:favourites'], a
 * JSON array of playroom ids, newest first (docs/decisions/0032-favourites.md).
 * Kept apart from the React hooks (favourites.ts) because every page's shell
 * needs it for the merge after a login.
 */
/**
 * The one empty list: the hooks' server snapshot (favourites.ts) must be this same object, or
 * React sees the browser's empty list as a change after hydration and re-renders every card
 * synchronously (ADR 0158).
 */
export const NO_FAVOURITES: readonly string[] = []
const EMPTY = NO_FAVOURITES
let snapshot: { raw: string | null; ids: readonly string[] } = { raw: null, ids: EMPTY }
export const favouriteListeners = new Set<() => void>()

function readRaw(): string | null {
	try {
		return window.localStorage.getItem(FAVOURITES_STORAGE_KEY)
	} catch {
		return null
	}
}

export function readLocalFavourites(): readonly string[] {
	const raw = readRaw()
	if (raw !== snapshot.raw) {
		let ids: readonly string[] = EMPTY
		try {
			const parsed: unknown = raw ? JSON.parse(raw) : []
			if (Array.isArray(parsed))
				ids = parsed.filter((id): id is string => typeof id === 'string').slice(0, 200)
		} catch {
			// A broken entry counts as empty; the next write replaces it.
		}
		snapshot = { raw, ids }
	}
	return snapshot.ids
}

export function writeLocalFavourites(ids: readonly string[]) {
	try {
		if (ids.length) window.localStorage.setItem(FAVOURITES_STORAGE_KEY, JSON.stringify(ids))
		else window.localStorage.removeItem(FAVOURITES_STORAGE_KEY)
	} catch {
		// Storage unavailable (privacy mode): the heart simply does not stick.
	}
	for (const listener of favouriteListeners) listener()
}
