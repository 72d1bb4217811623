import { useTranslation } from 'react-i18next'
import type { Route } from './+types/home.ts'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { PageMeta } from '#app/components/page-meta.tsx'
import { CardGrid } from '#app/components/playroom-card.tsx'
import { SearchForm } from '#app/components/search-ui.tsx'
import { countByCity, favouriteIdsFor } from '#app/models/catalogue/catalogue-pages.server.ts'
import { searchPlayrooms } from '#app/models/catalogue/playroom-search.server.ts'
import { absoluteUrl, jsonLdGraph, pageMeta } from '#app/models/catalogue/seo.server.ts'
import { localDateOf } from '#app/domain/berlin-time.ts'
import { searchParamsSchema } from '#app/schemas/catalogue.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { allowPageCache } from '#app/render/page-cache.server.ts'
import { CITY_SLUGS } from '#app/utils/slugs.ts'
import { AREA_HOME } from '#app/utils/areas.ts'
import { useSessionUser } from '#app/hooks/use-root-data.ts'

/**
 * The home page: search form (city or place, date, guests, booking type),
 * popular and newest playrooms, city tiles, how it works, and the host
 * call-to-action (for a logged-in host: a link to the host area). Cached
 * 60 s for anonymous visitors.
 */
export async function loader({ context }: Route.LoaderArgs) {
	const locale = getLocale(context)
	const t = looseT(getT(context))
	const caller = getCaller(context)
	const now = Date.now()
	const list = (sort: 'rating' | 'newest') =>
		searchPlayrooms(searchParamsSchema.parse({ sort, perPage: 4 }), caller, locale, { now }).items
	const counts = countByCity()
	allowPageCache(context, 60)
	return {
		featured: list('rating'),
		newest: list('newest'),
		cities: CITY_SLUGS.map((slug) => ({ slug, count: counts[slug] ?? 0 })),
		today: localDateOf(now),
		favouriteIds: favouriteIdsFor(caller),
		meta: pageMeta({
			title: t('catalogue:home.title'),
			description: t('catalogue:home.description'),
			path: '/',
			locale,
			jsonLd: jsonLdGraph({
				'@type': 'WebSite',
				name: t('appName'),
				url: absoluteUrl('/', locale),
				inLanguage: locale,
				potentialAction: {
					'@type': 'SearchAction',
					target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl('/playrooms/search', locale)}?q={q}` },
					'query-input': 'required name=q',
				},
			}),
		}),
	}
}

export default function Home({ loaderData: data }: Route.ComponentProps) {
	const { t } = useTranslation('catalogue')
	const common = useTranslation().t
	// A logged-in host is not invited to register as one (issue 31.10): the call-to-action leads to
	// their area instead; an admin gets the host information only. Pages of logged-in visitors are
	// never taken from the anonymous page cache.
	const role = useSessionUser()?.role
	const host = role === 'Owner'
	const section = 'flex flex-col gap-4'
	const h2 = 'text-2xl font-bold'
	return (
		<main id="main" className="mx-auto flex max-w-7xl flex-col gap-12 px-4 py-8">
			<PageMeta meta={data.meta} />
			<section className="flex flex-col gap-4 py-6">
				<h1 className="max-w-3xl text-4xl font-bold">{t('home.heroTitle')}</h1>
				<p className="max-w-2xl text-lg text-ink-muted">{t('home.heroText')}</p>
				<SearchForm action="/playrooms/search" values={{}} today={data.today} variant="hero" />
				<LocaleLink to="/playrooms/fixedPlace" className="link self-start">
					{t('home.nearby')}
				</LocaleLink>
			</section>
			<section className={section} aria-labelledby="featured">
				<h2 id="featured" className={h2}>
					{t('home.featured')}
				</h2>
				<CardGrid cards={data.featured} />
				<LocaleLink to="/playrooms?sort=rating" className="link self-start">
					{t('home.showAll')}
				</LocaleLink>
			</section>
			<section className={section} aria-labelledby="newest">
				<h2 id="newest" className={h2}>
					{t('home.newest')}
				</h2>
				<CardGrid cards={data.newest} />
				<LocaleLink to="/playrooms/sorted/newest" className="link self-start">
					{t('home.showNewest')}
				</LocaleLink>
			</section>
			<section className={section} aria-labelledby="cities">
				<h2 id="cities" className={h2}>
					{t('home.cities')}
				</h2>
				<ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
					{data.cities.map((city) => (
						<li key={city.slug}>
							<LocaleLink
								to={`/playrooms/cities/${city.slug}`}
								className="card flex flex-col hover:border-accent"
							>
								<span className="font-semibold">{common(`places.cities.${city.slug}`)}</span>
								<span className="text-sm text-ink-muted">{t('home.cityCount', { count: city.count })}</span>
							</LocaleLink>
						</li>
					))}
				</ul>
			</section>
			<section className={section} aria-labelledby="how">
				<h2 id="how" className={h2}>
					{t('home.howTitle')}
				</h2>
				<ol className="grid gap-4 sm:grid-cols-3">
					{(['search', 'choose', 'book'] as const).map((step, index) => (
						<li key={step} className="card flex flex-col gap-1">
							<span className="text-sm font-semibold text-accent">{index + 1}</span>
							<h3 className="text-lg font-semibold">{t(`home.steps.${step}.title`)}</h3>
							<p className="text-ink-muted">{t(`home.steps.${step}.text`)}</p>
						</li>
					))}
				</ol>
			</section>
			<section className="card flex flex-col items-start gap-3 bg-accent-soft" aria-labelledby="hosts">
				<h2 id="hosts" className={h2}>
					{host ? t('home.hostAreaTitle') : t('home.hostTitle')}
				</h2>
				<p className="max-w-2xl">{host ? t('home.hostAreaText') : t('home.hostText')}</p>
				<div className="flex flex-wrap gap-3">
					{host ? (
						<LocaleLink to={AREA_HOME.Owner} className="btn-primary" data-testid="home-host-area">
							{t('home.hostArea')}
						</LocaleLink>
					) : role === 'Admin' ? null : (
						<LocaleLink to="/auth/register-host" className="btn-primary">
							{t('home.hostRegister')}
						</LocaleLink>
					)}
					<LocaleLink to="/info/host-info" className="btn-secondary">
						{t('home.hostLearnMore')}
					</LocaleLink>
				</div>
			</section>
		</main>
	)
}
