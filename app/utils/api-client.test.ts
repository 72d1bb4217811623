import { afterEach, describe, expect, test, vi } from 'vitest'
import { apiRequest, ApiClientError } from './api-client.ts'

function respond(status: number, body: unknown) {
	vi.stubGlobal(
		'fetch',
		vi.fn(
			async () =>
				new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
		),
	)
}

afterEach(() => vi.unstubAllGlobals())

describe('apiRequest', () => {
	test('unwraps the envelope and sends the page language', async () => {
		respond(200, { success: true, value: true, error: null })
		await expect(apiRequest('/api/Auth/emailExists?email=a@b.de', { locale: 'en' })).resolves.toBe(true)
		const [, init] = vi.mocked(fetch).mock.calls[0] ?? []
		expect((init?.headers as Record<string, string>)['Accept-Language']).toBe('en-GB')
	})

	test('a 401 calls the login redirect and rejects with the server message', async () => {
		respond(401, {
			success: false,
			value: null,
			error: JSON.stringify({ name: 'Unauthorized', message: 'Login benötigt' }),
		})
		const onUnauthorized = vi.fn()
		const call = apiRequest('/api/User/EmailSettings', { locale: 'de', onUnauthorized })
		await expect(call).rejects.toMatchObject({
			status: 401,
			errorName: 'Unauthorized',
			message: 'Login benötigt',
		})
		expect(onUnauthorized).toHaveBeenCalledOnce()
	})

	test('other failures do not redirect; a body without the envelope is a generic error', async () => {
		const onUnauthorized = vi.fn()
		respond(403, {
			success: false,
			value: null,
			error: JSON.stringify({ name: 'Forbidden', message: 'Zugriff verweigert' }),
		})
		await expect(apiRequest('/api/x', { locale: 'de', onUnauthorized })).rejects.toBeInstanceOf(
			ApiClientError,
		)
		respond(502, 'Bad gateway')
		await expect(apiRequest('/api/x', { locale: 'de', onUnauthorized })).rejects.toMatchObject({
			errorName: 'Generic',
		})
		expect(onUnauthorized).not.toHaveBeenCalled()
	})
})
