import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { sessions, users, userTokens } from '#db/schema/users.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser, createTestUser, TEST_PASSWORD } from '#tests/helpers/users.ts'
import { createSession, findActiveSession } from '#app/models/accounts/session.server.ts'
import { issueUserToken } from '#app/models/accounts/user-token.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { verifyPassword } from '#app/utils/password.server.ts'
import { action as deleteAction } from './delete.tsx'
import { action as editAction, loader as editLoader } from './edit.tsx'

const AREAS = [
	['guest', 'Customer'],
	['host', 'Owner'],
	['admin', 'Admin'],
] as const

const guard = (role: 'Customer' | 'Owner' | 'Admin') => [roleGuard(role)]
const userRow = (id: string) => getDb().select().from(users).where(eq(users.id, id)).get()

describe('guards of the account pages', () => {
	test.each(AREAS)('/%s/account/edit: anonymous → login with redirect', async (area, role) => {
		const result = await callRoute(editLoader, { path: `/en/${area}/account/edit`, middleware: guard(role) })
		expect(result.status).toBe(302)
		expect(result.location).toBe(`/en/login?redirect=%2Fen%2F${area}%2Faccount%2Fedit`)
	})

	test.each(AREAS)(
		'/%s/account/edit: the right role sees its own data, another role gets 403',
		async (area, role) => {
			const { user, cookie } = await createLoggedInUser({ role })
			const own = await callRoute(editLoader, {
				path: `/${area}/account/edit`,
				cookie,
				middleware: guard(role),
			})
			expect(own.status).toBe(200)
			expect(own.data).toMatchObject({ area, email: user.email })
			const other = AREAS.find(([, r]) => r !== role)?.[1] ?? 'Customer'
			const { cookie: otherCookie } = await createLoggedInUser({ role: other })
			const refused = await callRoute(editLoader, {
				path: `/${area}/account/edit`,
				cookie: otherCookie,
				middleware: guard(role),
			})
			expect(refused.status).toBe(403)
			// The module checks the role itself too (defence in depth), without the layout guard.
			const direct = await callRoute(editLoader, { path: `/${area}/account/edit`, cookie: otherCookie })
			expect(direct.status).toBe(403)
		},
	)
})

describe('account edit actions', () => {
	test('profile: saved; a taken display name is refused and changes nothing', async () => {
		const { user, cookie } = await createLoggedInUser()
		await createTestUser({ displayName: 'Familie Vergeben' })
		const saved = await callRoute(editAction, {
			path: '/guest/account/edit',
			cookie,
			form: {
				intent: 'profile',
				firstName: 'Nina',
				lastName: 'Neu',
				displayName: 'Familie Neu',
				langPreference: 'en',
				phoneNumber: '+49 221 123456',
			},
		})
		expect(saved.location).toBe('/guest/account/edit')
		expect(userRow(user.id)).toMatchObject({
			firstName: 'Nina',
			displayName: 'Familie Neu',
			langPreference: 'en',
			phoneNumber: '+49 221 123456',
		})
		const taken = await callRoute(editAction, {
			path: '/guest/account/edit',
			cookie,
			form: {
				intent: 'profile',
				firstName: 'Nina',
				lastName: 'Neu',
				displayName: 'familie vergeben',
				langPreference: 'de',
			},
		})
		expect(taken.status).toBe(400)
		expect(taken.data).toMatchObject({ result: { error: { displayName: ['auth:errors.displayNameTaken'] } } })
		expect(userRow(user.id)?.displayName).toBe('Familie Neu')
	})

	test('e-mail settings from checkboxes', async () => {
		const { user, cookie } = await createLoggedInUser()
		await callRoute(editAction, {
			path: '/guest/account/edit',
			cookie,
			form: { intent: 'emailSettings', allowEmailForPersonalOffers: 'on' },
		})
		expect(userRow(user.id)).toMatchObject({
			allowEmailForBookings: false,
			allowEmailForPersonalOffers: true,
			allowEmailForFeedback: false,
		})
	})

	test('chat e-mails: guests and hosts choose immediately / hourly / off by a plain form post; a bad value changes nothing', async () => {
		for (const [area, role] of [
			['guest', 'Customer'],
			['host', 'Owner'],
		] as const) {
			const { user, cookie } = await createLoggedInUser({ role })
			const path = `/${area}/account/edit`
			const before = await callRoute(editLoader, { path, cookie, middleware: guard(role) })
			expect(before.data).toMatchObject({ emailSettings: { chatEmailFrequency: 'Immediately' } })
			const saved = await callRoute(editAction, {
				path,
				cookie,
				form: { intent: 'emailSettings', allowEmailForBookings: 'on', chatEmailFrequency: 'Hourly' },
			})
			expect(saved.status).toBe(302)
			expect(userRow(user.id)).toMatchObject({ allowEmailForBookings: true, chatEmailFrequency: 'Hourly' })
			const after = await callRoute(editLoader, { path, cookie, middleware: guard(role) })
			expect(after.data).toMatchObject({ emailSettings: { chatEmailFrequency: 'Hourly' } })

			const bad = await callRoute(editAction, {
				path,
				cookie,
				form: { intent: 'emailSettings', chatEmailFrequency: 'Weekly' },
			})
			expect(bad.status).toBe(400)
			expect(bad.data).toMatchObject({ result: { error: { chatEmailFrequency: ['validation.choice'] } } })
			expect(userRow(user.id)).toMatchObject({ allowEmailForBookings: true, chatEmailFrequency: 'Hourly' })
		}
		// The admin form has no chat setting: saving the other e-mail settings leaves it as it is.
		const admin = await createLoggedInUser({ role: 'Admin' })
		getDb().update(users).set({ chatEmailFrequency: 'Off' }).where(eq(users.id, admin.user.id)).run()
		await callRoute(editAction, {
			path: '/admin/account/edit',
			cookie: admin.cookie,
			form: { intent: 'emailSettings', allowEmailForFeedback: 'on' },
		})
		expect(userRow(admin.user.id)).toMatchObject({ allowEmailForFeedback: true, chatEmailFrequency: 'Off' })
	})

	test('changing the password ends every session and renews this one', async () => {
		const { user, token, cookie } = await createLoggedInUser({ role: 'Owner' })
		const other = createSession({ userId: user.id, persistent: true })
		const result = await callRoute(editAction, {
			path: '/host/account/edit',
			cookie,
			form: {
				intent: 'changePassword',
				currentPassword: TEST_PASSWORD,
				newPassword: 'Schaukel-Regen-2029',
				confirmPassword: 'Schaukel-Regen-2029',
			},
		})
		expect(result.status).toBe(302)
		expect(findActiveSession(token)).toBeNull()
		expect(findActiveSession(other.token)).toBeNull()
		const renewed =
			result.setCookies
				.find((c) => c.startsWith('auth.token='))
				?.split(';')[0]
				?.slice('auth.token='.length) ?? ''
		expect(findActiveSession(renewed)?.user.id).toBe(user.id)
		expect(await verifyPassword(userRow(user.id)?.passwordHash ?? null, 'Schaukel-Regen-2029')).toBe(true)
	})

	test('an impersonating admin cannot change e-mail or password of the target', async () => {
		const admin = await createTestUser({ role: 'Admin' })
		const { user, cookie } = await createLoggedInUser({ role: 'Customer' }, { impersonatorUserId: admin.id })
		const password = await callRoute(editAction, {
			path: '/guest/account/edit',
			cookie,
			form: {
				intent: 'changePassword',
				currentPassword: TEST_PASSWORD,
				newPassword: 'Schaukel-Regen-2029',
				confirmPassword: 'Schaukel-Regen-2029',
			},
		})
		expect(password.status).toBe(403)
		expect(password.data).toMatchObject({ errorName: 'ImpersonationForbidden' })
		const email = await callRoute(editAction, {
			path: '/guest/account/edit',
			cookie,
			form: { intent: 'changeEmail', newEmail: 'anders@example.test', password: TEST_PASSWORD },
		})
		expect(email.status).toBe(403)
		expect(await verifyPassword(userRow(user.id)?.passwordHash ?? null, TEST_PASSWORD)).toBe(true)
	})
})

