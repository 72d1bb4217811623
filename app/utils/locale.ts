/**
 * Locale routing (docs/decisions/0002-locale-routing.md): German lives at the
 * bare path, English under /en with the same slugs. Works on server and client.
 */
export const LOCALES = ['de', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'de'

/** Value of the `culture` cookie and of Intl formatting per locale. */
export const CULTURES: Record<Locale, string> = { de: 'de-DE', en: 'en-US' }
/** Accept-Language values the API clients send. */
export const API_LANGUAGE_HEADERS: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' }

export function isLocale(value: unknown): value is Locale {
	return value === 'de' || value === 'en'
}

export function getLocaleFromPathname(pathname: string): Locale {
	return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'de'
}

/** The path without a locale prefix, always starting with "/". */
export function stripLocale(pathname: string): string {
	if (pathname === '/en' || pathname === '/de') return '/'
	if (pathname.startsWith('/en/') || pathname.startsWith('/de/')) return pathname.slice(3)
	return pathname || '/'
}

/** Puts `path` (a locale-free path, may carry ?query and #hash) into `locale`. */
export function localizePath(path: string, locale: Locale): string {
	const normalized = path.startsWith('/') ? path : `/${path}`
	if (locale === DEFAULT_LOCALE) return normalized
	if (normalized === '/') return '/en'
	if (normalized.startsWith('/?') || normalized.startsWith('/#')) return `/en${normalized.slice(1)}`
	return `/en${normalized}`
}

/** The same page in the other language, keeping query and hash. */
export function switchLocalePath(pathWithSearch: string, target: Locale): string {
	const url = new URL(pathWithSearch, 'http://x')
	return localizePath(`${stripLocale(url.pathname)}${url.search}${url.hash}`, target)
}

/**
 * Picks a locale from an Accept-Language header: the best-weighted of de/en;
 * English when the browser asks only for other languages (English is the
 * catch-all locale); German when there is no header at all or only `*`.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
	if (!acceptLanguage?.trim()) return DEFAULT_LOCALE
	const entries = acceptLanguage.split(',').map((part, position) => {
		const [tag = '', ...params] = part.trim().split(';')
		const qParam = params.find((p) => p.trim().startsWith('q='))
		const q = qParam ? Number(qParam.trim().slice(2)) : 1
		return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, position }
	})
	const ranked = entries
		.filter((entry) => entry.tag && entry.q > 0)
		.sort((a, b) => b.q - a.q || a.position - b.position)
	for (const { tag } of ranked) {
		const primary = tag.split('-')[0]
		if (isLocale(primary)) return primary
	}
	// "*" alone accepts any language: the default. Only named other languages fall back to English.
	return entries.some((entry) => entry.tag && entry.tag !== '*') ? 'en' : DEFAULT_LOCALE
}
