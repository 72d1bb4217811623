/**
 * After a deploy, an open tab may ask for route chunks that no longer exist.
 * Reloading fetches the new build — but at most once per 10 s per path, so a
 * broken deploy cannot cause a reload loop (spec §4, §9).
 */
export const RELOAD_GUARD_MS = 10_000
const KEY_PREFIX = 'chunk-reload:'

export function shouldReloadForChunkError(
	path: string,
	now: number,
	storage: Pick<Storage, 'getItem' | 'setItem'>,
): boolean {
	const key = `${KEY_PREFIX}${path}`
	const last = Number(storage.getItem(key) ?? 0)
	if (last && now - last < RELOAD_GUARD_MS) return false
	storage.setItem(key, String(now))
	return true
}

export function isChunkLoadError(error: unknown): boolean {
	const message = error instanceof Error ? error.message : String(error ?? '')
	return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
		message,
	)
}

export function reloadForChunkError(): boolean {
	if (!shouldReloadForChunkError(window.location.pathname, Date.now(), window.sessionStorage)) {
		return false
	}
	window.location.reload()
	return true
}

/** Installs the handler for Vite's preload failures; returns the uninstaller. */
export function installChunkReloadGuard() {
	const onPreloadError = (event: Event) => {
		if (reloadForChunkError()) event.preventDefault()
	}
	window.addEventListener('vite:preloadError', onPreloadError)
	return () => window.removeEventListener('vite:preloadError', onPreloadError)
}
