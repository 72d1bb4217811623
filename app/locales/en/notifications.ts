import type { TranslationShape } from '../types.ts'
import type { notifications as de } from '../de/notifications.ts'

/** English: user notifications — the host inbox /host/messages and the guest's notifications (docs/subsystems/notifications.md). */
export const notifications: TranslationShape<typeof de> = {
	texts: {
		NewRequest: 'New booking request {{code}} for {{playroom}} – please answer in time.',
		RequestExpiring: 'The request {{code}} for {{playroom}} expires on {{deadline}} – answer now.',
		NewBooking: 'New booking {{code}} for {{playroom}}.',
		OrderCancelled: 'The booking {{code}} for {{playroom}} was cancelled.',
		PaymentReceived: 'Payment for the booking {{code}} ({{playroom}}) has been received.',
		RatingReceived: 'New rating for {{playroom}} (booking {{code}}).',
		RatingRequest: 'How was {{playroom}}? Rate your stay (booking {{code}}).',
		RatingPublished: 'The rating of the booking {{code}} for {{playroom}} is now published.',
		CalendarConflict: 'Calendar conflict: an imported event overlaps the booking {{code}} for {{playroom}}.',
		RequestAccepted: 'Your request {{code}} for {{playroom}} was accepted.',
		RequestDeclined: 'Sorry, your request {{code}} for {{playroom}} was declined.',
		InvoiceIssued: 'A new invoice ({{code}}) is ready for you.',
		ModuleEnding: 'Your module {{module}} ends on {{deadline}}.',
	},
	inbox: {
		intro: 'What happened around your bookings.',
		empty: 'No messages – new requests, payments and cancellations appear here.',
		unread: 'Unread',
		openOrder: 'Open booking',
		markRead: 'Mark as read',
		markAllRead: 'Mark all as read',
		markedRead: 'Message marked as read.',
		allMarkedRead: 'All messages marked as read.',
		notFound: 'This message does not exist.',
	},
	guest: {
		title: 'News about your bookings',
	},
}
