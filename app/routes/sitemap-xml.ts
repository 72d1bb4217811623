import type { Route } from './+types/sitemap-xml.ts'
import { sitemapEntries } from '#app/models/catalogue/catalogue-pages.server.ts'
import { absoluteUrl } from '#app/models/catalogue/seo.server.ts'

/**
 * /sitemap.xml — every public page (home, lists, city and state pages,
 * content pages, every published playroom) in German and English, each with
 * its hreflang alternates (and x-default = German).
 */
const escapeXml = (value: string) =>
	value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export async function loader(_args: Route.LoaderArgs) {
	const urls: string[] = []
	for (const entry of sitemapEntries()) {
		const alternates = entry.locales
			.map(
				(l) =>
					`<xhtml:link rel="alternate" hreflang="${l}" href="${escapeXml(absoluteUrl(entry.path, l))}"/>`,
			)
			.concat(
				entry.locales.includes('de')
					? [
							`<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(absoluteUrl(entry.path, 'de'))}"/>`,
						]
					: [],
			)
			.join('')
		for (const locale of entry.locales) {
			urls.push(
				`<url><loc>${escapeXml(absoluteUrl(entry.path, locale))}</loc>${entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : ''}${alternates}</url>`,
			)
		}
	}
	const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
	return new Response(body, {
		headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
