import { and, eq } from 'drizzle-orm'
import { getEnv } from '#app/utils/env.server.ts'
import { describe, expect, test } from 'vitest'
import { emailOutbox } from '#db/schema/platform.ts'
import { users } from '#db/schema/users.ts'
import { newsletterConsents, vouchers, welcomeVouchers } from '#db/schema/vouchers.ts'
import { NEWSLETTER_TEXT_VERSION, showsNewsletterPrompt } from '#app/domain/newsletter.ts'
import { confirmEmail, deleteUserAsAdmin, updateEmailSettings } from '#app/models/accounts/account.server.ts'
import { confirmEmailAsAdmin, resetPassword } from '#app/models/accounts/credentials.server.ts'
import { issueUserToken } from '#app/models/accounts/user-token.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { extractLinks } from '#app/utils/email.server.ts'
import { callApi } from '#tests/helpers/api.ts'
import { raceInProcesses } from '#tests/helpers/process-race.ts'
import { createLoggedInUser, createTestUser } from '#tests/helpers/users.ts'
import { action as userApi } from '#app/routes/api/user.ts'
import { findVoucherByCode } from './voucher-ledger.server.ts'
import {
	activateNewsletter,
	newsletterEmailHash,
	readUnsubscribeToken,
	unsubscribeByToken,
	unsubscribeToken,
} from './newsletter.server.ts'

/**
 * The newsletter (issue 33, ADR 0169): provable consent records, one welcome voucher per address
 * ever, the voucher waiting for an unconfirmed address, the one-click unsubscribe.
 */
const db = () => getDb()
const consentsOf = (userId: string) =>
	db().select().from(newsletterConsents).where(eq(newsletterConsents.userId, userId)).all()
const welcomeVouchersOf = (userId: string) =>
	db()
		.select()
		.from(vouchers)
		.where(and(eq(vouchers.holderUserId, userId), eq(vouchers.origin, 'Welcome')))
		.all()
const welcomeMails = (email: string) =>
	db()
		.select()
		.from(emailOutbox)
		.where(and(eq(emailOutbox.to, email), eq(emailOutbox.template, 'newsletterWelcome')))
		.all()
const userRow = (id: string) => db().select().from(users).where(eq(users.id, id)).get()!

describe('the prompt rule (spec §4)', () => {
	test('only logged-in Customers who did not dismiss it and have offers off', () => {
		expect(
			showsNewsletterPrompt({ role: 'Customer', allowEmailForPersonalOffers: false, dismissed: false }),
		).toBe(true)
		expect(
			showsNewsletterPrompt({ role: 'Customer', allowEmailForPersonalOffers: true, dismissed: false }),
		).toBe(false)
		expect(
			showsNewsletterPrompt({ role: 'Customer', allowEmailForPersonalOffers: false, dismissed: true }),
		).toBe(false)
		for (const role of ['Owner', 'Admin', null]) {
			expect(showsNewsletterPrompt({ role, allowEmailForPersonalOffers: false, dismissed: false })).toBe(
				false,
			)
		}
	})
})

