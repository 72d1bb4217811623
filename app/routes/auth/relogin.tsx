import { useTranslation } from 'react-i18next'
import { redirect } from 'react-router'
import type { Route } from './+types/relogin.ts'
import { SessionEndPage } from '#app/components/session-end-page.tsx'
import { endBrowserSession } from '#app/utils/account-session.server.ts'
import { getAuth } from '#app/utils/auth.server.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath, type Locale } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { safeRedirectPath } from '#app/utils/redirect.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * /auth/relogin?redirect=<page> (spec §2): ends the session and opens the
 * login with that page as redirect. GET asks first (changes nothing); a visitor
 * who is not logged in goes to the login straight away.
 */
function loginUrl(redirectTo: string, locale: Locale) {
	const login = localizePath('/login', locale)
	return redirectTo ? `${login}?redirect=${encodeURIComponent(redirectTo)}` : login
}

export async function loader({ url, context }: Route.LoaderArgs) {
	const redirectTo = safeRedirectPath(url.searchParams.get('redirect'), '')
	if (!getAuth(context).session) throw redirect(loginUrl(redirectTo, getLocale(context)))
	return { redirect: redirectTo }
}

export async function action(args: Route.ActionArgs) {
	const { context } = args
	const redirectTo = safeRedirectPath(args.url.searchParams.get('redirect'), '')
	endBrowserSession(args)
	return redirectWithToast(loginUrl(redirectTo, getLocale(context)), {
		type: 'info',
		description: looseT(getT(context))('auth:relogin.done'),
	})
}

export default function ReloginPage() {
	const { t } = useTranslation('auth')
	return (
		<SessionEndPage
			title={t('relogin.title')}
			question={t('relogin.question')}
			submit={t('relogin.submit')}
		/>
	)
}
