import { validationMessage, z } from '#app/utils/validation.ts'
import { IDEMPOTENCY_KEY } from './checkout.ts'
import { entityIdField, euroTextField, intField, localDateField, requiredText } from './fields.ts'

/**
 * The forms of the voucher back offices (issue 33, ADR 0170): a discount code of a host
 * (/host/vouchers) or of the platform (/admin/vouchers), cancelling a voucher with a reason and
 * correcting a gift voucher's balance. No texts (ADR 0006); client-safe.
 */
export const DISCOUNT_MAX_CENTS = 100_000
export const MIN_ORDER_MAX_CENTS = 1_000_000
export const MAX_USES_MAX = 100_000
export const REASON_MAX = 500
export const ADJUST_MAX_CENTS = 100_000

/** Host codes are for all the host's playrooms or one of them; the platform's (admin form) for every playroom. */
export const HOST_CODE_SCOPES = ['Host', 'Playroom'] as const
export const PLATFORM_CODE_SCOPES = ['All'] as const
export const DISCOUNT_TYPES = ['percent', 'amount'] as const

const issue = (ctx: z.RefinementCtx, path: string, key: string) =>
	ctx.addIssue({ code: 'custom', path: [path], params: { i18nKey: validationMessage(key) } })

const discountCodeFields = {
	discountType: z.enum(DISCOUNT_TYPES),
	discountPercent: intField(1, 100).optional(),
	discountAmount: euroTextField(1, DISCOUNT_MAX_CENTS).optional(),
	validFrom: localDateField.optional(),
	validUntil: localDateField.optional(),
	maxUses: intField(1, MAX_USES_MAX).optional(),
	maxUsesPerGuest: intField(1, MAX_USES_MAX).optional(),
	minOrderAmount: euroTextField(0, MIN_ORDER_MAX_CENTS).optional(),
	playroomId: entityIdField.optional(),
	idempotencyKey: z.string().regex(IDEMPOTENCY_KEY),
}

type DiscountCodeValue = {
	scope: string
	discountType: (typeof DISCOUNT_TYPES)[number]
	discountPercent?: number
	discountAmount?: number
	validFrom?: string
	validUntil?: string
	playroomId?: string
}

function checkDiscountCode(value: DiscountCodeValue, ctx: z.RefinementCtx) {
	if (value.discountType === 'percent' && value.discountPercent === undefined)
		issue(ctx, 'discountPercent', 'voucherOffices:errors.percentRequired')
	if (value.discountType === 'amount' && value.discountAmount === undefined)
		issue(ctx, 'discountAmount', 'voucherOffices:errors.amountRequired')
	if (value.scope === 'Playroom' && !value.playroomId)
		issue(ctx, 'playroomId', 'voucherOffices:errors.playroomRequired')
	if (value.validFrom && value.validUntil && value.validUntil < value.validFrom)
		issue(ctx, 'validUntil', 'voucherOffices:errors.untilBeforeFrom')
}

/** A host's discount code: for all their playrooms (Host) or one of them (Playroom). */
export const hostDiscountCodeSchema = z
	.object({ scope: z.enum(HOST_CODE_SCOPES), ...discountCodeFields })
	.superRefine(checkDiscountCode)
export type HostDiscountCodeInput = z.output<typeof hostDiscountCodeSchema>

/** A platform discount code (admin): for every playroom. */
export const platformDiscountCodeSchema = z
	.object({ scope: z.enum(PLATFORM_CODE_SCOPES), ...discountCodeFields })
	.superRefine(checkDiscountCode)
export type PlatformDiscountCodeInput = z.output<typeof platformDiscountCodeSchema>

export const cancelVoucherSchema = z.object({ reason: requiredText(REASON_MAX, { min: 3 }) })

/** A gift voucher's correction: credit or debit of an amount in euros, with a reason; one key per form. */
export const adjustVoucherSchema = z.object({
	direction: z.enum(['credit', 'debit']),
	amount: euroTextField(1, ADJUST_MAX_CENTS),
	reason: requiredText(REASON_MAX, { min: 3 }),
	idempotencyKey: z.string().regex(IDEMPOTENCY_KEY),
})
