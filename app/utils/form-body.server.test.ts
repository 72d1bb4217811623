import { describe, expect, test } from 'vitest'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { action as loginAction } from '#app/routes/auth/login.tsx'
import { action as checkoutAction } from '#app/routes/checkout/checkout.tsx'

describe('posted bodies that are not forms', () => {
	test('a page action answers 400 instead of failing on JSON or a broken multipart body', async () => {
		const json = await callRoute(loginAction, { path: '/login', json: { username: 'x' } })
		expect(json.status).toBe(400)
		const broken = await callRoute(checkoutAction, {
			path: '/public/playroomOrder/checkout?playroomUrlPath=gibt-es-nicht',
			method: 'POST',
			headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
		})
		expect(broken.status).toBe(400)
		// A real form still reaches the action (here: the login's own validation answers).
		const form = await callRoute(loginAction, { path: '/login', form: { intent: 'login', username: '' } })
		expect(form.status).not.toBe(500)
		expect(form.status).toBe(400)
		expect(JSON.stringify(form.data)).toContain('validation.required')
	})
})
