import { renderBookingSection, renderInfoSections } from '#app/components/playroom-sections.server.tsx'
import { playroomPath } from '#app/utils/catalogue-urls.ts'
import type { Locale } from '#app/utils/locale.ts'
import type { LooseT } from '#app/utils/loose-t.ts'
import { CITY_SLUGS } from '#app/utils/slugs.ts'
import { createVersionedCache } from '#app/utils/versioned-cache.server.ts'
import type { PlayroomPageData } from '#app/models/catalogue/playroom-page.server.ts'
import { markdownToText } from '#app/models/catalogue/content.server.ts'
import { playroomJsonLd } from '#app/models/catalogue/playroom-seo.server.ts'
import {
	bookingViewInput,
	buildBookingView,
	buildPlayroomInfoView,
} from '#app/models/catalogue/playroom-view.server.ts'
import { breadcrumbJsonLd, jsonLdGraph, ogImage, pageMeta } from '#app/models/catalogue/seo.server.ts'

/**
 * The parts of the playroom page built from data that many requests share
 * (ADR 0118):
 *
 * - what depends only on the playroom's content (its detail and extra pages):
 *   breadcrumbs, meta and JSON-LD, facts, and the HTML of the info sections
 *   and the price box — built once per detail object, which the content cache
 *   (playroom-content.server.ts) hands out while the playroom's content
 *   version is the same;
 * - the HTML of the booking panel, kept in a bounded cache under the JSON of
 *   the booking view's input (the choice and the live availability read for
 *   this request) — per playroom, language and choice.
 *
 * Both are kept for as long as what they are built from is the same, so an
 * edit shows on the next page, whichever process made it; what is saved is
 * turning the data into text and HTML (i18next, formatting, React's static
 * render).
 */
export const BOOKING_CACHE_SIZE = 500

/** Per detail object: the content cache (playroom-content.server.ts) hands out the same one while it is current. */
const infoParts = new WeakMap<PlayroomPageData['detail'], ReturnType<typeof buildInfoParts>>()
const bookingCache = createVersionedCache<string>(BOOKING_CACHE_SIZE)

/** Breadcrumbs, meta (with JSON-LD), share URL, facts, rating summary and the info and price HTML. */
export function playroomInfoParts(
	data: Pick<PlayroomPageData, 'detail' | 'pages'>,
	t: LooseT,
	locale: Locale,
) {
	let parts = infoParts.get(data.detail)
	if (!parts) infoParts.set(data.detail, (parts = buildInfoParts(data, t, locale)))
	return parts
}

/** The booking panel's HTML. */
export function playroomBookingHtml(data: PlayroomPageData, t: LooseT, locale: Locale) {
	const input = bookingViewInput(data)
	// Keyed by the choice, not the page URL, which may carry any other parameters.
	const { bookingType, month, date, start, guests } = input.choice
	const key = [input.playroomId, locale, bookingType, month, date, start, guests].join(':')
	return bookingCache.get(key, JSON.stringify(input), () =>
		renderBookingSection(buildBookingView(input, t, locale), input.playroomUrlPath, t, locale),
	)
}

const isCityPage = (slug: string) => (CITY_SLUGS as readonly string[]).includes(slug)

function buildInfoParts(
	{ detail, pages }: Pick<PlayroomPageData, 'detail' | 'pages'>,
	t: LooseT,
	locale: Locale,
) {
	const view = buildPlayroomInfoView(detail, t, locale)
	const path = playroomPath(detail.playroomUrlPath)
	const crumbs = [
		{ name: t('nav.home'), path: '/' },
		{ name: t('nav.playrooms'), path: '/playrooms' },
		...(detail.address.citySlug && isCityPage(detail.address.citySlug)
			? [{ name: detail.address.city, path: `/playrooms/cities/${detail.address.citySlug}` }]
			: []),
		{ name: detail.name, path },
	]
	return {
		view: {
			facts: view.facts,
			rating: { summary: view.rating.summary, count: view.rating.count },
			priceFrom: view.priceFrom,
			instant: detail.instantBooking,
		},
		html: renderInfoSections(detail, pages, view, t, locale),
		crumbs,
		shareUrl: pageMeta({ title: '', description: '', path, locale }).url,
		meta: pageMeta({
			title: `${detail.name} – ${detail.address.city}`,
			description: markdownToText(detail.description),
			path,
			locale,
			type: 'place',
			image: ogImage(detail.photos[0]),
			jsonLd: jsonLdGraph(playroomJsonLd(detail, t, locale), breadcrumbJsonLd(crumbs, locale)),
		}),
	}
}