describe('guest account deletion', () => {
	test('anonymises the guest, keeps the row, ends sessions and tokens, logs the browser out', async () => {
		const { user, token, cookie } = await createLoggedInUser({ role: 'Customer', phoneNumber: '0221 555' })
		const otherDevice = createSession({ userId: user.id, persistent: true })
		issueUserToken({ userId: user.id, purpose: 'resetPassword' })
		const result = await callRoute(deleteAction, {
			path: '/guest/account/delete',
			cookie,
			form: { password: TEST_PASSWORD, confirm: 'on' },
			middleware: guard('Customer'),
		})
		expect(result.location).toBe('/')
		const row = userRow(user.id)
		expect(row).toMatchObject({
			firstName: '',
			lastName: '',
			phoneNumber: null,
			passwordHash: null,
			notificationToken: null,
			emailConfirmedAt: null,
		})
		expect(row?.deletedAt).toBeInstanceOf(Date)
		expect(row?.email).not.toContain(user.email.split('@')[0] ?? '')
		expect(row?.displayName).not.toBe(user.displayName)
		expect(findActiveSession(token)).toBeNull()
		expect(findActiveSession(otherDevice.token)).toBeNull()
		expect(getDb().select().from(sessions).where(eq(sessions.userId, user.id)).all()).toEqual([])
		expect(getDb().select().from(userTokens).where(eq(userTokens.userId, user.id)).all()).toEqual([])
		expect(result.setCookies.find((c) => c.startsWith('auth.token='))).toMatch(/Max-Age=0/)
		expect(result.setCookies.some((c) => c.startsWith('sz_logged_out=1'))).toBe(true)
		// The address is free again for a new registration.
		await expect(createTestUser({ email: user.email })).resolves.toMatchObject({ email: user.email })
	})

	test('a wrong password or a missing tick changes nothing', async () => {
		const { user, cookie } = await createLoggedInUser()
		const wrong = await callRoute(deleteAction, {
			path: '/guest/account/delete',
			cookie,
			form: { password: 'Nicht-richtig-123', confirm: 'on' },
		})
		expect(wrong.status).toBe(400)
		expect(wrong.data).toMatchObject({ result: { error: { password: ['auth:errors.wrongPassword'] } } })
		const unticked = await callRoute(deleteAction, {
			path: '/guest/account/delete',
			cookie,
			form: { password: TEST_PASSWORD },
		})
		expect(unticked.data).toMatchObject({
			result: { error: { confirm: ['account:errors.confirmDeletion'] } },
		})
		expect(userRow(user.id)?.deletedAt).toBeNull()
	})

	test('an impersonating admin cannot delete the account', async () => {
		const admin = await createTestUser({ role: 'Admin' })
		const { user, cookie } = await createLoggedInUser({ role: 'Customer' }, { impersonatorUserId: admin.id })
		const result = await callRoute(deleteAction, {
			path: '/guest/account/delete',
			cookie,
			form: { password: TEST_PASSWORD, confirm: 'on' },
		})
		expect(result.status).toBe(403)
		expect(userRow(user.id)?.deletedAt).toBeNull()
	})
})
