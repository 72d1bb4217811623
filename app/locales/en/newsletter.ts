import type { TranslationShape } from '../types.ts'
import type { newsletter as de } from '../de/newsletter.ts'

/** English: the newsletter — modal, page, consent text, welcome voucher, unsubscribe (issue 33, ADR 0169). */
export const newsletter: TranslationShape<typeof de> = {
	consentText:
		'Yes, send me personal offers and the Spielzimmer newsletter by e-mail. I can withdraw this at any time in my account or through the unsubscribe link in every e-mail.',
	modal: {
		title: 'Your welcome voucher',
		lead: 'Sign up for our newsletter and get 10 € off your next booking from 50 €.',
		imageAlt: 'Welcome voucher worth 10 €',
		activate: 'Activate newsletter',
		activating: 'Activating …',
		decline: 'No, thanks',
	},
	banner: {
		text: 'Get your 10 € welcome voucher.',
		link: 'To the newsletter',
	},
	page: {
		title: 'Newsletter',
		active:
			'Your newsletter is active. You can unsubscribe in your account or through the link in every e-mail.',
		notForYou: 'The newsletter with a welcome voucher is for logged-in guests.',
	},
	activated: 'Newsletter activated. Glad to have you!',
	activatedVoucherWaits:
		'Newsletter activated. Your voucher follows as soon as you have confirmed your e-mail address.',
	dismissed: 'All right, we will not ask again.',
	unsubscribe: {
		title: 'Unsubscribe from the newsletter',
		confirm: 'Stop sending personal offers and the newsletter to {{email}}?',
		submit: 'Unsubscribe',
		done: 'You are unsubscribed. You will not receive personal offers any more.',
		invalid: 'This unsubscribe link is not valid.',
	},
	email: {
		subject: 'Your welcome voucher: 10 € off',
		heading: 'Welcome, {{name}}!',
		body: 'Thank you for subscribing to our newsletter. Here is your voucher: {{amount}} off a booking from {{minimum}}.',
		code: 'Voucher code',
		validUntil: 'Valid until',
		howTo: 'Enter the code when you pay for a booking. It can be used once, for every playroom.',
		action: 'Find a playroom',
		unsubscribe: 'No more offers? Unsubscribe here: {{url}}',
		footer: 'Spielzimmer – playrooms for families',
	},
	admin: {
		title: 'Newsletter consents',
		empty: 'No consents or withdrawals.',
		time: 'Time',
		action: 'Action',
		source: 'Source',
		textVersion: 'Text version',
		language: 'Language',
		ip: 'IP address',
		email: 'E-mail',
		actions: { Consent: 'Consent', Withdrawal: 'Withdrawal' },
		sources: {
			Modal: 'Modal',
			Page: 'Newsletter page',
			Account: 'Account settings',
			Unsubscribe: 'Unsubscribe link',
			Admin: 'Admin',
		},
	},
}
