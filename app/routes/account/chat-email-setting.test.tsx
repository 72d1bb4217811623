// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import type { ChatEmailFrequency } from '#db/schema/conversations.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import AccountEditPage, { loader } from './edit.tsx'

/** Issue 32: the chat e-mail setting on the account page of guests and hosts, in German and English. */
afterEach(cleanup)

const Page = AccountEditPage as unknown as (props: { loaderData: unknown }) => React.ReactElement

async function renderEdit(
	area: 'guest' | 'host' | 'admin',
	locale: 'de' | 'en',
	chatEmailFrequency: ChatEmailFrequency = 'Hourly',
) {
	const role = area === 'guest' ? 'Customer' : area === 'host' ? 'Owner' : 'Admin'
	const { cookie } = await createLoggedInUser({ role, chatEmailFrequency })
	const path = `${locale === 'en' ? '/en' : ''}/${area}/account/edit`
	const page = await callRoute(loader as never, { path, cookie, middleware: [roleGuard(role)] })
	expect(page.status).toBe(200)
	await renderWithApp(<Page loaderData={page.data} />, { locale, path })
}

test('guests and hosts see "Chat e-mails" with their value selected, in German and English', async () => {
	await renderEdit('guest', 'de')
	const german = screen.getByLabelText('Ungelesene Chat-Nachrichten per E-Mail') as HTMLSelectElement
	expect(german.name).toBe('chatEmailFrequency')
	expect(german.value).toBe('Hourly')
	expect([...german.options].map((option) => option.textContent)).toEqual([
		'Sofort (wenn eine Nachricht 15 Minuten ungelesen ist)',
		'Höchstens einmal pro Stunde',
		'Nie',
	])
	// Part of the e-mail settings form, so it is saved by the same plain post (no JavaScript needed).
	expect(german.form?.querySelector('input[name="intent"]')?.getAttribute('value')).toBe('emailSettings')
	cleanup()

	await renderEdit('host', 'en', 'Off')
	const english = screen.getByLabelText('Unread chat messages by e-mail') as HTMLSelectElement
	expect(english.value).toBe('Off')
	expect([...english.options].map((option) => option.textContent)).toEqual([
		'Immediately (when a message has been unread for 15 minutes)',
		'At most once an hour',
		'Never',
	])
})

test('admins have no chat e-mails and see no setting', async () => {
	await renderEdit('admin', 'en')
	expect(screen.queryByLabelText('Unread chat messages by e-mail')).toBeNull()
})
