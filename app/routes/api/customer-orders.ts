import { createOrder } from '#app/models/booking/order-creation.server.ts'
import { cancelOrder, getCancellationQuote } from '#app/models/booking/order-transitions.server.ts'
import { apiOrderPage, apiOrderSummary, apiOrderView } from '#app/models/booking/order-api.server.ts'
import { getOrderView, listGuestOrders } from '#app/models/booking/order-queries.server.ts'
import { executeCardRefunds, startCardPayment } from '#app/models/booking/payments.server.ts'
import {
	createOrderApiSchema,
	guestOrdersQuerySchema,
	orderIdBodySchema,
	orderIdQuerySchema,
} from '#app/schemas/booking.ts'
import { guestCancelApiSchema, refundAccountOf } from '#app/schemas/refunds.ts'
import { parseJsonBody, parseQuery } from '#app/utils/api.server.ts'
import { apiEndpoints } from '#app/utils/api-endpoints.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { getServices } from '#app/utils/context.server.ts'
import {
	isUnknownVoucher,
	recordVoucherGuess,
	voucherGuessesExhausted,
	voucherRefusal,
} from '#app/models/vouchers/voucher-redemption.server.ts'

/**
 * /api/Customer/Orders/* — a guest's orders (docs/subsystems/booking.md):
 * Create (409 SlotNotAvailable when the time was taken), Index, Get,
 * CancellationQuote, Cancel, PayByCard.
 */
const endpoints = apiEndpoints({
	Create: {
		method: 'POST',
		handler: async (args) => {
			const user = await requireRole(args, 'Customer')
			const input = await parseJsonBody(createOrderApiSchema, args.request)
			// A voucher code: the same checks and guessing limit as the checkout (ADR 0167).
			const who = { userId: user.id, ip: getServices(args.context).clientIp || null }
			if (input.voucherCode && (await voucherGuessesExhausted(who))) throw voucherRefusal('tooManyAttempts')
			try {
				const { order, created } = createOrder(input, user, { locale: args.locale })
				return { ...apiOrderSummary(order), created }
			} catch (error) {
				if (isAppError(error) && isUnknownVoucher(error.fields)) await recordVoucherGuess(who)
				throw error
			}
		},
	},
	Index: {
		method: 'GET',
		handler: async (args) => {
			const user = await requireRole(args, 'Customer')
			const query = parseQuery(guestOrdersQuerySchema, args.url)
			return apiOrderPage(
				listGuestOrders(user.id, { tab: query.tab, page: query.currentPage, perPage: query.perPage }),
			)
		},
	},
	Get: {
		method: 'GET',
		handler: async (args) => {
			const user = await requireRole(args, 'Customer')
			return apiOrderView(getOrderView(parseQuery(orderIdQuerySchema, args.url).orderId, user))
		},
	},
	CancellationQuote: {
		method: 'GET',
		handler: async (args) => {
			const user = await requireRole(args, 'Customer')
			return getCancellationQuote(parseQuery(orderIdQuerySchema, args.url).orderId, user)
		},
	},
	Cancel: {
		method: 'POST',
		handler: async (args) => {
			const user = await requireRole(args, 'Customer')
			// A refund by transfer may bring the guest's account (ADR 0176); else the order page asks.
			const body = await parseJsonBody(guestCancelApiSchema, args.request)
			const result = cancelOrder(body.orderId, user, body.reason ?? null, {
				refundAccount: refundAccountOf(body),
			})
			await executeCardRefunds(result.order.id)
			return apiOrderSummary(result.order)
		},
	},
	PayByCard: {
		method: 'POST',
		handler: async (args) => {
			const user = await requireRole(args, 'Customer')
			const body = await parseJsonBody(orderIdBodySchema, args.request)
			return startCardPayment(body.orderId, user, args.locale)
		},
	},
})

export const loader = endpoints.loader
export const action = endpoints.action
