// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { playroomPhotos, playrooms } from '#db/schema/catalogue.ts'
import { addTestPhotos, playroomRow } from '#tests/helpers/host-office.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import PlayroomOverviewPage, {
	action as overviewAction,
	loader as overviewLoader,
} from '#app/routes/host/playroom-overview.tsx'
import PlayroomPage, { loader as playroomPageLoader } from '#app/routes/playrooms/detail.tsx'
import * as basic from './basic-information.tsx'
import EditorLayout, { loader as layoutLoader } from './layout.tsx'

/**
 * Issue 31.10, the host editor: a size with a decimal comma and a website
 * without https:// are taken; the publishing checklist links each open item to
 * its field, counts in words that agree with the number, and is shown in the
 * editor too; a Draft can be deleted (never one with orders), and its preview
 * says it is a preview.
 */
afterEach(cleanup)

const owner = [roleGuard('Owner')]

async function hostWith(overrides: Parameters<typeof createTestPlayroom>[0] = {}) {
	const host = await createLoggedInUser({ role: 'Owner' })
	const playroom = await createTestPlayroom({ hostId: host.user.id, ...overrides })
	return { host, id: playroom.id, urlPath: playroom.input.playroomUrlPath }
}

const BASIC = {
	name: 'Spielraum Komma',
	placeType: 'FixedPlace',
	street: 'Hauptstraße 5',
	postalCode: '50667',
	city: 'Köln',
	stateSlug: 'nordrhein-westfalen',
	maxGuests: '20',
}

function saveBasic(id: string, cookie: string, form: Record<string, string>, locale = '') {
	return callRoute(basic.action as never, {
		path: `${locale}/host/playrooms/edit/${id}/basic-information`,
		cookie,
		params: { playroomId: id },
		form: { ...BASIC, playroomUrlPath: `komma-${id.toLowerCase().replace(/[^a-z0-9]/g, '')}`, ...form },
	})
}

function overview(id: string, cookie: string, locale = '') {
	return { path: `${locale}/host/playrooms/${id}`, cookie, params: { playroomId: id }, middleware: owner }
}

describe('basic information: how hosts write size and website', () => {
	test('"85,5" m² and "www.example.de" are saved (85.5, https://www.example.de) and shown back in German', async () => {
		const { host, id } = await hostWith()
		const saved = await saveBasic(id, host.cookie, { sizeSqm: '85,5', websiteUrl: 'www.example.de' })
		expect(saved.status).toBe(302)
		expect(playroomRow(id)).toMatchObject({ sizeSqm: 85.5, websiteUrl: 'https://www.example.de' })

		expect((await saveBasic(id, host.cookie, { sizeSqm: '120', websiteUrl: 'example.de' })).status).toBe(302)
		expect(playroomRow(id)).toMatchObject({ sizeSqm: 120, websiteUrl: 'https://example.de' })
		expect((await saveBasic(id, host.cookie, { sizeSqm: '85.5' }, '/en')).status).toBe(302)
		expect(playroomRow(id)).toMatchObject({ sizeSqm: 85.5, websiteUrl: null })

		const tab = (locale: string) =>
			callRoute(basic.loader as never, {
				path: `${locale}/host/playrooms/edit/${id}/basic-information`,
				cookie: host.cookie,
				params: { playroomId: id },
			})
		expect(((await tab('')).data as { values: { sizeSqm: string } }).values.sizeSqm).toBe('85,5')
		expect(((await tab('/en')).data as { values: { sizeSqm: string } }).values.sizeSqm).toBe('85.5')

		const current = playroomRow(id)?.playroomUrlPath ?? ''
		const page = await callRoute(playroomPageLoader as never, {
			path: `/playrooms/${current}`,
			params: { playroomUrlPath: current },
		})
		expect((page.data as { view: { facts: string[] } }).view.facts).toContain('85,5 m²')
	})

	test('a website with another scheme or without a domain is still refused, and nothing changes', async () => {
		const { host, id } = await hostWith()
		const before = playroomRow(id)
		for (const websiteUrl of ['javascript:alert(1)', 'ftp://example.de', 'localhost', 'kein name']) {
			expect((await saveBasic(id, host.cookie, { websiteUrl })).status, websiteUrl).toBe(400)
		}
		expect((await saveBasic(id, host.cookie, { sizeSqm: '85,5,5' })).status).toBe(400)
		expect(playroomRow(id)).toEqual(before)
	})
})

