import type { TranslationShape } from '../types.ts'
import type { refunds as de } from '../de/refunds.ts'

/** English: refunds due until sent (issue 34, ADR 0176) — the guest's labels and account, the admin's queue. */
export const refunds: TranslationShape<typeof de> = {
	guest: {
		onItsWay: 'Refund on its way: {{amount}}',
		sentOn: 'Refunded on {{date}}: {{amount}}',
		statusOnItsWay: 'Refund on its way',
		statusSentOn: 'Refunded on {{date}}',
		accountGiven: 'The refund goes to {{holder}}, {{iban}}.',
	},
	account: {
		title: 'Account for the refund',
		cancelIntro:
			'You paid by bank transfer, so we transfer the refund back. To which account? You can also give it later on this page.',
		askTitle: 'Where shall we transfer {{amount}}?',
		askIntro: 'Give the account we should transfer your refund to.',
		holder: 'Account holder',
		iban: 'IBAN',
		ibanHint:
			'We keep the account only for this refund; once it is sent, only the last four characters remain.',
		submit: 'Save account',
		saved: 'Thank you! We will transfer the refund to this account.',
	},
	admin: {
		filter: 'Refunds',
		filterAll: 'All payments',
		states: { due: 'Due (to send)', failed: 'Failed (retry)', sent: 'Sent' },
		accountTitle: 'Account for the refund',
		holder: 'Account holder',
		iban: 'IBAN',
		completedAt: 'Sent on',
		noAccount:
			'The guest has not given an account yet. Their booking page asks for one; until then the refund cannot be sent.',
		markSentIntro:
			'Transfer {{amount}} to this account (reference {{reference}}), then mark the refund as sent. The guest gets an e-mail; the IBAN is deleted except for its last four characters.',
		markSent: 'Mark as sent',
		markSentToast: 'Refund of {{amount}} marked as sent.',
		alreadySent: 'This refund was already marked as sent.',
		retryIntro:
			'The card refund has not gone through at Stripe yet. A retry uses the same key, so Stripe refunds at most once.',
		retry: 'Retry card refund',
		retryToast: 'Card refund of {{amount}} sent.',
		retryFailed: 'Stripe refused the refund again. The reason is in the note.',
		unmatchedTitle: 'Send back',
		unmatchedIntro:
			'If the transfer belongs to no booking, send it back: give the payer’s account. This creates a due refund without a booking; the transfer can no longer be assigned afterwards.',
		unmatchedSubmit: 'Create refund',
		unmatchedToast: 'Refund of {{amount}} created. Mark it as sent once it is transferred.',
		refundedAs: 'Sent back as refund',
		refundOf: 'Refund of the transfer',
	},
	errors: {
		iban: 'This IBAN is not valid – please check it.',
		holderRequired: 'Please give the account holder too.',
		ibanRequired: 'Please give the IBAN too.',
		noRefundDue: 'No bank refund is due for this booking.',
		notBankRefund: 'This is not a bank refund.',
		notCardRefund: 'This is not a card refund.',
		notDue: 'This refund is not due.',
		accountMissing: 'The guest has not given an account yet – the refund cannot be sent.',
		cardNotConfigured: 'Card payments (Stripe) are not set up.',
		notUnmatched: 'This transfer is not (or no longer) without a booking and cannot be sent back.',
	},
}
