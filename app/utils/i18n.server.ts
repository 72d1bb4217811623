import { createInstance, type i18n, type TFunction } from 'i18next'
import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { RemixI18Next } from 'remix-i18next/server'
import { i18nOptions } from '#app/i18n.ts'
import { resources } from '#app/locales/resources.server.ts'
import {
	DEFAULT_LOCALE,
	getLocaleFromPathname,
	isLocale,
	LOCALES,
	negotiateLocale,
	type Locale,
} from './locale.ts'

/**
 * The locale of a request: from the URL for pages (bare path German, /en
 * English), from Accept-Language for the API (`en-GB` English, `de-DE` or none
 * German) — see docs/decisions/0002-locale-routing.md.
 */
export function detectRequestLocale(request: Request): Locale {
	const { pathname } = new URL(request.url)
	if (pathname.startsWith('/api/')) return negotiateLocale(request.headers.get('Accept-Language'))
	// The request as it came (v8_passThroughRequests): a client navigation's data request for
	// /en is /en.data.
	return getLocaleFromPathname(pathname.replace(/\.data$/, ''))
}

/**
 * remix-i18next detects the locale (our rule above, as its custom finder).
 * i18next instances are created once per locale and shared by all requests:
 * remix-i18next's own middleware would create and initialise one per request,
 * which cost ~6 % of a page render (docs/decisions/0010-i18n-instances.md).
 */
const detector = new RemixI18Next({
	detection: {
		supportedLanguages: [...LOCALES],
		fallbackLanguage: DEFAULT_LOCALE,
		order: ['custom'],
		findLocale: async (request) => detectRequestLocale(request),
	},
})

function createLocaleInstance(locale: Locale): i18n {
	const instance = createInstance({ ...i18nOptions, resources, lng: locale, initAsync: false })
	void instance.init()
	return instance
}

const instances: Record<Locale, i18n> = {
	de: createLocaleInstance('de'),
	en: createLocaleInstance('en'),
}

const localeContext = createContext<Locale>(DEFAULT_LOCALE)

export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
	const locale = (await detector.getLocale(request)) as Locale
	context.set(localeContext, isLocale(locale) ? locale : DEFAULT_LOCALE)
	return next()
}

export function getLocale(context: Readonly<RouterContextProvider>): Locale {
	return context.get(localeContext)
}

/** The request's i18next instance (for the server render's I18nextProvider). Never change its language. */
export function getI18nInstance(context: Readonly<RouterContextProvider>): i18n {
	return instances[getLocale(context)]
}

/**
 * Per locale, an object whose prototype is the shared instance and that has no
 * own properties: react-i18next's useTranslation copies every own property
 * descriptor of the instance it is given, for each component it renders (a
 * "wrapper" that changes identity when the language changes). Given this
 * object, that copy is empty — it cost ~5 % of a page's CPU (ADR 0110).
 */
const renderInstances: Record<Locale, i18n> = {
	de: Object.create(withCachedFixedT(instances.de)) as i18n,
	en: Object.create(withCachedFixedT(instances.en)) as i18n,
}

/** Bound of each cached `t`'s results (then it starts over); keys are the app's own, so far fewer. */
export const FIXED_T_CACHE_SIZE = 5_000

/** Bound of each cached `t`'s results of calls with options (values vary: names, amounts, dates). */
export const FIXED_T_OPTIONS_CACHE_SIZE = 5_000

/** The cache key of a call with options, or null if its options are not plain values. */
function optionsKey(key: string, options: unknown): string | null {
	if (!options || typeof options !== 'object' || Array.isArray(options)) return null
	if (Object.getPrototypeOf(options) !== Object.prototype) return null
	for (const value of Object.values(options)) {
		const type = typeof value
		if (type !== 'string' && type !== 'number' && type !== 'boolean') return null
	}
	return `${key}\u0000${JSON.stringify(options)}`
}

/**
 * A layer over the shared instance whose `getFixedT` returns one `t` per
 * language, namespaces and key prefix (react-i18next asks for a new one for
 * every component it renders) that remembers what a plain `t('key')` — a
 * string key and no options — returned. i18next's fixed `t` copies all of the
 * instance's options into a new object on every call, ~10 % of a page's CPU;
 * the answer for a key without options never changes, as the server's
 * instances are loaded once and never change language (ADRs 0010, 0112).
 * Calls whose options are only strings, numbers and booleans (interpolation
 * values, `count`, `context`) are remembered too, under the key and the
 * options' JSON, in a bounded map of their own (ADR 0121): a list page asks
 * the same labels with the same values again and again ("12 Gäste", "ab
 * 25 €/Stunde"). Calls with other options (objects, functions, undefined
 * values), arrays or selector keys, and answers that are not strings, go to
 * i18next unchanged.
 */
export function withCachedFixedT(instance: i18n): i18n {
	const layer = Object.create(instance) as i18n
	const fixed = new Map<string, TFunction>()
	const getFixedT = instance.getFixedT.bind(instance) as (...args: unknown[]) => TFunction
	Object.defineProperty(layer, 'getFixedT', {
		value: (lng: unknown, ns: unknown, keyPrefix: unknown, options?: { scopeNs?: unknown }) => {
			const plain = (value: unknown) =>
				value === undefined || value === null || typeof value === 'string' || Array.isArray(value)
			if (!plain(lng) || !plain(ns) || !plain(keyPrefix) || !plain(options?.scopeNs)) {
				return getFixedT(lng, ns, keyPrefix, options)
			}
			const id = JSON.stringify([lng, ns, keyPrefix, options?.scopeNs])
			let t = fixed.get(id)
			if (!t) {
				t = cachingT(getFixedT(lng, ns, keyPrefix, options))
				if (fixed.size >= 200) fixed.clear()
				fixed.set(id, t)
			}
			return t
		},
	})
	return layer
}

type LooseT = ((...args: unknown[]) => unknown) & {
	lng?: unknown
	lngs?: unknown
	ns?: unknown
	keyPrefix?: unknown
}

function cachingT(fixedT: TFunction): TFunction {
	const t = fixedT as unknown as LooseT
	const results = new Map<string, unknown>()
	const withOptions = new Map<string, string>()
	const cached: LooseT = (key, ...rest) => {
		if (typeof key !== 'string') return t(key, ...rest)
		if (rest.length > 0) {
			const id = rest.length === 1 ? optionsKey(key, rest[0]) : null
			if (id === null) return t(key, ...rest)
			const known = withOptions.get(id)
			if (known !== undefined) return known
			const result = t(key, ...rest)
			if (typeof result !== 'string') return result
			if (withOptions.size >= FIXED_T_OPTIONS_CACHE_SIZE) withOptions.clear()
			withOptions.set(id, result)
			return result
		}
		if (results.has(key)) return results.get(key)
		const result = t(key)
		if (results.size >= FIXED_T_CACHE_SIZE) results.clear()
		results.set(key, result)
		return result
	}
	Object.assign(cached, { lng: t.lng, lngs: t.lngs, ns: t.ns, keyPrefix: t.keyPrefix })
	return cached as unknown as TFunction
}

/** The i18next instance for the server render's I18nextProvider (never change its language). */
export function getRenderI18nInstance(context: Readonly<RouterContextProvider>): i18n {
	return renderInstances[getLocale(context)]
}

/** The request's `t`, bound to its locale. */
export function getT(context: Readonly<RouterContextProvider>): TFunction {
	return getI18nInstance(context).t
}

/** A `t` for a fixed locale outside a request (e-mails, background tasks). */
export function getFixedT(locale: Locale): TFunction {
	return instances[locale].t
}
