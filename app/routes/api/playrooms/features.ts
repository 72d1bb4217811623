import { findVisiblePlayroom, getPlayroomFeatures } from '#app/models/catalogue/playrooms.server.ts'
import { playroomRefSchema } from '#app/schemas/catalogue.ts'
import { apiHandler, methodNotAllowed, parseQuery } from '#app/utils/api.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'

/** GET /api/Public/Playrooms/Features?playroomId|playroomUrlPath — the playroom's features. */
export const loader = apiHandler(({ url, context, locale }) => {
	const playroom = findVisiblePlayroom(parseQuery(playroomRefSchema, url), getCaller(context))
	return getPlayroomFeatures(playroom.id, locale)
})
export const action = apiHandler(methodNotAllowed)
