import { eq } from 'drizzle-orm'
import { createInstance } from 'i18next'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { createRoutesStub } from 'react-router'
import { describe, expect, test } from 'vitest'
import { users } from '#db/schema/users.ts'
import { newsletterConsents } from '#db/schema/vouchers.ts'
import { NewsletterPrompt } from '#app/components/newsletter-prompt.tsx'
import { i18nOptions } from '#app/i18n.ts'
import { resources } from '#app/locales/resources.server.ts'
import { unsubscribeToken } from '#app/models/vouchers/newsletter.server.ts'
import { loader as rootLoader } from '#app/root.tsx'
import { getDb } from '#app/utils/db.server.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { action as newsletterAction, loader as newsletterLoader } from './newsletter-page.tsx'
import { action as unsubscribeAction, loader as unsubscribeLoader } from './unsubscribe.tsx'
import { action as editAction } from '../account/edit.tsx'

/** The newsletter prompt in the app shell, its page and the unsubscribe link (issue 33, ADR 0169). */
type RootData = Awaited<ReturnType<typeof rootLoader>>

async function promptFor(cookie?: string, path = '/') {
	const { data } = await callRoute(rootLoader as never, { path, cookie })
	return (data as RootData).newsletterPrompt
}

describe('the app shell shows the prompt only to the right users (spec §4)', () => {
	test('a guest with offers off, not dismissed: yes; dismissed, offers on, hosts, admins, anonymous: no', async () => {
		const guest = await createLoggedInUser({ role: 'Customer', allowEmailForPersonalOffers: false })
		expect(await promptFor(guest.cookie)).toBe(true)
		expect(await promptFor(`${guest.cookie}; dismissed=true`)).toBe(false)
		const subscribed = await createLoggedInUser({ role: 'Customer', allowEmailForPersonalOffers: true })
		expect(await promptFor(subscribed.cookie)).toBe(false)
		const host = await createLoggedInUser({ role: 'Owner', allowEmailForPersonalOffers: false })
		expect(await promptFor(host.cookie)).toBe(false)
		const admin = await createLoggedInUser({ role: 'Admin', allowEmailForPersonalOffers: false })
		expect(await promptFor(admin.cookie)).toBe(false)
		expect(await promptFor(undefined)).toBe(false)
	})

	test("an admin acting as the guest does not get it (consent is the guest's own)", async () => {
		const admin = await createLoggedInUser({ role: 'Admin' })
		const asGuest = await createLoggedInUser({ role: 'Customer' }, { impersonatorUserId: admin.user.id })
		expect(await promptFor(asGuest.cookie)).toBe(false)
	})
})

async function renderPrompt(locale: 'de' | 'en') {
	const i18n = createInstance()
	await i18n.use(initReactI18next).init({ ...i18nOptions, resources, lng: locale })
	const Stub = createRoutesStub([{ path: '*', Component: () => <NewsletterPrompt show /> }])
	return renderToString(
		<I18nextProvider i18n={i18n}>
			<Stub initialEntries={[locale === 'en' ? '/en/playrooms' : '/playrooms']} />
		</I18nextProvider>,
	)
}

describe('the first paint (and without JavaScript): a banner linking to the newsletter page', () => {
	test('in German and English', async () => {
		const de = await renderPrompt('de')
		expect(de).toContain('data-testid="newsletter-banner"')
		expect(de).toContain('href="/newsletter"')
		expect(de).toContain('Willkommensgutschein')
		const en = await renderPrompt('en')
		expect(en).toContain('href="/en/newsletter"')
		expect(en).toContain('Get your 10 € welcome voucher.')
	})
})

