/**
 * The HTML of documents rendered whole (ADR 0122), by their Response. React
 * Router's Express adapter sends every response by reading its web stream
 * chunk by chunk into `res`; for a document that is already one string in
 * memory that is pure overhead (a reader, TextEncoder, one `write` per
 * chunk). vite.config.ts wraps the adapter's `sendRemixResponse` to `res.end`
 * the document when the Response it is given is one registered here. A
 * Response that was replaced on the way (e.g. by a middleware) is simply not
 * found and goes the normal way.
 *
 * The patch is an optimisation, never a requirement: every document Response
 * also has a real body (made only when something reads it), so the dev server
 * (which runs no build plugins) and an adapter the patch no longer fits serve
 * the same page.
 */
const documents = new WeakMap<Response, DocumentParts>()

/**
 * A document as one string or as the pieces it is made of, in order: text, or
 * bytes already encoded as UTF-8. Pieces are written one after the other into
 * the response's buffer: joined, a document of 60 K characters would be
 * copied once more first (twice the bytes when one `€` makes it a two-byte
 * string), for every page.
 */
export type DocumentPart = string | Uint8Array
export type DocumentParts = string | readonly DocumentPart[]

/**
 * A Response for a whole document, registered for the patched adapter. Its
 * body is a stream that encodes the document only when it is read (a high-water
 * mark of 0: nothing is pulled in advance), so the patched path pays nothing
 * for it — a string body would cost undici a full pass over the page
 * (`toUSVString`) that nothing reads.
 */
export function bufferedDocumentResponse(html: DocumentParts, init: ResponseInit): Response {
	const body = new ReadableStream<Uint8Array>(
		{
			pull(controller) {
				controller.enqueue(encodeDocument(html))
				controller.close()
			},
		},
		{ highWaterMark: 0 },
	)
	const response = new Response(body, init)
	documents.set(response, html)
	return response
}

/** A copy of `response` (e.g. with other headers) that keeps its registered document. */
export function copyResponse(response: Response, init: ResponseInit): Response {
	const html = documents.get(response)
	if (html === undefined) return new Response(response.body, init)
	return bufferedDocumentResponse(html, init)
}

type ExpressLikeResponse = {
	destroyed: boolean
	writableEnded: boolean
	statusMessage: string
	status(code: number): unknown
	append(name: string, value: string): unknown
	setHeader(name: string, value: number): unknown
	end(body: Buffer): unknown
}

/** Sends a registered document in one `end`; false when `response` is not one (or `res` is closed). */
export function sendBufferedDocument(res: ExpressLikeResponse, response: Response): boolean {
	const html = documents.get(response)
	if (html === undefined || res.destroyed || res.writableEnded || response.bodyUsed) return false
	documents.delete(response)
	res.statusMessage = response.statusText
	res.status(response.status)
	for (const [name, value] of response.headers.entries()) res.append(name, value)
	// Encoded once here, with its length: given a string, the compression middleware and Node
	// would each measure its UTF-8 length (a pass over the page each) before encoding it.
	const body = encodeDocument(html)
	res.setHeader('Content-Length', body.length)
	res.end(body)
	return true
}

/**
 * The document's UTF-8 bytes. Each piece is measured and written in place, so
 * no joined copy of the page is made on the JavaScript heap (the buffer itself
 * lives outside it). A piece should be flat or a slice: a rope is flattened by
 * V8 before it is measured.
 */
export function encodeDocument(html: DocumentParts): Buffer {
	if (typeof html === 'string') return Buffer.from(html)
	let length = 0
	for (const part of html) length += typeof part === 'string' ? Buffer.byteLength(part) : part.byteLength
	const body = Buffer.allocUnsafe(length)
	let offset = 0
	for (const part of html) {
		if (typeof part === 'string') offset += body.write(part, offset)
		else {
			body.set(part, offset)
			offset += part.byteLength
		}
	}
	return body
}

/** The document as one string (tests). */
export function documentText(html: DocumentParts): string {
	return typeof html === 'string' ? html : encodeDocument(html).toString('utf8')
}
