import type { Route } from './+types/robots-txt.ts'
import { absoluteUrl } from '#app/models/catalogue/seo.server.ts'

/** /robots.txt — public pages may be crawled; accounts, areas, checkout and the API may not. */
const GLOBAL = ['/api/', '/resources/', '/_i18n/']
const LOCALIZED = ['/auth/', '/login', '/user/', '/guest/', '/host/', '/owner/', '/admin/', '/public/']

export async function loader(_args: Route.LoaderArgs) {
	const lines = ['User-agent: *', 'Allow: /']
	for (const path of GLOBAL) lines.push(`Disallow: ${path}`)
	for (const path of LOCALIZED) lines.push(`Disallow: ${path}`, `Disallow: /en${path}`)
	lines.push('', `Sitemap: ${absoluteUrl('/sitemap.xml')}`, '')
	return new Response(lines.join('\n'), {
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
