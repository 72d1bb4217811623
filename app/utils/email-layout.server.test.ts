import fs from 'node:fs'
import { describe, expect, test } from 'vitest'
import { queueAccountEmail } from '#app/models/accounts/account-emails.server.ts'
import { queueOrderEmail } from '#app/models/booking/order-emails.server.ts'
import { createTemplateText } from '#app/models/host-office/template-texts.server.ts'
import { accessScenario } from '#tests/helpers/access.ts'
import { mailsTo } from '#tests/helpers/booking.ts'
import { getDb } from './db.server.ts'
import { EMAIL_LOGO_PATH } from './email-layout.server.ts'
import { getEnv } from './env.server.ts'
import type { Locale } from './locale.ts'

/**
 * Issue 31.16 (ADR 0156): every e-mail in the outbox has the one branded,
 * responsive HTML layout (react-email's tables, logo from PUBLIC_URL, the
 * brand colour, light and dark colour schemes) and keeps its plain-text part;
 * a host's template text sits inside the layout, escaped.
 */
function expectBranded(html: string, locale: Locale) {
	expect(html).toMatch(/^<!DOCTYPE html/)
	expect(html).toMatch(new RegExp(`<html[^>]* lang="${locale}"`))
	expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>')
	expect(html).toContain('<meta name="color-scheme" content="light dark"/>')
	expect(html).toContain('<meta name="supported-color-schemes" content="light dark"/>')
	expect(html).toContain('@media (prefers-color-scheme: dark)')
	expect(html).toMatch(
		new RegExp(
			`<img [^>]*alt="${locale === 'de' ? 'Spielzimmer' : 'Playrooms'}"[^>]*src="${getEnv().PUBLIC_URL}${EMAIL_LOGO_PATH}"`,
		),
	)
	// The brand accent (app.css --color-accent) on the button.
	expect(html).toMatch(/<a [^>]*class="sz-button"[^>]*style="[^"]*background-color:#6d28d9/)
	// react-email's table layout: a centred 600 px container of presentation tables holds the content.
	expect(html).toMatch(/<table [^>]*role="presentation"[^>]*style="max-width:600px[^"]*">.*<h1 /s)
	expect(html).not.toContain('<script')
}

describe('the branded e-mail layout', () => {
	test('the logo is a PNG in public/ (served from PUBLIC_URL)', () => {
		const png = fs.readFileSync(`public${EMAIL_LOGO_PATH}`)
		expect(png.subarray(1, 4).toString()).toBe('PNG')
	})

	test.each([
		{
			locale: 'de' as const,
			heading: 'Willkommen bei Spielzimmer, Alex!',
			body: 'Bitte bestätige deine E-Mail-Adresse, damit du dich anmelden kannst.',
			fallback: 'Falls der Button nicht funktioniert, öffne diesen Link:',
			path: '/auth/confirmEmail/u1/tok-de',
		},
		{
			locale: 'en' as const,
			heading: 'Welcome to Playrooms, Alex!',
			body: 'Please confirm your e-mail address so that you can log in.',
			fallback: 'If the button does not work, open this link:',
			path: '/en/auth/confirmEmail/u1/tok-en',
		},
	])('an account e-mail in the outbox ($locale): branded HTML and a plain-text part', (c) => {
		const to = `layout-${c.locale}@example.test`
		queueAccountEmail(
			'confirmEmail',
			{ email: to, firstName: 'Alex', langPreference: c.locale },
			c.path.replace(/^\/en/, ''),
		)
		const [mail] = mailsTo(to)
		const link = `${getEnv().PUBLIC_URL}${c.path}`
		expectBranded(mail!.html, c.locale)
		expect(mail!.html).toContain(`<h1 class="sz-ink" style="`)
		expect(mail!.html).toContain(c.heading)
		expect(mail!.html).toContain(c.body)
		expect(mail!.html).toContain(`${c.fallback} <a href="${link}"`)
		expect(mail!.text).toContain(c.heading)
		expect(mail!.text).toContain(c.body)
		expect(mail!.text).toContain(link)
		expect(mail!.text).not.toContain('<')
	})

	test('a host template text is inside the layout, escaped: its <script> is inert text', async () => {
		const { host, order, fixture } = await accessScenario()
		createTemplateText(
			{ id: host.user.id, role: 'Owner' },
			{
				type: 'BookingConfirmation',
				locale: 'de',
				subject: 'Gebucht: {{orderCode}}',
				body: 'Hallo {{guestName}} <script>alert(1)</script>\nZweite Zeile <b>fett</b>\n\nBis bald!',
			},
		)
		queueOrderEmail('confirmed', 'guest', order, getDb())
		const mail = mailsTo(fixture.guest.email).at(-1)!
		const html = mail.html
		expectBranded(html, 'de')
		const escaped =
			'Hallo Test &lt;script&gt;alert(1)&lt;/script&gt;<br/>Zweite Zeile &lt;b&gt;fett&lt;/b&gt;'
		expect(html).toContain(escaped)
		expect(html).not.toContain('<b>')
		// Inside the card, before the footer rule.
		const at = html.indexOf(escaped)
		expect(at).toBeGreaterThan(html.indexOf('class="sz-card"'))
		expect(at).toBeLessThan(html.indexOf('<hr'))
		expect(html).toContain('>Bis bald!</p>')
		const orderLink = `${getEnv().PUBLIC_URL}/guest/orders/${order.id}`
		expect(html).toContain(`href="${orderLink}"`)
		expect(mail.text).toContain('Hallo Test <script>alert(1)</script>\nZweite Zeile <b>fett</b>')
		expect(mail.text).toContain(orderLink)
	})
})
