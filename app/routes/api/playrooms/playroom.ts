import { getPlayroomDetail } from '#app/models/catalogue/playrooms.server.ts'
import { playroomRefSchema } from '#app/schemas/catalogue.ts'
import { apiHandler, methodNotAllowed, parseQuery } from '#app/utils/api.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'

/** GET /api/Public/Playrooms/Playroom?playroomUrlPath (or playroomId) — the detail. */
export const loader = apiHandler(({ url, context, locale }) =>
	getPlayroomDetail(parseQuery(playroomRefSchema, url), getCaller(context), locale),
)
export const action = apiHandler(methodNotAllowed)
