import { redirect } from 'react-router'
import type { Route } from './+types/notifications.ts'
import {
	markAllNotificationsRead,
	markNotificationRead,
} from '#app/models/notifications/notifications.server.ts'
import { notificationFormSchema } from '#app/schemas/notifications.ts'
import { getSessionUser } from '#app/utils/auth.server.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { getLocaleFromPathname, localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { keepPageCache } from '#app/render/page-cache.server.ts'
import { safeRedirectPath } from '#app/utils/redirect.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * POST /resources/notifications {intent: read|readAll, notificationId?, redirectTo} — the plain
 * forms of the host inbox /host/messages and the guest's notification list
 * (docs/subsystems/notifications.md). Works without JavaScript: every outcome is a redirect back
 * with a toast. Someone else's notification (or a malformed id) is a 404 and nothing changes.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const form = await request.formData()
	const rawRedirect = form.get('redirectTo')
	const back = safeRedirectPath(typeof rawRedirect === 'string' ? rawRedirect : null, '/')
	const locale = getLocaleFromPathname(back)
	const t = looseT(getFixedT(locale))
	const user = getSessionUser(context)
	if (!user) return redirect(`${localizePath('/login', locale)}?redirect=${encodeURIComponent(back)}`)
	keepPageCache(context) // one user's read marks change no shared page
	const submission = parseFormSubmission(form, { schema: notificationFormSchema })
	// A notification that is not the caller's (or no id at all) does not exist for them: 404, nothing changes.
	const notFound = () =>
		new Response(t('notifications:inbox.notFound'), {
			status: 404,
			headers: { 'Content-Type': 'text/plain; charset=utf-8' },
		})
	if (submission.status !== 'success') return notFound()
	try {
		if (submission.value.intent === 'readAll') {
			markAllNotificationsRead(user)
			return redirectWithToast(back, { type: 'success', description: t('notifications:inbox.allMarkedRead') })
		}
		markNotificationRead(user, submission.value.notificationId)
		return redirectWithToast(back, { type: 'success', description: t('notifications:inbox.markedRead') })
	} catch (error) {
		if (isAppError(error) && error.status === 404) return notFound()
		throw error
	}
}

export async function loader() {
	return redirect('/')
}
