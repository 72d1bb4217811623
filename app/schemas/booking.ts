import { validationMessage, z } from '#app/utils/validation.ts'
import { transferKeyField } from './admin-payments.ts'
import { LIMITS, requiredTick } from './auth.ts'
import { idSchema, urlPathSchema } from './catalogue.ts'
import {
	bookingTypeField,
	IDEMPOTENCY_KEY,
	instantSchema,
	MESSAGE_MAX,
	paymentMethodField,
	REASON_MAX,
	VOUCHER_CODE_MAX,
} from './checkout.ts'
import { euroTextField, intField, intParam, optionalText, requiredText } from './fields.ts'

/**
 * Schemas of the booking API (issue 5) and the order lists. The checkout's
 * step forms are in ./checkout.ts (client-safe).
 */
const extraSchema = z.object({ additionId: idSchema, quantity: intField(1, 999) })

/** POST /api/Customer/Orders/Create */
export const createOrderApiSchema = z
	.object({
		playroomId: idSchema.optional(),
		playroomUrlPath: urlPathSchema.optional(),
		bookingType: bookingTypeField,
		checkIn: instantSchema,
		checkOut: instantSchema,
		adults: intField(1, 500),
		children: intField(0, 500).default(0),
		extras: z.array(extraSchema).max(30).default([]),
		message: optionalText(MESSAGE_MAX, { multiline: true }),
		eventAddress: z
			.object({
				street: requiredText(LIMITS.street),
				postalCode: requiredText(LIMITS.postalCode),
				city: requiredText(LIMITS.city),
			})
			.optional(),
		paymentMethod: paymentMethodField,
		voucherCode: optionalText(VOUCHER_CODE_MAX),
		acceptTerms: requiredTick('booking:errors.termsRequired'),
		idempotencyKey: z.string().regex(IDEMPOTENCY_KEY),
	})
	.refine((value) => value.playroomId !== undefined || value.playroomUrlPath !== undefined, {
		path: ['playroomId'],
		params: { i18nKey: validationMessage('catalogue:errors.idOrPathRequired') },
	})

export const orderIdBodySchema = z.object({ orderId: idSchema })
export const orderIdQuerySchema = z.object({ orderId: idSchema })

export const orderReasonBodySchema = orderIdBodySchema.extend({
	reason: requiredText(REASON_MAX, { min: 3, multiline: true }),
})
export const orderOptionalReasonBodySchema = orderIdBodySchema.extend({
	reason: optionalText(REASON_MAX, { multiline: true }),
})

/**
 * POST /api/Admin/Orders/RecordBankTransfer — a bank transfer for an order. Like
 * order creation it requires an `idempotencyKey` (ADR 0142): the same key again
 * answers with the first payment and books nothing.
 */
export const recordBankTransferSchema = z
	.object({
		orderId: idSchema.optional(),
		orderCode: z
			.string()
			.trim()
			.regex(/^SZ-[A-Z0-9]{6}$/i)
			.optional(),
		amount: intField(1, 100_000_000),
		reference: optionalText(140),
		note: optionalText(500, { multiline: true }),
		idempotencyKey: transferKeyField,
	})
	.refine((value) => value.orderId !== undefined || value.orderCode !== undefined, {
		path: ['orderId'],
		params: { i18nKey: validationMessage('validation.required') },
	})

/**
 * The admin order page's "record a bank transfer" form: euros as typed ("120,50") → cents, and the
 * key the page rendered into it (ADR 0142: a double submit records one payment).
 */
export const adminTransferFormSchema = z.object({
	amount: euroTextField(1, 100_000_000),
	reference: optionalText(140),
	note: optionalText(500, { multiline: true }),
	idempotencyKey: transferKeyField,
})

export const GUEST_ORDER_TABS = ['upcoming', 'past', 'cancelled'] as const

export const guestOrdersQuerySchema = z.object({
	tab: z.enum(GUEST_ORDER_TABS).catch('upcoming'),
	currentPage: intParam(1, 10_000).catch(1),
	perPage: intParam(1, 100).catch(20),
})
