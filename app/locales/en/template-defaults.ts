import type { TranslationShape } from '../types.ts'
import type { templateDefaults as de } from '../de/template-defaults.ts'

/** English: the platform's default template texts (see the German file). */
export const templateDefaults: TranslationShape<typeof de> = {
	BookingConfirmation: {
		subject: 'Your booking {{orderCode}} is confirmed',
		body: 'Your booking of {{playroomName}} on {{checkIn}} is confirmed. The calendar file is attached to this e-mail.',
	},
	ArrivalInstructions: {
		subject: 'Your arrival instructions for {{playroomName}}',
		body: 'It starts tomorrow: {{checkIn}} to {{checkOut}} at {{playroomName}} ({{address}}).\n\n{{arrivalInstructions}}\n\nYour access code: {{accessCode}}\n\nHave fun! {{hostName}}',
	},
	Reminder: {
		subject: 'Reminder: {{playroomName}} on {{checkIn}}',
		body: 'A reminder of your booking {{orderCode}}: {{playroomName}} ({{address}}), {{checkIn}} to {{checkOut}}. See you soon! {{hostName}}',
	},
	Cancellation: {
		subject: 'Booking {{orderCode}} cancelled',
		body: 'Your booking of {{playroomName}} on {{checkIn}} has been cancelled. {{reason}}',
	},
	ChatQuickReply: {
		subject: 'Reply about {{orderCode}}',
		body: 'Thank you for your message! I will get back to you as soon as I can. {{hostName}}',
	},
	RequestReceived: {
		subject: 'Your request {{orderCode}} has been received',
		body: 'Your request for {{playroomName}} on {{checkIn}} is with the host, who answers by {{deadline}}.',
	},
	Declined: {
		subject: 'Your request {{orderCode}} was declined',
		body: 'Unfortunately the host cannot accept your request for {{playroomName}} on {{checkIn}}. {{reason}}',
	},
	Expired: {
		subject: 'Your booking {{orderCode}} has expired',
		body: 'Your booking of {{playroomName}} on {{checkIn}} has expired and the time is free again.',
	},
	PaymentInstructions: {
		subject: 'Payment for {{orderCode}}',
		body: '{{amount}} is due for your booking of {{playroomName}} on {{checkIn}} (by {{deadline}}).',
	},
	PaymentReceived: {
		subject: 'Payment for {{orderCode}} received',
		body: 'We have received your payment of {{amountReceived}} for {{playroomName}} on {{checkIn}}. Thank you!',
	},
}
