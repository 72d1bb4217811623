import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { sessions } from '#db/schema/users.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { getDb } from './db.server.ts'
import { getSessionUser, requireRole, roleGuard } from './auth.server.ts'
import { readToast } from './toast.server.ts'

const page = () => ({ ok: true })
const guestArea = [roleGuard('Customer')]

describe('role guards', () => {
	test('an anonymous visitor is sent to the login page with the original path', async () => {
		const result = await callRoute(page, { path: '/guest/orders?tab=past', middleware: guestArea })
		expect(result.status).toBe(302)
		expect(result.location).toBe('/login?redirect=%2Fguest%2Forders%3Ftab%3Dpast')
	})

	test('the locale prefix is kept and the login-required toast is set', async () => {
		const result = await callRoute(page, { path: '/en/guest/orders', middleware: guestArea })
		expect(result.status).toBe(302)
		expect(result.location).toBe('/en/login?redirect=%2Fen%2Fguest%2Forders')
		const toastCookie = result.setCookies.find((c) => c.startsWith('sz_toast='))?.split(';')[0]
		const { toast } = await readToast(new Request('http://x/', { headers: { Cookie: toastCookie ?? '' } }))
		expect(toast).toMatchObject({ type: 'warning', description: 'Login required' })
	})

	test.each([
		['Customer', '/guest/orders', 'Customer', 200],
		['Owner', '/host/dashboard', 'Owner', 200],
		['Owner', '/owner/orders', 'Owner', 200],
		['Admin', '/admin/dashboard', 'Admin', 200],
		['Customer', '/host/dashboard', 'Owner', 403],
		['Owner', '/guest/orders', 'Customer', 403],
		['Owner', '/admin/dashboard', 'Admin', 403],
		['Customer', '/admin/dashboard', 'Admin', 403],
		['Admin', '/guest/orders', 'Customer', 403],
	] as const)('%s on %s (needs %s) → %i', async (role, path, needed, status) => {
		const { cookie } = await createLoggedInUser({ role })
		const result = await callRoute(page, { path, cookie, middleware: [roleGuard(needed)] })
		expect(result.status).toBe(status)
	})

	test('the guard also protects actions (POST)', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Customer' })
		const result = await callRoute(page, {
			path: '/admin/dashboard',
			method: 'POST',
			form: { x: '1' },
			cookie,
			middleware: [roleGuard('Admin')],
		})
		expect(result.status).toBe(403)
	})

	test('the API answers 401/403 in the envelope instead of redirecting', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Customer' })
		const { apiHandler } = await import('./api.server.ts')
		const handler = apiHandler(async (args) => (await requireRole(args, 'Admin')).id)
		const anonymous = await callRoute(handler, { path: '/api/Admin/x' })
		expect(anonymous.status).toBe(401)
		expect(JSON.parse((anonymous.json as { error: string }).error).name).toBe('Unauthorized')
		const wrongRole = await callRoute(handler, { path: '/api/Admin/x', cookie })
		expect(wrongRole.status).toBe(403)
	})
})

describe('sessions', () => {
	test('a bearer token authenticates like the cookie', async () => {
		const { user, token } = await createLoggedInUser({ role: 'Owner' })
		const result = await callRoute(({ context }) => getSessionUser(context)?.id ?? null, {
			path: '/api/x',
			headers: { Authorization: `Bearer ${token}` },
		})
		expect(result.data).toBe(user.id)
	})

	test('an expired session is no session, and its cookie is cleared', async () => {
		const { user, cookie } = await createLoggedInUser()
		getDb()
			.update(sessions)
			.set({ expiresAt: new Date(Date.now() - 1000) })
			.where(eq(sessions.userId, user.id))
			.run()
		const result = await callRoute(({ context }) => getSessionUser(context), { path: '/', cookie })
		expect(result.data).toBeNull()
		expect(result.setCookies.some((c) => c.startsWith('auth.token=;'))).toBe(true)
	})

	test('only the hash of the token is stored', async () => {
		const { user, token } = await createLoggedInUser()
		const row = getDb().select().from(sessions).where(eq(sessions.userId, user.id)).get()
		expect(row?.id).toMatch(/^[0-9a-f]{64}$/)
		expect(row?.id).not.toBe(token)
	})
})
