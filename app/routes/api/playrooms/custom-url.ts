import { resolveCustomUrl } from '#app/models/catalogue/playrooms.server.ts'
import { customUrlParamsSchema } from '#app/schemas/catalogue.ts'
import { apiHandler, methodNotAllowed, parseQuery } from '#app/utils/api.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'

/** GET /api/Public/Playrooms/CustomUrl?customUrl — a vanity path → { playroomId, playroomUrlPath }. */
export const loader = apiHandler(({ url, context }) =>
	resolveCustomUrl(parseQuery(customUrlParamsSchema, url).customUrl, getCaller(context)),
)
export const action = apiHandler(methodNotAllowed)
