import { useTranslation } from 'react-i18next'
import type { Route } from './+types/ratings.ts'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { RatingContentView } from '#app/components/rating-view.tsx'
import { findVisiblePlayroom } from '#app/models/catalogue/playrooms.server.ts'
import { publicPlayroomRatings } from '#app/models/ratings/rating-views.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'
import { playroomPath } from '#app/utils/catalogue-urls.ts'
import { assertValidRouteParams, notFound } from '#app/utils/route-params.server.ts'

/**
 * /playrooms/:playroomUrlPath/ratings?page=N (issue 32): every published
 * rating of a playroom, newest first, 10 a page with plain links (no
 * JavaScript needed); the playroom page shows the first page.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
	assertValidRouteParams(params)
	const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1))
	try {
		const playroom = findVisiblePlayroom({ playroomUrlPath: params.playroomUrlPath }, getCaller(context))
		return {
			name: playroom.name,
			urlPath: playroom.playroomUrlPath,
			...publicPlayroomRatings(playroom.id, page),
		}
	} catch {
		throw notFound()
	}
}

export default function PlayroomRatingsPage({ loaderData }: Route.ComponentProps) {
	const { t } = useTranslation('ratings')
	const { t: tc } = useTranslation()
	const pages = Math.max(1, Math.ceil(loaderData.totalCount / loaderData.perPage))
	const here = `/playrooms/${loaderData.urlPath}/ratings`
	const title = `${t('page.title')}: ${loaderData.name}`
	return (
		<main id="main" className="mx-auto max-w-3xl px-4 py-6" data-testid="playroom-ratings-page">
			<title>{`${title} | ${tc('appName')}`}</title>
			<p className="mb-2 text-sm">
				<LocaleLink to={playroomPath(loaderData.urlPath)} className="link">
					{loaderData.name}
				</LocaleLink>
			</p>
			<h1 className="mb-2 text-2xl font-bold">{title}</h1>
			<p className="mb-4 text-xs text-ink-muted">{t('page.notice')}</p>
			<ul className="flex flex-col gap-3">
				{loaderData.items.map((item) => (
					<li key={item.id} className="card">
						<RatingContentView rating={item} />
					</li>
				))}
			</ul>
			<nav className="mt-4 flex flex-wrap items-center gap-4" aria-label={t('page.title')}>
				{loaderData.currentPage > 1 ? (
					<LocaleLink to={`${here}?page=${loaderData.currentPage - 1}`} className="link">
						{t('page.previous')}
					</LocaleLink>
				) : null}
				<span className="text-sm text-ink-muted">
					{t('page.pageOf', { page: loaderData.currentPage, pages })}
				</span>
				{loaderData.currentPage < pages ? (
					<LocaleLink
						to={`${here}?page=${loaderData.currentPage + 1}`}
						className="link"
						data-testid="ratings-next"
					>
						{t('page.next')}
					</LocaleLink>
				) : null}
			</nav>
		</main>
	)
}
