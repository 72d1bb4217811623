import { findVisiblePlayroom, getPlayroomPhotos } from '#app/models/catalogue/playrooms.server.ts'
import { playroomRefSchema } from '#app/schemas/catalogue.ts'
import { apiHandler, methodNotAllowed, parseQuery } from '#app/utils/api.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'

/** GET /api/Public/Playrooms/Images?playroomId|playroomUrlPath — ordered photos with srcset and alt text. */
export const loader = apiHandler(({ url, context, locale }) => {
	const playroom = findVisiblePlayroom(parseQuery(playroomRefSchema, url), getCaller(context))
	return getPlayroomPhotos(playroom.id, locale)
})
export const action = apiHandler(methodNotAllowed)
