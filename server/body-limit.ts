import type { IncomingMessage } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import type { Env } from '#app/utils/env.server.ts'
import { refuse, routerPath } from './security.ts'

/**
 * Request bodies are bounded (docs/subsystems/security.md, ADR 0050):
 * MAX_BODY_KB (64 KB by default) for JSON, forms and anything else a route
 * reads. The limit is enforced before and while the body streams in, so an
 * oversized body is never buffered:
 *
 * - a declared Content-Length over the limit is refused with 413 before a
 *   byte is read;
 * - a body without one (chunked) is counted chunk by chunk as the socket
 *   delivers it; at the first byte over the limit the rest is discarded, 413
 *   is answered with `Connection: close`, and the body stream never ends
 *   cleanly — the reader (React Router's request body) fails instead of
 *   seeing a truncated form, so no action runs on part of a body.
 *
 * The answer is the API envelope under /api and a translated page elsewhere.
 * Multipart posts to the upload routes (UPLOAD_PATHS, matched on the path the
 * router sees) get MAX_UPLOAD_BODY_MB instead: several photos of up to 15 MB
 * each (app/models/host-office/host-photos.server.ts), which the route's own form reader
 * (app/utils/multipart.server.ts) bounds again.
 */
export const UPLOAD_PATHS = [
	/^(\/en)?\/host\/playrooms\/edit\/[^/]+\/detail-information$/i,
	/^\/api\/Owner\/Playrooms\/[^/]+\/Photos$/i,
	// The admin import's export file (app/routes/admin/migration.tsx, ADR 0095).
	/^(\/en)?\/admin\/migration$/i,
]

export function isUploadRequest(req: IncomingMessage & { originalUrl?: string }): boolean {
	if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data')) return false
	const path = routerPath(req)?.replace(/\.data$/, '')
	return path !== undefined && UPLOAD_PATHS.some((pattern) => pattern.test(path))
}

export function bodyLimit(env: Pick<Env, 'MAX_BODY_KB' | 'MAX_UPLOAD_BODY_MB'>) {
	const formLimit = env.MAX_BODY_KB * 1024
	const uploadLimit = env.MAX_UPLOAD_BODY_MB * 1024 * 1024
	return (req: Request, res: Response, next: NextFunction) => {
		const limit = isUploadRequest(req) ? uploadLimit : formLimit
		const declared = req.headers['content-length']
		if (declared === undefined && req.headers['transfer-encoding'] === undefined) return next()
		if (declared !== undefined && Number(declared) > limit)
			return refuseTooLarge(req, res, { reading: false })
		countWhileStreaming(req, limit, () => refuseTooLarge(req, res, { reading: true }))
		next()
	}
}

/**
 * Counts the body bytes the HTTP parser hands to the request stream (through
 * `push`, the Readable implementer's entry point) and cuts off at `limit`.
 */
function countWhileStreaming(req: IncomingMessage, limit: number, onExceeded: () => void) {
	let received = 0
	const push = req.push
	req.push = (chunk: unknown, encoding?: BufferEncoding) => {
		if (chunk !== null && chunk !== undefined) received += (chunk as { length: number }).length
		if (received <= limit) return push.call(req, chunk, encoding)
		// Everything from here on, including the end of the body, is dropped.
		req.push = () => true
		onExceeded()
		return true
	}
}

export class PayloadTooLargeError extends Error {
	override name = 'PayloadTooLargeError'
	readonly status = 413
}

function refuseTooLarge(req: Request, res: Response, options: { reading: boolean }) {
	// Whoever reads the body gets an error, not the end of a truncated body (once the answer is out).
	const fail = () => req.destroy(new PayloadTooLargeError('request body over the limit'))
	if (options.reading) res.once('finish', fail).once('close', fail)
	if (res.headersSent) return fail()
	// Node closes the connection once the answer is out; the rest of the body is never read.
	res.set('Connection', 'close')
	refuse(req, res, 413, 'PayloadTooLarge')
}
