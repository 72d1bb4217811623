import { data, type MiddlewareFunction } from 'react-router'

/**
 * Page actions and resource routes read their body with `request.formData()`,
 * which throws on a body that is not a well-formed form (a broken multipart
 * body, JSON, plain text). That would surface as a 500; bad input must be a
 * 400 that changes nothing (PRODUCT.md §6). So every state-changing request
 * outside /api (the API parses and answers its own bodies, ADR 0007) is
 * checked once here on a copy of the body before any action runs.
 */
export const formBodyMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
	if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return next()
	if (new URL(request.url).pathname.startsWith('/api/')) return next()
	try {
		await request.clone().formData()
	} catch {
		throw data(null, { status: 400, statusText: 'Bad Request' })
	}
	return next()
}