describe('the publishing checklist', () => {
	test('one missing item reads "1 item is missing" / "1 Punkt fehlt"', async () => {
		const { host, id } = await hostWith({ status: 'Draft', publishedAt: null })
		addTestPhotos(id, 2)
		const messages = []
		for (const locale of ['', '/en']) {
			const refused = await callRoute(overviewAction as never, {
				...overview(id, host.cookie, locale),
				form: { intent: 'publish' },
			})
			expect(refused.status).toBe(409)
			messages.push((refused.data as { message: string }).message)
		}
		expect(messages).toEqual([
			'Der Spielraum kann noch nicht veröffentlicht werden: 1 Punkt fehlt.',
			'The playroom cannot be published yet: 1 item is missing.',
		])
	})

	test('the editor shows the checklist of a Draft; its open items link to the tab and field that complete them', async () => {
		const { host, id } = await hostWith({
			status: 'Draft',
			publishedAt: null,
			descriptionDe: '',
			descriptionEn: '',
		})
		const path = `/en/host/playrooms/edit/${id}/price`
		const layout = await callRoute(layoutLoader as never, {
			path,
			cookie: host.cookie,
			params: { playroomId: id },
		})
		const Layout = EditorLayout as unknown as (props: { loaderData: unknown }) => React.ReactElement
		await renderWithApp(<Layout loaderData={layout.data} />, { locale: 'en', path })
		const panel = screen.getByTestId('editor-publish-panel')
		expect(panel.textContent).toContain('2 items still open')
		expect(
			within(panel).getByRole('link', { name: 'At least 3 photos (0 so far)' }).getAttribute('href'),
		).toBe(`/en/host/playrooms/edit/${id}/detail-information#photos-title`)
		expect(
			within(panel).getByRole('link', { name: 'A description (in German or English)' }).getAttribute('href'),
		).toBe(`/en/host/playrooms/edit/${id}/detail-information#detail-information-descriptionDe`)
		// Done items are no links.
		expect(within(panel).queryByRole('link', { name: 'Opening hours' })).toBeNull()
		const publish = within(panel).getByRole('button', { name: 'Publish' }).closest('form')
		expect(publish?.getAttribute('action')).toBe(`/en/host/playrooms/${id}`)

		// A published playroom's editor has no checklist panel.
		const published = await hostWith()
		const publishedLayout = await callRoute(layoutLoader as never, {
			path: `/host/playrooms/edit/${published.id}/price`,
			cookie: published.host.cookie,
			params: { playroomId: published.id },
		})
		expect((publishedLayout.data as { checklist: unknown }).checklist).toBeNull()
	})

	test('the overview lists the open items as links after a refused publish', async () => {
		const { host, id } = await hostWith({ status: 'Draft', publishedAt: null })
		const loaded = await callRoute(overviewLoader as never, overview(id, host.cookie))
		const Page = PlayroomOverviewPage as unknown as (props: { loaderData: unknown }) => React.ReactElement
		await renderWithApp(<Page loaderData={loaded.data} />, { path: `/host/playrooms/${id}` })
		const checklist = screen.getByTestId('publish-checklist')
		expect(checklist.textContent).toContain('Noch 1 Punkt offen')
		expect(
			within(checklist).getByRole('link', { name: 'Mindestens 3 Fotos (bisher 0)' }).getAttribute('href'),
		).toBe(`/host/playrooms/edit/${id}/detail-information#photos-title`)
	})
})

