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
		playrooms: 'Playrooms: ',
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
	},
	system: {
		RequestSent: 'Booking request sent',
		RequestAccepted: 'Request accepted',
		PaymentReceived: 'Payment received',
		OrderCancelled: 'Booking cancelled',
		AccessCodeAvailable: 'Access code available',
	},
	contact: {
		title: 'Contact',
		phone: 'Phone',
		noPhone: 'No phone number given.',
		place: 'Address',
		mobile: '{{name}}: the host comes to you',
	},
	errors: {
		threadNotFound: 'This conversation does not exist.',
		orderNotInThread: 'This booking does not belong to this conversation.',
		bodyEmpty: 'Please write a message.',
		bodyTooLong: 'A message can be at most 4,000 characters long.',
	},
	support: {
		title: 'Help from Spielzimmer support',
		intro:
			'Write us your question about bookings, payments or your account – we answer here, usually within one working day.',
		platformName: 'Spielzimmer support',
		statusLabel: 'Status',
		statuses: { Open: 'Open', Waiting: 'Waiting for the user', Resolved: 'Resolved' },
		widget: {
			open: 'Support',
			label: 'Open help from support',
			unread: '{{count}} unread',
		},
		admin: {
			columns: {
				user: 'User',
				status: 'Status',
				unread: 'Unread',
				lastMessage: 'Last message',
				assignedAdmin: 'Assigned to',
				lastMessageAt: 'Last activity',
			},
			filters: { status: 'Status', assignedAdminId: 'Assigned to' },
			quickFilters: 'Quick filters',
			assignedToMe: 'Assigned to me',
			platformPrefix: 'Support: ',
			nobody: 'Nobody',
			threadTitle: 'Support request from {{name}}',
			back: 'All support requests',
			user: 'User',
			manage: 'Handling',
			setStatus: 'Set status',
			assign: 'Assign',
			assignToMe: 'Assign to me',
			hostOrders: 'Bookings as host',
		},
		errors: {
			assigneeNotAdmin: 'A request can only be assigned to an administrator.',
		},
	},
}
