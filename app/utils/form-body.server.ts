import { data, type MiddlewareFunction } from 'react-router'
import { isAppError } from './app-error.ts'
import { MAX_FORM_BYTES, readFormData } from './multipart.server.ts'

/**
 * Page actions and resource routes read their body with `request.formData()`,
 * which throws on a body that is not a well-formed form (a broken multipart
 * body, JSON, plain text). That would surface as a 500; bad input must be a
 * 400 that changes nothing (PRODUCT.md §6). So every state-changing request
 * outside /api (the API parses and answers its own bodies, ADR 0007) is
 * checked once here on a copy of the body before any action runs — with a byte
 * limit (MAX_FORM_BYTES, photo uploads included), so no body is buffered unbounded.
 */
export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request, url }, next) => {
	if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return next()
	if (url.pathname.startsWith('/api/')) return next()
	try {
		await readFormData(request.clone(), MAX_FORM_BYTES)
	} catch (error) {
		const tooLarge = isAppError(error) && error.messageKey === 'hostEditor:errors.uploadTooLarge'
		throw data(
			null,
			tooLarge
				? { status: 413, statusText: 'Payload Too Large' }
				: { status: 400, statusText: 'Bad Request' },
		)
	}
	return next()
}
