import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { emailOutbox } from '#db/schema/platform.ts'
import { users } from '#db/schema/users.ts'
import { callApi } from '#tests/helpers/api.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser, createTestUser, TEST_PASSWORD } from '#tests/helpers/users.ts'
import { issueUserToken } from '#app/models/accounts/user-token.server.ts'
import { DEMO_PASSWORD } from '#app/seed/accounts.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { settleDetached } from '#app/utils/detached.server.ts'
import { listOutbox } from '#app/utils/email.server.ts'
import { action as strengthAction } from '../resources/password-strength.ts'
import { action as adminAction } from './admin-user.ts'
import { action as authAction, loader as authLoader } from './auth.ts'

/** Issue 10, defects 5–7: credential links, password strength, per-recipient e-mail limit. */
const NEW_PASSWORD = 'Rutschbahn-Mond-2027'
const auth = (endpoint: string, options: Parameters<typeof callApi>[3] = {}) =>
	callApi(options.json !== undefined ? authAction : authLoader, 'Auth', endpoint, options)

function registration(overrides: Record<string, unknown> = {}) {
	const unique = Math.random().toString(36).slice(2, 8)
	return {
		email: `haertung.${unique}@example.test`,
		password: NEW_PASSWORD,
		firstName: 'Lena',
		lastName: 'Becker',
		displayName: `Familie Haertung ${unique}`,
		acceptTerms: true,
		...overrides,
	}
}

const resetWith = (userId: string, token: string, password = NEW_PASSWORD) =>
	auth('ResetPassword', { json: { userId, token, password } })

describe('a credential change voids earlier reset and change-e-mail links (defect 5)', () => {
	test('changing the password voids an outstanding reset link and change-e-mail link', async () => {
		const { user, token } = await createLoggedInUser()
		const reset = issueUserToken({ userId: user.id, purpose: 'resetPassword' })
		const change = issueUserToken({ userId: user.id, purpose: 'changeEmail', payload: 'neu-5@example.test' })
		const changed = await auth('ChangePassword', {
			token,
			json: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
		})
		expect(changed.status).toBe(200)
		expect((await resetWith(user.id, reset, 'Hängematte-Kiesel-31')).error?.name).toBe('InvalidToken')
		const confirm = await auth('ConfirmChangeEmail', {
			json: { newEmail: 'neu-5@example.test', userId: user.id, emailToken: change },
		})
		expect(confirm.error?.name).toBe('InvalidToken')
		expect(getDb().select().from(users).where(eq(users.id, user.id)).get()?.email).toBe(user.email)
	})

	test('changing the e-mail address voids a reset link sent to the old one', async () => {
		const user = await createTestUser()
		const reset = issueUserToken({ userId: user.id, purpose: 'resetPassword' })
		const newEmail = `neu-${Date.now()}@example.test`
		const change = issueUserToken({ userId: user.id, purpose: 'changeEmail', payload: newEmail })
		const confirmed = await auth('ConfirmChangeEmail', {
			json: { newEmail, userId: user.id, emailToken: change },
		})
		expect(confirmed.status).toBe(200)
		expect((await resetWith(user.id, reset)).error?.name).toBe('InvalidToken')
	})

	test('a reset voids a pending change of e-mail; an admin-set password voids a reset link', async () => {
		const user = await createTestUser()
		const change = issueUserToken({ userId: user.id, purpose: 'changeEmail', payload: 'neu-r@example.test' })
		const reset = issueUserToken({ userId: user.id, purpose: 'resetPassword' })
		expect((await resetWith(user.id, reset)).status).toBe(200)
		const confirm = await auth('ConfirmChangeEmail', {
			json: { newEmail: 'neu-r@example.test', userId: user.id, emailToken: change },
		})
		expect(confirm.error?.name).toBe('InvalidToken')

		const { token: adminToken } = await createLoggedInUser({ role: 'Admin' })
		const second = issueUserToken({ userId: user.id, purpose: 'resetPassword' })
		const set = await callApi(adminAction, 'Admin/User', 'ChangePassword', {
			token: adminToken,
			query: `userName=${encodeURIComponent(user.email)}`,
			json: { newPassword: 'Hängematte-Kiesel-31' },
		})
		expect(set.status).toBe(200)
		expect((await resetWith(user.id, second)).error?.name).toBe('InvalidToken')
	})
})

