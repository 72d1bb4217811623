import { useSyncExternalStore } from 'react'
import type * as ConsentBannerModule from '#app/components/consent-banner.client.ts'
import type { Locale } from './locale.ts'

/**
 * Cookie consent (spec §3 "Consent record", §4 "Consent flow", §9;
 * docs/decisions/0031-consent.md). vanilla-cookieconsent 2.9 owns the banner
 * and writes the record to the `cc_cookie` cookie; this module reads it on
 * both sides and holds the browser's consent store. The library itself loads
 * only when needed (no valid consent yet, or the settings are opened).
 */
export const CONSENT_COOKIE = 'cc_cookie'
/** Raise it when the categories or what they cover change: everyone is asked again. */
export const CONSENT_REVISION = 1
export const CONSENT_CATEGORIES = ['necessary', 'functional', 'analytics'] as const
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number]
/** The banner's two buttons: "accept all" and "necessary only". */
export const CONSENT_CHOICES = ['all', 'necessary'] as const
export type ConsentChoice = (typeof CONSENT_CHOICES)[number]
/** cookie_expiration of the library: 182 days. */
export const CONSENT_MAX_AGE_SECONDS = 182 * 24 * 60 * 60

export type ConsentState = {
	/** A consent of the current revision is stored (the banner stays hidden). */
	decided: boolean
	/** consentGivenToCategories of the spec's store. */
	categories: readonly ConsentCategory[]
}

export const NO_CONSENT: ConsentState = { decided: false, categories: ['necessary'] }

/** Parses a cc_cookie value (raw JSON or URI-encoded, rfc_cookie). Anything else is "not decided". */
export function parseConsent(value: string | undefined | null): ConsentState {
	if (!value) return NO_CONSENT
	try {
		const text = value.startsWith('%7B') ? decodeURIComponent(value) : value
		const record = JSON.parse(text) as { categories?: unknown; revision?: unknown }
		const accepted = record.categories
		if (record.revision !== CONSENT_REVISION || !Array.isArray(accepted)) return NO_CONSENT
		const categories = CONSENT_CATEGORIES.filter((c) => c === 'necessary' || accepted.includes(c))
		return { decided: true, categories }
	} catch {
		return NO_CONSENT
	}
}

/**
 * The cc_cookie record exactly as vanilla-cookieconsent 2.9 writes it on a first
 * decision (spec §3 "Consent record"): the server's banner form stores the same
 * JSON, so the library and parseConsent read it like their own.
 */
export function consentRecord(choice: ConsentChoice, uuid: string, now: Date) {
	const categories = choice === 'all' ? [...CONSENT_CATEGORIES] : ['necessary']
	return {
		categories,
		level: categories,
		revision: CONSENT_REVISION,
		data: null,
		rfc_cookie: true,
		consent_date: now.toISOString(),
		consent_uuid: uuid,
		last_consent_update: now.toISOString(),
	}
}

/**
 * What a category unlocks. Maps need functional consent. Analytics (the
 * page_view trace, third-party analytics) needs the analytics category and —
 * spec §1/§4 "Analytics starts only after functional consent" — functional too.
 */
export function consentAllows(state: ConsentState, purpose: 'maps' | 'analytics'): boolean {
	const has = (category: ConsentCategory) => state.categories.includes(category)
	return purpose === 'maps' ? has('functional') : has('functional') && has('analytics')
}

// --- Browser store -------------------------------------------------------------

function cookieValue(cookieHeader: string, name: string): string | undefined {
	for (const part of cookieHeader.split(';')) {
		const index = part.indexOf('=')
		if (index > -1 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim()
	}
	return undefined
}

let snapshot: { raw: string | undefined; state: ConsentState } = { raw: undefined, state: NO_CONSENT }
const listeners = new Set<() => void>()

/** The consent stored in this browser right now. */
export function readBrowserConsent(): ConsentState {
	const raw = cookieValue(document.cookie, CONSENT_COOKIE)
	if (raw !== snapshot.raw) snapshot = { raw, state: parseConsent(raw) }
	return snapshot.state
}

/** The library calls this after a decision (with the spec's 100 ms delay). */
export function notifyConsentChanged() {
	for (const listener of listeners) listener()
}

export function subscribeConsent(listener: () => void) {
	listeners.add(listener)
	return () => {
		listeners.delete(listener)
	}
}

/** The visitor's consent; "nothing but necessary" during server rendering and hydration. */
export function useConsent(): ConsentState {
	return useSyncExternalStore(subscribeConsent, readBrowserConsent, () => NO_CONSENT)
}

type ConsentModule = typeof ConsentBannerModule
let banner: Promise<ConsentModule> | null = null

/**
 * Loads the banner library (once) and runs it. The first-visit banner itself is
 * server-rendered (ConsentNotice); the library stores the decision and owns the settings.
 */
export function loadConsentBanner(locale: Locale): Promise<ConsentModule> {
	banner ??= import('#app/components/consent-banner.client.ts').then((module) => {
		module.startConsentBanner(locale)
		return module
	})
	return banner
}

/** The footer's "cookie settings" and the map's "allow" button. */
export async function openConsentSettings(locale: Locale) {
	;(await loadConsentBanner(locale)).showConsentSettings()
}

/** The server-rendered banner's buttons, with JavaScript. */
export async function chooseConsent(locale: Locale, choice: ConsentChoice) {
	;(await loadConsentBanner(locale)).acceptChoice(choice)
}

export async function grantConsent(locale: Locale, category: ConsentCategory) {
	;(await loadConsentBanner(locale)).acceptCategory(category)
}

/** After a client-side language switch: the banner (if loaded) follows. */
export function updateConsentLanguage(locale: Locale) {
	void banner?.then((module) => module.setConsentLanguage(locale))
}
