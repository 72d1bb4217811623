import {
	exportAdminOrders,
	listAdminOrders,
	orderTable,
	resendConfirmation,
} from '#app/models/admin/admin-orders.server.ts'
import { listAuditEntries } from '#app/models/platform/audit-log.server.ts'
import { cancelOrder } from '#app/models/booking/order-transitions.server.ts'
import { apiOrderSummary, apiOrderView } from '#app/models/booking/order-api.server.ts'
import { getOrderView } from '#app/models/booking/order-queries.server.ts'
import { executeCardRefunds, recordBankTransfer } from '#app/models/booking/payments.server.ts'
import {
	orderIdBodySchema,
	orderIdQuerySchema,
	orderReasonBodySchema,
	recordBankTransferSchema,
} from '#app/schemas/booking.ts'
import { parseJsonBody, parseQuery } from '#app/utils/api.server.ts'
import { apiEndpoints } from '#app/utils/api-endpoints.server.ts'
import { exportLocale } from '#app/utils/data-table-csv.server.ts'
import { parseTableQuery } from '#app/utils/data-table.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'

/**
 * /api/Admin/Orders/* — the admin order pages' API: Index (the order data
 * table, docs/subsystems/data-table.md), Export (its CSV), Get, Cancel
 * (reason, full refund), RecordBankTransfer (a bank transfer for an order:
 * confirms it once paid; requires an `idempotencyKey` — the same key again
 * answers with the first payment and books nothing; a closed order is a 409,
 * ADR 0142) and ResendConfirmation.
 */
const endpoints = apiEndpoints({
	Index: {
		method: 'GET',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			return listAdminOrders(admin, parseTableQuery(orderTable, args.url.searchParams))
		},
	},
	Export: {
		method: 'GET',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			const query = parseTableQuery(orderTable, args.url.searchParams)
			return exportAdminOrders(admin, query, exportLocale(args.url, args.locale))
		},
	},
	ResendConfirmation: {
		method: 'POST',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			const { orderId } = await parseJsonBody(orderIdBodySchema, args.request)
			return { email: resendConfirmation(admin, orderId) }
		},
	},
	Get: {
		method: 'GET',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			const { orderId } = parseQuery(orderIdQuerySchema, args.url)
			// The admin's view adds the order's audit entries (ADR 0098).
			return { ...apiOrderView(getOrderView(orderId, admin)), history: listAuditEntries('order', orderId) }
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
