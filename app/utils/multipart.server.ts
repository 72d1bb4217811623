import { AppError } from './app-error.ts'

/**
 * Reads a form body (URL-encoded or multipart) with a byte limit and a part
 * limit: the body stream is counted chunk by chunk and abandoned as soon as it
 * passes either (or its Content-Length announces more bytes), so an oversized
 * upload is never held in memory whole and a body of many tiny parts never
 * reaches the platform parser, which would split it on the event loop (400,000
 * parts took it ~3 s, ADR 0141). Within the limits the platform parser
 * (`Request.formData()`) splits the parts. A body that is too large, has too
 * many parts or is not a well-formed form is a translated 400 (ADR 0070).
 */
export const MAX_FORM_BYTES = 64 * 1024 * 1024
/** More fields or files than any form of the app has (the largest have a few hundred). */
export const MAX_FORM_PARTS = 1_000

export function formTooLarge(maxBytes: number): AppError {
	const max = Math.floor(maxBytes / (1024 * 1024))
	return new AppError(400, 'ValidationError', {
		messageKey: 'hostEditor:errors.uploadTooLarge',
		params: { max },
		fields: { photos: [`hostEditor:errors.uploadTooLarge?max=${max}`] },
	})
}

function tooManyParts(): AppError {
	return new AppError(400, 'ValidationError', {
		messageKey: 'hostEditor:errors.tooManyParts',
		params: { max: MAX_FORM_PARTS },
		fields: { photos: [`hostEditor:errors.tooManyParts?max=${MAX_FORM_PARTS}`] },
	})
}

/**
 * Counts a form's parts as its bytes stream in, without parsing them: the
 * delimiters of a multipart body (CRLF, "--" and the boundary; the first one
 * comes without the CRLF, the last one closes the body) or the "&" between
 * URL-encoded fields. A delimiter split across two chunks is found where
 * they join. Returns null for a body that is neither.
 */
function partCounter(contentType: string): ((chunk: Uint8Array) => number) | null {
	const multipart = /^multipart\/form-data\s*;.*?\bboundary=(?:"([^"]+)"|([^\s;]+))/i.exec(contentType)
	const urlEncoded = /^application\/x-www-form-urlencoded\b/i.test(contentType)
	if (!multipart && !urlEncoded) return null
	const separator = Buffer.from(multipart ? `\r\n--${multipart[1] ?? multipart[2]}` : '&')
	const keep = separator.length - 1
	// Delimiters never overlap one another (a boundary has no CR), so each is counted once.
	let tail = Buffer.from(multipart ? '\r\n' : '')
	let separators = 0
	let started = false
	return (chunk) => {
		const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
		if (bytes.length > 0) started = true
		let from = 0
		if (tail.length > 0) {
			const at = Buffer.concat([tail, bytes.subarray(0, keep)]).indexOf(separator)
			if (at !== -1 && at < tail.length) {
				separators++
				from = at + separator.length - tail.length
			}
		}
		for (
			let at = bytes.indexOf(separator, from);
			at !== -1;
			at = bytes.indexOf(separator, at + separator.length)
		)
			separators++
		tail =
			bytes.length >= keep
				? Buffer.from(bytes.subarray(bytes.length - keep))
				: Buffer.concat([tail, bytes]).subarray(-keep)
		// Multipart: n parts have n + 1 delimiters. URL-encoded: n fields have n - 1 "&".
		return multipart ? separators - 1 : started ? separators + 1 : 0
	}
}

export async function readFormData(request: Request, maxBytes: number = MAX_FORM_BYTES): Promise<FormData> {
	const declared = Number(request.headers.get('Content-Length') ?? '0')
	if (declared > maxBytes) throw formTooLarge(maxBytes)
	const contentType = request.headers.get('Content-Type') ?? ''
	const countParts = partCounter(contentType)
	const chunks: Uint8Array[] = []
	let total = 0
	if (request.body) {
		const reader = request.body.getReader()
		for (;;) {
			const { done, value } = await reader.read()
			if (done) break
			total += value.byteLength
			// Not awaited: a cancelled branch of a cloned request settles only once the other branch is
			// cancelled too (the form-body check reads a clone while the action still holds the original).
			if (total > maxBytes) {
				void reader.cancel().catch(() => {})
				throw formTooLarge(maxBytes)
			}
			if (countParts && countParts(value) > MAX_FORM_PARTS) {
				void reader.cancel().catch(() => {})
				throw tooManyParts()
			}
			chunks.push(value)
		}
	}
	try {
		return await new Response(Buffer.concat(chunks), { headers: { 'Content-Type': contentType } }).formData()
	} catch {
		throw new AppError(400, 'ValidationError', { messageKey: 'validation.invalid' })
	}
}
