import { redirect } from 'react-router'
import type { Route } from './+types/host-playroom-edit-redirect.ts'
import { getLocale } from '#app/utils/i18n.server.ts'
import { localizePath } from '#app/utils/locale.ts'
import { assertValidRouteParams } from '#app/utils/route-params.server.ts'

/** /host/playrooms/edit/:playroomId opens the first tab, basic-information (spec §2). */
export async function loader({ params, context }: Route.LoaderArgs) {
	assertValidRouteParams(params)
	return redirect(
		localizePath(`/host/playrooms/edit/${params.playroomId}/basic-information`, getLocale(context)),
	)
}

export default function HostPlayroomEditRedirect() {
	return null
}
