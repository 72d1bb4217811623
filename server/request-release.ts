/**
 * A request's signal is aborted once its response has been sent (ADR 0135).
 *
 * React Router's Express adapter makes each `Request` follow an
 * AbortController of its own, which it aborts when the connection closes
 * before the response is finished — and forgets once it is finished. undici's
 * `Request` follows a signal through a `FinalizationRegistry` entry whose
 * holdings keep the followed signal, and only a mark-compact clears such an
 * entry. So every listener on that signal (React Router's own, and through
 * every copy of the Request it makes for a loader, the copy's) and all that
 * their closures held — loader data, route matches, promises — stayed on the
 * heap until the next mark-compact, which marked it all again: on the search
 * page, 67.7 MB after a mark-compact where 52.4 MB were really alive.
 *
 * Aborting the controller once the response is out lets undici unregister
 * every follower and drop its listeners at once, so nothing of a finished
 * request waits for a mark-compact any more. Nothing is left to cancel by
 * then; the reason says so for any code that still looks at
 * `request.signal.reason`.
 */
const RESPONSE_SENT = new DOMException('The response has been sent.', 'AbortError')

export function releaseRequest(controller: AbortController | null): void {
	controller?.abort(RESPONSE_SENT)
}

/** Where React Router's Express adapter forgets the controller of a finished response (vite.config.ts patches it). */
export const EXPRESS_FORGETS_CONTROLLER = 'res.on("finish", () => controller = null);'
export const EXPRESS_RELEASES_CONTROLLER =
	'res.on("finish", () => { __releaseRequest(controller); controller = null; });'
