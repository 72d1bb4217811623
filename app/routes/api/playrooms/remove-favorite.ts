import { removeFavorite } from '#app/models/accounts/favourites.server.ts'
import { favoriteBodySchema } from '#app/schemas/catalogue.ts'
import { apiHandler, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'
import { requireUser } from '#app/utils/auth.server.ts'
import { keepPageCache } from '#app/render/page-cache.server.ts'

/** POST /api/Public/Playrooms/RemoveFavorite {playroomId} (logged in) → { playroomIds }. */
export const action = apiHandler(async (args) => {
	keepPageCache(args.context) // a user's favourites change no shared page
	const user = await requireUser(args)
	const { playroomId } = await parseJsonBody(favoriteBodySchema, args.request)
	return { playroomIds: removeFavorite(user.id, playroomId) }
})
export const loader = apiHandler(methodNotAllowed)
