import { getLiveData } from '#app/models/booking/playroom-booking.server.ts'
import { liveDataParamsSchema } from '#app/schemas/catalogue.ts'
import { apiHandler, methodNotAllowed, parseQuery } from '#app/utils/api.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'

/** GET /api/Public/Playrooms/LiveData?playroomUrlPath — free now, next free start. */
export const loader = apiHandler(({ url, context }) =>
	getLiveData(parseQuery(liveDataParamsSchema, url).playroomUrlPath, getCaller(context)),
)
export const action = apiHandler(methodNotAllowed)
