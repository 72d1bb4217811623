import type { UserRole } from '#db/schema/users.ts'
import { getUserStatus } from '#app/models/accounts/user-status.server.ts'
import { apiHandler } from '#app/utils/api.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'

/**
 * GET /api/Customer/Status/Get, /api/Owner/Status/Get, /api/Admin/Status/Get
 * (spec §3 "Status object per role", §7 Status): the caller's status object.
 * Each role has its own endpoint; another role gets 403, no session 401.
 */
const ROLE_BY_SEGMENT: Record<string, UserRole> = { customer: 'Customer', owner: 'Owner', admin: 'Admin' }

export const loader = apiHandler(async (args) => {
	const segment = args.url.pathname.split('/')[2]?.toLowerCase() ?? ''
	const role = ROLE_BY_SEGMENT[segment] ?? 'Admin'
	const user = await requireRole(args, role)
	return getUserStatus(user)
})