describe('weak passwords are refused wherever a password is set (defect 6)', () => {
	test('password123 is refused at registration, with the reason in the request language', async () => {
		const de = await auth('registerCustomer', { json: registration({ password: 'password123' }) })
		expect(de.status).toBe(400)
		expect(de.error?.name).toBe('WeakPassword')
		expect(de.error?.fields?.password).toEqual([
			'Dieses Passwort ist sehr verbreitet.',
			'Füge weitere Wörter hinzu, die nicht zusammengehören.',
		])
		const en = await auth('registerOwner', {
			json: registration({ password: 'password123' }),
			language: 'en',
		})
		expect(en.error?.fields?.password).toEqual([
			'This is a very common password.',
			'Add more words that do not belong together.',
		])
		const signup = await auth('signup', {
			json: { username: 'schwach@example.test', password: 'Passwort123', acceptTerms: true },
		})
		expect(signup.error?.name).toBe('WeakPassword')
		expect(getDb().select().from(users).where(eq(users.email, 'schwach@example.test')).get()).toBeUndefined()
	})

	test('a password made of the own e-mail address or names is refused', async () => {
		const input = registration({
			email: 'quirin.falkenhorst@example.test',
			firstName: 'Quirin',
			lastName: 'Falkenhorst',
			password: 'QuirinFalkenhorst1',
		})
		const refused = await auth('registerCustomer', { json: input })
		expect(refused.error?.fields?.password?.[0]).toBe(
			'Das Passwort darf nicht aus deinem Namen oder deiner E-Mail-Adresse bestehen.',
		)
		// The same password is fine for someone else.
		const other = await auth('registerCustomer', { json: registration({ password: 'QuirinFalkenhorst1' }) })
		expect(other.status).toBe(200)
	})

	test('reset, change and admin change refuse weak passwords; the demo password is strong enough', async () => {
		const { user, token } = await createLoggedInUser()
		const reset = issueUserToken({ userId: user.id, purpose: 'resetPassword' })
		const weakReset = await resetWith(user.id, reset, 'qwertzuiop123')
		expect(weakReset.error?.name).toBe('WeakPassword')
		expect(weakReset.error?.fields?.password?.length).toBeGreaterThan(0)
		const change = await auth('ChangePassword', {
			token,
			json: { currentPassword: TEST_PASSWORD, newPassword: 'password123' },
		})
		expect(change.error?.fields?.newPassword?.[0]).toBe('Dieses Passwort ist sehr verbreitet.')
		const { token: adminToken } = await createLoggedInUser({ role: 'Admin' })
		const admin = await callApi(adminAction, 'Admin/User', 'ChangePassword', {
			token: adminToken,
			query: `userName=${encodeURIComponent(user.email)}`,
			json: { newPassword: 'password123' },
		})
		expect(admin.error?.name).toBe('WeakPassword')
		// Nothing changed: the old password still logs in, the reset link still works.
		expect((await auth('signin', { json: { username: user.email, password: TEST_PASSWORD } })).status).toBe(
			200,
		)
		expect((await resetWith(user.id, reset, DEMO_PASSWORD)).status).toBe(200)
	})

	test('the live check scores with the form’s own names and answers translation keys', async () => {
		const ask = (form: Record<string, string>) =>
			callRoute(strengthAction, { path: '/resources/password-strength', form })
		const weak = await ask({ password: 'password123' })
		expect(weak.json).toEqual({
			score: 0,
			ok: false,
			messages: ['auth:passwordStrength.warnings.common', 'auth:passwordStrength.suggestions.anotherWord'],
		})
		const own = await ask({ password: 'QuirinFalkenhorst1', firstName: 'Quirin', lastName: 'Falkenhorst' })
		expect((own.json as { messages: string[] }).messages[0]).toBe('auth:passwordStrength.warnings.userInputs')
		expect((await ask({ password: DEMO_PASSWORD })).json).toEqual({ score: 4, ok: true, messages: [] })
		expect((await ask({ password: 'x'.repeat(129) })).status).toBe(400)
	})
})

describe('at most 3 account e-mails of a kind per address an hour (defect 7)', () => {
	const mails = (to: string, template: string) =>
		listOutbox(to).filter((message) => message.template === template)

	test('30 reset requests send 3 e-mails, answer alike, and the sent links stay valid', async () => {
		const user = await createTestUser()
		const answers = new Set<string>()
		for (let i = 0; i < 30; i++) {
			const result = await auth('forgotPassword', { json: { email: user.email } })
			answers.add(JSON.stringify([result.status, result.body]))
		}
		await settleDetached()
		expect(answers.size).toBe(1)
		const sent = mails(user.email, 'resetPassword')
		expect(sent).toHaveLength(3)
		// The newest link still works: the refused requests issued no token that would void it.
		const newest = sent.map((m) => /ResetPassword\/[^/]+\/([A-Za-z0-9_-]+)/.exec(m.text)?.[1] ?? '')
		const results = await Promise.all(newest.map((token) => resetWith(user.id, token)))
		expect(results.filter((r) => r.status === 200)).toHaveLength(1)
	})

	test('resending the confirmation is limited too, and the hour is a sliding window', async () => {
		const user = await createTestUser({ emailConfirmedAt: null })
		for (let i = 0; i < 10; i++) await auth('ResendConfirmation', { json: { email: user.email } })
		await settleDetached()
		expect(mails(user.email, 'confirmEmail')).toHaveLength(3)
		// An hour later the address may get mail again.
		getDb()
			.update(emailOutbox)
			.set({ createdAt: new Date(Date.now() - 61 * 60_000) })
			.where(and(eq(emailOutbox.to, user.email), eq(emailOutbox.template, 'confirmEmail')))
			.run()
		await auth('ResendConfirmation', { json: { email: user.email } })
		await settleDetached()
		expect(mails(user.email, 'confirmEmail')).toHaveLength(4)
	})

	test('change-of-address links to one new address are limited per recipient', async () => {
		const { token } = await createLoggedInUser()
		const target = `ziel-${Date.now()}@example.test`
		for (let i = 0; i < 5; i++) {
			const result = await auth('RequestChangeEmail', {
				token,
				json: { newEmail: target, password: TEST_PASSWORD },
			})
			expect(result.status).toBe(200)
		}
		expect(mails(target, 'changeEmail')).toHaveLength(3)
	})
})
