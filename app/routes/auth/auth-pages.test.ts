import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { impersonations } from '#db/schema/impersonation.ts'
import { sessions } from '#db/schema/users.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser, createTestUser, TEST_PASSWORD } from '#tests/helpers/users.ts'
import { findActiveSession, hashToken } from '#app/models/accounts/session.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { settleDetached } from '#app/utils/detached.server.ts'
import { listOutbox } from '#app/utils/email.server.ts'
import { readToast } from '#app/utils/toast.server.ts'
import { action as impersonationAction } from '../resources/impersonation.ts'
import { action as loginAction, loader as loginLoader } from './login.tsx'
import { action as logoutAction, loader as logoutLoader } from './logout.tsx'
import { action as reloginAction } from './relogin.tsx'
import { action as registerAction, loader as registerLoader } from './register.tsx'
import { users } from '#db/schema/users.ts'

const cookieValue = (setCookies: string[], name: string) =>
	setCookies
		.find((c) => c.startsWith(`${name}=`))
		?.split(';')[0]
		?.slice(name.length + 1)

async function toastOf(setCookies: string[]) {
	const cookie = setCookies.find((c) => c.startsWith('sz_toast='))?.split(';')[0] ?? ''
	return (await readToast(new Request('http://x/', { headers: { Cookie: cookie } }))).toast
}

function login(form: Record<string, string>, options: { path?: string; cookie?: string } = {}) {
	return callRoute(loginAction, { path: options.path ?? '/login', form, cookie: options.cookie })
}

describe('login page action', () => {
	test('a login creates a session cookie (7 days with remember-me), rotates the old session and says hello', async () => {
		const { user, token: oldToken, cookie } = await createLoggedInUser()
		const result = await login(
			{
				intent: 'login',
				username: ` ${user.email.toUpperCase()} `,
				password: TEST_PASSWORD,
				rememberMe: 'on',
				from: '/en/login',
			},
			{ path: '/en/login', cookie },
		)
		expect(result.status).toBe(302)
		expect(result.location).toBe('/en/guest/orders')
		const authCookie = result.setCookies.find((c) => c.startsWith('auth.token='))
		expect(authCookie).toMatch(/HttpOnly/i)
		expect(authCookie).toMatch(/Expires=/i)
		const token = cookieValue(result.setCookies, 'auth.token') ?? ''
		expect(findActiveSession(token)?.user.id).toBe(user.id)
		expect(findActiveSession(oldToken)).toBeNull()
		expect(await toastOf(result.setCookies)).toMatchObject({
			type: 'info',
			description: expect.stringContaining('you are now logged in'),
		})
	})

	test('without remember-me the cookie ends with the browser; the stored redirect wins over the page', async () => {
		const user = await createTestUser()
		const result = await login({
			intent: 'login',
			username: user.email,
			password: TEST_PASSWORD,
			redirect: '/guest/orders',
			from: '/playrooms',
		})
		expect(result.location).toBe('/guest/orders')
		const authCookie = result.setCookies.find((c) => c.startsWith('auth.token=')) ?? ''
		expect(authCookie).not.toMatch(/Expires=|Max-Age=/i)
		const row = getDb().select().from(sessions).where(eq(sessions.userId, user.id)).get()
		expect(row?.persistent).toBe(false)
	})

	test('on the checkout the page reloads', async () => {
		const user = await createTestUser()
		const result = await login({
			intent: 'login',
			username: user.email,
			password: TEST_PASSWORD,
			from: '/public/playroomOrder/checkout?playroom=x',
			modal: '1',
		})
		expect(result.location).toBe('/public/playroomOrder/checkout?playroom=x')
		expect(result.headers.get('X-Remix-Reload-Document')).toBe('true')
	})

	test('invalid input and wrong passwords answer with form errors and set no cookie', async () => {
		const invalid = await login({ intent: 'login', username: 'kein-email', password: '' })
		expect(invalid.status).toBe(400)
		expect(invalid.data).toMatchObject({
			intent: 'login',
			result: { error: { username: ['validation.email'], password: ['validation.required'] } },
		})
		const user = await createTestUser()
		const wrong = await login({ intent: 'login', username: user.email, password: 'Falsches-Passwort-1' })
		expect(wrong.status).toBe(400)
		expect(wrong.data).toMatchObject({
			errorName: 'InvalidCredentials',
			result: { error: { '': ['auth:errors.invalidCredentials'] } },
		})
		expect(JSON.stringify(wrong.data)).not.toContain('Falsches-Passwort-1')
		expect(wrong.setCookies.some((c) => c.startsWith('auth.token=') && !c.startsWith('auth.token=;'))).toBe(
			false,
		)
	})

	test('forgot password: the same answer for known and unknown addresses (page and modal)', async () => {
		const user = await createTestUser()
		const known = await login({ intent: 'forgotPassword', email: user.email })
		const unknown = await login({ intent: 'forgotPassword', email: 'gibt-es-nicht@example.test' })
		await settleDetached()
		expect([known.status, known.location]).toEqual([302, '/login'])
		expect([unknown.status, unknown.location]).toEqual([known.status, known.location])
		expect((await toastOf(unknown.setCookies))?.description).toBe(
			(await toastOf(known.setCookies))?.description,
		)
		expect(listOutbox(user.email)).toHaveLength(1)
		const modalKnown = await login({ intent: 'forgotPassword', email: user.email, modal: '1' })
		const modalUnknown = await login({ intent: 'forgotPassword', email: 'nein@example.test', modal: '1' })
		expect(modalKnown.data).toMatchObject({ sent: true })
		expect({ status: modalUnknown.status, data: modalUnknown.data }).toEqual({
			status: modalKnown.status,
			data: modalKnown.data,
		})
	})

	test('resend confirmation mails only unconfirmed accounts, with the same answer', async () => {
		const waiting = await createTestUser({ emailConfirmedAt: null })
		const result = await login({ intent: 'resendConfirmation', email: waiting.email, modal: '1' })
		expect(result.data).toMatchObject({ sent: true })
		await settleDetached()
		expect(listOutbox(waiting.email)[0]?.template).toBe('confirmEmail')
	})

	test('the login page without a redirect lands each role in its area; the modal keeps the page (issue 31.10)', async () => {
		const landing = async (role: 'Owner' | 'Admin' | 'Customer', path: string, from = path) => {
			const user = await createTestUser({ role })
			const result = await login(
				{ intent: 'login', username: user.email, password: TEST_PASSWORD, from },
				{ path },
			)
			expect(result.status).toBe(302)
			return result.location
		}
		expect(await landing('Owner', '/login')).toBe('/host/dashboard')
		expect(await landing('Owner', '/en/login')).toBe('/en/host/dashboard')
		expect(await landing('Admin', '/login')).toBe('/admin/dashboard')
		expect(await landing('Customer', '/login')).toBe('/guest/orders')
		// A register page's modal: the spec's "route index" is the user's area.
		expect(await landing('Owner', '/login', '/auth/register-host')).toBe('/host/dashboard')
		// The login modal on any other page leaves the user there.
		expect(await landing('Owner', '/login', '/playrooms/cities/koeln')).toBe('/playrooms/cities/koeln')
	})

	test('a logged-in host who opens /login or a register page goes to the host area', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Owner' })
		expect((await callRoute(loginLoader, { path: '/en/login', cookie })).location).toBe('/en/host/dashboard')
		expect((await callRoute(registerLoader, { path: '/auth/register-host', cookie })).location).toBe(
			'/host/dashboard',
		)
	})

	test('a logged-in visitor of /login goes on to the redirect', async () => {
		const { cookie } = await createLoggedInUser()
		const result = await callRoute(loginLoader, { path: '/login?redirect=%2Fguest%2Forders', cookie })
		expect(result.location).toBe('/guest/orders')
	})
})

