import { removeFavorite } from '#app/models/playrooms.server.ts'
import { favoriteBodySchema } from '#app/schemas/catalogue.ts'
import { apiHandler, methodNotAllowed, parseJsonBody } from '#app/utils/api.server.ts'
import { requireUser } from '#app/utils/auth.server.ts'

/** POST /api/Public/Playrooms/RemoveFavorite {playroomId} (logged in) → { playroomIds }. */
export const action = apiHandler(async (args) => {
	const user = await requireUser(args)
	const { playroomId } = await parseJsonBody(favoriteBodySchema, args.request)
	return { playroomIds: removeFavorite(user.id, playroomId) }
})
export const loader = apiHandler(methodNotAllowed)
