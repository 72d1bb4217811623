import { getPlayroomPage } from '#app/models/catalogue/playrooms.server.ts'
import { playroomPageParamsSchema } from '#app/schemas/catalogue.ts'
import { apiHandler, methodNotAllowed, parseQuery } from '#app/utils/api.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'

/** GET /api/Public/Playrooms/PlayroomPage?playroomId&playroomPageId — one extra page (title, text). */
export const loader = apiHandler(({ url, context, locale }) => {
	const { playroomId, playroomPageId } = parseQuery(playroomPageParamsSchema, url)
	return getPlayroomPage(playroomId, playroomPageId, getCaller(context), locale)
})
export const action = apiHandler(methodNotAllowed)
