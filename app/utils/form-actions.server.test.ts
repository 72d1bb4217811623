import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { AppError } from './app-error.ts'
import { failedForm } from './form-actions.server.ts'

/** Issue 11, defect 10: "already registered" appeared three times on the register page. */
function submission() {
	const form = new FormData()
	form.set('email', 'taken@example.com')
	return parseWithZod(form, { schema: z.object({ email: z.string() }) })
}

const taken = () =>
	new AppError(409, 'EmailTaken', {
		messageKey: 'auth:errors.emailTaken',
		fields: { email: ['auth:errors.emailTaken'] },
	})

describe('failedForm', () => {
	test('sayAtFields: an error that names fields is said at them, not again in the form alert', () => {
		const { result } = failedForm('register', submission(), taken(), { sayAtFields: true }).data
		expect(result.error?.['']).toBeUndefined()
		expect(result.error?.email).toEqual(['auth:errors.emailTaken'])
	})

	test('by default (steps that do not show every field) the alert keeps the message', () => {
		const { result } = failedForm('step', submission(), taken()).data
		expect(result.error?.['']).toEqual(['auth:errors.emailTaken'])
		expect(result.error?.email).toEqual(['auth:errors.emailTaken'])
	})

	test('an error without fields always goes into the alert', () => {
		const error = new AppError(400, 'InvalidToken', { messageKey: 'auth:errors.tokenInvalid' })
		const { result } = failedForm('reset', submission(), error, { sayAtFields: true }).data
		expect(result.error?.['']).toEqual(['auth:errors.tokenInvalid'])
	})
})
