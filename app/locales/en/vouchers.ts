import type { TranslationShape } from '../types.ts'
import type { vouchers as de } from '../de/vouchers.ts'

/** English: vouchers, voucher orders and the newsletter (issue 33, docs/subsystems/vouchers.md). */
export const vouchers: TranslationShape<typeof de> = {
	errors: {
		unknown: 'We do not know this voucher code. Please check the spelling.',
		notYetValid: 'This voucher is not valid yet.',
		expired: 'This voucher has expired.',
		usedUp: 'This voucher has been used up.',
		cancelled: 'This voucher has been cancelled.',
		notForThisPlayroom: 'This voucher is not valid for this playroom.',
		belowMinimum: 'This voucher applies from a booking value of {{amount}}.',
		alreadyUsedByYou: 'You have already used this voucher.',
		tooManyAttempts: 'Too many invalid voucher codes. Please try again in 15 minutes.',
		adjustGiftOnly: 'Only a gift voucher’s balance can be corrected (by an amount other than 0).',
		adjustBelowZero: 'The balance cannot go below 0.',
	},
	checkout: {
		discountApplied: 'Discount code {{code}}: {{amount}} off',
		giftPays: 'Paid by voucher {{code}}',
		amountDue: 'Left to pay',
		fullyCovered: 'The voucher covers the whole amount – there is nothing left to pay.',
	},
}
