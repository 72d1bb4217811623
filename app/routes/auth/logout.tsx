import { useTranslation } from 'react-i18next'
import { redirect } from 'react-router'
import type { Route } from './+types/logout.ts'
import { SessionEndPage } from '#app/components/session-end-page.tsx'
import { endBrowserSession } from '#app/utils/account-session.server.ts'
import { getAuth } from '#app/utils/auth.server.ts'
import { getLocale, getT } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * /auth/logout (spec §4). POST ends the session on the server (while
 * impersonating also the admin's waiting one), clears auth.token and
 * auth.old_user, marks the browser to clear its favourites and goes to "/".
 * GET changes nothing: it asks (docs/decisions/0013-logout-and-favourites.md).
 */
export async function loader({ context }: Route.LoaderArgs) {
	if (!getAuth(context).session) throw redirect(localizePath('/', getLocale(context)))
	return null
}

export async function action(args: Route.ActionArgs) {
	const { context } = args
	endBrowserSession(args)
	return redirectWithToast(localizePath('/', getLocale(context)), {
		type: 'info',
		description: looseT(getT(context))('auth:logout.done'),
	})
}

export default function LogoutPage() {
	const { t } = useTranslation('auth')
	return (
		<SessionEndPage title={t('logout.title')} question={t('logout.question')} submit={t('logout.submit')} />
	)
}
