import { acceptOrder, cancelOrder, declineOrder } from '#app/models/booking/order-transitions.server.ts'
import { apiOrderPage, apiOrderSummary, apiOrderView } from '#app/models/booking/order-api.server.ts'
import { getOrderView } from '#app/models/booking/order-queries.server.ts'
import { executeCardRefunds } from '#app/models/booking/payments.server.ts'
import { hostOrderTable, listHostOrderPage } from '#app/models/host-office/host-orders.server.ts'
import { orderIdBodySchema, orderIdQuerySchema, orderReasonBodySchema } from '#app/schemas/booking.ts'
import { parseJsonBody, parseQuery } from '#app/utils/api.server.ts'
import { parseTableQuery } from '#app/utils/data-table.server.ts'
import { apiEndpoints } from '#app/utils/api-endpoints.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'

/**
 * /api/Owner/Orders/* — a host's orders: Index (the order table of /host/orders:
 * filters status, playroomId, from, to, tableFilter, sortCriterias; lenient),
 * Get, Accept, Decline (reason), Cancel (reason).
 */
const endpoints = apiEndpoints({
	Index: {
		method: 'GET',
		handler: async (args) => {
			const host = await requireRole(args, 'Owner')
			return apiOrderPage(listHostOrderPage(host, parseTableQuery(hostOrderTable, args.url.searchParams)))
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
