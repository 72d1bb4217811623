import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { getAuth } from './auth.server.ts'

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
 */
export const PAGE_CACHE_HEADER = 'X-Page-Cache'

type PageCacheState = { seconds: number | null; keep: boolean }
const pageCacheContext = createContext<PageCacheState>({ seconds: null, keep: false })

export function allowPageCache(context: Readonly<RouterContextProvider>, seconds = 10) {
	const state = context.get(pageCacheContext)
	state.seconds = state.seconds === null ? seconds : Math.min(state.seconds, seconds)
}

export function keepPageCache(context: Readonly<RouterContextProvider>) {
	context.get(pageCacheContext).keep = true
}

export const pageCacheMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const state: PageCacheState = { seconds: null, keep: false }
	context.set(pageCacheContext, state)
	const response = await next()
	if (request.method === 'GET') {
		if (state.seconds !== null && !getAuth(context).session && response.status === 200) {
			response.headers.set(PAGE_CACHE_HEADER, String(state.seconds))
		}
	} else if (state.keep) {
		response.headers.set(PAGE_CACHE_HEADER, 'keep')
	}
	return response
}
