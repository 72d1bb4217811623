// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { ensurePlatformTemplates } from '#app/models/host-office/template-texts.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import PlayroomPage, { loader as playroomLoader } from './playroom-detail.tsx'
import PlayroomsPage, { loader as playroomsLoader } from './playrooms.tsx'
import TemplateTextsPage, { loader as templateTextsLoader } from './template-texts.tsx'

/** The issue-14 admin pages render their loader data: rows, links, the block form (ADR 0096). */
const adminArea = [roleGuard('Admin')]

async function page(Component: unknown, loader: unknown, path: string, params?: Record<string, string>) {
	const { cookie } = await createLoggedInUser({ role: 'Admin' })
	const result = await callRoute(loader as never, { path, cookie, params, middleware: adminArea })
	expect(result.status).toBe(200)
	const Page = Component as (props: { loaderData: unknown }) => React.ReactElement
	return renderWithApp(<Page loaderData={result.data} />, { locale: 'en' })
}

describe('admin entity pages', () => {
	test('playroom list and detail: row link, host link, block form, public and editor links', async () => {
		const name = `Renderraum ${Math.random().toString(36).slice(2, 7)}`
		const room = await createTestPlayroom({ name })
		await page(PlayroomsPage, playroomsLoader, `/admin/playrooms?tableFilter=${encodeURIComponent(name)}`)
		expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(`/en/admin/playrooms/${room.id}`)
		expect(screen.getAllByTestId('playroom-row')).toHaveLength(1)
		// The CSV of the same query (the page's own search is appended), from the list's API.
		expect(screen.getByTestId('table-export').getAttribute('href')).toMatch(
			/^\/api\/Admin\/Playrooms\/Export\?/,
		)
		// …in the page's language and conventions (issue 34, ADR 0174).
		const exportParams = new URL(screen.getByTestId('table-export').getAttribute('href') ?? '', 'http://x')
		expect(exportParams.searchParams.get('lang')).toBe('en')

		await page(PlayroomPage, playroomLoader, `/admin/playrooms/${room.id}`, { playroomId: room.id })
		expect(screen.getByRole('heading', { level: 1, name })).toBeTruthy()
		expect(screen.getByRole('button', { name: 'Block' })).toBeTruthy()
		expect((screen.getByLabelText(/Reason \(e-mailed to the host\)/) as HTMLInputElement).required).toBe(true)
		expect(screen.getByTestId('edit-as-host').getAttribute('href')).toBe(`/en/host/playrooms/edit/${room.id}`)
		expect(screen.getByTestId('view-public').getAttribute('href')).toMatch(/^\/en\/playrooms\//)
	})

	test('template texts: one linked row per type in a language', async () => {
		ensurePlatformTemplates() // start-up's job; the list only reads
		await page(TemplateTextsPage, templateTextsLoader, '/admin/templateTexts?locale=en&type=Reminder')
		expect(screen.getByRole('link', { name: 'Reminder' })).toBeTruthy()
		expect(screen.getAllByTestId('template-row')).toHaveLength(1)
	})
})
