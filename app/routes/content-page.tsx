import { useTranslation } from 'react-i18next'
import type { Route } from './+types/content-page.ts'
import { redirect } from 'react-router'
import { contentSlugFromPath, getContentPage } from '#app/models/catalogue/content.server.ts'
import { customUrlTarget } from '#app/models/catalogue/playrooms.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'
import { playroomPath } from '#app/utils/catalogue-urls.ts'
import { getLocale } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { allowPageCache } from '#app/render/page-cache.server.ts'
import { notFound } from '#app/utils/route-params.server.ts'

/**
 * Content pages (spec §2): the catch-all and the /info/* routes. The slug is the
 * locale-free path ("info/imprint", "privacy-policy"); the page comes from the
 * database in the page's language, its Markdown rendered without raw HTML
 * (app/models/catalogue/content.server.ts). A playroom's custom URL ("/spielwiese")
 * redirects to its page (302: hosts may change it). Unknown or unpublished
 * slug → the 404 page.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
	const slug = contentSlugFromPath(url.pathname)
	const locale = getLocale(context)
	const page = slug.length <= 200 ? getContentPage(slug, locale) : null
	if (!page) {
		const playroom = customUrlTarget(slug, getCaller(context))
		if (playroom) throw redirect(`${localizePath(playroomPath(playroom), locale)}${url.search}`, 302)
		throw notFound()
	}
	allowPageCache(context, 300)
	return { page }
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
	const { page } = loaderData
	const { t } = useTranslation()
	return (
		<main id="main" className="mx-auto max-w-3xl px-4 py-12">
			<title>{`${page.title} | ${t('appName')}`}</title>
			<meta name="description" content={page.description} />
			<h1 className="mb-6 text-3xl font-bold">{page.title}</h1>
			{/* Rendered by markdown-it with html: false — source HTML is escaped. */}
			<div className="content-page space-y-4" dangerouslySetInnerHTML={{ __html: page.html }} />
		</main>
	)
}
