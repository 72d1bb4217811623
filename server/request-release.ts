/**
 * A request's signal is aborted once its response has been sent (ADR 0135).
 *
 * React Router's Express adapter makes each `Request` follow an
 * AbortController of its own, which it aborts when the connection closes
 * before the response is finished — and forgets once it is finished. undici's
 * `Request` follows a signal through a `FinalizationRegistry` entry whose
 * holdings keep the followed signal, and V8's minor GC treats the entry's
 * target as alive. So every listener on that signal (React Router's own, and
 * through every copy of the Request it makes for a loader, the copy's) and
 * all that their closures hold — loader data, route matches, promises, the
 * rendered page's pieces — outlived the request until the next major GC: ~40
 * KB promoted per page, a mark-compact every ~14 s at half load, each marking
 * ~17 MB of such dead requests besides the ~50 MB really alive.
 *
 * Aborting the controller once the response is out lets undici unregister
 * every follower and drop its listeners at once, so a finished request's
 * objects die young. Nothing is left to cancel by then; the reason says so for
 * any code that still looks at `request.signal.reason`.
 */
const RESPONSE_SENT = new DOMException('The response has been sent.', 'AbortError')

export function releaseRequest(controller: AbortController | null): void {
	controller?.abort(RESPONSE_SENT)
}

/** Where React Router's Express adapter forgets the controller of a finished response (vite.config.ts patches it). */
export const EXPRESS_FORGETS_CONTROLLER = 'res.on("finish", () => controller = null);'
export const EXPRESS_RELEASES_CONTROLLER =
	'res.on("finish", () => { __releaseRequest(controller); controller = null; });'
