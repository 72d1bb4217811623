import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { redirect, useLocation } from 'react-router'
import type { Route } from './+types/detail.ts'
import { CachedFragment } from '#app/components/cached-fragment.tsx'
import { FavouriteButton } from '#app/components/favourite-button.tsx'
import { SpriteIcon } from '#app/components/icon.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { PageMeta } from '#app/components/page-meta.tsx'
import { CardGrid } from '#app/components/playroom-card.tsx'
import { PhotoGallery, SharePanel, useSectionLinks } from '#app/components/playroom-page-parts.tsx'
import { ResultsMap } from '#app/components/results-map.tsx'
import { formerPathTarget } from '#app/models/host-office/host-editor.server.ts'
import { cardView } from '#app/models/catalogue/playroom-cards.server.ts'
import { playroomBookingHtml, playroomInfoParts } from '#app/routes/playrooms/detail-parts.server.ts'
import { DocumentHtml } from '#app/render/document-html.tsx'
import { documentOnlyHtml } from '#app/render/document-html.server.ts'
import { loadPlayroomPage } from '#app/models/catalogue/playroom-page.server.ts'
import { customUrlTarget } from '#app/models/catalogue/playrooms.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { playroomPath, websiteRedirectPath } from '#app/utils/catalogue-urls.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { localizePath } from '#app/utils/locale.ts'
import { allowPageCache } from '#app/render/page-cache.server.ts'
import { notFound } from '#app/utils/route-params.server.ts'
import { useIsFavourite } from '#app/utils/favourites.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'

/**
 * The playroom page /playrooms/:playroomUrlPath. A custom URL (vanity path)
 * redirects here; unknown, Draft, Paused and Blocked playrooms (for everyone
 * but their host and admins) are the 404 page. What the visitor chooses —
 * booking type, month, date, start, guests, photo — is in the URL, so the way
 * to the checkout link works without JavaScript (ADR 0034). Cached 15 s for
 * anonymous visitors (the calendar shows live availability).
 */
const URL_PATH = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

export async function loader({ params, url, context }: Route.LoaderArgs) {
	const locale = getLocale(context)
	const t = looseT(getT(context))
	const caller = getCaller(context)
	const urlPath = params.playroomUrlPath ?? ''
	let data: ReturnType<typeof loadPlayroomPage>
	try {
		if (!URL_PATH.test(urlPath) || urlPath.length > 120) throw notFound()
		data = loadPlayroomPage(urlPath, url, caller, locale, { now: Date.now() })
	} catch (error) {
		if (!isAppError(error) && !(error && typeof error === 'object' && 'init' in error)) throw error
		const custom = customUrlTarget(urlPath, caller)
		if (custom) throw redirect(`${localizePath(playroomPath(custom), locale)}${url.search}`, 302)
		// A path the playroom had before its host changed it: permanently moved (issue 12).
		const current = formerPathTarget(urlPath)
		if (current) throw redirect(`${localizePath(playroomPath(current), locale)}${url.search}`, 301)
		throw notFound()
	}
	allowPageCache(context, 15)
	const { detail } = data
	const info = playroomInfoParts(data, t, locale)
	return {
		detail: {
			id: detail.id,
			name: detail.name,
			playroomUrlPath: detail.playroomUrlPath,
			address: detail.address,
			lat: detail.lat,
			lng: detail.lng,
			photos: detail.photos,
			hasWebsite: detail.hasWebsite,
		},
		photo: data.choice.photo,
		favouriteIds: data.favouriteIds,
		// What the cards show (ADR 0121), as on the results pages.
		nearby: data.nearby.map(cardView),
		view: info.view,
		// Written into a document, loader data only for client navigations (ADR 0122).
		html: documentOnlyHtml(context, 'playroom', {
			booking: playroomBookingHtml(data, t, locale),
			info: info.html.info,
			prices: info.html.prices,
		}),
		notice: data.invalid.length
			? t('catalogue:notices.invalid', {
					fields: data.invalid.map((f) => t(`catalogue:fields.${f}`)).join(', '),
				})
			: null,
		crumbs: info.crumbs,
		shareUrl: info.shareUrl,
		meta: info.meta,
	}
}

/** Counts one view per page visit (PlayroomPageView; no consent needed, ADR 0033). */
function useCountView(playroomUrlPath: string) {
	useEffect(() => {
		void fetch('/api/Public/Playrooms/PlayroomPageView', {
			method: 'POST',
			credentials: 'same-origin',
			keepalive: true,
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ playroomUrlPath }),
		}).catch(() => {})
	}, [playroomUrlPath])
}

