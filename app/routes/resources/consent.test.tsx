import { createInstance } from 'i18next'
import { renderToString } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { createRoutesStub } from 'react-router'
import { describe, expect, test } from 'vitest'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { ConsentNotice } from '#app/components/consent-notice.tsx'
import { i18nOptions } from '#app/i18n.ts'
import { resources } from '#app/locales/resources.server.ts'
import { loader as rootLoader } from '#app/root.tsx'
import { CONSENT_REVISION, parseConsent } from '#app/utils/consent.ts'
import { action } from './consent.ts'

type RootData = Awaited<ReturnType<typeof rootLoader>>

/** The root's server rendering of the banner for a request: its loader, then the markup. */
async function firstPaintBanner(path: string, cookie?: string) {
	const { data } = await callRoute(rootLoader as never, { path, cookie })
	const { consent, locale } = data as RootData
	const i18n = createInstance()
	await i18n.use(initReactI18next).init({ ...i18nOptions, resources, lng: locale })
	const Stub = createRoutesStub([
		{ path: '*', Component: () => <ConsentNotice decided={consent.decided} returning={consent.returning} /> },
	])
	return renderToString(
		<I18nextProvider i18n={i18n}>
			<Stub initialEntries={[path]} />
		</I18nextProvider>,
	)
}

const cookieOf = (setCookie: string) => setCookie.slice(0, setCookie.indexOf(';'))

describe('the server-rendered consent banner (ADR 0068)', () => {
	test('a first visit gets the banner in its HTML: texts, a no-JS form for both choices, the settings link', async () => {
		const html = await firstPaintBanner('/playrooms?city=koeln')
		expect(html).toContain('role="dialog"')
		expect(html).toContain('Cookies und Datenschutz')
		expect(html).toMatch(/<form [^>]*action="\/resources\/consent" method="post"/)
		expect(html).toContain('name="redirectTo" value="/playrooms?city=koeln"')
		expect(html).toMatch(/<button type="submit" value="all"[^>]*name="choice">Alle akzeptieren</)
		expect(html).toMatch(/<button type="submit" value="necessary"[^>]*name="choice">Nur notwendige</)
		expect(html).toContain('href="/privacy-policy"')
		expect(html).not.toContain('Cookie-Regeln')

		const en = await firstPaintBanner('/en/playrooms')
		expect(en).toContain('Cookies and privacy')
		expect(en).toContain('>Necessary only<')
		expect(en).toContain('href="/en/privacy-policy"')
	})

	test('"necessary only" without JavaScript stores the library\'s record and goes back; the next page has no banner', async () => {
		const result = await callRoute(action as never, {
			path: '/resources/consent',
			form: { choice: 'necessary', redirectTo: '/playrooms?city=koeln' },
		})
		expect(result.status).toBe(302)
		expect(result.location).toBe('/playrooms?city=koeln')
		expect(result.setCookies).toHaveLength(1)
		const [setCookie = ''] = result.setCookies
		expect(setCookie).toMatch(/^cc_cookie=%7B[^;]+; Max-Age=15724800; Path=\/; SameSite=Lax$/)
		const record = JSON.parse(decodeURIComponent(cookieOf(setCookie).slice('cc_cookie='.length)))
		expect(record).toEqual({
			categories: ['necessary'],
			level: ['necessary'],
			revision: CONSENT_REVISION,
			data: null,
			rfc_cookie: true,
			consent_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
			consent_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
			last_consent_update: record.consent_date,
		})
		expect(parseConsent(cookieOf(setCookie).slice('cc_cookie='.length))).toEqual({
			decided: true,
			categories: ['necessary'],
		})
		expect(await firstPaintBanner('/playrooms?city=koeln', cookieOf(setCookie))).toBe('')
	})

	test('"accept all" stores every category; bad input and foreign redirects change nothing', async () => {
		const all = await callRoute(action as never, {
			path: '/resources/consent',
			form: { choice: 'all', redirectTo: '//evil.example/' },
		})
		expect(all.location).toBe('/')
		const value = decodeURIComponent(cookieOf(all.setCookies[0] ?? '').slice('cc_cookie='.length))
		expect(JSON.parse(value).categories).toEqual(['necessary', 'functional', 'analytics'])

		const bad = await callRoute(action as never, { path: '/resources/consent', form: { choice: 'some' } })
		expect(bad.status).toBe(400)
		expect(bad.setCookies).toEqual([])
	})

	test('an outdated consent shows the banner again, with the revision message', async () => {
		const old = encodeURIComponent(
			JSON.stringify({ categories: ['necessary'], revision: CONSENT_REVISION - 1 }),
		)
		const html = await firstPaintBanner('/', `cc_cookie=${old}`)
		expect(html).toContain('Cookies und Datenschutz')
		expect(html).toContain('Cookie-Regeln')
	})
})
