import http from 'node:http'
import type { Socket } from 'node:net'
import type { Express } from 'express'

/**
 * `http.createServer` options whose request and response objects are made with
 * Express's own prototypes (`app.request`, `app.response`) from the start
 * (ADR 0129).
 *
 * Express 5 gives every request and response those prototypes with
 * `Object.setPrototypeOf` in `app.handle`. Measured with Node 20's V8: objects
 * whose prototype was changed that way, and what they reference, survive the
 * young-generation collections until a major GC. A bare Express "hello" route
 * promoted ~8 KB per request to the old generation, the search page ~42 KB,
 * and the major GCs that collect it were the slow episodes of issue 15's p99.
 * Made by these constructors, the objects already have the prototype Express
 * sets, so its `setPrototypeOf` is a no-op: the same objects, methods and
 * behaviour, and the hello route promotes next to nothing
 * (measured in issue 15, docs/journal/performance-rounds.md).
 */
export function expressServerOptions(app: Express): http.ServerOptions {
	// Function constructors (not classes): their `prototype` must be Express's objects themselves.
	function ExpressRequest(this: http.IncomingMessage, socket: Socket) {
		;(http.IncomingMessage as unknown as (this: http.IncomingMessage, socket: Socket) => void).call(
			this,
			socket,
		)
	}
	ExpressRequest.prototype = app.request
	function ExpressResponse(this: http.ServerResponse, request: http.IncomingMessage, options?: object) {
		;(
			http.ServerResponse as unknown as (
				this: http.ServerResponse,
				request: http.IncomingMessage,
				options?: object,
			) => void
		).call(this, request, options)
	}
	ExpressResponse.prototype = app.response
	return {
		IncomingMessage: ExpressRequest as unknown as typeof http.IncomingMessage,
		ServerResponse: ExpressResponse as unknown as typeof http.ServerResponse,
	}
}
