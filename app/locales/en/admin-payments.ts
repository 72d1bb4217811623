import type { TranslationShape } from '../types.ts'
import type { adminPayments as de } from '../de/admin-payments.ts'

/** English: control transactions — incoming bank transfers an admin records (issue 14, ADR 0094). */
export const adminPayments: TranslationShape<typeof de> = {
	controlTransaction: {
		intro:
			'Record an incoming bank transfer as the bank shows it. It is matched to the order by the order code in the reference.',
		amount: 'Amount (€)',
		amountHint: 'e.g. 120.50 or 1,234.00',
		bookingDate: 'Booking date',
		reference: 'Reference',
		referenceHint: 'If it contains an order code (SZ-XXXXXX), the transfer is matched to that order.',
		payerName: 'Payer',
		submit: 'Record transfer',
		preview: {
			title: 'Matched order',
			none: 'The reference does not contain a known order code yet.',
			code: 'Order',
			guest: 'Guest',
			status: 'Status',
			total: 'Total',
			due: 'Still due',
		},
		duplicate: {
			title: 'This transfer has already been recorded',
			text: 'A transfer with the same reference, amount and booking date is already recorded. Record it again only if it really is a second payment.',
			confirm: 'Yes, record this transfer again',
		},
		toast: {
			confirmed: 'Payment for {{code}} recorded; the order is confirmed.',
			partial: 'Partial payment for {{code}} recorded; still due: {{due}}.',
			overpaid: 'Payment for {{code}} recorded; the overpayment of {{excess}} will be refunded.',
			recorded: 'Payment for {{code}} recorded.',
			unmatched:
				'Transfer recorded without a matching order code ({{amount}}); it is listed as unmatched in the payments.',
		},
	},
	errors: {
		amount: 'Please enter an amount greater than 0.',
		orderClosedCancelled: 'Order {{code}} is cancelled: the transfer was not recorded.',
		orderClosedDeclined: 'Order {{code}} was declined: the transfer was not recorded.',
		orderClosedExpired: 'Order {{code}} has expired: the transfer was not recorded.',
		orderClosedCompleted: 'Order {{code}} is completed and settled: the transfer was not recorded.',
		transferKeyReused: 'This form was already used for another transfer. Please reload the page.',
		bookingDateFuture: 'The booking date cannot be in the future.',
		bookingDateBeforeOrder:
			'The booking date is more than a week before order {{code}} was placed. Please check the date.',
		bookingDateTooOld: 'The booking date is more than a year ago. Please check the date.',
		alreadyAssigned:
			'This transfer is already assigned to booking {{code}}. It was not counted a second time.',
		notUnmatched: 'Only an unmatched incoming transfer can be assigned to a booking.',
		assignOrderMissing: 'This booking does not exist (any more). Please search again.',
	},
}
