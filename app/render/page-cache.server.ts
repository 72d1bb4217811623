import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { copyResponse } from './buffered-documents.server.ts'
import { getAuth } from '#app/utils/auth.server.ts'
import { stripLocale } from '#app/utils/locale.ts'

/**
 * The app side of the page micro-cache (docs/subsystems/page-cache.md).
 *
 * A loader that renders the same output for every anonymous visitor calls
 * `allowPageCache(context, seconds)`; the response then carries
 * `X-Page-Cache: <seconds>` and the server (server/page-cache.ts) may serve
 * it again to other anonymous visitors for that long, with a fresh CSP nonce.
 * Logged-in requests are never marked. A write that does not change what
 * anonymous visitors see (tracking, preferences) calls `keepPageCache` so it
 * does not empty the cache.
 *
 * Browser and proxy caches: every response to a logged-in user (a session),
 * and every response under the back-office areas, carries
 * `Cache-Control: private, no-store` — orders, guest lists, IBANs, arrival
 * codes and feed URLs must not stay in a shared or back/forward cache. A
 * response for a logged-in user that names its own Cache-Control keeps it
 * (the versioned messages, a QR code: the same for everyone); in the areas
 * no-store always wins. Anonymous public pages are left as they are.
 */
export const PAGE_CACHE_HEADER = 'X-Page-Cache'
export const PRIVATE_NO_STORE = 'private, no-store'

/** /guest, /host, /owner, /admin (any locale, any case — the router matches case-insensitively). */
const AREA_PATH = /^\/(?:guest|host|owner|admin)(?:[/.]|$)/i

function privateResponse(response: Response, force: boolean): Response {
	if (!force && response.headers.has('Cache-Control')) return response
	try {
		response.headers.set('Cache-Control', PRIVATE_NO_STORE)
		return response
	} catch {
		// Some responses have immutable headers; copy them into a new response.
		const headers = new Headers(response.headers)
		headers.set('Cache-Control', PRIVATE_NO_STORE)
		return copyResponse(response, { status: response.status, statusText: response.statusText, headers })
	}
}

type PageCacheState = { seconds: number | null; keep: boolean }
const pageCacheContext = createContext<PageCacheState>({ seconds: null, keep: false })

export function allowPageCache(context: Readonly<RouterContextProvider>, seconds = 10) {
	const state = context.get(pageCacheContext)
	state.seconds = state.seconds === null ? seconds : Math.min(state.seconds, seconds)
}

export function keepPageCache(context: Readonly<RouterContextProvider>) {
	context.get(pageCacheContext).keep = true
}

export const pageCacheMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
	const state: PageCacheState = { seconds: null, keep: false }
	context.set(pageCacheContext, state)
	const area = AREA_PATH.test(stripLocale(url.pathname))
	let response: Response
	try {
		response = await next()
	} catch (thrown) {
		// A redirect thrown by a guard (e.g. to the login page).
		if (thrown instanceof Response && (area || getAuth(context).session)) {
			throw privateResponse(thrown, area)
		}
		throw thrown
	}
	const loggedIn = Boolean(getAuth(context).session)
	if (request.method === 'GET') {
		if (state.seconds !== null && !loggedIn && response.status === 200) {
			response.headers.set(PAGE_CACHE_HEADER, String(state.seconds))
		}
	} else if (state.keep) {
		response.headers.set(PAGE_CACHE_HEADER, 'keep')
	}
	return area || loggedIn ? privateResponse(response, area) : response
}
