import { useTranslation } from 'react-i18next'
import type { Route } from './+types/place.ts'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { PageMeta } from '#app/components/page-meta.tsx'
import { CardGrid, cardPoints } from '#app/components/playroom-card.tsx'
import { ResultsMap } from '#app/components/results-map.tsx'
import {
	activeFilterCount,
	FilterDisclosure,
	Pagination,
	ResultCount,
	SearchForm,
	SearchNotices,
} from '#app/components/search-ui.tsx'
import {
	cityPlace,
	favouriteIdsFor,
	knownFeatureKeys,
	readSearchPage,
	runPageSearch,
	statePlace,
} from '#app/models/catalogue/catalogue-pages.server.ts'
import {
	breadcrumbJsonLd,
	itemListJsonLd,
	jsonLdGraph,
	ogImage,
	pageMeta,
} from '#app/models/catalogue/seo.server.ts'
import { localDateOf } from '#app/domain/berlin-time.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'
import { playroomPath, queryString } from '#app/utils/catalogue-urls.ts'
import { formatLocalDate } from '#app/utils/format.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { allowPageCache } from '#app/render/page-cache.server.ts'
import { assertValidRouteParams } from '#app/utils/route-params.server.ts'
import type { CitySlug, StateSlug } from '#app/utils/slugs.ts'

/**
 * City pages /playrooms/cities/:citySlug and state pages
 * /playrooms/states/:stateSlug — only the spec's slugs (others are the 404
 * page): heading, intro, the playrooms there (with date/guests filters in the
 * URL), a map and links to neighbouring cities.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
	assertValidRouteParams(params)
	const locale = getLocale(context)
	const t = looseT(getT(context))
	const caller = getCaller(context)
	const now = Date.now()
	const citySlug = params.citySlug as CitySlug | undefined
	const place = citySlug ? cityPlace(citySlug) : statePlace(params.stateSlug as StateSlug, locale)
	const path = citySlug ? `/playrooms/cities/${place.slug}` : `/playrooms/states/${place.slug}`
	const search = readSearchPage(url, {
		now,
		knownFeatures: knownFeatureKeys(),
		fixed: citySlug ? { city: place.slug } : { state: place.slug },
	})
	const result = runPageSearch(search, caller, locale, { now })
	allowPageCache(context, search.query.checkIn ? 20 : 60)

	const title = citySlug
		? t('catalogue:places.cityTitle', { city: place.name })
		: t('catalogue:places.stateTitle', { state: place.name })
	const links = result.items.map((c) => ({ name: c.name, path: playroomPath(c.playroomUrlPath) }))
	return {
		kind: citySlug ? ('city' as const) : ('state' as const),
		path,
		place: { slug: place.slug, name: place.name, neighbours: place.neighbours },
		intro: citySlug
			? t(`catalogue:places.cityIntro.${citySlug}`)
			: t(`catalogue:places.stateIntro.${place.slug as StateSlug}`),
		search: { form: search.form, invalid: search.invalid, notices: search.notices },
		result,
		cardQuery: queryString({
			date: search.query.checkIn,
			guests: search.query.guests,
			bookingType: search.query.bookingType,
		}),
		dateLabel: search.query.checkIn ? formatLocalDate(search.query.checkIn, locale) : null,
		today: localDateOf(now),
		favouriteIds: favouriteIdsFor(caller),
		meta: pageMeta({
			title,
			description: citySlug
				? t('catalogue:places.cityDescription', { city: place.name })
				: t('catalogue:places.stateDescription', { state: place.name }),
			path,
			locale,
			image: ogImage(result.items[0]?.image),
			jsonLd: jsonLdGraph(
				itemListJsonLd(links, locale),
				breadcrumbJsonLd(
					[
						{ name: t('nav.home'), path: '/' },
						{ name: t('nav.playrooms'), path: '/playrooms' },
						{ name: place.name, path },
					],
					locale,
				),
			),
		}),
	}
}

export default function PlacePage({ loaderData: data }: Route.ComponentProps) {
	const { t } = useTranslation('catalogue')
	const { result, place } = data
	return (
		<main id="main" className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8" data-page={data.kind}>
			<PageMeta meta={data.meta} />
			<header className="flex flex-col gap-3">
				<h1 className="text-3xl font-bold">{data.meta.title}</h1>
				<p className="max-w-3xl text-lg text-ink-muted">{data.intro}</p>
			</header>
			<FilterDisclosure active={activeFilterCount(data.search.form, 'hero')}>
				<SearchForm action={data.path} values={data.search.form} today={data.today} variant="hero" />
			</FilterDisclosure>
			<SearchNotices invalid={data.search.invalid} notices={data.search.notices} />
			<ResultCount count={result.totalCount} dateLabel={data.dateLabel} />
			{result.items.length ? (
				<CardGrid cards={result.items} label={t('search.resultsLabel')} query={data.cardQuery} />
			) : (
				<p className="card text-ink-muted" data-testid="no-results">
					{t('search.noResults')}
				</p>
			)}
			<Pagination page={result.currentPage} pages={result.totalPages} />
			<ResultsMap points={cardPoints(result.items)} title={data.meta.title} />
			<nav aria-labelledby="neighbours" className="flex flex-col gap-2">
				<h2 id="neighbours" className="text-xl font-semibold">
					{t('places.neighbours')}
				</h2>
				<ul className="flex flex-wrap gap-2">
					{place.neighbours.map((n) => (
						<li key={n.slug}>
							<LocaleLink to={`/playrooms/cities/${n.slug}`} className="btn-secondary">
								{n.name}{' '}
								<span className="text-ink-muted">{t('places.neighbourDistance', { km: n.distanceKm })}</span>
							</LocaleLink>
						</li>
					))}
				</ul>
			</nav>
		</main>
	)
}
