import { cancelOrder } from '#app/models/orders.server.ts'
import { apiOrderSummary, apiOrderView } from '#app/models/order-api.server.ts'
import { getOrderView } from '#app/models/order-queries.server.ts'
import { executeCardRefunds, recordBankTransfer } from '#app/models/payments.server.ts'
import { orderIdQuerySchema, orderReasonBodySchema, recordBankTransferSchema } from '#app/schemas/booking.ts'
import { parseJsonBody, parseQuery } from '#app/utils/api.server.ts'
import { apiEndpoints } from '#app/utils/api-endpoints.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'

/**
 * /api/Admin/Orders/* — until the admin pages exist: Get, Cancel (reason,
 * full refund) and RecordBankTransfer (the control transaction that confirms
 * an order paid by bank transfer).
 */
const endpoints = apiEndpoints({
	Get: {
		method: 'GET',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			return apiOrderView(getOrderView(parseQuery(orderIdQuerySchema, args.url).orderId, admin))
		},
	},
	Cancel: {
		method: 'POST',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			const body = await parseJsonBody(orderReasonBodySchema, args.request)
			const result = cancelOrder(body.orderId, admin, body.reason)
			await executeCardRefunds(result.order.id)
			return apiOrderSummary(result.order)
		},
	},
	RecordBankTransfer: {
		method: 'POST',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			const body = await parseJsonBody(recordBankTransferSchema, args.request)
			const { order, payment } = recordBankTransfer(body, admin)
			return { ...apiOrderSummary(order), paymentTransactionId: payment.id }
		},
	},
})

export const loader = endpoints.loader
export const action = endpoints.action
