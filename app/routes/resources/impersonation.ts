import { redirect } from 'react-router'
import type { Route } from './+types/impersonation.ts'
import { startImpersonation, stopImpersonation } from '#app/models/accounts/impersonation.server.ts'
import {
	clearAuthCookies,
	clearImpersonatorCookie,
	readImpersonatorToken,
	readSessionCookie,
	requestMeta,
	requireSession,
	setImpersonatorCookie,
	setSessionCookie,
} from '#app/utils/account-session.server.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { areaHomeOf } from '#app/utils/areas.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { isLocale, localizePath, type Locale } from '#app/utils/locale.ts'
import { looseT } from '#app/utils/loose-t.ts'
import { ID_PATTERN } from '#db/schema/ids.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'

/**
 * POST /resources/impersonation — "login as" (intent=start, userId; admins
 * only) and "back to admin" (intent=stop). Plain forms post here, so both work
 * without JavaScript. The admin's own token waits in auth.old_user meanwhile.
 */
const ADMIN_DETAIL: Record<string, string> = { Owner: '/admin/hosts', Customer: '/admin/guests' }

export async function loader() {
	throw redirect('/')
}

export async function action(args: Route.ActionArgs) {
	const { request, context } = args
	const form = await request.formData()
	const locale: Locale = isLocale(form.get('locale')) ? (form.get('locale') as Locale) : 'de'
	// This route has no /en form: the page's locale comes with the form, and the toasts speak it too.
	const t = looseT(getFixedT(locale))
	const meta = requestMeta(args)

	if (form.get('intent') === 'start') {
		await requireRole(args, 'Admin')
		const admin = await requireSession(args)
		const userId = String(form.get('userId') ?? '')
		const adminToken = readSessionCookie(request)
		if (!ID_PATTERN.test(userId) || !adminToken) throw redirect(localizePath('/admin/hosts', locale))
		try {
			const impersonation = startImpersonation(admin, { userId }, meta)
			setImpersonatorCookie(context, adminToken, admin)
			setSessionCookie(context, { ...impersonation, persistent: false })
			// Into the user's area, as their own login without a target (issue 31.10).
			return redirectWithToast(localizePath(areaHomeOf(impersonation.target.role), locale), {
				type: 'info',
				description: t('auth:impersonation.started', { name: impersonation.target.displayName }),
			})
		} catch (error) {
			if (!isAppError(error)) throw error
			return redirectWithToast(localizePath('/admin/hosts', locale), {
				type: 'danger',
				description: t(error.messageKey, error.params),
			})
		}
	}

	const session = await requireSession(args)
	if (!session.impersonatorUserId) throw redirect(localizePath('/', locale))
	const { admin, targetUserId, targetRole } = stopImpersonation(session, readImpersonatorToken(request), meta)
	if (!admin) {
		clearAuthCookies(context)
		return redirectWithToast(localizePath('/login', locale), {
			type: 'warning',
			description: t('auth:impersonation.adminSessionGone'),
		})
	}
	setSessionCookie(context, {
		token: readImpersonatorToken(request) ?? '',
		expiresAt: admin.expiresAt,
		persistent: admin.persistent,
	})
	clearImpersonatorCookie(context)
	const list = ADMIN_DETAIL[targetRole] ?? '/admin/dashboard'
	return redirectWithToast(localizePath(`${list}/${targetUserId}`, locale), {
		type: 'info',
		description: t('auth:impersonation.ended'),
	})
}
