// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { templateTexts } from '#db/schema/access.ts'
import { ensurePlatformTemplates, resolveTemplate } from '#app/models/host-office/template-texts.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import HostTemplateTextsPage, { action, loader } from './template-texts.tsx'

/**
 * Issue 31.8: the host's "new template" form without JavaScript. "Preview"
 * kept the typed text but reset type and language to the first ones, so
 * "Create" then saved the host's text as the German booking confirmation.
 * The preview round trip keeps the chosen type and language, and "Start from
 * the default text" loads the default of the chosen type and language.
 */
function call(handler: unknown, cookie: string, form?: Record<string, string>) {
	return callRoute(handler as never, {
		path: '/host/templateTexts',
		cookie,
		middleware: [roleGuard('Owner')],
		form,
	})
}

function show(loaderData: unknown, actionData: unknown) {
	document.body.innerHTML = ''
	const Page = HostTemplateTextsPage as unknown as (props: { loaderData: unknown }) => React.ReactElement
	return renderWithApp(<Page loaderData={loaderData} />, { actionData })
}

const select = (label: RegExp) => screen.getByLabelText(label) as HTMLSelectElement
const chosen = (label: RegExp) => select(label).value

describe('the new template form without JavaScript', () => {
	test('"Preview" keeps type and language, and "Create" saves the text as that type and language', async () => {
		const host = await createLoggedInUser({ role: 'Owner' })
		const typed = {
			type: 'Reminder',
			locale: 'en',
			subject: 'See you tomorrow, {{guestName}}',
			body: 'Bring socks to {{playroomName}}.',
		}
		const preview = await call(action, host.cookie, { intent: 'preview', ...typed })
		expect(preview.status).toBe(200)
		expect(
			getDb()
				.select()
				.from(templateTexts)
				.all()
				.filter((row) => row.hostId === host.user.id),
		).toEqual([])

		await show((await call(loader, host.cookie)).data, preview.data)
		// The form as the host left it: a Reminder in English, the typed text, the preview of it.
		expect(chosen(/^Art/)).toBe('Reminder')
		expect(chosen(/^Sprache/)).toBe('en')
		expect(screen.getByLabelText(/^Betreff/)).toHaveProperty('value', typed.subject)
		expect(screen.getByTestId('template-preview').textContent).toContain('Bring socks to')

		// What the form now posts ("Create") is stored as a Reminder in English.
		const form = screen.getByLabelText(/^Art/).closest('form')!
		const posted = Object.fromEntries(new FormData(form)) as Record<string, string>
		const created = await call(action, host.cookie, { ...posted, intent: 'create' })
		expect(created.status).toBe(302)
		const rows = getDb()
			.select()
			.from(templateTexts)
			.all()
			.filter((row) => row.hostId === host.user.id)
		expect(rows.map((row) => [row.type, row.locale, row.subject])).toEqual([
			['Reminder', 'en', typed.subject],
		])
	})

	test('"Start from the default text" loads the default of the chosen type and language, keeping the choice', async () => {
		const host = await createLoggedInUser({ role: 'Owner' })
		ensurePlatformTemplates()
		const loaded = await call(action, host.cookie, {
			intent: 'loadDefault',
			type: 'Cancellation',
			locale: 'en',
			subject: 'typed',
			body: 'typed',
		})
		const expected = resolveTemplate(null, 'Cancellation', 'en')
		expect(loaded.data).toEqual({
			intent: 'preview',
			preview: { type: 'Cancellation', locale: 'en', subject: expected.subject, body: expected.body },
		})
		await show((await call(loader, host.cookie)).data, loaded.data)
		expect(chosen(/^Art/)).toBe('Cancellation')
		expect(chosen(/^Sprache/)).toBe('en')
		expect(screen.getByLabelText(/^Betreff/)).toHaveProperty('value', expected.subject)
		expect(screen.getByTestId('template-load-default').textContent).toBe('Standardtext übernehmen')
	})
})
