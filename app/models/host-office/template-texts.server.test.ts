import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { templateTexts } from '#db/schema/access.ts'
import { users } from '#db/schema/users.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { renderTemplate, unknownPlaceholders } from '#app/utils/mini-template.ts'
import { accessScenario } from '#tests/helpers/access.ts'
import { mailsTo } from '#tests/helpers/booking.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import * as detailPage from '#app/routes/template-texts/detail.tsx'
import * as listPage from '#app/routes/host/template-texts.tsx'
import { queueOrderEmail } from '#app/models/booking/order-emails.server.ts'
import { createTemplateText, ensurePlatformTemplates, resolveTemplate } from './template-texts.server.ts'

/**
 * Issue 13: template texts. A host's text replaces the platform default in
 * the e-mails of that host's guests only; unknown placeholders are refused on
 * save with the list of valid ones; values are escaped in the HTML part.
 */
const hostArea = [roleGuard('Owner')]

function ownTemplate(hostId: string, subject = 'Hurra {{guestName}}: {{orderCode}} steht!') {
	return createTemplateText(
		{ id: hostId, role: 'Owner' },
		{
			type: 'BookingConfirmation',
			locale: 'de',
			subject,
			body: 'Eigener Text von {{hostName}} für {{playroomName}}.',
		},
	)
}

describe('the mini template engine', () => {
	test('substitutes known names, blanks unknown ones, never evaluates', () => {
		expect(renderTemplate('Hi {{ guestName }}, {{x}}{{constructor}}!', { guestName: 'Alex' })).toBe(
			'Hi Alex, !',
		)
		expect(renderTemplate('{{a}}', { a: '{{b}}', b: 'no' })).toBe('{{b}}')
		expect(unknownPlaceholders('{{guestName}} {{foo}} {{foo}} {{bar}}', ['guestName'])).toEqual([
			'foo',
			'bar',
		])
	})
})

describe('template texts in the booking e-mails', () => {
	test('a host template changes the text for that host’s guests and not for another host’s', async () => {
		const a = await accessScenario()
		const b = await accessScenario()
		ownTemplate(a.host.user.id)
		queueOrderEmail('confirmed', 'guest', a.order, getDb())
		queueOrderEmail('confirmed', 'guest', b.order, getDb())
		const mailA = mailsTo(a.fixture.guest.email).at(-1)
		const mailB = mailsTo(b.fixture.guest.email).at(-1)
		expect(mailA?.subject).toBe(`Hurra Test: ${a.order.code} steht!`)
		expect(mailA?.text).toContain(`Eigener Text von ${a.host.user.displayName} für Testraum`)
		expect(mailB?.subject).toBe(`Deine Buchung ${b.order.code} ist bestätigt`)
		expect(mailB?.text).not.toContain('Eigener Text')
	})

	test('without any row the platform default from the code is used; an admin-edited platform row wins', async () => {
		const { order, fixture } = await accessScenario()
		expect(resolveTemplate(order.hostId, 'Reminder', 'de').subject).toBe(
			'Erinnerung: {{playroomName}} am {{checkIn}}',
		)
		ensurePlatformTemplates()
		getDb()
			.update(templateTexts)
			.set({ subject: 'Plattform: {{orderCode}}' })
			.where(eq(templateTexts.type, 'BookingConfirmation'))
			.run()
		queueOrderEmail('confirmed', 'guest', order, getDb())
		expect(mailsTo(fixture.guest.email).at(-1)?.subject).toBe(`Plattform: ${order.code}`)
	})

	test('a <script> in a value arrives escaped in the HTML e-mail', async () => {
		const { order, fixture } = await accessScenario()
		getDb()
			.update(users)
			.set({ firstName: '<script>alert(1)</script>' })
			.where(eq(users.id, fixture.guest.id))
			.run()
		queueOrderEmail('declined', 'guest', order, getDb(), { reason: '<img src=x onerror=alert(2)>' })
		const mail = mailsTo(fixture.guest.email).at(-1)
		expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
		expect(mail?.html).toContain('&lt;img src=x onerror=alert(2)&gt;')
		expect(mail?.html).not.toMatch(/<script|<img src=x/)
		expect(mail?.text).toContain('<img src=x onerror=alert(2)>')
	})
})

describe('template text pages', () => {
	test('an unknown placeholder is refused with the list of valid ones; nothing is stored', async () => {
		const host = await createLoggedInUser({ role: 'Owner' })
		const result = await callRoute(listPage.action as never, {
			path: '/en/host/templateTexts',
			cookie: host.cookie,
			form: {
				intent: 'create',
				type: 'Reminder',
				locale: 'en',
				subject: 'Hi',
				body: 'See you {{guestNmae}}',
			},
			middleware: hostArea,
		})
		expect(result.status).toBe(400)
		const body = JSON.stringify(result.data)
		expect(body).toContain('hostAccess:errors.unknownPlaceholders')
		expect(body).toContain(encodeURIComponent('{{guestNmae}}'))
		expect(body).toContain(encodeURIComponent('{{guestName}}'))
		expect(getDb().select().from(templateTexts).where(eq(templateTexts.hostId, host.user.id)).all()).toEqual(
			[],
		)
	})

	test('the host creates a template with a form post (no JavaScript) and can preview without saving', async () => {
		const host = await createLoggedInUser({ role: 'Owner' })
		const preview = await callRoute(listPage.action as never, {
			path: '/host/templateTexts',
			cookie: host.cookie,
			form: {
				intent: 'preview',
				type: 'Reminder',
				locale: 'de',
				subject: 'S',
				body: 'Bis bald, {{guestName}}',
			},
			middleware: hostArea,
		})
		expect(preview.data).toEqual({
			intent: 'preview',
			// The chosen type and language come back with the text (issue 31.8).
			preview: { type: 'Reminder', locale: 'de', subject: 'S', body: 'Bis bald, {{guestName}}' },
		})
		expect(getDb().select().from(templateTexts).where(eq(templateTexts.hostId, host.user.id)).all()).toEqual(
			[],
		)
		const created = await callRoute(listPage.action as never, {
			path: '/host/templateTexts',
			cookie: host.cookie,
			form: {
				intent: 'create',
				type: 'Reminder',
				locale: 'de',
				subject: 'S',
				body: 'Bis bald, {{guestName}}',
			},
			middleware: hostArea,
		})
		expect(created.status).toBe(302)
		const row = getDb().select().from(templateTexts).where(eq(templateTexts.hostId, host.user.id)).get()
		expect(row).toMatchObject({ type: 'Reminder', locale: 'de', body: 'Bis bald, {{guestName}}' })
	})

	test('host B gets 404 for host A’s template (view, save, delete) and the row is unchanged', async () => {
		const hostA = await createLoggedInUser({ role: 'Owner' })
		const hostB = await createLoggedInUser({ role: 'Owner' })
		const template = ownTemplate(hostA.user.id)
		const call = (handler: never, form?: Record<string, string>) =>
			callRoute(handler, {
				path: `/host/templateTexts/${template.id}`,
				cookie: hostB.cookie,
				params: { templateTextId: template.id },
				form,
				middleware: hostArea,
			})
		expect((await call(detailPage.loader as never)).status).toBe(404)
		for (const form of [
			{ intent: 'save', type: 'BookingConfirmation', locale: 'de', subject: 'x', body: 'y' } as Record<
				string,
				string
			>,
			{ intent: 'delete' },
		]) {
			expect((await call(detailPage.action as never, form)).status, form.intent).toBe(404)
		}
		expect(getDb().select().from(templateTexts).where(eq(templateTexts.id, template.id)).get()).toEqual(
			template,
		)
	})
})
