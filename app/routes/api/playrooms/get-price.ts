import { getPriceQuote } from '#app/models/booking/playroom-booking.server.ts'
import { priceParamsSchema } from '#app/schemas/catalogue.ts'
import { apiHandler, methodNotAllowed, parseQuery } from '#app/utils/api.server.ts'
import { getCaller } from '#app/utils/api-caller.server.ts'

/**
 * GET /api/Public/Playrooms/GetPrice?playroomId&bookingType&checkIn&checkOut&guests
 * [&extras=additionId:quantity,…][&voucherCode] — the price breakdown.
 */
export const loader = apiHandler(({ url, context, locale }) => {
	const { extras, ...params } = parseQuery(priceParamsSchema, url)
	return getPriceQuote(
		{
			...params,
			extras: extras?.map((item) => {
				const [additionId = '', quantity = '0'] = item.split(':')
				return { additionId, quantity: Number(quantity) }
			}),
		},
		getCaller(context),
		locale,
	)
})
export const action = apiHandler(methodNotAllowed)
