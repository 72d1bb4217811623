import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { redirect } from 'react-router'
import type { Route } from './+types/detail.ts'
import { useFavouriteButtonState } from '#app/components/favourite-button.tsx'
import { ContactHostForm } from '#app/components/contact-host-form.tsx'
import { LocaleLink } from '#app/components/locale-link.tsx'
import { PageMeta } from '#app/components/page-meta.tsx'
import { CardGrid } from '#app/components/playroom-card.tsx'
import { PhotoGallery, useSectionLinks } from '#app/components/playroom-page-parts.tsx'
import {
	PlayroomBookBar,
	PlayroomCrumbs,
	PlayroomLocation,
	PlayroomShare,
	PlayroomTitle,
} from '#app/components/playroom-page-sections.tsx'
import { formerPathTarget } from '#app/models/host-office/host-editor.server.ts'
import { cardView } from '#app/models/catalogue/playroom-cards.server.ts'
import { playroomBookingHtml, playroomInfoParts } from '#app/routes/playrooms/detail-parts.server.ts'
import { DocumentHtml } from '#app/render/document-html.tsx'
import { documentOnlyHtml } from '#app/render/document-html.server.ts'
import { loadPlayroomPage } from '#app/models/catalogue/playroom-page.server.ts'
import { customUrlTarget } from '#app/models/catalogue/playrooms.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { playroomPath } from '#app/utils/catalogue-urls.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { localizePath } from '#app/utils/locale.ts'
import { allowPageCache } from '#app/render/page-cache.server.ts'
import { notFound } from '#app/utils/route-params.server.ts'
import { useLocale } from '#app/hooks/use-root-data.ts'
import { playroomEditorPath } from '#app/utils/slugs.ts'
import type { PlayroomStatus } from '#db/schema/catalogue-enums.ts'

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
			// Only the host and admins see a playroom that is not public: the page says it is a preview.
			status: detail.status,
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

/**
 * A Draft (or a paused or blocked playroom) seen by its host or an admin is a
 * preview, not the live page (issue 31.10): a banner says so and leads back to the editor.
 */
function PreviewBanner({ id, status }: { id: string; status: Exclude<PlayroomStatus, 'Published'> }) {
	const { t } = useTranslation('catalogue')
	return (
		<div
			role="status"
			className="sticky top-0 z-20 rounded-xl border-2 border-dashed border-warning bg-surface-raised p-4"
			data-testid="preview-banner"
		>
			<p className="font-semibold">{t(`detail.previewBanner.${status}`)}</p>
			<LocaleLink to={playroomEditorPath(id, 'basic-information')} className="link text-sm">
				{t('detail.previewBackToEditor')}
			</LocaleLink>
		</div>
	)
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
	const { t: tv } = useTranslation('vouchers')
	const locale = useLocale()
	const { detail, view } = data
	useCountView(detail.playroomUrlPath)
	const followLinks = useSectionLinks()
	const heart = useFavouriteButtonState(detail.id)
	return (
		<main id="main" className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8" data-page="playroom">
			<PageMeta meta={data.meta} />
			{detail.status !== 'Published' ? <PreviewBanner id={detail.id} status={detail.status} /> : null}
			<PlayroomCrumbs crumbs={data.crumbs} />
			<PlayroomTitle
				id={detail.id}
				name={detail.name}
				city={detail.address.city}
				rating={view.rating}
				facts={view.facts}
				heart={heart}
			/>
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
					{detail.status === 'Published' ? (
						// The guest area's guard sends a visitor through login and back with the typed text (ADR 0162).
						<ContactHostForm playroomId={detail.id} />
					) : null}
					{detail.status === 'Published' ? (
						// Issue 33 (ADR 0168): a gift voucher for this playroom, preselected on the order form.
						<LocaleLink
							to={`/public/voucher-orders/new-voucher-order?playroomId=${detail.id}`}
							className="btn-secondary text-center"
							data-testid="give-voucher"
						>
							{tv('orders.giveAsVoucher')}
						</LocaleLink>
					) : null}
					<PlayroomLocation
						id={detail.id}
						name={detail.name}
						address={detail.address}
						lat={detail.lat}
						lng={detail.lng}
						playroomUrlPath={detail.playroomUrlPath}
						hasWebsite={detail.hasWebsite}
					/>
					<PlayroomShare
						shareUrl={data.shareUrl}
						name={detail.name}
						playroomUrlPath={detail.playroomUrlPath}
						locale={locale}
					/>
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
			<PlayroomBookBar priceFrom={view.priceFrom} instant={view.instant} />
		</main>
	)
}
