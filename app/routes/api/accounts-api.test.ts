import { count, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { impersonations } from '#db/schema/impersonation.ts'
import { emailOutbox } from '#db/schema/platform.ts'
import { loginFailures, sessions, users, userTokens } from '#db/schema/users.ts'
import { callApi } from '#tests/helpers/api.ts'
import { createLoggedInUser, createTestUser, TEST_PASSWORD } from '#tests/helpers/users.ts'
import { issueUserToken } from '#app/models/accounts/user-token.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { settleDetached } from '#app/utils/detached.server.ts'
import { listOutbox } from '#app/utils/email.server.ts'
import { loader as sessionLoader } from './auth.session.ts'
import { action as authAction, loader as authLoader } from './auth.ts'
import { action as adminAction, loader as adminLoader } from './admin-user.ts'
import { action as userAction, loader as userLoader } from './user.ts'

const NEW_PASSWORD = 'Rutschbahn-Mond-2027'
const auth = (endpoint: string, options: Parameters<typeof callApi>[3] = {}) =>
	callApi(
		options.json !== undefined || options.method === 'POST' ? authAction : authLoader,
		'Auth',
		endpoint,
		options,
	)
const userApi = (endpoint: string, options: Parameters<typeof callApi>[3] = {}) =>
	callApi(options.json !== undefined ? userAction : userLoader, 'User', endpoint, options)
const adminApi = (endpoint: string, options: Parameters<typeof callApi>[3] = {}) =>
	callApi(options.method === 'GET' ? adminLoader : adminAction, 'Admin/User', endpoint, options)

const countRows = (table: typeof users | typeof emailOutbox) =>
	getDb().select({ n: count() }).from(table).get()?.n ?? 0

function registration(overrides: Record<string, unknown> = {}) {
	const unique = Math.random().toString(36).slice(2, 8)
	return {
		email: `Neu.${unique}@Example.test `,
		password: NEW_PASSWORD,
		firstName: 'Lena',
		lastName: 'Becker',
		displayName: `Familie Becker ${unique}`,
		acceptTerms: true,
		...overrides,
	}
}

async function sessionOf(token: string) {
	const result = await callApi(sessionLoader, 'Auth', 'session', { token })
	return result.value as { id: string; canGoBackToAdmin: boolean } | null
}

describe('registration and e-mail confirmation', () => {
	test('registerCustomer writes an unconfirmed guest and mails a confirmation link in the request language', async () => {
		const input = registration()
		const result = await auth('registerCustomer', { json: input, language: 'en' })
		expect(result.status).toBe(200)
		const { userId } = result.value as { userId: string }
		const row = getDb().select().from(users).where(eq(users.id, userId)).get()
		expect(row).toMatchObject({
			email: input.email.trim().toLowerCase(),
			role: 'Customer',
			emailConfirmedAt: null,
			langPreference: 'en',
		})
		expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
		expect(row?.termsAcceptedAt).toBeInstanceOf(Date)
		const [mail] = listOutbox(row?.email ?? '')
		expect(mail?.subject).toBe('Please confirm your e-mail address')
		expect(mail?.text).toMatch(new RegExp(`/en/auth/confirmEmail/${userId}/[A-Za-z0-9_-]{43}`))
		const storedToken = getDb().select().from(userTokens).where(eq(userTokens.userId, userId)).get()
		expect(mail?.text).not.toContain(storedToken?.tokenHash)
	})

	test('registerOwner keeps the invoice address; a taken e-mail or display name is a 409 and writes nothing', async () => {
		const input = registration({ companyName: 'Kinderparadies GmbH', city: 'Essen' })
		const first = await auth('registerOwner', { json: input })
		expect(first.status).toBe(200)
		const row = getDb()
			.select()
			.from(users)
			.where(eq(users.id, (first.value as { userId: string }).userId))
			.get()
		expect(row).toMatchObject({
			role: 'Owner',
			companyName: 'Kinderparadies GmbH',
			city: 'Essen',
			langPreference: 'de',
		})
		const before = countRows(users)
		const mails = countRows(emailOutbox)
		const again = await auth('registerCustomer', { json: { ...input, email: input.email.toUpperCase() } })
		expect(again.status).toBe(409)
		expect(again.error).toMatchObject({
			name: 'EmailTaken',
			fields: { email: ['Diese E-Mail-Adresse ist bereits registriert.'] },
		})
		const sameName = await auth('registerCustomer', {
			json: registration({ displayName: input.displayName.toUpperCase() }),
		})
		expect(sameName.error?.name).toBe('DisplayNameTaken')
		expect(countRows(users)).toBe(before)
		expect(countRows(emailOutbox)).toBe(mails)
	})

	test.each([
		['short', 'kurz', 'Dieses Feld sollte mindestens 10 Zeichen lang sein'],
		['too long', 'x'.repeat(129), 'Die maximal erlaubte Länge ist 128'],
	])('a %s password is refused with the generic message', async (_, password, message) => {
		const before = countRows(users)
		const result = await auth('registerCustomer', { json: registration({ password }) })
		expect(result.status).toBe(400)
		expect(result.error?.fields?.password).toEqual([message])
		expect(countRows(users)).toBe(before)
	})

	test('terms must be accepted; bad e-mail gets the spec message in English', async () => {
		const result = await auth('registerCustomer', {
			json: registration({ acceptTerms: false, email: 'no-email' }),
			language: 'en',
		})
		expect(result.error?.fields).toMatchObject({
			acceptTerms: ['Please accept the terms of use.'],
			email: ['Value is not a valid email address'],
		})
	})

	test('an unconfirmed user cannot sign in; the link confirms once, then is spent', async () => {
		const input = registration()
		const { userId } = (await auth('registerCustomer', { json: input })).value as { userId: string }
		const early = await auth('signin', { json: { username: input.email, password: NEW_PASSWORD } })
		expect(early.status).toBe(403)
		expect(early.error?.name).toBe('EmailNotConfirmed')
		const token = /confirmEmail\/[^/]+\/([A-Za-z0-9_-]+)/.exec(
			listOutbox(input.email.trim())[0]?.text ?? '',
		)?.[1]
		const confirmed = await auth('confirmEmail', { query: `userId=${userId}&token=${token}` })
		expect(confirmed.status).toBe(200)
		const reused = await auth('confirmEmail', { query: `userId=${userId}&token=${token}` })
		expect(reused.status).toBe(400)
		expect(reused.error?.name).toBe('TokenUsed')
		const signin = await auth('signin', { json: { username: input.email, password: NEW_PASSWORD } })
		expect(signin.status).toBe(200)
		expect(signin.value).toMatchObject({ language: 'de' })
		const session = await sessionOf((signin.value as { token: string }).token)
		expect(session?.id).toBe(userId)
	})

	test('a confirmation link expires after 48 hours', async () => {
		const user = await createTestUser({ emailConfirmedAt: null })
		const token = issueUserToken({
			userId: user.id,
			purpose: 'confirmEmail',
			now: new Date(Date.now() - 48 * 3600_000 - 1000),
		})
		const result = await auth('confirmEmail', { query: `userId=${user.id}&token=${token}` })
		expect(result.error?.name).toBe('TokenExpired')
		expect(getDb().select().from(users).where(eq(users.id, user.id)).get()?.emailConfirmedAt).toBeNull()
	})

	test('ResendConfirmation answers the same for unknown, confirmed and waiting addresses', async () => {
		const waiting = await createTestUser({ emailConfirmedAt: null })
		const confirmed = await createTestUser()
		const answers = []
		for (const email of [waiting.email, confirmed.email, 'niemand@example.test']) {
			const result = await auth('ResendConfirmation', { json: { email } })
			answers.push({ status: result.status, body: result.body })
		}
		await settleDetached()
		expect(answers[1]).toEqual(answers[0])
		expect(answers[2]).toEqual(answers[0])
		expect(listOutbox(waiting.email)).toHaveLength(1)
		expect(listOutbox(confirmed.email)).toHaveLength(0)
	})

	test('signup (username, password) registers an unconfirmed guest with a unique display name', async () => {
		const taken = await createTestUser({ displayName: 'lotta' })
		const result = await auth('signup', {
			json: { username: 'Lotta@example.test', password: NEW_PASSWORD, acceptTerms: true },
		})
		expect(result.status).toBe(200)
		const row = getDb()
			.select()
			.from(users)
			.where(eq(users.id, (result.value as { userId: string }).userId))
			.get()
		expect(row).toMatchObject({ email: 'lotta@example.test', role: 'Customer', emailConfirmedAt: null })
		expect(row?.displayName.toLowerCase()).not.toBe(taken.displayName.toLowerCase())
		expect(
			(await auth('signup', { json: { username: 'x@example.test', password: NEW_PASSWORD } })).status,
		).toBe(400)
	})

	test('emailExists and displayNameExists', async () => {
		const user = await createTestUser({ displayName: 'Familie Sonnenschein' })
		expect(
			(await auth('emailExists', { query: `email=${encodeURIComponent(user.email.toUpperCase())}` })).value,
		).toBe(true)
		expect((await auth('emailExists', { query: 'email=frei@example.test' })).value).toBe(false)
		expect((await auth('displayNameExists', { query: 'name=familie%20sonnenschein' })).value).toBe(true)
		expect((await auth('displayNameExists', { query: 'name=Familie%20Regen' })).value).toBe(false)
	})
})

describe('sign-in', () => {
	test('wrong password and unknown address get the same 401 answer', async () => {
		const user = await createTestUser()
		const wrong = await auth('signin', { json: { username: user.email, password: 'Falsches-Passwort-1' } })
		const unknown = await auth('signin', {
			json: { username: 'wer@example.test', password: 'Falsches-Passwort-1' },
		})
		expect(wrong.status).toBe(401)
		expect(unknown.status).toBe(401)
		expect(wrong.body).toEqual(unknown.body)
		expect(wrong.error?.message).toBe('E-Mail-Adresse oder Passwort ist falsch.')
	})

	test('the "email" field is accepted for username; remember-me defaults on', async () => {
		const user = await createTestUser({ langPreference: 'en' })
		const result = await auth('signin', { json: { email: ` ${user.email} `, password: TEST_PASSWORD } })
		const { token, language } = result.value as { token: string; language: string }
		expect(language).toBe('en')
		const row = getDb().select().from(sessions).where(eq(sessions.userId, user.id)).get()
		expect(row?.persistent).toBe(true)
		expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
	})

	test('100 failures within an hour lock the account, even for the right password', async () => {
		const user = await createTestUser()
		const now = Date.now()
		getDb()
			.insert(loginFailures)
			.values(
				Array.from({ length: 99 }, (_, i) => ({ email: user.email, createdAt: new Date(now - i * 1000) })),
			)
			.run()
		getDb()
			.insert(loginFailures)
			.values({ email: user.email, createdAt: new Date(now - 61 * 60_000) })
			.run()
		// 99 recent failures (one is older than an hour): the right password still works.
		expect((await auth('signin', { json: { username: user.email, password: TEST_PASSWORD } })).status).toBe(
			200,
		)
		expect(
			(await auth('signin', { json: { username: user.email, password: 'Falsch-Falsch-1' } })).status,
		).toBe(401)
		const locked = await auth('signin', {
			json: { username: user.email, password: TEST_PASSWORD },
			language: 'en',
		})
		expect(locked.status).toBe(429)
		expect(locked.error).toMatchObject({ name: 'AccountLocked' })
		expect(locked.error?.message).toContain('Too many failed login attempts')
	})
})

describe('forgot and reset password', () => {
	test('forgotPassword answers the same for known and unknown addresses and mails only the known', async () => {
		const user = await createTestUser()
		const known = await auth('forgotPassword', { json: { email: user.email } })
		const unknown = await auth('forgotPassword', { json: { email: 'unbekannt@example.test' } })
		await settleDetached()
		expect(known.status).toBe(200)
		expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body })
		expect(listOutbox(user.email)[0]?.template).toBe('resetPassword')
		expect(listOutbox('unbekannt@example.test')).toHaveLength(0)
	})

	test('a reset ends every session, works once, and a new password logs in', async () => {
		const { user, token: oldToken } = await createLoggedInUser()
		await auth('forgotPassword', { json: { email: user.email } })
		await settleDetached()
		const link = listOutbox(user.email)[0]?.text ?? ''
		const token = /ResetPassword\/[^/]+\/([A-Za-z0-9_-]+)/.exec(link)?.[1] ?? ''
		const reset = await auth('ResetPassword', { json: { userId: user.id, token, password: NEW_PASSWORD } })
		expect(reset.status).toBe(200)
		expect(await sessionOf(oldToken)).toBeNull()
		const reused = await auth('ResetPassword', {
			json: { userId: user.id, token, password: 'Noch-ein-Passwort-9' },
		})
		expect(reused.error?.name).toBe('TokenUsed')
		expect((await auth('signin', { json: { username: user.email, password: NEW_PASSWORD } })).status).toBe(
			200,
		)
		expect((await auth('signin', { json: { username: user.email, password: TEST_PASSWORD } })).status).toBe(
			401,
		)
	})

	test('a reset link expires after one hour and cannot be used for another user', async () => {
		const user = await createTestUser()
		const other = await createTestUser()
		const expired = issueUserToken({
			userId: user.id,
			purpose: 'resetPassword',
			now: new Date(Date.now() - 3601_000),
		})
		const result = await auth('ResetPassword', {
			json: { userId: user.id, token: expired, password: NEW_PASSWORD },
		})
		expect(result.error?.name).toBe('TokenExpired')
		const fresh = issueUserToken({ userId: user.id, purpose: 'resetPassword' })
		const foreign = await auth('ResetPassword', {
			json: { userId: other.id, token: fresh, password: NEW_PASSWORD },
		})
		expect(foreign.error?.name).toBe('InvalidToken')
		const wrongPurpose = issueUserToken({ userId: user.id, purpose: 'confirmEmail' })
		const mixed = await auth('ResetPassword', {
			json: { userId: user.id, token: wrongPurpose, password: NEW_PASSWORD },
		})
		expect(mixed.error?.name).toBe('InvalidToken')
	})
})

