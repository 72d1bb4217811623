import { getOccupationData } from '#app/models/booking/playroom-booking.server.ts'
import { occupationParamsSchema } from '#app/schemas/catalogue.ts'
import { apiHandler, methodNotAllowed, parseQuery } from '#app/utils/api.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'

/** GET /api/Public/Playrooms/GetOccupationData?playroomId&from&to — occupied intervals and day states, no guest data. */
export const loader = apiHandler(({ url, context }) => {
	const { playroomId, from, to } = parseQuery(occupationParamsSchema, url)
	return getOccupationData(playroomId, { from, to }, getCaller(context))
})
export const action = apiHandler(methodNotAllowed)
