// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import { eq, isNull } from 'drizzle-orm'
import { createInstance } from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { createRoutesStub } from 'react-router'
import { describe, expect, test } from 'vitest'
import { templateTexts } from '#db/schema/access.ts'
import { i18nOptions } from '#app/i18n.ts'
import { resources } from '#app/locales/resources.server.ts'
import { createTemplateText, ensurePlatformTemplates } from '#app/models/host-office/template-texts.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import TemplateTextPage, { action, loader } from './detail.tsx'

/**
 * Issue 30: one template text page under /host and /admin. What differs is who
 * edits: the host (own text, own name in the preview, may delete it) and the
 * admin (the platform default explained, a made-up host in the preview, the
 * audit history, no delete). Through the real loader and action.
 */
type Area = 'host' | 'admin'
const GUARD = { host: [roleGuard('Owner')], admin: [roleGuard('Admin')] }

function call(handler: unknown, area: Area, id: string, cookie: string, form?: Record<string, string>) {
	return callRoute(handler as never, {
		path: `/en/${area}/templateTexts/${id}`,
		cookie,
		params: { templateTextId: id },
		middleware: GUARD[area],
		form,
	})
}

/** The page with its loader data, and the action data of the last submit if any (as after a form post). */
async function show(loaderData: unknown, actionData?: unknown) {
	const i18n = createInstance()
	await i18n.use(initReactI18next).init({ ...i18nOptions, resources, lng: 'en' })
	const Page = TemplateTextPage as unknown as (props: { loaderData: unknown }) => React.ReactElement
	const Stub = createRoutesStub([
		{ id: 'page', path: '*', Component: () => <Page loaderData={loaderData} /> },
	])
	document.body.innerHTML = ''
	return render(
		<I18nextProvider i18n={i18n}>
			<Stub
				initialEntries={['/en/page']}
				hydrationData={{ actionData: actionData ? { page: actionData } : {} }}
			/>
		</I18nextProvider>,
	)
}

const rowOf = (id: string) => getDb().select().from(templateTexts).where(eq(templateTexts.id, id)).get()

/** A logged-in host with an own Reminder text of `subject` and `body`. */
async function hostWithText(locale: 'de' | 'en', subject: string, body: string) {
	const host = await createLoggedInUser({ role: 'Owner' })
	return { host, text: createTemplateText(host.user, { type: 'Reminder', locale, subject, body }) }
}

describe('the template text page, host and admin', () => {
	test('the host: its own text with its name in the preview, a delete button, no history', async () => {
		const { host, text } = await hostWithText('en', 'See you, {{guestName}}', 'Yours, {{hostName}}')
		const page = await call(loader, 'host', text.id, host.cookie)
		expect(page.status).toBe(200)
		await show(page.data)
		const main = screen.getByTestId('host-template-text')
		expect(screen.queryByTestId('admin-template-text')).toBeNull()
		expect(within(main).getByRole('link', { name: 'All templates' }).getAttribute('href')).toBe(
			'/en/host/templateTexts',
		)
		expect(screen.getByTestId('template-preview').textContent).toContain(`Yours, ${host.user.displayName}`)
		expect(screen.getByRole('button', { name: 'Delete template' })).toBeTruthy()
		expect(screen.queryByTestId('audit-history')).toBeNull()

		const deleted = await call(action, 'host', text.id, host.cookie, { intent: 'delete' })
		expect(deleted.status).toBe(302)
		expect(deleted.location).toBe('/en/host/templateTexts')
		expect(rowOf(text.id)).toBeUndefined()
	})

	test('the admin: the default explained, a made-up host, the history; no delete, and a delete post deletes nothing', async () => {
		const admin = await createLoggedInUser({ role: 'Admin' })
		ensurePlatformTemplates()
		const platform = getDb().select().from(templateTexts).where(isNull(templateTexts.hostId)).get()!
		const body = `${platform.body} Signed: {{hostName}}`
		const saved = await call(action, 'admin', platform.id, admin.cookie, {
			intent: 'save',
			type: platform.type,
			locale: platform.locale,
			subject: platform.subject,
			body,
		})
		expect(saved.status).toBe(302)
		expect(saved.location).toBe(`/en/admin/templateTexts/${platform.id}`)

		const page = await call(loader, 'admin', platform.id, admin.cookie)
		expect(page.status).toBe(200)
		await show(page.data)
		const main = screen.getByTestId('admin-template-text')
		expect(within(main).getByRole('link', { name: 'All templates' }).getAttribute('href')).toBe(
			'/en/admin/templateTexts',
		)
		expect(main.textContent).toContain('The platform’s default text')
		// The made-up host is named in the page's language (English here), whatever the text's is.
		expect(screen.getByTestId('template-preview').textContent).toContain('Signed: Sample Playroom')
		expect(screen.queryByRole('button', { name: 'Delete template' })).toBeNull()
		expect(within(screen.getByTestId('audit-history')).getAllByTestId('audit-entry')).toHaveLength(1)

		const { text: hostText } = await hostWithText('de', 'Bis bald', 'Text')
		const refused = await call(action, 'admin', hostText.id, admin.cookie, { intent: 'delete' })
		expect(refused.status).toBe(400)
		expect(rowOf(hostText.id)).toEqual(hostText)
		await show((await call(loader, 'admin', hostText.id, admin.cookie)).data)
		expect(screen.getByTestId('admin-template-text').textContent).toContain('A host’s template.')
	})

	test('"Preview" saves nothing; the form and the preview show the typed text', async () => {
		const { host, text } = await hostWithText('en', 'Old', 'Old')
		const typed = { subject: 'New {{guestName}}', body: 'Typed for {{playroomName}}' }
		const preview = await call(action, 'host', text.id, host.cookie, {
			intent: 'preview',
			type: 'Reminder',
			locale: 'en',
			...typed,
		})
		expect(preview.data).toEqual({ intent: 'preview', preview: { type: 'Reminder', locale: 'en', ...typed } })
		expect(rowOf(text.id)).toEqual(text)

		await show((await call(loader, 'host', text.id, host.cookie)).data, preview.data)
		expect(screen.getByLabelText(/Subject/)).toHaveProperty('value', typed.subject)
		const shown = screen.getByTestId('template-preview').textContent
		expect(shown).toContain('New Alex')
		expect(shown).toContain('Typed for Sample Playroom')
	})
})