describe('activation', () => {
	test('sets both settings, keeps feedback, records the consent with every field and issues the voucher', async () => {
		const user = await createTestUser({
			allowEmailForBookings: false,
			allowEmailForFeedback: false,
			langPreference: 'en',
		})
		const now = new Date('2026-11-28T09:00:00Z')
		const result = activateNewsletter(user.id, { source: 'Modal', ip: '203.0.113.7', language: 'en', now })
		expect(result).toMatchObject({ activated: true, welcomeVoucher: 'issued' })
		const row = userRow(user.id)
		expect(row.allowEmailForBookings).toBe(true)
		expect(row.allowEmailForPersonalOffers).toBe(true)
		expect(row.allowEmailForFeedback).toBe(false)
		const [consent, ...more] = consentsOf(user.id)
		expect(more).toHaveLength(0)
		expect(consent).toMatchObject({
			userId: user.id,
			email: user.email,
			action: 'Consent',
			textVersion: NEWSLETTER_TEXT_VERSION,
			language: 'en',
			source: 'Modal',
			ip: '203.0.113.7',
		})
		expect(consent!.createdAt.getTime()).toBe(now.getTime())

		const [voucher] = welcomeVouchersOf(user.id)
		expect(voucher).toMatchObject({
			kind: 'Discount',
			issuer: 'Platform',
			scope: 'All',
			discountAmount: 1000,
			minOrderAmount: 5000,
			maxUses: 1,
			maxUsesPerGuest: 1,
			status: 'Active',
		})
		expect(voucher!.validUntil!.getTime() - now.getTime()).toBe(90 * 24 * 60 * 60 * 1000)
		const request = db()
			.select()
			.from(welcomeVouchers)
			.where(eq(welcomeVouchers.emailHash, newsletterEmailHash(user.email)))
			.get()
		expect(request).toMatchObject({ userId: user.id, voucherId: voucher!.id })

		// Its own e-mail, in the guest's language, with the code that finds the voucher.
		const [mail, ...others] = welcomeMails(user.email)
		expect(others).toHaveLength(0)
		expect(mail!.subject).toBe('Your welcome voucher: 10 € off')
		const code = /[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/.exec(mail!.text)?.[0]
		expect(findVoucherByCode(code ?? '')?.id).toBe(voucher!.id)
		expect(mail!.text).toContain('/en/newsletter/unsubscribe?token=')
		// Mail clients offer their own one-click unsubscribe (RFC 8058) from the headers.
		expect(mail!.headers).toEqual({
			'List-Unsubscribe': `<${getEnv().PUBLIC_URL}/en/newsletter/unsubscribe?token=${unsubscribeToken(user.id)}>`,
			'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
		})
	})

	test('the German e-mail for a German guest', async () => {
		const user = await createTestUser({ langPreference: 'de' })
		activateNewsletter(user.id, { source: 'Page', ip: null, language: 'de' })
		const [mail] = welcomeMails(user.email)
		expect(mail!.subject).toBe('Dein Willkommensgutschein: 10 € Rabatt')
		expect(mail!.text).toContain('Gutscheincode')
		expect(consentsOf(user.id)[0]).toMatchObject({ source: 'Page', language: 'de', ip: null })
	})

	test('hosts and admins cannot activate through the prompt', async () => {
		for (const role of ['Owner', 'Admin'] as const) {
			const user = await createTestUser({ role })
			expect(() => activateNewsletter(user.id, { source: 'Modal', ip: null, language: 'de' })).toThrow()
			expect(consentsOf(user.id)).toHaveLength(0)
		}
	})

	test('activating twice gives one consent record and one welcome voucher', async () => {
		const user = await createTestUser()
		activateNewsletter(user.id, { source: 'Modal', ip: null, language: 'de' })
		const second = activateNewsletter(user.id, { source: 'Modal', ip: null, language: 'de' })
		expect(second).toMatchObject({ activated: false, welcomeVoucher: 'none' })
		expect(consentsOf(user.id)).toHaveLength(1)
		expect(welcomeVouchersOf(user.id)).toHaveLength(1)
		expect(welcomeMails(user.email)).toHaveLength(1)
	})

	test('two tabs in two processes at once: exactly one welcome voucher', async () => {
		const { user, token } = await createLoggedInUser()
		const results = await raceInProcesses({
			route: '#app/routes/api/user.ts',
			workers: 2,
			jobs: [1, 2, 3, 4].map(() => ({ token, path: '/api/User/ActivateNewsletter', body: {} })),
		})
		expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200])
		expect(results.filter((r) => r.value?.welcomeVoucher === 'issued')).toHaveLength(1)
		expect(welcomeVouchersOf(user.id)).toHaveLength(1)
		expect(welcomeMails(user.email)).toHaveLength(1)
		expect(consentsOf(user.id)).toHaveLength(1)
	}, 60_000)

	test('none for an address that had one before: the account is deleted and registered again', async () => {
		const admin = await createTestUser({ role: 'Admin' })
		const email = `again-${Date.now()}@example.test`
		const first = await createTestUser({ email })
		activateNewsletter(first.id, { source: 'Modal', ip: null, language: 'de' })
		expect(welcomeVouchersOf(first.id)).toHaveLength(1)
		deleteUserAsAdmin(admin, first.id)
		expect(userRow(first.id).email).not.toBe(email)

		const again = await createTestUser({ email: email.toUpperCase().toLowerCase() })
		const result = activateNewsletter(again.id, { source: 'Modal', ip: null, language: 'de' })
		expect(result).toMatchObject({ activated: true, welcomeVoucher: 'none' })
		expect(welcomeVouchersOf(again.id)).toHaveLength(0)
		expect(welcomeMails(email)).toHaveLength(1)
		// The consent itself is recorded: the guest did agree to the newsletter.
		expect(consentsOf(again.id)).toHaveLength(1)
	})

	test('an unconfirmed address: the voucher waits, the confirmation issues it and sends the e-mail', async () => {
		const user = await createTestUser({ emailConfirmedAt: null })
		const result = activateNewsletter(user.id, { source: 'Modal', ip: null, language: 'de' })
		expect(result.welcomeVoucher).toBe('waiting')
		expect(welcomeVouchersOf(user.id)).toHaveLength(0)
		expect(welcomeMails(user.email)).toHaveLength(0)
		const token = issueUserToken({ userId: user.id, purpose: 'confirmEmail' }, db())
		confirmEmail({ userId: user.id, token })
		expect(welcomeVouchersOf(user.id)).toHaveLength(1)
		expect(welcomeMails(user.email)).toHaveLength(1)
	})
})

