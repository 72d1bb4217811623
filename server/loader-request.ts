/**
 * The request a loader gets: React Router's own, unless a copy would differ from it (ADR 0137).
 *
 * Without `future.v8_passThroughRequests`, React Router hands every loader and action a copy of
 * the request made twice over (`stripIndexParam`, then `stripRoutesParam`): its `?index` and
 * `?_routes` parameters taken out, the query written again. Each copy is an undici `Request` that
 * follows the original's signal, and such a follower costs an AbortController, an AbortSignal (a
 * new hidden class each on Node 20), and a `FinalizationRegistry` entry in the old generation that
 * keeps the followed signal's listeners from the minor GC until the next mark-compact. A search
 * page made eight of them.
 *
 * For a GET or HEAD request whose URL has neither parameter and whose query React Router would
 * write the same way again, the copy has the same URL, method, headers and (no) body as the
 * original, and it is aborted exactly when the original is: so the original is passed as it is.
 * Anything else (a form post, a client navigation's `.data` request with `_routes`, an index
 * route's `?index`) gets React Router's copy as before. vite.config.ts puts this into React
 * Router's `callRouteHandler`; `RENDER_PATH=legacy` (the benchmark's "before") always copies.
 */
const enabled = process.env.RENDER_PATH !== 'legacy'

export function loaderRequest(
	request: Request,
	copyWithoutRouterParams: (request: Request) => Request,
): Request {
	if (enabled && (request.method === 'GET' || request.method === 'HEAD')) {
		const url = new URL(request.url)
		if (!url.searchParams.has('index') && !url.searchParams.has('_routes')) {
			// What stripIndexParam does to a URL without `index`: the query serialised again.
			url.searchParams.delete('index')
			if (url.href === request.url) return request
		}
	}
	return copyWithoutRouterParams(request)
}

/** The line of React Router's `callRouteHandler` that vite.config.ts patches, and what it becomes. */
export const ROUTER_COPIES_REQUEST =
	'request: future.v8_passThroughRequests ? args.request : stripRoutesParam(stripIndexParam(args.request)),'
export const ROUTER_COPIES_REQUEST_IF_DIFFERENT =
	'request: future.v8_passThroughRequests ? args.request : __loaderRequest(args.request, (request) => stripRoutesParam(stripIndexParam(request))),'
