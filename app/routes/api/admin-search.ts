import { searchAdmin } from '#app/models/admin/admin-search.server.ts'
import { adminSearchQuerySchema } from '#app/schemas/admin-dashboard.ts'
import { apiHandler, parseQuery } from '#app/utils/api.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'

/**
 * GET /api/Admin/Search/Get?query= (issue 14): the admin search in the
 * envelope — `{ query, users, orders, playrooms, more }`, each item with the
 * locale-free path of its admin page. Guests and hosts get 403, no session 401.
 */
export const loader = apiHandler(async (args) => {
	const admin = await requireRole(args, 'Admin')
	const { query } = parseQuery(adminSearchQuerySchema, args.url)
	return searchAdmin(admin, query ?? '')
})
