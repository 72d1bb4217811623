import { describe, expect, test } from 'vitest'
import { contentPages } from '#db/schema/content.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { getDb } from '#app/utils/db.server.ts'
import { loader as contentLoader } from '#app/routes/content-page.tsx'
import { contentSlugFromPath, getContentPage, renderMarkdown } from './content.server.ts'

describe('content pages', () => {
	test('Markdown is rendered without raw HTML or script links', () => {
		const html = renderMarkdown(
			'# Titel\n\n<script>alert(1)</script> <b>fett</b>\n\n[klick](javascript:alert(1)) [extern](https://example.com)',
		)
		expect(html).toContain('<h1>Titel</h1>')
		expect(html).not.toContain('<script>')
		expect(html).toContain('&lt;script&gt;')
		expect(html).not.toContain('href="javascript:')
		expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">extern</a>')
	})

	test('slugs from paths', () => {
		expect(contentSlugFromPath('/en/info/imprint/')).toBe('info/imprint')
		expect(contentSlugFromPath('/privacy-policy')).toBe('privacy-policy')
		expect(contentSlugFromPath('/enten')).toBe('enten')
	})

	test('a published page by slug and locale; unpublished and unknown are null', () => {
		getDb()
			.insert(contentPages)
			.values([
				{ slug: 'info/imprint', locale: 'de', title: 'Impressum', bodyMarkdown: 'Angaben **gemäß** § 5 DDG' },
				{ slug: 'info/imprint', locale: 'en', title: 'Imprint', bodyMarkdown: 'Legal notice' },
				{ slug: 'secret', locale: 'de', title: 'Geheim', bodyMarkdown: 'x', published: false },
			])
			.run()
		expect(getContentPage('info/imprint', 'de')).toMatchObject({
			title: 'Impressum',
			html: '<p>Angaben <strong>gemäß</strong> § 5 DDG</p>\n',
			alternates: ['de', 'en'],
		})
		expect(getContentPage('info/imprint', 'en')?.title).toBe('Imprint')
		expect(getContentPage('secret', 'de')).toBeNull()
		expect(getContentPage('nope', 'de')).toBeNull()
	})

	test('the catch-all route serves pages in the URL’s language and 404s unknown slugs', async () => {
		getDb()
			.insert(contentPages)
			.values([{ slug: 'privacy-policy', locale: 'en', title: 'Privacy policy', bodyMarkdown: 'We care.' }])
			.run()
		const found = await callRoute(contentLoader as never, { path: '/en/privacy-policy' })
		expect(found.data).toMatchObject({ page: { title: 'Privacy policy' } })
		const german = await callRoute(contentLoader as never, { path: '/privacy-policy' })
		expect(german.status).toBe(404)
		expect((await callRoute(contentLoader as never, { path: '/gibt/es/nicht' })).status).toBe(404)
	})
})