describe('changing password and e-mail', () => {
	test('ChangePassword needs a session and the current password; all sessions end, a new token is returned', async () => {
		expect(
			(await auth('ChangePassword', { json: { currentPassword: 'x', newPassword: NEW_PASSWORD } })).status,
		).toBe(401)
		const { user, token } = await createLoggedInUser()
		const { token: otherDevice } = await (async () => {
			const signin = await auth('signin', { json: { username: user.email, password: TEST_PASSWORD } })
			return signin.value as { token: string }
		})()
		const wrong = await auth('ChangePassword', {
			token,
			json: { currentPassword: 'Nicht-das-Passwort', newPassword: NEW_PASSWORD },
		})
		expect(wrong.status).toBe(400)
		expect(wrong.error?.fields?.currentPassword).toEqual(['Das Passwort ist nicht richtig.'])
		const changed = await auth('ChangePassword', {
			token,
			json: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
		})
		expect(changed.status).toBe(200)
		expect(await sessionOf(token)).toBeNull()
		expect(await sessionOf(otherDevice)).toBeNull()
		expect((await sessionOf((changed.value as { token: string }).token))?.id).toBe(user.id)
		expect(listOutbox(user.email)[0]?.template).toBe('passwordChanged')
	})

	test('RequestChangeEmail mails the new address; ConfirmChangeEmail switches it and tells the old one', async () => {
		const { user, token } = await createLoggedInUser()
		const taken = await createTestUser()
		const conflict = await auth('RequestChangeEmail', {
			token,
			json: { newEmail: taken.email, password: TEST_PASSWORD },
		})
		expect(conflict.status).toBe(409)
		const badPassword = await auth('RequestChangeEmail', {
			token,
			json: { newEmail: 'neu@example.test', password: 'falsch-falsch' },
		})
		expect(badPassword.error?.name).toBe('WrongPassword')
		const request = await auth('RequestChangeEmail', {
			token,
			json: { newEmail: 'Neu@Example.test', password: TEST_PASSWORD },
		})
		expect(request.status).toBe(200)
		const mail = listOutbox('neu@example.test')[0]
		const match = /ConfirmChangeEmail\/([^/]+)\/([^/]+)\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')
		expect(decodeURIComponent(match?.[1] ?? '')).toBe('neu@example.test')
		const confirm = await auth('ConfirmChangeEmail', {
			json: { newEmail: 'neu@example.test', userId: match?.[2], emailToken: match?.[3] },
		})
		expect(confirm.status).toBe(200)
		expect(getDb().select().from(users).where(eq(users.id, user.id)).get()?.email).toBe('neu@example.test')
		expect(listOutbox(user.email)[0]?.template).toBe('emailChanged')
		const again = await auth('ConfirmChangeEmail', {
			json: { newEmail: 'neu@example.test', userId: match?.[2], emailToken: match?.[3] },
		})
		expect(again.error?.name).toBe('TokenUsed')
	})

	test('a change-e-mail link expires after 24 hours', async () => {
		const user = await createTestUser()
		const token = issueUserToken({
			userId: user.id,
			purpose: 'changeEmail',
			payload: 'spaeter@example.test',
			now: new Date(Date.now() - 24 * 3600_000 - 1000),
		})
		const result = await auth('ConfirmChangeEmail', {
			json: { newEmail: 'spaeter@example.test', userId: user.id, emailToken: token },
		})
		expect(result.error?.name).toBe('TokenExpired')
	})
})

