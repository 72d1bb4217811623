import type { TranslationShape } from '../types.ts'
import type { chat as de } from '../de/chat.ts'

/** English: the guest–host chat (issue 32, docs/subsystems/chat.md). */
export const chat: TranslationShape<typeof de> = {
	threads: {
		empty: 'No messages yet. Write to a host from a playroom page.',
		emptyFilter: 'No conversations in this view.',
		unread: '{{count}} unread',
		noMessages: 'No messages yet',
		you: 'You: ',
		filterLabel: 'Filter conversations',
		filters: { all: 'All', unread: 'Unread', needsReply: 'Needs reply' },
		back: 'All conversations',
	},
	thread: {
		title: 'Conversation with {{name}}',
		empty: 'No messages yet. Ask your question!',
		loadNew: 'Load new messages',
		earlier: 'Earlier messages are hidden.',
		bodyLabel: 'Message',
		send: 'Send',
		orderLabel: 'About booking',
		noOrder: 'No booking',
		orders: 'Bookings',
		masked:
			'Phone numbers, e-mail addresses and links are hidden until a booking is confirmed, so that your booking stays protected by Spielzimmer.',
		read: 'Read',
		sent: 'Sent',
		contactHost: 'Contact host',
		order: 'Booking {{code}}',
		sending: 'Sending …',
		failed: 'Not sent',
		retry: 'Send again',
		questionLabel: 'Your question to the host',
		questionHint: 'After logging in your question is in the message box – you send it yourself.',
	},
	sound: {
		enable: 'Turn on the sound for new messages',
	},
	system: {
		RequestSent: 'Booking request sent',
		RequestAccepted: 'Request accepted',
		PaymentReceived: 'Payment received',
		OrderCancelled: 'Booking cancelled',
		AccessCodeAvailable: 'Access code available',
	},
	errors: {
		threadNotFound: 'This conversation does not exist.',
		orderNotInThread: 'This booking does not belong to this conversation.',
		bodyEmpty: 'Please write a message.',
		bodyTooLong: 'A message can be at most 4,000 characters long.',
	},
}
