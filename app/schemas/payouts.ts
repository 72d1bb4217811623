import { validationMessage, z } from '#app/utils/validation.ts'
import { transferKeyField } from './admin-payments.ts'
import { entityIdField, euroTextToCents, requiredText, safeString } from './fields.ts'

/**
 * Host payouts (issue 34, ADR 0177): the forms of /admin/payouts. Each render carries a fresh key
 * (ADR 0142): the same form submitted twice creates one run, books one adjustment.
 */
export const MAX_ADJUSTMENT_CENTS = 10_000_000

export const payoutRunFormSchema = z.object({ idempotencyKey: transferKeyField })

/** A signed euro amount as typed ("12,50", "-5", "−5 €") → cents ≠ 0, at most 100,000 € either way. */
export function signedEuroTextToCents(text: string): number | null {
	const trimmed = text.trim().replace(/^[−–]/, '-')
	const negative = trimmed.startsWith('-')
	const cents = euroTextToCents(negative ? trimmed.slice(1) : trimmed.replace(/^\+/, ''))
	if (cents === null) return null
	return negative ? -cents : cents
}

export const hostAdjustmentFormSchema = z.object({
	hostId: safeString()
		.max(32)
		.refine((value) => entityIdField.safeParse(value).success, {
			params: { i18nKey: validationMessage('payouts:errors.host') },
		}),
	amount: safeString()
		.max(20)
		.transform((value) => signedEuroTextToCents(value) ?? 0)
		.refine((cents) => cents !== 0 && Math.abs(cents) <= MAX_ADJUSTMENT_CENTS, {
			params: { i18nKey: validationMessage('payouts:errors.amount') },
		}),
	reason: requiredText(200),
	idempotencyKey: transferKeyField,
})
