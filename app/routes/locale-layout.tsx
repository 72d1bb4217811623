import { isbot } from 'isbot'
import { Outlet, redirect } from 'react-router'
import type { Route } from './+types/locale-layout.ts'
import { appendResponseCookie } from '#app/utils/context.server.ts'
import { COOKIE_NAMES, readCookies } from '#app/utils/cookies.server.ts'
import { getLocale } from '#app/utils/i18n.server.ts'
import { cultureCookie, localeCookie } from '#app/utils/locale-cookies.server.ts'
import { CULTURES, isLocale, negotiateLocale } from '#app/utils/locale.ts'

/**
 * Locale handling for every page (docs/decisions/0002-locale-routing.md):
 * - a first visit to "/" without the i18n_redirected cookie: Accept-Language
 *   decides, the choice is remembered, English goes to /en (302);
 * - a later visit to "/" follows the remembered choice;
 * - the `culture` cookie always mirrors the locale of the page shown.
 */
export const middleware: Route.MiddlewareFunction[] = [
	async ({ request, url, context }, next) => {
		const cookies = readCookies(request)
		const locale = getLocale(context)

		if (request.method === 'GET' && url.pathname === '/' && !isbot(request.headers.get('User-Agent'))) {
			const remembered = cookies[COOKIE_NAMES.localeRedirected]
			const target = isLocale(remembered)
				? remembered
				: negotiateLocale(request.headers.get('Accept-Language'))
			if (!isLocale(remembered)) {
				appendResponseCookie(context, localeCookie(target))
			}
			if (target === 'en') {
				appendResponseCookie(context, cultureCookie('en'))
				throw redirect(`/en${url.search}`, 302)
			}
		}

		if (cookies[COOKIE_NAMES.culture] !== CULTURES[locale]) {
			appendResponseCookie(context, cultureCookie(locale))
		}
		return next()
	},
]

export default function LocaleLayout() {
	return <Outlet />
}
