import { describe, expect, test } from 'vitest'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { AppError, apiHandler, parseJsonBody, parseQuery } from './api.server.ts'
import { z } from './validation.ts'

const handler = apiHandler(async ({ url, request }) => {
	switch (url.searchParams.get('case')) {
		case 'value':
			return { hello: 'world' }
		case 'domain':
			throw new AppError(409, 'SlotNotAvailable', { messageKey: 'apiErrors.Conflict' })
		case 'query':
			return parseQuery(z.object({ page: z.coerce.number().int().min(1) }), url)
		case 'body':
			return parseJsonBody(z.object({ email: z.email() }), request)
		case 'crash':
			throw new Error('secret internal detail at /srv/app.ts:12')
		default:
			return null
	}
})

function envelopeError(json: unknown) {
	const { error } = json as { error: string }
	return JSON.parse(error) as { name: string; message: string; fields?: Record<string, string[]> }
}

describe('the API envelope', () => {
	test('success wraps the value', async () => {
		const result = await callRoute(handler, { path: '/api/test?case=value' })
		expect(result.status).toBe(200)
		expect(result.json).toEqual({ success: true, value: { hello: 'world' }, error: null })
	})

	test('a domain error keeps its status and name; the message follows Accept-Language', async () => {
		const german = await callRoute(handler, { path: '/api/test?case=domain' })
		expect(german.status).toBe(409)
		expect(german.json).toMatchObject({ success: false, value: null })
		expect(envelopeError(german.json)).toEqual({
			name: 'SlotNotAvailable',
			message: 'Die Daten wurden inzwischen geändert.',
		})
		const english = await callRoute(handler, {
			path: '/api/test?case=domain',
			headers: { 'Accept-Language': 'en-GB' },
		})
		expect(envelopeError(english.json).message).toBe('The data has changed in the meantime.')
	})

	test('validation errors are 400 with translated field messages', async () => {
		const result = await callRoute(handler, {
			path: '/api/test?case=query&page=0',
			headers: { 'Accept-Language': 'en-GB' },
		})
		expect(result.status).toBe(400)
		expect(envelopeError(result.json)).toEqual({
			name: 'ValidationError',
			message: 'The input is not valid.',
			fields: { page: ['The value must be at least 1'] },
		})
	})

	test('a body that is not JSON is a 400, not a 500', async () => {
		const result = await callRoute(handler, {
			path: '/api/test?case=body',
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
		})
		expect(result.status).toBe(400)
		const malformed = await callRoute(
			async (args) =>
				handler({ ...args, request: new Request(args.request.url, { method: 'POST', body: '{oops' }) }),
			{ path: '/api/test?case=body' },
		)
		expect(malformed.status).toBe(400)
		expect(envelopeError(malformed.json).name).toBe('ValidationError')
	})

	test('an unexpected error is a 500 without any internal detail', async () => {
		const result = await callRoute(handler, { path: '/api/test?case=crash' })
		expect(result.status).toBe(500)
		const body = JSON.stringify(result.json)
		expect(body).not.toContain('secret internal detail')
		expect(body).not.toContain('.ts')
		expect(envelopeError(result.json)).toEqual({
			name: 'ServerError',
			message: 'Auf unserem Server ist etwas schiefgelaufen.',
		})
	})
})
