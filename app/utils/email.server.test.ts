import { describe, expect, test } from 'vitest'
import { withFakeSmtp } from '#tests/helpers/fake-smtp.ts'
import { extractLinks, listOutbox, queueEmail, renderEmailLayout, sendEmail } from './email.server.ts'

describe('e-mail outbox', () => {
	test('without SMTP a message is stored in the outbox only', async () => {
		const id = await sendEmail({
			to: 'Familie@Example.test',
			subject: 'Willkommen',
			text: 'Bitte bestätigen: http://localhost:3000/auth/confirmEmail/u1/tok',
			html: '<p>x</p>',
			template: 'confirmEmail',
			locale: 'de',
		})
		const [stored] = listOutbox('familie@example.test')
		expect(stored).toMatchObject({
			id,
			to: 'familie@example.test',
			status: 'stored',
			template: 'confirmEmail',
		})
	})

	test('the outbox lists the newest message first', () => {
		const base = { to: 'order@example.test', text: 't', html: 'h', template: 'x', locale: 'en' as const }
		queueEmail({ ...base, subject: 'first' })
		queueEmail({ ...base, subject: 'second' })
		const subjects = listOutbox('order@example.test').map((m) => m.subject)
		expect(subjects).toHaveLength(2)
		expect(new Set(subjects)).toEqual(new Set(['first', 'second']))
	})

	test('links are extracted from the text part', () => {
		expect(
			extractLinks(
				'Open https://a.example/x?y=1&amp;z=2. Or http://b.example/y, and https://a.example/x?y=1&z=2',
			),
		).toEqual(['https://a.example/x?y=1&z=2', 'http://b.example/y'])
	})

	test('the layout escapes HTML and keeps a plain-text part', () => {
		const { text, html } = renderEmailLayout({
			locale: 'en',
			heading: 'Hello <script>',
			paragraphs: ['Tom & Jerry'],
			action: { label: 'Confirm', url: 'https://x.example/a?b=1&c=2' },
			footer: 'Playrooms',
		})
		expect(html).toContain('Hello &lt;script&gt;')
		expect(html).toContain('Tom &amp; Jerry')
		expect(html).toContain('href="https://x.example/a?b=1&amp;c=2"')
		expect(html).not.toContain('<script>')
		expect(text).toContain('Confirm: https://x.example/a?b=1&c=2')
	})
})

describe('delivery through SMTP (a fake server on a local port, the real nodemailer client)', () => {
	test('a queued message is sent with its extra headers and marked sent', async () => {
		await withFakeSmtp(async (received) => {
			const id = await sendEmail({
				to: 'offers@example.test',
				subject: 'Angebot',
				text: 'Hallo',
				html: '<p>Hallo</p>',
				template: 'offer',
				locale: 'de',
				headers: {
					'List-Unsubscribe': '<https://spielzimmer.example/newsletter/unsubscribe?token=u1.sig>',
					'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
				},
			})
			expect(listOutbox('offers@example.test')[0]).toMatchObject({ id, status: 'sent' })
			expect(received).toHaveLength(1)
			// Long headers arrive folded (CRLF + space); unfold them as a mail reader does.
			const headers = received[0]!.replace(/\r\n[ \t]+/g, ' ')
			expect(headers).toContain(
				'List-Unsubscribe: <https://spielzimmer.example/newsletter/unsubscribe?token=u1.sig>',
			)
			expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click')
		})
	})
})
