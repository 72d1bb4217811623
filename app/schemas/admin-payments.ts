import { z } from '#app/utils/validation.ts'
import { IDEMPOTENCY_KEY, localDayField } from './checkout.ts'
import { entityIdField, euroTextField, intField, optionalText, requiredText } from './fields.ts'

/**
 * Control transactions (ADR 0094): the page form
 * (/admin/paymentTransactions/new-control-transaction) and
 * POST /api/Admin/Payments/RecordControlTransaction share these fields; the
 * form takes euros as typed, the API integer cents. The booking date's bounds
 * (not in the future, not long before the order) need the order and the clock:
 * the model checks them (assertBookingDate, ADR 0142).
 */
export const REFERENCE_MAX = 140
export const MAX_TRANSFER_CENTS = 100_000_000

/**
 * The key of one recorded transfer (ADR 0142), like order creation's: the pages render a fresh one
 * into their forms, API clients send their own; the same key again books nothing.
 */
export const transferKeyField = z.string().regex(IDEMPOTENCY_KEY)

const controlTransactionFields = {
	bookingDate: localDayField,
	reference: requiredText(REFERENCE_MAX),
	payerName: optionalText(140),
	confirmDuplicate: z.boolean().optional(),
	idempotencyKey: transferKeyField,
}

export const controlTransactionFormSchema = z.object({
	amount: euroTextField(1, MAX_TRANSFER_CENTS),
	...controlTransactionFields,
})

export const controlTransactionApiSchema = z.object({
	amount: intField(1, MAX_TRANSFER_CENTS),
	...controlTransactionFields,
})

/** GET /api/Admin/Payments/MatchOrder?reference=… — the live preview of the page. */
export const matchOrderQuerySchema = z.object({ reference: requiredText(REFERENCE_MAX) })

/**
 * An unmatched transfer assigned to an order (issue 34, ADR 0173): the payment's admin page posts the
 * chosen order (each search result is a submit button) with the key its render carries.
 */
export const assignTransferFormSchema = z.object({
	orderId: entityIdField,
	idempotencyKey: transferKeyField,
})
