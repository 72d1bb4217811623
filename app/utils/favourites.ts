import { useSyncExternalStore } from 'react'
import { useFetchers, useMatches } from 'react-router'
import { FAVOURITES_STORAGE_KEY } from './favourites-cleanup.ts'
import {
	favouriteListeners,
	NO_FAVOURITES,
	readLocalFavourites,
	writeLocalFavourites,
} from './favourites-store.ts'
import { useSessionUser } from '#app/hooks/use-root-data.ts'

/**
 * Favourites (docs/decisions/0032-favourites.md). Visitors keep playroom ids
 * in localStorage['sz:favourites'] (a JSON array); logged-in users have them
 * in the database — the page loaders return them as `favouriteIds`, and the
 * heart posts to /resources/favourites (a fetcher with JavaScript, a form
 * without). After a login the browser's list is merged into the account once.
 */
export const FAVOURITES_ACTION = '/resources/favourites'
export const favouriteFetcherKey = (playroomId: string) => `favourite:${playroomId}`

export function toggleLocalFavourite(playroomId: string) {
	const ids = readLocalFavourites()
	writeLocalFavourites(
		ids.includes(playroomId) ? ids.filter((id) => id !== playroomId) : [playroomId, ...ids],
	)
}

function subscribe(listener: () => void) {
	favouriteListeners.add(listener)
	const onStorage = (event: StorageEvent) => {
		if (event.key === null || event.key === FAVOURITES_STORAGE_KEY) listener()
	}
	window.addEventListener('storage', onStorage)
	return () => {
		favouriteListeners.delete(listener)
		window.removeEventListener('storage', onStorage)
	}
}

export function useLocalFavourites(): readonly string[] {
	return useSyncExternalStore(subscribe, readLocalFavourites, () => NO_FAVOURITES)
}

/** The logged-in user's favourites from the page's loader data (null when the page has none). */
function useServerFavourites(): readonly string[] | null {
	const matches = useMatches()
	for (let i = matches.length - 1; i >= 0; i--) {
		const data = matches[i]?.loaderData as { favouriteIds?: unknown } | undefined
		if (data && Array.isArray(data.favouriteIds)) return data.favouriteIds as string[]
	}
	return null
}

/** Whether a playroom is a favourite — for visitors from the browser, for users from the server (optimistic while saving). */
export function useIsFavourite(playroomId: string): boolean {
	const user = useSessionUser()
	const local = useLocalFavourites()
	const server = useServerFavourites()
	const pending = useFetchers()
		.find((f) => f.key === favouriteFetcherKey(playroomId))
		?.formData?.get('intent')
	if (!user) return local.includes(playroomId)
	if (pending === 'add' || pending === 'remove') return pending === 'add'
	return server?.includes(playroomId) ?? false
}