describe('logout and relogin', () => {
	test('POST /auth/logout ends the session, clears the cookies and marks favourites for clearing', async () => {
		const { token, cookie } = await createLoggedInUser()
		const result = await callRoute(logoutAction, {
			path: '/en/auth/logout',
			method: 'POST',
			form: {},
			cookie,
		})
		expect(result.location).toBe('/en')
		expect(findActiveSession(token)).toBeNull()
		expect(
			getDb()
				.select()
				.from(sessions)
				.where(eq(sessions.id, hashToken(token)))
				.get(),
		).toBeUndefined()
		expect(result.setCookies.find((c) => c.startsWith('auth.token='))).toMatch(/Max-Age=0/)
		expect(result.setCookies.find((c) => c.startsWith('auth.old_user='))).toMatch(/Max-Age=0/)
		expect(cookieValue(result.setCookies, 'sz_logged_out')).toBe('1')
	})

	test('GET /auth/logout changes nothing; without a session it goes home', async () => {
		const { token, cookie } = await createLoggedInUser()
		const page = await callRoute(logoutLoader, { path: '/auth/logout', cookie })
		expect(page.status).toBe(200)
		expect(findActiveSession(token)).not.toBeNull()
		const anonymous = await callRoute(logoutLoader, { path: '/auth/logout' })
		expect(anonymous.location).toBe('/')
	})

	test('relogin ends the session and opens the login with the page as redirect', async () => {
		const { token, cookie } = await createLoggedInUser()
		const result = await callRoute(reloginAction, {
			path: '/auth/relogin?redirect=%2Fguest%2Forders',
			method: 'POST',
			form: {},
			cookie,
		})
		expect(result.location).toBe('/login?redirect=%2Fguest%2Forders')
		expect(findActiveSession(token)).toBeNull()
	})
})

