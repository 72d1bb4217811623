import { redirect } from 'react-router'
import type { Route } from './+types/locale.ts'
import { appendResponseCookie } from '#app/utils/context.server.ts'
import { cultureCookie, localeCookie } from '#app/utils/locale-cookies.server.ts'
import { isLocale, localizePath, stripLocale } from '#app/utils/locale.ts'
import { safeRedirectPath } from '#app/utils/redirect.ts'

/**
 * GET /resources/locale?lng=en&redirect=/en/playrooms — the language switch:
 * remembers the choice (i18n_redirected, culture) and goes to the same page in
 * that language. A plain link, so it works without JavaScript.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
	const lng = url.searchParams.get('lng')
	const target = isLocale(lng) ? lng : 'de'
	const requested = safeRedirectPath(url.searchParams.get('redirect') ?? '/')
	const path = new URL(requested, 'http://x')
	appendResponseCookie(context, localeCookie(target))
	appendResponseCookie(context, cultureCookie(target))
	return redirect(localizePath(`${stripLocale(path.pathname)}${path.search}${path.hash}`, target))
}
