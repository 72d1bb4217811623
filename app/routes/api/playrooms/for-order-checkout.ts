import { getCheckoutSummary } from '#app/models/booking/playroom-booking.server.ts'
import { playroomRefSchema } from '#app/schemas/catalogue.ts'
import { apiHandler, methodNotAllowed, parseQuery } from '#app/utils/api.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'

/** GET /api/Public/Playrooms/ForOrderCheckout?playroomId|playroomUrlPath — what the checkout shows. */
export const loader = apiHandler(({ url, context, locale }) =>
	getCheckoutSummary(parseQuery(playroomRefSchema, url), getCaller(context), locale),
)
export const action = apiHandler(methodNotAllowed)
