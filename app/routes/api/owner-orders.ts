import { acceptOrder, cancelOrder, declineOrder } from '#app/models/booking/order-transitions.server.ts'
import { apiOrderPage, apiOrderSummary, apiOrderView } from '#app/models/booking/order-api.server.ts'
import { getOrderView, listHostOrders } from '#app/models/booking/order-queries.server.ts'
import { executeCardRefunds } from '#app/models/booking/payments.server.ts'
import { startOfLocalDay, addDays } from '#app/domain/berlin-time.ts'
import {
	hostOrdersQuerySchema,
	orderIdBodySchema,
	orderIdQuerySchema,
	orderReasonBodySchema,
} from '#app/schemas/booking.ts'
import { parseJsonBody, parseQuery } from '#app/utils/api.server.ts'
import { apiEndpoints } from '#app/utils/api-endpoints.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'

/**
 * /api/Owner/Orders/* — a host's orders: Index (filters status, playroomId,
 * from, to), Get, Accept, Decline (reason), Cancel (reason).
 */
const endpoints = apiEndpoints({
	Index: {
		method: 'GET',
		handler: async (args) => {
			const host = await requireRole(args, 'Owner')
			const query = parseQuery(hostOrdersQuerySchema, args.url)
			return apiOrderPage(
				listHostOrders(host.id, {
					status: query.status,
					playroomId: query.playroomId,
					from: query.from ? startOfLocalDay(query.from) : undefined,
					to: query.to ? startOfLocalDay(addDays(query.to, 1)) : undefined,
					page: query.currentPage,
					perPage: query.perPage,
				}),
			)
		},
	},
	Get: {
		method: 'GET',
		handler: async (args) => {
			const host = await requireRole(args, 'Owner')
			return apiOrderView(getOrderView(parseQuery(orderIdQuerySchema, args.url).orderId, host))
		},
	},
	Accept: {
		method: 'POST',
		handler: async (args) => {
			const host = await requireRole(args, 'Owner')
			const body = await parseJsonBody(orderIdBodySchema, args.request)
			return apiOrderSummary(acceptOrder(body.orderId, host))
		},
	},
	Decline: {
		method: 'POST',
		handler: async (args) => {
			const host = await requireRole(args, 'Owner')
			const body = await parseJsonBody(orderReasonBodySchema, args.request)
			return apiOrderSummary(declineOrder(body.orderId, host, body.reason))
		},
	},
	Cancel: {
		method: 'POST',
		handler: async (args) => {
			const host = await requireRole(args, 'Owner')
			const body = await parseJsonBody(orderReasonBodySchema, args.request)
			const result = cancelOrder(body.orderId, host, body.reason)
			await executeCardRefunds(result.order.id)
			return apiOrderSummary(result.order)
		},
	},
})

export const loader = endpoints.loader
export const action = endpoints.action
