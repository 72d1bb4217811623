import {
	BUYER_NAME_MAX,
	CHILD_NAME_MAX,
	GREETING_MAX,
	sendDateBounds,
	VOUCHER_ORDER_MAX,
	VOUCHER_ORDER_MIN,
	VOUCHER_ORDER_PRESETS,
} from '#app/domain/voucher-orders.ts'
import { validationMessage, z } from '#app/utils/validation.ts'
import { emailField, languageField } from './auth.ts'
import { IDEMPOTENCY_KEY } from './checkout.ts'
import { entityIdField, euroTextToCents, localDateField, optionalText, requiredText } from './fields.ts'

/**
 * The gift voucher order form (/public/voucher-orders/new-voucher-order, issue 33, ADR 0168): a
 * preset amount or a free one (10–500 EUR), for the platform, a playroom's host or the playroom,
 * the child's name and greeting, the buyer, an optional recipient and send date (Europe/Berlin,
 * today … a year ahead). Payment by bank transfer, or by card when Stripe is configured (ADR 0172;
 * the model refuses a card post otherwise).
 */
export const AMOUNT_CHOICES = ['other', ...VOUCHER_ORDER_PRESETS.map(String)] as [string, ...string[]]
export const VOUCHER_ORDER_SCOPE_CHOICES = ['All', 'Host', 'Playroom'] as const
export const VOUCHER_ORDER_PAYMENT_CHOICES = ['BankTransfer', 'Card'] as const

const amountMessage = validationMessage('vouchers:orders.errors.amount', {
	min: VOUCHER_ORDER_MIN / 100,
	max: VOUCHER_ORDER_MAX / 100,
})

/** A free amount, when one is typed: 10–500 EUR in whole cents (also checked when another field fails). */
const otherAmountField = optionalText(20).refine(
	(value) => value === undefined || inRange(euroTextToCents(value)),
	{ params: { i18nKey: amountMessage } },
)

/** The send date: today … a year ahead (Europe/Berlin), said at the field whatever else fails. */
const sendDateField = localDateField
	.refine(
		(value) => {
			const { min, max } = sendDateBounds()
			return value >= min && value <= max
		},
		{ params: { i18nKey: validationMessage('vouchers:orders.errors.sendDate') } },
	)
	.optional()

const always = { when: () => true }

export const voucherOrderFormSchema = z
	.object({
		amountChoice: z.enum(AMOUNT_CHOICES),
		otherAmount: otherAmountField,
		scope: z.enum(VOUCHER_ORDER_SCOPE_CHOICES),
		playroomId: entityIdField.optional(),
		childName: requiredText(CHILD_NAME_MAX),
		greeting: optionalText(GREETING_MAX, { multiline: true }),
		buyerName: requiredText(BUYER_NAME_MAX),
		buyerEmail: emailField,
		recipientEmail: emailField.optional(),
		sendDate: sendDateField,
		language: languageField,
		paymentMethod: z.enum(VOUCHER_ORDER_PAYMENT_CHOICES).default('BankTransfer'),
		idempotencyKey: z.string().regex(IDEMPOTENCY_KEY),
	})
	// The cross-field rules run even when a field failed, so one submit lists every problem.
	.refine((value) => value.amountChoice !== 'other' || Boolean(value.otherAmount), {
		path: ['otherAmount'],
		params: { i18nKey: amountMessage },
		...always,
	})
	.refine((value) => value.scope === 'All' || Boolean(value.playroomId), {
		path: ['scope'],
		params: { i18nKey: validationMessage('vouchers:orders.errors.scopeNeedsPlayroom') },
		...always,
	})
	.refine((value) => !value.sendDate || Boolean(value.recipientEmail), {
		path: ['recipientEmail'],
		params: { i18nKey: validationMessage('vouchers:orders.errors.sendDateNeedsRecipient') },
		...always,
	})

export type VoucherOrderFormValue = z.infer<typeof voucherOrderFormSchema>

function inRange(cents: number | null): cents is number {
	return cents !== null && cents >= VOUCHER_ORDER_MIN && cents <= VOUCHER_ORDER_MAX
}

/** The order's amount in cents: the preset, or the free amount within 10–500 EUR in whole cents; else null. */
export function voucherOrderAmount(value: Pick<VoucherOrderFormValue, 'amountChoice' | 'otherAmount'>) {
	if (value.amountChoice !== 'other') return Number(value.amountChoice)
	const cents = value.otherAmount ? euroTextToCents(value.otherAmount) : null
	return inRange(cents) ? cents : null
}

/** The secret link's query and the PDF's format. */
export const voucherOrderLinkSchema = z.object({
	token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/),
	format: z.enum(['a4', 'a6']).optional(),
})
