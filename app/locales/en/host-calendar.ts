import type { TranslationShape } from '../types.ts'
import type { hostCalendar as de } from '../de/host-calendar.ts'

/** English: the host calendar — month and week views, blocks, imported busy times. */
export const hostCalendar: TranslationShape<typeof de> = {
	intro: 'Bookings and blocks of all your playrooms, in German time (Europe/Berlin).',
	views: { month: 'Month', week: 'Week', label: 'View' },
	nav: {
		label: 'Choose the period',
		previousMonth: 'Previous month',
		nextMonth: 'Next month',
		previousWeek: 'Previous week',
		nextWeek: 'Next week',
		today: 'Today',
		weekTitle: '{{from}} – {{to}}',
	},
	filter: { label: 'Playroom', all: 'All playrooms', apply: 'Show' },
	feeds: 'Calendar feeds (iCal export and import)',
	noPlayrooms: 'You have no playroom yet – create one first.',
	events: {
		order: '{{time}} {{guest}} · {{code}} ({{status}})',
		block: '{{time}} Blocked',
		imported: '{{time}} Busy (imported)',
		waitlist: '{{time}} waitlist: {{guest}}',
		waitlistOffered: '{{time}} waitlist: {{guest}} (offer open)',
		allDay: 'all day',
		edit: 'Edit block: {{time}}',
		importedHint: 'From an imported calendar – change it there.',
		taken: '{{time}} Taken (a booking of the previous host)',
		takenHint:
			'A booking from before the change of operator: it stays with the previous host, the time is taken.',
	},
	legend: { title: 'Legend', booking: 'Booking', block: 'Block', imported: 'Imported (iCal)' },
	month: {
		dayLabel: '{{date}}: open the week',
		blockDay: 'Block this day: {{date}}',
		more: '+{{count}} more',
		entries: '{{date}}: {{count}} entries – open the week',
	},
	agenda: { blockDay: 'Block day', nothing: 'No bookings or blocks' },
	owner: {
		intro: 'Your week: bookings and blocks of all your playrooms. Block a time below, today for example.',
		fullCalendar: 'Open the full calendar',
	},
	week: {
		caption: 'Week from {{from}} to {{to}}, hours in German time',
		hour: 'Time',
		repeated: '{{time}} (second time)',
		blockFrom: 'Block from {{time}} ({{date}})',
		dragHint: 'Tip: drag across free hours of a day to prepare a block.',
	},
	form: {
		newTitle: 'Block time',
		editTitle: 'Edit block',
		intro: 'Nobody can book blocked time. A block over an existing booking is not possible.',
		playroom: 'Playroom',
		allDay: 'Whole days (end date included)',
		startDate: 'From (date)',
		startTime: 'From (time)',
		endDate: 'Until (date)',
		endTime: 'Until (time)',
		note: 'Reason (only you see it)',
		create: 'Block',
		save: 'Save',
		delete: 'Remove block',
		cancel: 'Cancel',
	},
	toasts: {
		created: 'The time is blocked.',
		updated: 'The block is saved.',
		deleted: 'The block is removed.',
	},
	errors: {
		time: 'Please enter a time such as 09:30',
		noSuchTime: 'This time does not exist on that day (summer time starts)',
		endBeforeStart: 'The end must be after the start',
		tooLong: 'A block can last at most one year',
		overlapsOrder:
			'This time overlaps booking {{code}} by {{guest}} ({{time}}). Cancel the booking first or choose another time.',
		imported: 'Change imported times in the calendar they come from.',
		overlapsTaken:
			'This time is already booked ({{time}}) – a booking of the previous host. Please choose another time.',
	},
}
