import { AppError } from './app-error.ts'

/**
 * Reads a form body (URL-encoded or multipart) with a byte limit: the body
 * stream is counted chunk by chunk and abandoned as soon as it passes the
 * limit (or its Content-Length announces more), so an oversized upload is
 * never held in memory whole. Within the limit the platform parser
 * (`Request.formData()`) splits the parts. A body that is too large or not a
 * well-formed form is a translated 400 (ADR 0070).
 */
export const MAX_FORM_BYTES = 64 * 1024 * 1024

export function formTooLarge(maxBytes: number): AppError {
	const max = Math.floor(maxBytes / (1024 * 1024))
	return new AppError(400, 'ValidationError', {
		messageKey: 'hostEditor:errors.uploadTooLarge',
		params: { max },
		fields: { photos: [`hostEditor:errors.uploadTooLarge?max=${max}`] },
	})
}

export async function readFormData(request: Request, maxBytes: number = MAX_FORM_BYTES): Promise<FormData> {
	const declared = Number(request.headers.get('Content-Length') ?? '0')
	if (declared > maxBytes) throw formTooLarge(maxBytes)
	const chunks: Uint8Array[] = []
	let total = 0
	if (request.body) {
		const reader = request.body.getReader()
		for (;;) {
			const { done, value } = await reader.read()
			if (done) break
			total += value.byteLength
			if (total > maxBytes) {
				await reader.cancel().catch(() => {})
				throw formTooLarge(maxBytes)
			}
			chunks.push(value)
		}
	}
	try {
		return await new Response(Buffer.concat(chunks), {
			headers: { 'Content-Type': request.headers.get('Content-Type') ?? '' },
		}).formData()
	} catch {
		throw new AppError(400, 'ValidationError', { messageKey: 'validation.invalid' })
	}
}
