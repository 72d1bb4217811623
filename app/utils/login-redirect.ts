import { areaHomeOf } from './areas.ts'
import { safeRedirectPath } from './redirect.ts'
import { localizePath, stripLocale, type Locale } from './locale.ts'

/**
 * Where a successful login goes (spec §4, in this order): from a register page
 * to the user's area; else to the stored redirect (the `redirect` query the
 * guard or the login link set — local paths only); on the checkout route the
 * page is reloaded. Otherwise the modal leaves the visitor where they were,
 * and the login page goes to the user's area (issue 31.10: a host to the host
 * dashboard, an admin to the admin dashboard, a guest to their orders — not
 * the public home page, which the spec's "route index" left them on).
 */
const REGISTER_PAGE = /^\/auth\/register-(guest|host)\/?$/i
const CHECKOUT = /^\/public\/playroomOrder\/checkout(\/|$)/i
const NO_RETURN =
	/^\/(login|auth\/(logout|relogin|confirmEmail|ResetPassword)|user\/ConfirmChangeEmail)(\/|$)/i

function barePath(path: string) {
	return stripLocale(new URL(path, 'http://x').pathname)
}

export function isRegisterPage(path: string) {
	return REGISTER_PAGE.test(barePath(path))
}

export function resolveLoginRedirect(input: {
	redirect?: string | null
	from?: string | null
	/** The role of the user who logged in: their area is where a login without a target lands. */
	role?: string | null
	locale: Locale
}): { url: string; reload: boolean } {
	const home = { url: localizePath(areaHomeOf(input.role), input.locale), reload: false }
	const from = safeRedirectPath(input.from, '')
	if (from && REGISTER_PAGE.test(barePath(from))) return home
	const stored = safeRedirectPath(input.redirect, '')
	if (stored) {
		const bare = barePath(stored)
		if (REGISTER_PAGE.test(bare) || NO_RETURN.test(bare)) return home
		return { url: stored, reload: CHECKOUT.test(bare) }
	}
	if (from && CHECKOUT.test(barePath(from))) return { url: from, reload: true }
	if (from && !NO_RETURN.test(barePath(from))) return { url: from, reload: false }
	return home
}