describe('deleting a Draft', () => {
	test('the host deletes a Draft after confirming: the playroom, its photos and texts are gone', async () => {
		const { host, id } = await hostWith({ status: 'Draft', publishedAt: null })
		addTestPhotos(id, 2)
		const loaded = await callRoute(overviewLoader as never, overview(id, host.cookie))
		const Page = PlayroomOverviewPage as unknown as (props: { loaderData: unknown }) => React.ReactElement
		await renderWithApp(<Page loaderData={loaded.data} />, { path: `/host/playrooms/${id}` })
		// A plain form inside a disclosure that asks first: works without JavaScript.
		const confirm = screen.getByTestId('delete-draft')
		expect(confirm.tagName).toBe('DETAILS')
		const button = within(confirm).getByRole('button', {
			name: 'Ja, Entwurf endgültig löschen',
			hidden: true,
		})
		expect(button.closest('form')?.getAttribute('method')).toBe('post')
		expect(button.getAttribute('value')).toBe('deleteDraft')

		const other = await createLoggedInUser({ role: 'Owner' })
		const foreign = await callRoute(overviewAction as never, {
			...overview(id, other.cookie),
			form: { intent: 'deleteDraft' },
		})
		expect(foreign.status).toBe(404)
		expect(playroomRow(id)).toBeTruthy()

		const deleted = await callRoute(overviewAction as never, {
			...overview(id, host.cookie),
			form: { intent: 'deleteDraft' },
		})
		expect(deleted.status).toBe(302)
		expect(deleted.location).toBe('/host/playrooms')
		expect(playroomRow(id)).toBeUndefined()
		expect(getDb().select().from(playroomPhotos).where(eq(playroomPhotos.playroomId, id)).all()).toEqual([])
	})

	test('a published playroom and a Draft with orders are not deleted (409)', async () => {
		const published = await hostWith()
		const withOrder = await hostWith({ status: 'Draft', publishedAt: null })
		await createTestOrder({
			playroomId: withOrder.id,
			hostId: withOrder.host.user.id,
			checkIn: new Date(Date.now() - 10 * 86_400_000),
			checkOut: new Date(Date.now() - 10 * 86_400_000 + 7_200_000),
			status: 'Completed',
		})
		for (const { host, id } of [published, withOrder]) {
			const refused = await callRoute(overviewAction as never, {
				...overview(id, host.cookie, '/en'),
				form: { intent: 'deleteDraft' },
			})
			expect(refused.status).toBe(409)
			expect((refused.data as { message: string }).message).toMatch(/Only drafts|has bookings/)
			expect(getDb().select().from(playrooms).where(eq(playrooms.id, id)).get()).toBeTruthy()
		}
	})
})

describe('the preview of a Draft', () => {
	test('its host sees a banner that this is a preview, guests see no banner on a published page', async () => {
		const { host, urlPath, id } = await hostWith({ status: 'Draft', publishedAt: null })
		const render = async (cookie?: string, path = urlPath) => {
			const loaded = await callRoute(playroomPageLoader as never, {
				path: `/playrooms/${path}`,
				params: { playroomUrlPath: path },
				...(cookie ? { cookie } : {}),
			})
			expect(loaded.status).toBe(200)
			const Page = PlayroomPage as unknown as (props: { loaderData: unknown }) => React.ReactElement
			return renderWithApp(<Page loaderData={loaded.data} />, { path: `/playrooms/${path}` })
		}
		await render(host.cookie)
		const banner = screen.getByTestId('preview-banner')
		expect(banner.textContent).toContain('Vorschau eines Entwurfs: Gäste sehen diesen Spielraum noch nicht.')
		expect(within(banner).getByRole('link').getAttribute('href')).toBe(
			`/host/playrooms/edit/${id}/basic-information`,
		)
		cleanup()
		const live = await hostWith()
		await render(undefined, live.urlPath)
		expect(screen.queryByTestId('preview-banner')).toBeNull()
	})
})
