import type { TranslationShape } from '../types.ts'
import type { hostIcal as de } from '../de/host-ical.ts'

/** English: iCal export and import (/host/calendar/feeds, the feed itself, the overlap e-mail). */
export const hostIcal: TranslationShape<typeof de> = {
	page: {
		intro:
			'Connect your playrooms with other calendars: export your bookings and blocks as a calendar subscription, and import busy times from other calendars (for example other booking sites).',
		back: 'Back to the calendar',
		noPlayrooms: 'You have no playroom yet. Create one first.',
		allPlayrooms: 'All playrooms',
	},
	export: {
		title: 'Export your calendar',
		intro:
			'A secret address that Google Calendar, Apple Calendar or Outlook can subscribe to. It holds every booking that takes the time and every block – of guests only the first name.',
		none: 'No export address yet.',
		since: 'Export address active since {{date}}. For your safety it is only shown when it is made.',
		generate: 'Create an export address',
		regenerate: 'Create a new export address (the old one stops working)',
		revoke: 'Stop the export',
		created: 'Your new export address – copy it now, it is shown only this once:',
		urlLabel: 'Export address for {{scope}}',
		revoked: 'The export has stopped; the address no longer works.',
		calendarNameAll: 'Spielzimmer – all playrooms',
		calendarNameOne: 'Spielzimmer – {{playroom}}',
		orderSummary: 'Booking {{name}} – {{playroom}}',
		orderDescription: 'Booking {{code}}\n{{url}}',
		blockSummary: 'Blocked – {{playroom}}',
		guest: 'Guest',
	},
	import: {
		title: 'Import calendars',
		intro:
			'Add the iCal address (.ics) of another calendar. Its events are fetched every 30 minutes and entered as busy times; nobody can book during them.',
		url: 'iCal address (http or https)',
		add: 'Add calendar',
		added: 'The calendar has been added.',
		none: 'No imported calendar yet.',
		syncNow: 'Sync now',
		remove: 'Remove',
		removed: 'The calendar and its busy times have been removed.',
		neverSynced: 'Not synced yet',
		lastOk: 'Last synced {{date}}: {{count}} busy times',
		lastFailed: 'Sync on {{date}} failed: {{error}}',
		synced: 'Synced: {{count}} busy times.',
		syncFailed: 'The sync failed: {{error}}',
		syncBusy: 'A sync is already running. Please try again in a moment.',
		feedsOf: 'Imported calendars of {{playroom}}',
	},
	errors: {
		privateAddress: 'This address points to an internal network and is not fetched.',
		unreachable: 'This address cannot be reached. Please check it.',
		duplicate: 'This calendar has already been added.',
		tooMany: 'A playroom can have at most {{max}} calendars.',
		url: 'Please enter an http or https address.',
	},
	syncErrors: {
		scheme: 'Only http and https addresses are fetched.',
		blockedAddress: 'The address points to an internal network and is not fetched.',
		tooLarge: 'Cut off: the calendar is larger than {{megabytes}} MB.',
		timeout: 'Cut off: no complete answer within {{seconds}} seconds.',
		httpStatus: 'The server answered with status {{status}}.',
		tooManyRedirects: 'Too many redirects.',
		network: 'The server could not be reached.',
		parse: 'The answer is not a readable iCal calendar.',
		tooManyEvents: 'The calendar has more than {{max}} events in the booking period.',
		unknown: 'Unknown error during the sync.',
	},
	overlapEmail: {
		subject: 'Overlap with booking {{code}} – {{playroom}}',
		heading: 'An imported event overlaps a booking',
		intro: 'Syncing the calendar {{url}} for {{playroom}} brought in events that overlap existing bookings:',
		item: '“{{event}}” ({{eventTime}}) overlaps booking {{code}} ({{orderTime}}).',
		untitled: 'Untitled',
		advice:
			'The bookings stay as they are. Please resolve the double booking – for example by moving the event in the other calendar.',
		action: 'Open booking {{code}}',
		footer: 'Spielzimmer – playrooms for families. You receive this e-mail because you import calendars.',
	},
}
