import { describe, expect, test } from 'vitest'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { queueEmail } from '#app/utils/email.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { loader as sessionLoader } from './auth.session.ts'
import { loader as outboxLoader } from './dev.outbox.ts'
import { action as unknownAction, loader as unknownLoader } from './not-found.ts'

describe('GET /api/Auth/session', () => {
	test('null when nobody is logged in', async () => {
		const result = await callRoute(sessionLoader, { path: '/api/Auth/session' })
		expect(result.json).toEqual({ success: true, value: null, error: null })
	})

	test('the session user for a bearer token, without secrets', async () => {
		const { user, token } = await createLoggedInUser({ role: 'Owner', displayName: 'Spielhaus Test' })
		const result = await callRoute(sessionLoader, {
			path: '/api/Auth/session',
			headers: { Authorization: `Bearer ${token}` },
		})
		const value = (result.json as { value: Record<string, unknown> }).value
		expect(value).toMatchObject({
			id: user.id,
			role: 'Owner',
			displayName: 'Spielhaus Test',
			canGoBackToAdmin: false,
		})
		expect(JSON.stringify(value)).not.toContain('password')
	})
})

describe('GET /api/Dev/Outbox', () => {
	test('returns the messages of one address with their links', async () => {
		queueEmail({
			to: 'gast@example.test',
			subject: 'Bitte bestätigen',
			text: 'Link: http://localhost:3000/auth/confirmEmail/u1/abc',
			html: '<p></p>',
			template: 'confirmEmail',
			locale: 'de',
		})
		queueEmail({ to: 'other@example.test', subject: 'x', text: 'x', html: 'x', template: 'x', locale: 'de' })
		const result = await callRoute(outboxLoader, { path: '/api/Dev/Outbox?to=gast@example.test' })
		const messages = (result.json as { value: { subject: string; links: string[] }[] }).value
		expect(messages).toHaveLength(1)
		expect(messages[0]).toMatchObject({
			subject: 'Bitte bestätigen',
			links: ['http://localhost:3000/auth/confirmEmail/u1/abc'],
		})
	})

	test('a bad address is a 400', async () => {
		const result = await callRoute(outboxLoader, { path: '/api/Dev/Outbox?to=nope' })
		expect(result.status).toBe(400)
	})

	test('does not exist in production', async () => {
		process.env.APP_ENV = 'production'
		process.env.SESSION_SECRET = 'x'.repeat(40)
		resetEnvCache()
		try {
			const result = await callRoute(outboxLoader, { path: '/api/Dev/Outbox?to=gast@example.test' })
			expect(result.status).toBe(404)
		} finally {
			process.env.APP_ENV = 'test'
			delete process.env.SESSION_SECRET
			resetEnvCache()
		}
	})
})

test('unknown API paths answer 404 in the envelope for every method', async () => {
	const get = await callRoute(unknownLoader, { path: '/api/Nope' })
	const post = await callRoute(unknownAction, { path: '/api/Nope', json: {} })
	for (const result of [get, post]) {
		expect(result.status).toBe(404)
		expect(result.json).toMatchObject({ success: false, value: null })
	}
})
