import { redirect } from 'react-router'
import type { Route } from './+types/waitlist.ts'
import { joinWaitlist, leaveWaitlist } from '#app/models/booking/waitlist.server.ts'
import { waitlistFormSchema } from '#app/schemas/waitlist.ts'
import { getSessionUser } from '#app/utils/auth.server.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { getLocaleFromPathname, localizePath } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { keepPageCache } from '#app/render/page-cache.server.ts'
import { safeRedirectPath } from '#app/utils/redirect.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { translateValidationMessage } from '#app/utils/validation-messages.ts'

/**
 * POST /resources/waitlist {intent: join|leave, …, redirectTo} — the slot
 * waitlist's plain forms (docs/subsystems/waitlist.md): join a taken start on
 * the playroom page, leave one of your own entries on /guest/orders. Works
 * without JavaScript: every outcome is a redirect back with a toast. A visitor
 * is sent to the login (and back) with the reason.
 */
export async function action({ request, context }: Route.ActionArgs) {
	const form = await request.formData()
	const rawRedirect = form.get('redirectTo')
	// The form sends the page it is on (already in the page's language).
	const back = safeRedirectPath(
		typeof rawRedirect === 'string' ? rawRedirect : null,
		'/guest/orders?tab=waiting',
	)
	const locale = getLocaleFromPathname(back)
	const fixedT = getFixedT(locale)
	const t = looseT(fixedT)
	const user = getSessionUser(context)
	if (!user) {
		const login = `${localizePath('/login', locale)}?redirect=${encodeURIComponent(back)}`
		return redirectWithToast(login, { type: 'info', description: t('waitlist:join.loginNeeded') })
	}
	const submission = parseFormSubmission(form, { schema: waitlistFormSchema })
	if (submission.status !== 'success') {
		// The form's fields are hidden (the chosen start): its first message says what was wrong,
		// e.g. a start outside the dates anyone may name (ADR 0143).
		const first = Object.values(submission.error ?? {}).flat()[0]
		const description = first ? translateValidationMessage(fixedT, first) : t('validation.invalid')
		return redirectWithToast(back, { type: 'danger', description })
	}
	const value = submission.value
	try {
		if (value.intent === 'join') {
			keepPageCache(context) // one guest's entry changes no shared page
			const { created } = joinWaitlist(value, user)
			return redirectWithToast(back, {
				type: 'success',
				description: t(created ? 'waitlist:join.joined' : 'waitlist:join.already'),
			})
		}
		leaveWaitlist(value.entryId, user)
		return redirectWithToast(back, { type: 'success', description: t('waitlist:list.left') })
	} catch (error) {
		if (!isAppError(error)) throw error
		return redirectWithToast(back, { type: 'danger', description: t(error.messageKey, error.params) })
	}
}

export async function loader() {
	return redirect('/')
}
