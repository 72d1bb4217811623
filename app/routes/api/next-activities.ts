import { getNextActivities } from '#app/models/accounts/user-status.server.ts'
import { apiHandler } from '#app/utils/api.server.ts'
import { requireUser } from '#app/utils/auth.server.ts'

/**
 * GET /api/user/nextActivities/HostNextActivityData (spec §7 User account,
 * §4 Next activities): `{ nextActivities: [{ type, nextEntityId }] }` in the
 * envelope's value — for Owners; every other role gets an empty list.
 */
export const loader = apiHandler(async (args) => {
	const user = await requireUser(args)
	return { nextActivities: getNextActivities(user) }
})