describe('other ways the address gets confirmed issue a waiting voucher too', () => {
	test('an admin confirms it by hand', async () => {
		const admin = await createTestUser({ role: 'Admin' })
		const user = await createTestUser({ emailConfirmedAt: null })
		activateNewsletter(user.id, { source: 'Modal', ip: null, language: 'de' })
		confirmEmailAsAdmin(admin, user.id)
		expect(welcomeVouchersOf(user.id)).toHaveLength(1)
		expect(welcomeMails(user.email)).toHaveLength(1)
	})

	test('a password reset link proves the address', async () => {
		const user = await createTestUser({ emailConfirmedAt: null })
		activateNewsletter(user.id, { source: 'Modal', ip: null, language: 'de' })
		const token = issueUserToken({ userId: user.id, purpose: 'resetPassword' }, db())
		await resetPassword({ userId: user.id, token, password: 'Sonnenblumen-Rutsche-77' })
		expect(welcomeVouchersOf(user.id)).toHaveLength(1)
		expect(welcomeMails(user.email)).toHaveLength(1)
	})
})

describe('withdrawal', () => {
	test('the unsubscribe link turns offers off and records the withdrawal', async () => {
		const user = await createTestUser()
		activateNewsletter(user.id, { source: 'Modal', ip: null, language: 'de' })
		const token = unsubscribeToken(user.id)
		expect(readUnsubscribeToken(token)).toBe(user.id)
		expect(readUnsubscribeToken(`${user.id}.forged`)).toBeNull()
		unsubscribeByToken(token, { ip: '198.51.100.4', language: 'en' })
		expect(userRow(user.id).allowEmailForPersonalOffers).toBe(false)
		const withdrawal = consentsOf(user.id).find((row) => row.action === 'Withdrawal')
		expect(withdrawal).toMatchObject({
			source: 'Unsubscribe',
			ip: '198.51.100.4',
			language: 'en',
			email: user.email,
		})
		expect(() => unsubscribeByToken(`${user.id}.forged`, { ip: null, language: 'de' })).toThrow()
	})

	test('the account settings record Consent and Withdrawal with source Account', async () => {
		const user = await createTestUser()
		const flags = { allowEmailForBookings: true, allowEmailForFeedback: true }
		updateEmailSettings(
			user.id,
			{ ...flags, allowEmailForPersonalOffers: true },
			{ ip: '192.0.2.1', language: 'de' },
		)
		updateEmailSettings(
			user.id,
			{ ...flags, allowEmailForPersonalOffers: true },
			{ ip: '192.0.2.1', language: 'de' },
		)
		updateEmailSettings(
			user.id,
			{ ...flags, allowEmailForPersonalOffers: false },
			{ ip: '192.0.2.1', language: 'de' },
		)
		const records = consentsOf(user.id).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
		expect(records.map((r) => [r.action, r.source, r.ip])).toEqual([
			['Consent', 'Account', '192.0.2.1'],
			['Withdrawal', 'Account', '192.0.2.1'],
		])
		expect(welcomeVouchersOf(user.id)).toHaveLength(1)
	})

	test('the e-mail settings API records the consent too', async () => {
		const { user, token } = await createLoggedInUser()
		const response = await callApi(userApi, 'User', 'UpdateEmailSettings', {
			token,
			json: {
				allowEmailForBookings: 'true',
				allowEmailForPersonalOffers: 'true',
				allowEmailForFeedback: 'true',
			},
		})
		expect(response.status).toBe(200)
		expect(consentsOf(user.id)).toMatchObject([{ action: 'Consent', source: 'Account' }])
	})
})

describe('unsubscribe links in the welcome e-mail', () => {
	test('the link carries a token that names the guest', async () => {
		const user = await createTestUser()
		activateNewsletter(user.id, { source: 'Modal', ip: null, language: 'de' })
		const link = extractLinks(welcomeMails(user.email)[0]!.text).find((url) =>
			url.includes('/newsletter/unsubscribe'),
		)
		expect(readUnsubscribeToken(new URL(link!).searchParams.get('token'))).toBe(user.id)
	})
})
