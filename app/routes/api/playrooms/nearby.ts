import { getNearbyPlayrooms } from '#app/models/catalogue/playrooms.server.ts'
import { nearbyParamsSchema } from '#app/schemas/catalogue.ts'
import { apiHandler, methodNotAllowed, parseQuery } from '#app/utils/api.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'

/** GET /api/Public/Playrooms/PlayroomsNearByPlayroomsId?playroomId[&limit=6][&radius=50] — nearest cards. */
export const loader = apiHandler(({ url, context, locale }) => {
	const { playroomId, limit, radius } = parseQuery(nearbyParamsSchema, url)
	return getNearbyPlayrooms(playroomId, { limit, radiusKm: radius }, getCaller(context), locale)
})
export const action = apiHandler(methodNotAllowed)
