import { parseCookie, stringifySetCookie, type SerializeOptions } from 'cookie'
import { getEnv } from './env.server.ts'

/** Names of every cookie the platform sets (spec §9 where the spec names them). */
export const COOKIE_NAMES = {
	authToken: 'auth.token',
	/** The admin's own session while impersonating ("old user" cookie, spec §4). */
	impersonatorToken: 'auth.old_user',
	localeRedirected: 'i18n_redirected',
	culture: 'culture',
	colorMode: 'color_mode',
	sidebar: 'sidebar',
	toast: 'sz_toast',
	favourites: 'favourites',
	/** Spec §4 "a 'dismissed' cookie", §9: 31536000 s (app/domain/newsletter.ts). */
	newsletterDismissed: 'dismissed',
} as const

export const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

export function readCookies(request: Request): Record<string, string | undefined> {
	const header = request.headers.get('Cookie')
	return header ? parseCookie(header) : {}
}

export function readCookie(request: Request, name: string): string | undefined {
	return readCookies(request)[name]
}

/** A Set-Cookie value with the platform defaults: path /, SameSite=Lax, Secure in production. */
export function serializeCookie(name: string, value: string, options: SerializeOptions = {}): string {
	return stringifySetCookie(name, value, {
		path: '/',
		sameSite: 'lax',
		secure: getEnv().APP_ENV === 'production',
		...options,
	})
}

export function expireCookie(name: string, options: SerializeOptions = {}): string {
	return serializeCookie(name, '', { ...options, maxAge: 0, expires: new Date(0) })
}
