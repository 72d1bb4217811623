import { apiHandler } from '#app/utils/api.server.ts'
import { getAuth } from '#app/utils/auth.server.ts'

/** GET /api/Auth/session: the session user (spec §3) or null when nobody is logged in. */
export const loader = apiHandler(({ context }) => {
	const session = getAuth(context).session
	if (!session) return null
	const { user } = session
	return {
		id: user.id,
		role: user.role,
		displayName: user.displayName,
		firstName: user.firstName,
		lastName: user.lastName,
		phoneNumber: user.phoneNumber,
		langPreference: user.langPreference,
		notificationToken: user.notificationToken,
		canGoBackToAdmin: Boolean(session.impersonatorUserId),
	}
})
