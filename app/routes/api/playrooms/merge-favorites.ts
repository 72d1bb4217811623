import { addFavorites } from '#app/models/accounts/favourites.server.ts'
import { mergeFavoritesBodySchema } from '#app/schemas/catalogue.ts'
import { apiHandler, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'
import { requireUser } from '#app/utils/auth.server.ts'
import { keepPageCache } from '#app/render/page-cache.server.ts'

/**
 * POST /api/Public/Playrooms/MergeFavorites {playroomIds} (logged in) — the login
 * merge: the visitor's local list (sz:favourites) joins the stored one; returns
 * the union as { playroomIds } so the client can replace its local copy.
 */
export const action = apiHandler(async (args) => {
	keepPageCache(args.context) // a user's favourites change no shared page
	const user = await requireUser(args)
	const { playroomIds } = await parseJsonBody(mergeFavoritesBodySchema, args.request)
	return { playroomIds: addFavorites(user.id, playroomIds) }
})
export const loader = apiHandler(methodNotAllowed)
