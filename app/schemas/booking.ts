import { BOOKING_TYPES, PAYMENT_METHODS } from '#db/schema/catalogue.ts'
import { ORDER_STATUSES } from '#db/schema/orders.ts'
import { LIMITS, requiredTick } from './auth.ts'
import { idSchema, isInstantString, localDateSchema, urlPathSchema } from './catalogue.ts'
import { validationMessage, z } from '#app/utils/validation.ts'

/**
 * Schemas of the booking engine (issue 5), shared by the checkout forms
 * (Conform, in the browser and the actions) and the /api endpoints.
 */
export const MESSAGE_MAX = 1_000
export const REASON_MAX = 1_000
export const VOUCHER_CODE_MAX = 40

const intField = (min: number, max: number) => z.coerce.number().int().min(min).max(max)

/** A UTC instant as an ISO string with offset (the checkout's checkIn/checkOut). */
export const instantSchema = z
	.string()
	.trim()
	.refine((value) => isInstantString(value) && /(Z|[+-]\d{2}:\d{2})$/.test(value), {
		params: { i18nKey: validationMessage('validation.date') },
	})
	.transform((value) => Date.parse(value))

export const bookingTypeField = z.enum(BOOKING_TYPES)
export const paymentMethodField = z.enum(PAYMENT_METHODS)

const optionalText = (max: number) =>
	z
		.string()
		.trim()
		.max(max)
		.optional()
		.transform((value) => value || undefined)

const phoneRequired = z
	.string()
	.trim()
	.min(1)
	.max(LIMITS.phone)
	.regex(/^\+?[0-9][0-9 ()/-]{4,}$/)

/** Checkout step 1: a start of the chosen day and its length (minutes, or nights for Overnight). */
export const dateStepSchema = z.object({
	bookingType: bookingTypeField,
	date: localDateSchema,
	start: z.string({ error: () => validationMessage('booking:errors.choose') }).pipe(instantSchema),
	duration: intField(1, 60 * 24 * 31).optional(),
})

/** Checkout step 2 (extras arrive as extra_<additionId> fields and are read separately). */
export const guestsStepSchema = z.object({
	adults: intField(1, 500),
	children: intField(0, 500),
})

/** Checkout step 3 for a logged-in guest: the contact the host gets (saved in the account). */
export const contactStepSchema = z.object({
	firstName: z.string().trim().min(1).max(LIMITS.name),
	lastName: z.string().trim().min(1).max(LIMITS.name),
	phoneNumber: phoneRequired,
})

/** Checkout step 4. */
export const paymentStepSchema = z.object({
	paymentMethod: paymentMethodField,
	voucherCode: optionalText(VOUCHER_CODE_MAX),
})

const eventAddressFields = {
	street: optionalText(LIMITS.street),
	postalCode: optionalText(LIMITS.postalCode),
	city: optionalText(LIMITS.city),
}

/** Checkout step 5: what the review form adds to the state in the URL. */
export const confirmStepSchema = z.object({
	message: optionalText(MESSAGE_MAX),
	...eventAddressFields,
	acceptTerms: requiredTick('booking:errors.termsRequired'),
	idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
})

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
		message: optionalText(MESSAGE_MAX),
		eventAddress: z
			.object({
				street: z.string().trim().min(1).max(LIMITS.street),
				postalCode: z.string().trim().min(1).max(LIMITS.postalCode),
				city: z.string().trim().min(1).max(LIMITS.city),
			})
			.optional(),
		paymentMethod: paymentMethodField,
		voucherCode: optionalText(VOUCHER_CODE_MAX),
		acceptTerms: requiredTick('booking:errors.termsRequired'),
		idempotencyKey: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
	})
	.refine((value) => value.playroomId !== undefined || value.playroomUrlPath !== undefined, {
		path: ['playroomId'],
		params: { i18nKey: validationMessage('catalogue:errors.idOrPathRequired') },
	})

export const orderIdBodySchema = z.object({ orderId: idSchema })
export const orderIdQuerySchema = z.object({ orderId: idSchema })

/** A host's decline or cancellation: the guest gets the reason. */
export const reasonRequiredSchema = z.object({ reason: z.string().trim().min(3).max(REASON_MAX) })
/** A guest's cancellation: a reason is welcome, not required. */
export const reasonOptionalSchema = z.object({ reason: optionalText(REASON_MAX) })

export const orderReasonBodySchema = orderIdBodySchema.extend({
	reason: z.string().trim().min(3).max(REASON_MAX),
})
export const orderOptionalReasonBodySchema = orderIdBodySchema.extend({ reason: optionalText(REASON_MAX) })

/** POST /api/Admin/Orders/RecordBankTransfer — a control transaction. */
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
		note: optionalText(500),
	})
	.refine((value) => value.orderId !== undefined || value.orderCode !== undefined, {
		path: ['orderId'],
		params: { i18nKey: validationMessage('validation.required') },
	})

export const GUEST_ORDER_TABS = ['upcoming', 'past', 'cancelled'] as const

export const guestOrdersQuerySchema = z.object({
	tab: z.enum(GUEST_ORDER_TABS).catch('upcoming'),
	currentPage: intField(1, 10_000).catch(1),
	perPage: intField(1, 100).catch(20),
})

/** Host list filters; a bad value is ignored (the list still shows). */
export const hostOrdersQuerySchema = z.object({
	status: z.enum(ORDER_STATUSES).optional().catch(undefined),
	playroomId: idSchema.optional().catch(undefined),
	from: localDateSchema.optional().catch(undefined),
	to: localDateSchema.optional().catch(undefined),
	currentPage: intField(1, 10_000).catch(1),
	perPage: intField(1, 100).catch(20),
})