describe('/api/User', () => {
	test('e-mail settings travel as string booleans', async () => {
		const { token } = await createLoggedInUser()
		expect((await userApi('EmailSettings', { token })).value).toEqual({
			allowEmailForBookings: 'true',
			allowEmailForPersonalOffers: 'false',
			allowEmailForFeedback: 'true',
			chatEmailFrequency: 'Immediately',
		})
		const update = await userApi('UpdateEmailSettings', {
			token,
			json: {
				allowEmailForBookings: 'false',
				allowEmailForPersonalOffers: 'true',
				allowEmailForFeedback: 'true',
			},
		})
		expect(update.status).toBe(200)
		expect((await userApi('EmailSettings', { token })).value).toMatchObject({
			allowEmailForBookings: 'false',
			allowEmailForPersonalOffers: 'true',
		})
		const bad = await userApi('UpdateEmailSettings', { token, json: { allowEmailForBookings: 'ja' } })
		expect(bad.status).toBe(400)
	})

	test('the chat e-mail setting (issue 32): optional in UpdateEmailSettings, a bad value is a 400', async () => {
		const { token } = await createLoggedInUser()
		const flags = {
			allowEmailForBookings: 'true',
			allowEmailForPersonalOffers: 'false',
			allowEmailForFeedback: 'true',
		}
		expect(
			(await userApi('UpdateEmailSettings', { token, json: { ...flags, chatEmailFrequency: 'Off' } })).status,
		).toBe(200)
		expect((await userApi('EmailSettings', { token })).value).toMatchObject({ chatEmailFrequency: 'Off' })
		// Without the field (an older client) the setting stays.
		expect((await userApi('UpdateEmailSettings', { token, json: flags })).status).toBe(200)
		expect((await userApi('EmailSettings', { token })).value).toMatchObject({ chatEmailFrequency: 'Off' })
		const bad = await userApi('UpdateEmailSettings', {
			token,
			json: { ...flags, chatEmailFrequency: 'Weekly' },
		})
		expect(bad.status).toBe(400)
		expect((await userApi('EmailSettings', { token })).value).toMatchObject({ chatEmailFrequency: 'Off' })
	})

	test('language preference; anonymous callers get 401', async () => {
		const { token } = await createLoggedInUser()
		await userApi('UpdateLangPreference', { token, json: { langPreference: 'en' } })
		expect((await userApi('GetLangPreference', { token })).value).toEqual({ langPreference: 'en' })
		expect((await userApi('GetLangPreference')).status).toBe(401)
		expect((await userApi('Nope', { token })).status).toBe(404)
	})

	test('SaveNotificationToken stores the token of the logged-in user', async () => {
		const { user, token } = await createLoggedInUser()
		await auth('SaveNotificationToken', { token, json: { token: 'push-abc' } })
		expect(getDb().select().from(users).where(eq(users.id, user.id)).get()?.notificationToken).toBe(
			'push-abc',
		)
	})
})

