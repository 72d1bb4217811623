import { getAvailableLists } from '#app/models/booking/playroom-booking.server.ts'
import { availableListsParamsSchema } from '#app/schemas/catalogue.ts'
import { apiHandler, methodNotAllowed, parseQuery } from '#app/utils/api.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'

/** GET /api/Public/Playrooms/AvailableLists?playroomUrlPath&checkIn&bookingType — start times and durations. */
export const loader = apiHandler(({ url, context }) => {
	const { checkIn, bookingType, ...ref } = parseQuery(availableListsParamsSchema, url)
	return getAvailableLists(ref, checkIn, bookingType, getCaller(context))
})
export const action = apiHandler(methodNotAllowed)
