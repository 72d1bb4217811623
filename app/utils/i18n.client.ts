import i18next, { type ResourceKey } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { i18nOptions, messagesUrl } from '#app/i18n.ts'
import type { Locale } from './locale.ts'

/**
 * Browser i18n: the whole message tree of a locale comes from one cached URL
 * (/_i18n/<version>/<locale>/messages.json, spec §7). It is loaded before
 * hydration for the page's locale, and before a navigation into the other
 * language commits (root clientLoader).
 */
const loads = new Map<string, Promise<Record<string, ResourceKey>>>()

function loadMessages(version: string, locale: Locale) {
	const key = `${version}/${locale}`
	let load = loads.get(key)
	if (!load) {
		load = fetch(messagesUrl(version, locale), { credentials: 'same-origin' })
			.then((response) => {
				if (!response.ok) throw new Error(`messages ${locale}: HTTP ${response.status}`)
				return response.json() as Promise<Record<string, Record<string, ResourceKey>>>
			})
			.then((body) => body[locale] ?? {})
		load.catch(() => loads.delete(key))
		loads.set(key, load)
	}
	return load
}

async function addMessages(locale: Locale, version: string) {
	const messages = await loadMessages(version, locale)
	for (const [namespace, bundle] of Object.entries(messages)) {
		i18next.addResourceBundle(locale, namespace, bundle, true, true)
	}
}

let initialized: Promise<unknown> | undefined
const loadedVersions = new Map<Locale, string>()

export function initClientI18n(locale: Locale, version: string) {
	initialized ??= loadMessages(version, locale).then((messages) => {
		loadedVersions.set(locale, version)
		return i18next.use(initReactI18next).init({
			...i18nOptions,
			lng: locale,
			// Resources come from messages.json, not bundled with the code.
			resources: { [locale]: messages },
			react: { useSuspense: false },
		})
	})
	return initialized
}

/** Loads `locale` if needed and switches to it. */
export async function ensureClientLocale(locale: Locale, version: string) {
	await initialized
	if (loadedVersions.get(locale) !== version) {
		await addMessages(locale, version)
		loadedVersions.set(locale, version)
	}
	if (i18next.language !== locale) await i18next.changeLanguage(locale)
}
