import { redirect } from 'react-router'
import type { Route } from './+types/home-redirect.ts'
import { getLocale } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'

/** Any other /host/playrooms/edit/... path redirects to the home page (spec §2). */
export async function loader({ context }: Route.LoaderArgs) {
	return redirect(localizePath('/', getLocale(context)))
}

export default function HomeRedirect() {
	return null
}
