import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import type { Route } from './+types/search.ts'
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
import { SpriteIcon } from '#app/components/icon.tsx'
import {
	favouriteIdsFor,
	knownFeatureKeys,
	readSearchPage,
	runPageSearch,
	searchFormOptions,
	type SearchPageFixed,
} from '#app/models/catalogue/catalogue-pages.server.ts'
import { cardView } from '#app/models/catalogue/playroom-cards.server.ts'
import { breadcrumbJsonLd, itemListJsonLd, jsonLdGraph, pageMeta } from '#app/models/catalogue/seo.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'
import { playroomPath, queryString, withQuery } from '#app/utils/catalogue-urls.ts'
import { useLocalFavourites } from '#app/utils/favourites.ts'
import { formatLocalDate } from '#app/utils/format.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { localDateOf } from '#app/domain/berlin-time.ts'
import { stripLocale } from '#app/utils/locale.ts'
import { allowPageCache } from '#app/render/page-cache.server.ts'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { useSessionUser } from '#app/hooks/use-root-data.ts'

/**
 * /playrooms, /playrooms/search, /playrooms/sorted/newest and
 * /playrooms/fixedPlace: one page module, four route ids. All filter state is
 * in the URL (a GET form), bad parameters become notices (ADR 0030), the page
 * is cached for anonymous visitors (20 s with a date, 60 s without).
 */
const KINDS = {
	'/playrooms': { key: 'playrooms', id: 'playrooms', fixed: {} },
	'/playrooms/search': { key: 'search', id: 'playrooms/search', fixed: {} },
	'/playrooms/sorted/newest': { key: 'newest', id: 'playrooms/sorted/newest', fixed: { sort: 'newest' } },
	'/playrooms/fixedPlace': { key: 'fixedPlace', id: 'playrooms/fixedPlace', fixed: { fixedPlace: true } },
} as const satisfies Record<string, { key: string; id: string; fixed: SearchPageFixed }>

export async function loader({ url, context }: Route.LoaderArgs) {
	const path = stripLocale(url.pathname) as keyof typeof KINDS
	const kind = KINDS[path] ?? KINDS['/playrooms']
	const locale = getLocale(context)
	const t = looseT(getT(context))
	const caller = getCaller(context)
	const now = Date.now()
	const search = readSearchPage(url, { now, knownFeatures: knownFeatureKeys(), fixed: kind.fixed })
	const result = runPageSearch(search, caller, locale, { now })
	const favourites = search.query.onlyFavorites === true
	allowPageCache(context, search.query.checkIn ? 20 : 60)

	const listKey = favourites ? 'favourites' : kind.key
	// Titles are keyed by the route id (common:pages.<id>); the favourites view has its own.
	const title = favourites ? t('catalogue:listPages.favourites.title') : t(`pages.${kind.id}`)
	const links = result.items.map((c) => ({ name: c.name, path: playroomPath(c.playroomUrlPath) }))
	const { q, city, state, checkIn } = search.query
	const sorts = [
		'relevance',
		'price',
		'priceDesc',
		'rating',
		'newest',
		...(search.origin || city ? ['distance'] : []),
	]
	return {
		kind: kind.key,
		path,
		favourites,
		search: {
			form: search.form,
			invalid: search.invalid,
			notices: search.notices,
			view: search.view,
			origin: search.origin,
		},
		result: { ...result, items: result.items.map(cardView) },
		cardQuery: queryString({
			date: search.query.checkIn,
			guests: search.query.guests,
			bookingType: search.query.bookingType,
		}),
		dateLabel: checkIn ? formatLocalDate(checkIn, locale) : null,
		options: searchFormOptions(locale),
		sorts: kind.key === 'newest' ? [] : sorts,
		today: localDateOf(now),
		favouriteIds: favouriteIdsFor(caller),
		meta: pageMeta({
			title,
			description: t(`catalogue:listPages.${listKey}.description`),
			path,
			locale,
			noindex: favourites || Boolean(q || city || state || checkIn),
			jsonLd: jsonLdGraph(
				itemListJsonLd(links, locale),
				breadcrumbJsonLd(
					[
						{ name: t('nav.home'), path: '/' },
						{ name: title, path },
					],
					locale,
				),
			),
		}),
	}
}

/** A visitor's favourites view: the ids from localStorage go into the URL (favoriteIds), so the server can list them. */
function useVisitorFavouritesInUrl(active: boolean) {
	const user = useSessionUser()
	const local = useLocalFavourites()
	const hydrated = useHydrated()
	const location = useLocation()
	const navigate = useNavigate()
	useEffect(() => {
		if (!active || user || !hydrated) return
		const params = new URLSearchParams(location.search)
		const wanted = local.join(',')
		if (params.getAll('favoriteIds').join(',') === wanted) return
		params.delete('favoriteIds')
		params.delete('page')
		if (wanted) params.set('favoriteIds', wanted)
		void navigate({ search: `?${params}` }, { replace: true, preventScrollReset: true })
	}, [active, user, hydrated, local, location.search, navigate])
}

export default function SearchPage({ loaderData: data }: Route.ComponentProps) {
	const { t } = useTranslation('catalogue')
	const location = useLocation()
	const hydrated = useHydrated()
	const user = useSessionUser()
	useVisitorFavouritesInUrl(data.favourites)
	const { result, search } = data
	const map = search.view === 'map'
	const variant = data.kind === 'fixedPlace' ? 'place' : 'full'
	const viewLink = (view: 'list' | 'map', icon: string) => (
		<Link
			to={withQuery(location.search, { view: view === 'map' ? 'map' : undefined, page: undefined })}
			aria-current={search.view === view ? 'page' : undefined}
			className={search.view === view ? 'btn-primary' : 'btn-secondary'}
			preventScrollReset
		>
			<SpriteIcon name={icon} className="h-4 w-4" />
			{t(`search.${view}`)}
		</Link>
	)
	return (
		<main id="main" className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8" data-page={data.kind}>
			<PageMeta meta={data.meta} />
			<h1 className="text-3xl font-bold">{data.meta.title}</h1>
			{search.origin ? (
				<p className="text-ink-muted">
					{t('fixedPlace.around', { radius: search.origin.radius, place: search.origin.label })}
				</p>
			) : null}
			{data.favourites ? null : (
				<FilterDisclosure active={activeFilterCount(search.form, variant)}>
					<SearchForm
						action={data.path}
						values={search.form}
						today={data.today}
						variant={variant}
						options={data.options}
						sorts={data.sorts}
						hidden={search.view === 'map' ? { view: 'map' } : {}}
					/>
				</FilterDisclosure>
			)}
			<SearchNotices invalid={search.invalid} notices={search.notices} />
			<div className="flex flex-wrap items-center justify-between gap-3">
				<ResultCount count={result.totalCount} dateLabel={data.dateLabel} live />
				<nav aria-label={t('search.view')} className="flex gap-2">
					{viewLink('list', 'list')}
					{viewLink('map', 'map')}
				</nav>
			</div>
			{map ? <ResultsMap points={cardPoints(result.items)} title={data.meta.title} /> : null}
			{result.items.length ? (
				<CardGrid cards={result.items} label={t('search.resultsLabel')} query={data.cardQuery} />
			) : data.favourites && !user && !hydrated ? null : (
				<p className="card text-ink-muted" data-testid="no-results">
					{data.favourites ? t('search.favouritesEmpty') : t('search.noResults')}
				</p>
			)}
			<Pagination page={result.currentPage} pages={result.totalPages} />
		</main>
	)
}
