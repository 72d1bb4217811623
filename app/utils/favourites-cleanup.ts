/**
 * Logout clears the visitor's favourites in the browser (spec §4). Favourites
 * live in localStorage under FAVOURITES_STORAGE_KEY (the catalogue uses the same
 * key). The server cannot touch localStorage, so logout (and account deletion)
 * sets the short-lived cookie LOGGED_OUT_COOKIE; the next page with JavaScript
 * clears the favourites and the cookie. This works for logouts made without
 * JavaScript too (docs/decisions/0013-logout-and-favourites.md).
 */
export const FAVOURITES_STORAGE_KEY = 'sz:favourites'
export const LOGGED_OUT_COOKIE = 'sz_logged_out'

export function hasLoggedOutMarker(cookieHeader: string): boolean {
	return cookieHeader.split(';').some((part) => part.trim().startsWith(`${LOGGED_OUT_COOKIE}=`))
}

/** Clears favourites if a logout happened; returns whether it did. */
export function clearFavouritesAfterLogout(
	doc: Pick<Document, 'cookie'> = document,
	storage: Pick<Storage, 'removeItem'> = window.localStorage,
): boolean {
	if (!hasLoggedOutMarker(doc.cookie)) return false
	try {
		storage.removeItem(FAVOURITES_STORAGE_KEY)
	} catch {
		// Storage may be unavailable (privacy mode); nothing to clear then.
	}
	doc.cookie = `${LOGGED_OUT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`
	return true
}
