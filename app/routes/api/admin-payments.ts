import {
	previewControlTransaction,
	recordControlTransaction,
} from '#app/models/booking/control-transactions.server.ts'
import { controlTransactionApiSchema, matchOrderQuerySchema } from '#app/schemas/admin-payments.ts'
import { parseJsonBody, parseQuery } from '#app/utils/api.server.ts'
import { apiEndpoints } from '#app/utils/api-endpoints.server.ts'
import { requireRole } from '#app/utils/auth.server.ts'

/**
 * /api/Admin/Payments/* (ADR 0094): RecordControlTransaction (an incoming bank
 * transfer as the bank shows it, amount in cents; `outcome` is matched,
 * unmatched or duplicate — a duplicate is recorded only with
 * `confirmDuplicate: true`; requires an `idempotencyKey`: the same key again
 * answers with the first outcome and books nothing, ADR 0142) and MatchOrder (the order a reference names, for
 * the page's live preview; `null` when none).
 */
const endpoints = apiEndpoints({
	RecordControlTransaction: {
		method: 'POST',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			const body = await parseJsonBody(controlTransactionApiSchema, args.request)
			const result = recordControlTransaction(body, admin)
			if (result.outcome === 'voucherOrder') {
				const { voucherOrder } = result
				return {
					outcome: result.outcome,
					paymentId: result.paymentId,
					voucherOrderId: voucherOrder.id,
					voucherOrderCode: voucherOrder.code,
					status: voucherOrder.status,
				}
			}
			if (result.outcome !== 'matched') return result
			const { order, ...rest } = result
			return { ...rest, orderId: order.id, orderCode: order.code, status: order.status }
		},
	},
	MatchOrder: {
		method: 'GET',
		handler: async (args) => {
			const admin = await requireRole(args, 'Admin')
			return previewControlTransaction(parseQuery(matchOrderQuerySchema, args.url).reference, admin)
		},
	},
})

export const loader = endpoints.loader
export const action = endpoints.action
