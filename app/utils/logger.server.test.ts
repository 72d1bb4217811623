import { describe, expect, test } from 'vitest'
import { redactUrl } from './logger.server.ts'

describe('redactUrl', () => {
	test('hides tokens in e-mail link paths', () => {
		expect(redactUrl('/auth/confirmEmail/abc123/SECRETTOKEN')).toBe('/auth/confirmEmail/abc123/[redacted]')
		expect(redactUrl('/en/auth/ResetPassword/u1/SECRET?x=1')).toBe('/en/auth/ResetPassword/u1/[redacted]?x=1')
		expect(redactUrl('/user/ConfirmChangeEmail/new%40x.de/u1/SECRET')).toBe(
			'/user/ConfirmChangeEmail/new%40x.de/u1/[redacted]',
		)
	})

	test('hides secrets in query parameters and keeps the rest', () => {
		expect(redactUrl('/api/Auth/confirmEmail?userId=u1&token=SECRET')).toBe(
			'/api/Auth/confirmEmail?userId=u1&token=%5Bredacted%5D',
		)
		expect(redactUrl('/playrooms?city=koeln')).toBe('/playrooms?city=koeln')
	})
})
