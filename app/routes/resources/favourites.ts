import { data, redirect } from 'react-router'
import type { Route } from './+types/favourites.ts'
import { addFavorites, removeFavorite } from '#app/models/accounts/favourites.server.ts'
import { idSchema } from '#app/schemas/catalogue.ts'
import { getSessionUser } from '#app/utils/auth.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { getLocaleFromPathname, localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { keepPageCache } from '#app/render/page-cache.server.ts'
import { safeRedirectPath } from '#app/utils/redirect.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { z } from '#app/utils/validation.ts'

const favouriteFormSchema = z.object({ intent: z.enum(['add', 'remove']), playroomId: idSchema })

/**
 * POST /resources/favourites {intent: add|remove, playroomId, redirectTo?} —
 * the heart's form (docs/decisions/0032-favourites.md). Logged-in users: the
 * favourite is stored (AddFavorite/RemoveFavorite of the model). Visitors keep
 * favourites in the browser, which needs JavaScript; a visitor's plain form
 * post goes to the login and back. Fetchers (JavaScript) leave out redirectTo
 * and get JSON; plain posts are redirected back with a toast.
 */
export async function action({ request, context }: Route.ActionArgs) {
	keepPageCache(context) // one user's favourites change no shared page
	const form = await request.formData()
	const rawRedirect = form.get('redirectTo')
	const redirectTo = typeof rawRedirect === 'string' && rawRedirect ? safeRedirectPath(rawRedirect) : null
	const locale = getLocaleFromPathname(redirectTo ?? '/')
	const t = looseT(getFixedT(locale))
	const user = getSessionUser(context)
	if (!user) {
		const login = `${localizePath('/login', locale)}?redirect=${encodeURIComponent(redirectTo ?? localizePath('/', locale))}`
		if (!redirectTo) return data({ ok: false, playroomIds: [] as string[] }, { status: 401 })
		return redirectWithToast(login, { type: 'info', description: t('catalogue:favourites.loginNeeded') })
	}
	const parsed = favouriteFormSchema.safeParse(Object.fromEntries(form))
	if (!parsed.success) {
		if (!redirectTo) return data({ ok: false, playroomIds: [] as string[] }, { status: 400 })
		return redirectWithToast(redirectTo, { type: 'danger', description: t('validation.invalid') })
	}
	const { intent, playroomId } = parsed.data
	const playroomIds =
		intent === 'add' ? addFavorites(user.id, [playroomId]) : removeFavorite(user.id, playroomId)
	if (!redirectTo) return { ok: true, playroomIds }
	return redirectWithToast(redirectTo, {
		type: 'success',
		description: t(intent === 'add' ? 'catalogue:favourites.added' : 'catalogue:favourites.removed'),
	})
}

export async function loader() {
	return redirect('/')
}
