import { validationMessage, z } from '#app/utils/validation.ts'
import { isValidIban, normalizeIban } from '#app/utils/iban.ts'
import { entityIdField, optionalText, requiredText, safeString } from './fields.ts'
import { reasonOptionalSchema } from './checkout.ts'
import { transferKeyField } from './admin-payments.ts'

/**
 * The account a bank refund goes to (issue 34, ADR 0176): the guest gives it when cancelling an
 * order paid by transfer, or later on the order's page; an admin types it for an unmatched
 * transfer sent back. The IBAN passes the mod-97 check (ISO 13616) and is stored normalised.
 */
export const HOLDER_MAX = 70

const ibanMessage = { params: { i18nKey: validationMessage('refunds:errors.iban') } }

const ibanField = safeString().max(42).refine(isValidIban, ibanMessage).transform(normalizeIban)

/** Both required: the page form shown when a refund is due without an account, the admin's form. */
export const refundAccountSchema = z.object({
	refundAccountHolder: requiredText(HOLDER_MAX),
	refundIban: ibanField,
})
export type RefundAccountInput = z.output<typeof refundAccountSchema>

/** The refund account is optional where the guest cancels — but not half of it. */
function bothOrNeither(value: { refundAccountHolder?: string; refundIban?: string }, ctx: z.RefinementCtx) {
	if (value.refundIban && !value.refundAccountHolder) {
		ctx.addIssue({
			code: 'custom',
			path: ['refundAccountHolder'],
			params: { i18nKey: validationMessage('refunds:errors.holderRequired') },
		})
	}
	if (value.refundAccountHolder && !value.refundIban) {
		ctx.addIssue({
			code: 'custom',
			path: ['refundIban'],
			params: { i18nKey: validationMessage('refunds:errors.ibanRequired') },
		})
	}
}

const optionalAccountFields = {
	refundAccountHolder: optionalText(HOLDER_MAX),
	refundIban: z.preprocess((value) => (value === '' ? undefined : value), ibanField.optional()),
}

/**
 * The guest's cancellation form (reason welcome, not required) with the refund account, which the
 * guest may also leave for later (the order page asks again).
 */
export const guestCancelSchema = reasonOptionalSchema.extend(optionalAccountFields).superRefine(bothOrNeither)

/**
 * POST /api/Customer/Orders/Cancel: the same, with the order's id (as orderOptionalReasonBodySchema,
 * built here from the field so the page's bundle does not load the catalogue schemas).
 */
export const guestCancelApiSchema = reasonOptionalSchema
	.extend({ orderId: entityIdField, ...optionalAccountFields })
	.superRefine(bothOrNeither)

/** Both optional fields given: the account for cancelOrder, else null. */
export function refundAccountOf(value: { refundAccountHolder?: string; refundIban?: string }) {
	return value.refundIban && value.refundAccountHolder
		? { iban: value.refundIban, holder: value.refundAccountHolder }
		: null
}

/** An unmatched transfer sent back (admin): the account, with the render's idempotency key. */
export const refundUnmatchedFormSchema = refundAccountSchema.extend({ idempotencyKey: transferKeyField })