describe('impersonation through the pages', () => {
	test('login as, then back to admin: cookies swap, the log records start and end', async () => {
		const {
			user: admin,
			token: adminToken,
			cookie: adminCookie,
		} = await createLoggedInUser({ role: 'Admin' })
		const host = await createTestUser({ role: 'Owner', displayName: 'Spielhof Test' })
		const start = await callRoute(impersonationAction, {
			path: '/resources/impersonation',
			form: { intent: 'start', userId: host.id, locale: 'en' },
			cookie: adminCookie,
		})
		// Into the host's area, as the host's own login would (issue 31.10).
		expect(start.location).toBe('/en/host/dashboard')
		// The toast speaks the page's language (the form's locale), not the bare path's German.
		expect((await toastOf(start.setCookies))?.description).toBe('You are now logged in as Spielhof Test.')
		const hostToken = cookieValue(start.setCookies, 'auth.token') ?? ''
		expect(cookieValue(start.setCookies, 'auth.old_user')).toBe(adminToken)
		expect(start.setCookies.find((c) => c.startsWith('auth.old_user='))).toMatch(/HttpOnly/i)
		expect(findActiveSession(hostToken)).toMatchObject({
			impersonatorUserId: admin.id,
			user: { id: host.id },
		})

		const stop = await callRoute(impersonationAction, {
			path: '/resources/impersonation',
			form: { intent: 'stop', locale: 'de' },
			cookie: `auth.token=${hostToken}; auth.old_user=${adminToken}`,
		})
		expect(stop.location).toBe(`/admin/hosts/${host.id}`)
		expect((await toastOf(stop.setCookies))?.description).toBe('Du bist wieder als Admin angemeldet.')
		expect(cookieValue(stop.setCookies, 'auth.token')).toBe(adminToken)
		expect(stop.setCookies.find((c) => c.startsWith('auth.old_user='))).toMatch(/Max-Age=0/)
		expect(findActiveSession(hostToken)).toBeNull()
		const log = getDb().select().from(impersonations).where(eq(impersonations.targetUserId, host.id)).get()
		expect(log?.endedAt).toBeInstanceOf(Date)
		expect(log?.startedIp).toBe('127.0.0.1')
	})

	test('logging out while impersonating ends both sessions', async () => {
		const { token: adminToken, cookie: adminCookie } = await createLoggedInUser({ role: 'Admin' })
		const guest = await createTestUser()
		const start = await callRoute(impersonationAction, {
			path: '/resources/impersonation',
			form: { intent: 'start', userId: guest.id, locale: 'de' },
			cookie: adminCookie,
		})
		// "Login as" a guest lands in the guest's area (issue 31.10).
		expect(start.location).toBe('/guest/orders')
		const guestToken = cookieValue(start.setCookies, 'auth.token') ?? ''
		await callRoute(logoutAction, {
			path: '/auth/logout',
			method: 'POST',
			form: {},
			cookie: `auth.token=${guestToken}; auth.old_user=${adminToken}`,
		})
		expect(findActiveSession(guestToken)).toBeNull()
		expect(findActiveSession(adminToken)).toBeNull()
	})

	test('only admins can start it', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Owner' })
		const guest = await createTestUser()
		const result = await callRoute(impersonationAction, {
			path: '/resources/impersonation',
			form: { intent: 'start', userId: guest.id, locale: 'de' },
			cookie,
		})
		expect(result.status).toBe(403)
	})
})

describe('registration pages', () => {
	const form = (email: string) => ({
		email,
		password: 'Wippe-Sonne-2030',
		firstName: 'Karl',
		lastName: 'Klein',
		displayName: `Spielraum Klein ${email.length}${Math.random().toString(36).slice(2, 6)}`,
		langPreference: 'en',
		companyName: 'Klein & Co',
	})

	test('the terms must be ticked; nothing is written without', async () => {
		const result = await callRoute(registerAction, {
			path: '/auth/register-host',
			form: form('ohne@example.test'),
		})
		expect(result.status).toBe(400)
		expect(result.data).toMatchObject({ result: { error: { acceptTerms: ['auth:errors.acceptTerms'] } } })
		expect(getDb().select().from(users).where(eq(users.email, 'ohne@example.test')).get()).toBeUndefined()
	})

	test('/auth/register-host registers a host (with invoice data), /auth/register-guest a guest', async () => {
		const host = await callRoute(registerAction, {
			path: '/en/auth/register-host',
			form: { ...form('gastgeber-neu@example.test'), acceptTerms: 'on' },
		})
		expect(host.location).toBe('/en/login')
		expect(
			getDb().select().from(users).where(eq(users.email, 'gastgeber-neu@example.test')).get(),
		).toMatchObject({
			role: 'Owner',
			companyName: 'Klein & Co',
			langPreference: 'en',
		})
		await callRoute(registerAction, {
			path: '/auth/register-guest',
			form: { ...form('gast-neu@example.test'), acceptTerms: 'on' },
		})
		expect(getDb().select().from(users).where(eq(users.email, 'gast-neu@example.test')).get()).toMatchObject({
			role: 'Customer',
			companyName: null,
		})
		expect(listOutbox('gast-neu@example.test')[0]?.subject).toBe('Please confirm your e-mail address')
	})
})
