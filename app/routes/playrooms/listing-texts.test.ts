import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { playroomAdditions, playroomQuestions } from '#db/schema/catalogue.ts'
import { addTestPhotos, playroomRow } from '#tests/helpers/host-office.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import * as detailTab from '#app/routes/host/editor/detail-information.tsx'
import * as priceTab from '#app/routes/host/editor/price.tsx'
import { action as overviewAction } from '#app/routes/host/playroom-overview.tsx'
import * as page from './detail.tsx'

/**
 * Issue 31: what a host writes is what guests see.
 * 1. The description's Markdown is rendered on the public page exactly as the
 *    editor's preview renders it, and sanitised (no raw HTML, no javascript: links).
 * 5. One language is enough: a German-only playroom (description, FAQ, extras)
 *    saves and publishes, and its English page shows the German text with a note.
 */
type PageData = { html: { info: string; prices: string }; meta: { description: string } }

async function publicPage(urlPath: string, lang: 'de' | 'en') {
	const result = await callRoute(page.loader as never, {
		path: `${lang === 'en' ? '/en' : ''}/playrooms/${urlPath}`,
		params: { playroomUrlPath: urlPath },
	})
	expect(result.status).toBe(200)
	return result.data as PageData
}

async function hostWithDraft(overrides: Parameters<typeof createTestPlayroom>[0] = {}) {
	const host = await createLoggedInUser({ role: 'Owner' })
	const playroom = await createTestPlayroom({ hostId: host.user.id, ...overrides })
	return { host, playroom, id: playroom.id, urlPath: playroom.input.playroomUrlPath }
}

const saveTab = (
	module: { action: unknown },
	tab: string,
	id: string,
	cookie: string,
	form: Record<string, string | string[]>,
) =>
	callRoute(module.action as never, {
		path: `/host/playrooms/edit/${id}/${tab}`,
		cookie,
		params: { playroomId: id },
		form,
	})

const MARKDOWN = [
	'Unser Raum hat **85 m²** und:',
	'',
	'- ein Bällebad',
	'- eine Kletterwand',
	'',
	'<script>alert("x")</script> <img src=x onerror=alert(1)>',
	'',
	'[Klick](javascript:alert(1)) und [Website](https://example.org)',
].join('\n')

describe('issue 31.1: the listing Markdown on the public page', () => {
	test('bold and list items render as on the editor preview; HTML and javascript: links stay inert', async () => {
		const { host, id, urlPath } = await hostWithDraft()
		const saved = await saveTab(detailTab, 'detail-information', id, host.cookie, {
			intent: 'detail',
			descriptionDe: MARKDOWN,
			descriptionEn: 'A **big** room.',
		})
		expect(saved.status).toBe(302)

		const { info } = (await publicPage(urlPath, 'de')).html
		expect(info).toContain('<strong>85 m²</strong>')
		expect(info).not.toContain('**85 m²**')
		expect(info).toMatch(/<ul>\s*<li>ein Bällebad<\/li>\s*<li>eine Kletterwand<\/li>\s*<\/ul>/)
		// Raw HTML is text, never markup; javascript: is no link.
		expect(info).not.toMatch(/<script|<img/i)
		expect(info).toContain('&lt;script&gt;')
		expect(info).not.toMatch(/href="javascript:/i)
		expect(info).toContain('href="https://example.org"')

		// One render path: the editor's preview is exactly what the public page shows.
		const editor = await callRoute(detailTab.loader as never, {
			path: `/host/playrooms/edit/${id}/detail-information`,
			cookie: host.cookie,
			params: { playroomId: id },
		})
		const previews = (editor.data as { previews: { de: string; en: string } }).previews
		expect(previews.de).toContain('<strong>85 m²</strong>')
		expect(info).toContain(previews.de)
		expect((await publicPage(urlPath, 'en')).html.info).toContain(previews.en)

		// Search snippets get the text, not the Markdown.
		const meta = (await publicPage(urlPath, 'de')).meta
		expect(meta.description).toMatch(/^Unser Raum hat 85 m² und: ein Bällebad eine Kletterwand/)
		expect(meta.description).not.toContain('**')
	})
})

describe('issue 31.5: one language is enough', () => {
	test('a German-only playroom saves its FAQ and extras, publishes, and its English page falls back with a note', async () => {
		const { host, id, urlPath } = await hostWithDraft({
			status: 'Draft',
			publishedAt: null,
			descriptionEn: '',
			rulesEn: '',
		})
		addTestPhotos(id, 3)

		const detail = await saveTab(detailTab, 'detail-information', id, host.cookie, {
			intent: 'detail',
			descriptionDe: 'Ein **großer** Raum nur auf Deutsch.',
			descriptionEn: '',
			'questions[0].questionDe': 'Gibt es Parkplätze?',
			'questions[0].answerDe': 'Ja, im Hof.',
		})
		expect(detail.status).toBe(302)
		expect(
			getDb().select().from(playroomQuestions).where(eq(playroomQuestions.playroomId, id)).all(),
		).toMatchObject([{ questionDe: 'Gibt es Parkplätze?', answerDe: 'Ja, im Hof.', questionEn: '' }])

		const price = await saveTab(priceTab, 'price', id, host.cookie, {
			'prices.Hourly.weekdayPrice': '40',
			'prices.Hourly.weekendPrice': '50',
			'prices.Hourly.guestsIncluded': '8',
			'prices.Hourly.extraGuestFee': '3',
			'prices.Hourly.cleaningFee': '0',
			'prices.Hourly.deposit': '0',
			'extras[0].nameDe': 'Geburtstagskuchen',
			'extras[0].price': '12,50',
			'extras[0].unit': 'PerBooking',
			'extras[0].maxQuantity': '1',
		})
		expect(price.status).toBe(302)
		expect(
			getDb().select().from(playroomAdditions).where(eq(playroomAdditions.playroomId, id)).all(),
		).toMatchObject([{ nameDe: 'Geburtstagskuchen', nameEn: '', price: 1250 }])

		const published = await callRoute(overviewAction as never, {
			path: `/host/playrooms/${id}`,
			cookie: host.cookie,
			params: { playroomId: id },
			form: { intent: 'publish' },
			middleware: [roleGuard('Owner')],
		})
		expect(published.status).toBe(302)
		expect(playroomRow(id)?.status).toBe('Published')

		const en = await publicPage(urlPath, 'en')
		expect(en.html.info).toContain('<strong>großer</strong> Raum nur auf Deutsch.')
		expect(en.html.info).toContain('Only available in German')
		expect(en.html.info).toContain('lang="de"')
		expect(en.html.info).toContain('Gibt es Parkplätze?')
		expect(en.html.prices).toContain('Geburtstagskuchen')

		const de = await publicPage(urlPath, 'de')
		expect(de.html.info).toContain('<strong>großer</strong> Raum nur auf Deutsch.')
		expect(de.html.info).not.toContain('Nur auf')
		expect(de.html.info).not.toContain('lang="de"')
	})

	test('an English-only FAQ entry shows in German with the note "Nur auf Englisch verfügbar"', async () => {
		const { host, id, urlPath } = await hostWithDraft()
		const saved = await saveTab(detailTab, 'detail-information', id, host.cookie, {
			intent: 'detail',
			descriptionDe: 'Ein Raum.',
			descriptionEn: 'A room.',
			'questions[0].questionEn': 'Is there parking?',
			'questions[0].answerEn': 'Yes.',
		})
		expect(saved.status).toBe(302)
		const { info } = (await publicPage(urlPath, 'de')).html
		expect(info).toContain('Is there parking?')
		expect(info).toContain('Nur auf Englisch verfügbar')
	})
})