export default function PlayroomPage({ loaderData: data }: Route.ComponentProps) {
	const { t } = useTranslation('catalogue')
	const locale = useLocale()
	const { detail, view } = data
	useCountView(detail.playroomUrlPath)
	const followLinks = useSectionLinks()
	const favourite = useIsFavourite(detail.id)
	const { pathname, search } = useLocation()
	// ADR 0123: parts of the page that are the same HTML for the same inputs (the gallery is not:
	// its first photo is preloaded in <head>).
	const keyOf = (part: string, inputs: unknown) => () =>
		`playroom-${part}\n${locale}\n${JSON.stringify(inputs)}`
	const h2 = 'text-xl font-semibold'
	return (
		<main id="main" className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8" data-page="playroom">
			<PageMeta meta={data.meta} />
			<CachedFragment cacheKey={keyOf('crumbs', data.crumbs)}>
				<nav aria-label={t('detail.breadcrumbs')}>
					<ol className="flex flex-wrap gap-1 text-sm text-ink-muted">
						{data.crumbs.map((crumb, i) => (
							<li key={crumb.path} className="flex gap-1">
								{i > 0 ? <span aria-hidden="true">›</span> : null}
								{i < data.crumbs.length - 1 ? (
									<LocaleLink to={crumb.path} className="hover:text-ink hover:underline">
										{crumb.name}
									</LocaleLink>
								) : (
									<span aria-current="page">{crumb.name}</span>
								)}
							</li>
						))}
					</ol>
				</nav>
			</CachedFragment>
			<CachedFragment
				cacheKey={keyOf('title', [
					favourite,
					pathname + search,
					detail.id,
					detail.name,
					detail.address.city,
					view.rating,
					view.facts,
				])}
			>
				<header className="flex flex-wrap items-start justify-between gap-4">
					<div className="flex flex-col gap-2">
						<h1 className="text-3xl font-bold">{detail.name}</h1>
						<p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-ink-muted">
							<span className="flex items-center gap-1">
								<SpriteIcon name="pin" className="h-4 w-4" />
								{detail.address.city}
							</span>
							{view.rating.summary ? (
								<a href="#ratings" className="flex items-center gap-1 hover:underline">
									<SpriteIcon name="star" filled className="h-4 w-4 text-warning" />
									{`${view.rating.summary} · ${view.rating.count}`}
								</a>
							) : null}
						</p>
						<ul className="flex flex-wrap gap-2 text-sm">
							{view.facts.map((fact) => (
								<li key={fact} className="rounded-full bg-surface-raised px-3 py-1">
									{fact}
								</li>
							))}
						</ul>
					</div>
					<FavouriteButton playroomId={detail.id} name={detail.name} />
				</header>
			</CachedFragment>
			{data.notice ? (
				<p role="status" className="card text-sm" data-testid="search-notices">
					{data.notice}
				</p>
			) : null}
			<div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
				<div className="flex flex-col gap-8">
					<PhotoGallery photos={detail.photos} initial={data.photo} name={detail.name} />
					<DocumentHtml name="playroom.info" html={data.html?.info} className="flex flex-col gap-8" />
				</div>
				<aside className="flex flex-col gap-6">
					<DocumentHtml
						as="section"
						name="playroom.prices"
						html={data.html?.prices}
						aria-labelledby="prices"
						className="card flex flex-col gap-3"
						data-testid="price-box"
					/>
					<DocumentHtml
						as="section"
						name="playroom.booking"
						html={data.html?.booking}
						id="booking"
						aria-labelledby="booking-title"
						className="card flex flex-col gap-4"
						data-testid="booking-panel"
						onClick={followLinks}
					/>
					<CachedFragment
						cacheKey={keyOf('location', [
							detail.id,
							detail.name,
							detail.address,
							detail.lat,
							detail.lng,
							detail.playroomUrlPath,
							detail.hasWebsite,
						])}
					>
						<section aria-labelledby="location" className="flex flex-col gap-2">
							<h2 id="location" className={h2}>
								{t('detail.location')}
							</h2>
							<address className="not-italic">
								{detail.address.street ? (
									<>
										{detail.address.street}
										<br />
									</>
								) : null}
								{`${detail.address.postalCode ?? ''} ${detail.address.city}`.trim()}
							</address>
							<ResultsMap
								points={[
									{
										id: detail.id,
										name: detail.name,
										lat: detail.lat,
										lng: detail.lng,
										path: playroomPath(detail.playroomUrlPath),
										detail: detail.address.city,
									},
								]}
								title={detail.name}
							/>
							{detail.hasWebsite ? (
								<a
									href={websiteRedirectPath(detail.playroomUrlPath)}
									className="link flex items-center gap-1 self-start"
									rel="nofollow noopener"
									target="_blank"
									data-testid="website-link"
								>
									{t('detail.website')}
									<SpriteIcon name="external" className="h-4 w-4" />
								</a>
							) : null}
						</section>
					</CachedFragment>
					<CachedFragment cacheKey={keyOf('share', [data.shareUrl, detail.name, detail.playroomUrlPath])}>
						<section aria-labelledby="share" className="flex flex-col gap-3">
							<h2 id="share" className={h2}>
								{t('detail.share')}
							</h2>
							<SharePanel url={data.shareUrl} name={detail.name} />
							<details>
								<summary className="cursor-pointer text-sm font-medium">{t('detail.qr')}</summary>
								<img
									src={`/api/Public/Playrooms/GetQrCode?playroomUrlPath=${detail.playroomUrlPath}&format=svg&size=192&lang=${locale}`}
									alt={t('detail.qrAlt', { name: detail.name })}
									width={192}
									height={192}
									loading="lazy"
									className="mt-2 rounded bg-white p-2"
								/>
							</details>
						</section>
					</CachedFragment>
				</aside>
			</div>
			{data.nearby.length ? (
				<section aria-labelledby="nearby" className="flex flex-col gap-4">
					<h2 id="nearby" className="text-2xl font-bold">
						{t('detail.nearby')}
					</h2>
					<CardGrid cards={data.nearby} eagerCount={0} />
				</section>
			) : null}
		</main>
	)
}
