import { describe, expect, test, vi } from 'vitest'
import { warmUp } from '#app/bootstrap.server.ts'
import { checkPasswordStrength, passwordStrengthLoading } from './password-strength.server.ts'

/**
 * Issue 10 leftover: the zxcvbn dictionaries are warmed up in the background
 * after the server is ready — not during start-up (readiness must not wait),
 * and not on the first registration.
 */
describe('password-strength warm-up', () => {
	test('warmUp returns at once and loads the dictionaries on a later turn of the event loop', async () => {
		const logger = { debug: vi.fn(), warn: vi.fn() }
		const done = warmUp({ logger })
		expect(passwordStrengthLoading()).toBe(false)
		await done
		expect(passwordStrengthLoading()).toBe(true)
		expect(logger.debug).toHaveBeenCalledWith(expect.objectContaining({ ms: expect.any(Number) }), expect.any(String))
		expect(logger.warn).not.toHaveBeenCalled()
		// Warm: a check now uses the loaded dictionaries and still judges correctly.
		expect((await checkPasswordStrength('password123')).ok).toBe(false)
		expect((await checkPasswordStrength('Kastanienbaum-Fahrrad-Regenschirm')).ok).toBe(true)
	})
})
