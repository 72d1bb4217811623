import { data, redirect } from 'react-router'
import type { Route } from './+types/preferences.ts'
import { appendResponseCookie } from '#app/utils/context.server.ts'
import { COOKIE_NAMES, ONE_YEAR_SECONDS, serializeCookie } from '#app/utils/cookies.server.ts'
import { keepPageCache } from '#app/render/page-cache.server.ts'
import { COLOR_MODES, serializeSidebarState, type PreferenceSaved } from '#app/utils/preferences.ts'
import { safeRedirectPath } from '#app/utils/redirect.ts'
import { z } from '#app/utils/validation.ts'

const preferenceSchema = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('colorMode'), colorMode: z.enum(COLOR_MODES) }),
	z.object({
		intent: z.literal('sidebar'),
		show: z.enum(['0', '1']),
		minimize: z.enum(['0', '1']),
	}),
])

/**
 * POST /resources/preferences: colour mode and sidebar state, stored in
 * cookies (one year). A plain form post redirects back (redirectTo); a fetcher
 * gets the stored value back and the page shows it without a reload — and
 * without revalidating (the forms say defaultShouldRevalidate={false}): no
 * loader's data depends on a preference but the root's copy of it, and a
 * revalidation in flight was what a reload or the next click aborted.
 */
export async function action({ request, context }: Route.ActionArgs) {
	// A visitor's preference changes no page that other visitors see.
	keepPageCache(context)
	const form = await request.formData()
	const parsed = preferenceSchema.safeParse(Object.fromEntries(form))
	if (!parsed.success) return data({ ok: false }, { status: 400 })
	const preference = parsed.data
	let saved: PreferenceSaved
	if (preference.intent === 'colorMode') {
		appendResponseCookie(
			context,
			serializeCookie(COOKIE_NAMES.colorMode, preference.colorMode, { maxAge: ONE_YEAR_SECONDS }),
		)
		saved = { ok: true, colorMode: preference.colorMode }
	} else {
		const state = { show: preference.show === '1', minimize: preference.minimize === '1' }
		appendResponseCookie(
			context,
			serializeCookie(COOKIE_NAMES.sidebar, serializeSidebarState(state), { maxAge: ONE_YEAR_SECONDS }),
		)
		saved = { ok: true, sidebar: state }
	}
	// Plain form posts (JavaScript off) carry redirectTo and go back to the page;
	// fetchers leave it out and stay where they are.
	const redirectTo = form.get('redirectTo')
	if (typeof redirectTo === 'string' && redirectTo) return redirect(safeRedirectPath(redirectTo))
	return saved
}

export async function loader() {
	return redirect('/')
}
