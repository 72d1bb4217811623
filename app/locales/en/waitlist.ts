import type { TranslationShape } from '../types.ts'
import type { waitlist as de } from '../de/waitlist.ts'

/** English: the slot waitlist — joining on the playroom page, the guest's "Waitlist" tab, the offer e-mail. */
export const waitlist: TranslationShape<typeof de> = {
	tab: 'Waitlist',
	statuses: {
		Waiting: 'Waiting',
		Offered: 'Offered until {{until}}',
		Booked: 'Booked',
		Expired: 'Expired',
	},
	join: {
		title: 'Your time is taken?',
		intro:
			'Join the waitlist. If the time becomes free, the first person waiting gets an e-mail and the time is held for them for 30 minutes.',
		start: 'Wanted time',
		startOption: '{{time}}',
		submit: 'Join the waitlist',
		loginHint: 'You need to be logged in to join — we let you know by e-mail.',
		joined: 'You are on the waitlist. We will write to you as soon as the time becomes free.',
		already: 'You are already on the waitlist for this time.',
		loginNeeded:
			'Please log in to join the waitlist — that way we can let you know when the time becomes free.',
	},
	list: {
		title: 'My waitlists',
		empty: 'You are not on any waitlist.',
		when: '{{date}}, {{time}} · {{bookingType}}',
		book: 'Book now',
		leave: 'Leave the waitlist',
		left: 'You left the waitlist.',
	},
	email: {
		subject: 'Your time at {{playroom}} has become free',
		heading: 'Good news, {{name}}!',
		body: 'The time you were waiting for is free: {{playroom}}, {{date}} at {{time}} ({{bookingType}}).',
		hold: 'We hold it for you alone until {{until}}. After that the next person on the waitlist is offered it.',
		action: 'Book now',
		footer: 'You receive this e-mail because you joined the waitlist.',
	},
	errors: {
		notFound: 'This waitlist entry was not found.',
		notAStart: 'A stay cannot start at this time here.',
		slotFree: 'This time is free — you can book it directly.',
		heldForOther: 'This time is currently held for someone from the waitlist.',
	},
}
