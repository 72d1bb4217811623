import { consentAllows, readBrowserConsent, subscribeConsent, updateConsentLanguage } from './consent.ts'
import { readLocalFavourites, writeLocalFavourites } from './favourites-store.ts'
import type { Locale } from './locale.ts'

/**
 * What the catalogue does in every page's browser session, loaded after
 * hydration (not part of any page's initial JavaScript):
 * - the consent banner when no valid consent is stored (spec §4);
 * - a page_view trace per navigation, only with analytics consent (ADR 0033) —
 *   also for the current page right after the visitor consents;
 * - the banner's language after a language switch;
 * - the one-time merge of a visitor's favourites into the account after a
 *   login (ADR 0032).
 */
export type Navigation = { locale: Locale; page: string; userId: string | null; revalidate: () => unknown }

let current: Navigation | null = null
let traced: string | null = null
let merging = false

export function tracePageView(pageUrl: string, userId: string | null) {
	void fetch('/api/Events/TraceEvent', {
		method: 'POST',
		credentials: 'same-origin',
		keepalive: true,
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({
			userId,
			pageUrl,
			eventType: 'page_view',
			isHidden: document.visibilityState === 'hidden',
		}),
	}).catch(() => {})
}

function traceIfAllowed() {
	if (!current || traced === current.page || !consentAllows(readBrowserConsent(), 'analytics')) return
	traced = current.page
	tracePageView(current.page, current.userId)
}

const ID = /^[A-Za-z0-9_-]{16}$/

function mergeFavourites(navigation: Navigation) {
	const stored = readLocalFavourites()
	if (!navigation.userId || merging || stored.length === 0) return
	const ids = stored.filter((id) => ID.test(id))
	if (ids.length === 0) return writeLocalFavourites([])
	merging = true
	fetch('/api/Public/Playrooms/MergeFavorites', {
		method: 'POST',
		credentials: 'same-origin',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ playroomIds: ids }),
	})
		.then((response) => {
			if (!response.ok) throw new Error(`MergeFavorites: ${response.status}`)
			writeLocalFavourites([])
			return navigation.revalidate()
		})
		.catch(() => {})
		.finally(() => {
			merging = false
		})
}

let subscribed = false

export function afterNavigation(navigation: Navigation) {
	const localeChanged = current !== null && current.locale !== navigation.locale
	current = navigation
	if (!subscribed) {
		subscribed = true
		subscribeConsent(traceIfAllowed)
	}
	// The consent library loads when the visitor reaches for the server-rendered banner
	// (ConsentNotice), not with every first visit: it was a 50–100 ms task in each first load.
	if (localeChanged) updateConsentLanguage(navigation.locale)
	traceIfAllowed()
	mergeFavourites(navigation)
}