describe('/newsletter', () => {
	test('"no, thanks" sets the dismissed cookie for 31536000 s and goes back', async () => {
		const guest = await createLoggedInUser()
		const result = await callRoute(newsletterAction as never, {
			path: '/newsletter',
			cookie: guest.cookie,
			form: { intent: 'dismiss', source: 'Page', redirectTo: '/playrooms' },
		})
		expect(result.status).toBe(302)
		expect(result.location).toBe('/playrooms')
		const dismissed = result.setCookies.find((c) => c.startsWith('dismissed='))
		expect(dismissed).toMatch(/^dismissed=true; Max-Age=31536000; Path=\/; SameSite=Lax$/)
		expect(
			getDb().select().from(newsletterConsents).where(eq(newsletterConsents.userId, guest.user.id)).all(),
		).toEqual([])

		const fromModal = await callRoute(newsletterAction as never, {
			path: '/newsletter',
			cookie: guest.cookie,
			form: { intent: 'dismiss', source: 'Modal', redirectTo: '/playrooms' },
		})
		expect(fromModal.status).toBe(200)
		expect(fromModal.setCookies.some((c) => c.startsWith('dismissed=true; Max-Age=31536000'))).toBe(true)
	})

	test('"activate" as a plain form: the consent (source Page, the IP), a success toast, back', async () => {
		const guest = await createLoggedInUser({ langPreference: 'en' })
		const page = await callRoute(newsletterLoader as never, { path: '/en/newsletter', cookie: guest.cookie })
		expect(page.data).toEqual({ state: 'offer' })
		const result = await callRoute(newsletterAction as never, {
			path: '/en/newsletter',
			cookie: guest.cookie,
			form: { intent: 'activate', source: 'Page', redirectTo: '/en/playrooms' },
		})
		expect(result.status).toBe(302)
		expect(result.location).toBe('/en/playrooms')
		expect(result.setCookies.some((c) => c.startsWith('sz_toast='))).toBe(true)
		const [consent] = getDb()
			.select()
			.from(newsletterConsents)
			.where(eq(newsletterConsents.userId, guest.user.id))
			.all()
		expect(consent).toMatchObject({ action: 'Consent', source: 'Page', language: 'en', ip: '127.0.0.1' })
		const after = await callRoute(newsletterLoader as never, { path: '/en/newsletter', cookie: guest.cookie })
		expect(after.data).toEqual({ state: 'active' })
	})

	test('a host cannot activate it', async () => {
		const host = await createLoggedInUser({ role: 'Owner' })
		const result = await callRoute(newsletterAction as never, {
			path: '/newsletter',
			cookie: host.cookie,
			form: { intent: 'activate', source: 'Page', redirectTo: '/' },
		})
		expect(result.status).toBe(403)
		expect(
			getDb().select().from(users).where(eq(users.id, host.user.id)).get()!.allowEmailForPersonalOffers,
		).toBe(false)
	})
})

describe('/newsletter/unsubscribe', () => {
	test('GET shows the address and changes nothing; POST records the withdrawal; a wrong token is 404', async () => {
		const guest = await createLoggedInUser({ allowEmailForPersonalOffers: true })
		const token = unsubscribeToken(guest.user.id)
		const shown = await callRoute(unsubscribeLoader as never, {
			path: `/newsletter/unsubscribe?token=${token}`,
		})
		expect(shown.data).toMatchObject({ email: guest.user.email })
		const offers = () =>
			getDb().select().from(users).where(eq(users.id, guest.user.id)).get()!.allowEmailForPersonalOffers
		expect(offers()).toBe(true)

		const done = await callRoute(unsubscribeAction as never, {
			path: `/newsletter/unsubscribe?token=${token}`,
			form: { token },
		})
		expect(done.data).toEqual({ done: true })
		expect(offers()).toBe(false)
		const records = getDb()
			.select()
			.from(newsletterConsents)
			.where(eq(newsletterConsents.userId, guest.user.id))
			.all()
		expect(records).toMatchObject([{ action: 'Withdrawal', source: 'Unsubscribe', email: guest.user.email }])

		const wrong = await callRoute(unsubscribeLoader as never, {
			path: `/newsletter/unsubscribe?token=${guest.user.id}.x`,
		})
		expect(wrong.status).toBe(404)
		const wrongPost = await callRoute(unsubscribeAction as never, {
			path: '/newsletter/unsubscribe',
			form: { token: 'nope' },
		})
		expect(wrongPost.status).toBe(404)
	})
})

describe('/newsletter/unsubscribe as RFC 8058 one-click', () => {
	test('a POST with List-Unsubscribe=One-Click and the token in the URL (no cookie) unsubscribes', async () => {
		const guest = await createLoggedInUser({ allowEmailForPersonalOffers: true })
		const token = unsubscribeToken(guest.user.id)
		const result = await callRoute(unsubscribeAction as never, {
			path: `/newsletter/unsubscribe?token=${token}`,
			form: { 'List-Unsubscribe': 'One-Click' },
		})
		expect(result.data).toEqual({ done: true })
		expect(
			getDb().select().from(users).where(eq(users.id, guest.user.id)).get()!.allowEmailForPersonalOffers,
		).toBe(false)
	})
})

describe('the account settings checkbox (source Account)', () => {
	test('ticking and unticking "personal offers" records Consent and Withdrawal with the IP', async () => {
		const guest = await createLoggedInUser()
		const save = (offers: boolean) =>
			callRoute(editAction as never, {
				path: '/en/guest/account/edit',
				cookie: guest.cookie,
				form: offers
					? { intent: 'emailSettings', allowEmailForBookings: 'on', allowEmailForPersonalOffers: 'on' }
					: { intent: 'emailSettings', allowEmailForBookings: 'on' },
			})
		expect((await save(true)).status).toBe(302)
		expect((await save(false)).status).toBe(302)
		const records = getDb()
			.select()
			.from(newsletterConsents)
			.where(eq(newsletterConsents.userId, guest.user.id))
			.all()
			.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
		expect(records.map((r) => [r.action, r.source, r.language, r.ip])).toEqual([
			['Consent', 'Account', 'en', '127.0.0.1'],
			['Withdrawal', 'Account', 'en', '127.0.0.1'],
		])
	})
})
