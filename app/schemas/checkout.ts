import type { BookingType, PaymentMethod } from '#db/schema/catalogue.ts'
import { validationMessage, z } from '#app/utils/validation.ts'
import { LIMITS, requiredTick } from './auth.ts'
import { instantField, intField, localDateField, optionalText, requiredText } from './fields.ts'
import { MESSAGE_MAX, REASON_MAX, VOUCHER_CODE_MAX } from './limits.ts'

/**
 * The checkout's step forms (issue 5), shared by the browser (Conform) and
 * the checkout action. Client-safe: nothing here may import the database
 * schema at runtime (it pulls node:crypto into the browser bundle), so the
 * two enums are repeated here and checked against the schema's types.
 */
export { MESSAGE_MAX, REASON_MAX, VOUCHER_CODE_MAX }

export const BOOKING_TYPE_VALUES = ['Hourly', 'Daily', 'Overnight'] as const satisfies readonly BookingType[]
export const PAYMENT_METHOD_VALUES = [
	'BankTransfer',
	'OnSite',
	'Card',
] as const satisfies readonly PaymentMethod[]
// Compile-time: the lists name every value of the schema's enums.
type Complete<T extends string, L extends readonly string[]> =
	Exclude<T, L[number]> extends never ? true : never
export const ENUMS_COMPLETE: [
	Complete<BookingType, typeof BOOKING_TYPE_VALUES>,
	Complete<PaymentMethod, typeof PAYMENT_METHOD_VALUES>,
] = [true, true]

export const bookingTypeField = z.enum(BOOKING_TYPE_VALUES)
export const paymentMethodField = z.enum(PAYMENT_METHOD_VALUES)

/** A UTC instant as an ISO string with offset (the checkout's checkIn/checkOut), as epoch ms (ADR 0143 bounds). */
export const instantSchema = instantField

/** A local date "YYYY-MM-DD" (Europe/Berlin, ADR 0143 bounds). */
export const localDayField = localDateField

const phoneRequired = z
	.string()
	.trim()
	.min(1)
	.max(LIMITS.phone)
	.regex(/^\+?[0-9][0-9 ()/-]{4,}$/)

/** Checkout step 1: a start of the chosen day and its length (minutes, or nights for Overnight). */
export const dateStepSchema = z.object({
	bookingType: bookingTypeField,
	date: localDayField,
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
	firstName: requiredText(LIMITS.name),
	lastName: requiredText(LIMITS.name),
	phoneNumber: phoneRequired,
})

/** Checkout step 4. */
export const paymentStepSchema = z.object({
	paymentMethod: paymentMethodField,
	voucherCode: optionalText(VOUCHER_CODE_MAX),
})

export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,64}$/

/** Checkout step 5: what the review form adds to the state in the URL. */
export const confirmStepSchema = z.object({
	message: optionalText(MESSAGE_MAX, { multiline: true }),
	street: optionalText(LIMITS.street),
	postalCode: optionalText(LIMITS.postalCode),
	city: optionalText(LIMITS.city),
	acceptTerms: requiredTick('booking:errors.termsRequired'),
	idempotencyKey: z.string().regex(IDEMPOTENCY_KEY),
})

/** A host's decline or cancellation: the guest gets the reason. */
export const reasonRequiredSchema = z.object({
	reason: requiredText(REASON_MAX, { min: 3, multiline: true }),
})
/** A guest's cancellation: a reason is welcome, not required. */
export const reasonOptionalSchema = z.object({ reason: optionalText(REASON_MAX, { multiline: true }) })
