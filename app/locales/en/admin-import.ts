import type { TranslationShape } from '../types.ts'
import type { adminImport as de } from '../de/admin-import.ts'

/** English: the import from the original system (issue 14, docs/subsystems/import.md). */
export const adminImport: TranslationShape<typeof de> = {
	intro:
		"Imports users, playrooms and orders from the original system's export (one JSON file, format in the documentation). Importing the same file again changes nothing. Imported users have no password and set one through “forgot password”; no e-mails are sent.",
	form: {
		title: 'Upload a file',
		file: 'Export file (JSON)',
		dryRun: 'Dry run: only show what would change',
		submit: 'Start import',
	},
	started: 'The import is running in the background.',
	progress: {
		title: 'Progress',
		label: 'Import progress',
		steps: 'Step {{step}} of {{totalSteps}}',
		rows: '{{entity}}: {{done}} of {{total}}',
		refreshing: 'This page refreshes every 2 seconds.',
	},
	run: {
		title: 'Latest import',
		file: 'File',
		dryRun: 'Dry run – nothing was saved',
		startedAt: 'Started',
		finishedAt: 'Finished',
		status: {
			queued: 'Waiting',
			running: 'Running',
			succeeded: 'Finished',
			failed: 'Failed',
		},
		none: 'No import yet.',
	},
	report: {
		countsLabel: 'Result by kind',
		entity: 'Kind',
		created: 'New',
		updated: 'Changed',
		unchanged: 'Unchanged',
		invalid: 'Invalid',
		entities: { users: 'Users', playrooms: 'Playrooms', orders: 'Orders' },
		errorsTitle: 'Invalid rows',
		row: '{{entity}} no. {{index}}',
		moreErrors: '… and {{count}} more',
	},
	errors: {
		noFile: 'Please choose an export file.',
		notJson: 'The file is not valid JSON.',
		badDocument: 'The file is not in the import format (users, playrooms, orders as lists).',
		fileTooLarge: 'The file is too large (at most {{max}} MB).',
		running: 'An import is already running. Please wait until it has finished.',
		busy: 'Another import was running; this one was not started.',
		failed: 'The import stopped. See the background task runs for details.',
		emailTaken: 'The e-mail address belongs to another account.',
		displayNameTaken: 'The display name belongs to another account.',
		pathTaken: 'The URL path is already taken.',
		codeTaken: 'The order code is already taken.',
		unknownHost: 'Host {{legacyId}} was not imported (without errors).',
		unknownPlayroom: 'Playroom {{legacyId}} was not imported (without errors).',
		unknownGuest: 'Guest {{legacyId}} was not imported (without errors).',
		checkOutBeforeCheckIn: 'The end must be after the start.',
	},
}