describe('/api/Admin/User', () => {
	test('only admins; LoginAs starts a logged impersonation session that cannot change credentials', async () => {
		const { token: guestToken } = await createLoggedInUser({ role: 'Customer' })
		const host = await createTestUser({ role: 'Owner' })
		const refused = await adminApi('LoginAs', { token: guestToken, json: { userName: host.email } })
		expect(refused.status).toBe(403)
		expect((await adminApi('LoginAs', { json: { userName: host.email } })).status).toBe(401)

		const { user: admin, token: adminToken } = await createLoggedInUser({ role: 'Admin' })
		const started = await adminApi('LoginAs', { token: adminToken, json: { userName: host.email } })
		expect(started.status).toBe(200)
		const asHost = (started.value as { token: string }).token
		expect(await sessionOf(asHost)).toMatchObject({ id: host.id, canGoBackToAdmin: true })
		const log = getDb().select().from(impersonations).where(eq(impersonations.targetUserId, host.id)).get()
		expect(log).toMatchObject({ adminUserId: admin.id, startedIp: '127.0.0.1', endedAt: null })

		const change = await auth('ChangePassword', {
			token: asHost,
			json: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
		})
		expect(change.status).toBe(403)
		expect(change.error?.name).toBe('ImpersonationForbidden')
		const email = await auth('RequestChangeEmail', {
			token: asHost,
			json: { newEmail: 'x@example.test', password: TEST_PASSWORD },
		})
		expect(email.status).toBe(403)

		const otherAdmin = await createTestUser({ role: 'Admin' })
		const adminTarget = await adminApi('LoginAs', { token: adminToken, json: { userName: otherAdmin.email } })
		expect(adminTarget.error?.name).toBe('CannotImpersonateAdmin')
		const unknown = await adminApi('LoginAs', {
			token: adminToken,
			json: { userName: 'nobody@example.test' },
		})
		expect(unknown.status).toBe(404)
	})

	test('ConfirmUserEmail, ChangePassword?userName= and Delete', async () => {
		const { token: adminToken } = await createLoggedInUser({ role: 'Admin' })
		const { user: guest, token: guestToken } = await createLoggedInUser({
			role: 'Customer',
			emailConfirmedAt: null,
		})
		await adminApi('ConfirmUserEmail', { token: adminToken, json: { userName: guest.email } })
		expect(getDb().select().from(users).where(eq(users.id, guest.id)).get()?.emailConfirmedAt).toBeInstanceOf(
			Date,
		)

		const changed = await adminApi('ChangePassword', {
			token: adminToken,
			query: `userName=${encodeURIComponent(guest.email)}`,
			json: { newPassword: NEW_PASSWORD },
		})
		expect(changed.status).toBe(200)
		expect(await sessionOf(guestToken)).toBeNull()
		expect((await auth('signin', { json: { username: guest.email, password: NEW_PASSWORD } })).status).toBe(
			200,
		)
		const common = await adminApi('ChangePassword', {
			token: adminToken,
			query: `userName=${encodeURIComponent(guest.email)}`,
			json: { newPassword: '1234567890' },
		})
		expect(common.status).toBe(400)

		const deleted = await adminApi('Delete', {
			token: adminToken,
			method: 'DELETE',
			query: `userId=${guest.id}`,
		})
		expect(deleted.status).toBe(200)
		const row = getDb().select().from(users).where(eq(users.id, guest.id)).get()
		expect(row?.deletedAt).toBeInstanceOf(Date)
		expect(row?.email).not.toBe(guest.email)
		expect((await auth('signin', { json: { username: guest.email, password: NEW_PASSWORD } })).status).toBe(
			401,
		)
	})

	test('OwnerIndex lists hosts with paging and search', async () => {
		const { token: adminToken } = await createLoggedInUser({ role: 'Admin' })
		for (let i = 0; i < 12; i++) await createTestUser({ role: 'Owner', lastName: `Blätterwald ${i}` })
		await createTestUser({ role: 'Owner', lastName: 'Zauberwald', companyName: 'Zauberwald Spiel GmbH' })
		await createTestUser({ role: 'Customer', lastName: 'Blätterwald Gast' })
		const first = await adminApi('OwnerIndex', {
			token: adminToken,
			method: 'GET',
			query: 'tableFilter=bl%C3%A4tterwald',
		})
		expect(first.value).toMatchObject({ totalCount: 12, currentPage: 1, perPage: 10 })
		expect((first.value as { items: unknown[] }).items).toHaveLength(10)
		const second = await adminApi('OwnerIndex', {
			token: adminToken,
			method: 'GET',
			query: 'tableFilter=Blätterwald&currentPage=2&sortCriterias=lastName:desc',
		})
		expect((second.value as { items: unknown[] }).items).toHaveLength(2)
		const anonymous = await adminApi('OwnerIndex', { method: 'GET' })
		expect(anonymous.status).toBe(401)
		const found = await adminApi('OwnerIndex', {
			token: adminToken,
			method: 'GET',
			query: 'tableFilter=zauberwald',
		})
		expect((found.value as { items: { lastName: string }[] }).items.map((i) => i.lastName)).toEqual([
			'Zauberwald',
		])
	})
})
