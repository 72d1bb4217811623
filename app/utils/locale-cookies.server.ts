import { COOKIE_NAMES, ONE_YEAR_SECONDS, serializeCookie } from './cookies.server.ts'
import { CULTURES, type Locale } from './locale.ts'

/** The remembered locale for visits to "/" (spec §9: 365 days, SameSite Lax). */
export function localeCookie(locale: Locale) {
	return serializeCookie(COOKIE_NAMES.localeRedirected, locale, { maxAge: ONE_YEAR_SECONDS })
}

/** `culture`: de-DE or en-US, one year, lax (spec §9). */
export function cultureCookie(locale: Locale) {
	return serializeCookie(COOKIE_NAMES.culture, CULTURES[locale], { maxAge: ONE_YEAR_SECONDS })
}
