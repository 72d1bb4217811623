import { getBookingData } from '#app/models/booking/playroom-booking.server.ts'
import { bookingParamsSchema } from '#app/schemas/catalogue.ts'
import { apiHandler, methodNotAllowed, parseQuery } from '#app/utils/api.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'

/** GET /api/Public/Playrooms/Booking?playroomId|playroomUrlPath[&checkIn] — checkout data (+ start lists for a date). */
export const loader = apiHandler(({ url, context, locale }) => {
	const { checkIn, ...ref } = parseQuery(bookingParamsSchema, url)
	return getBookingData(ref, checkIn, getCaller(context), locale)
})
export const action = apiHandler(methodNotAllowed)
