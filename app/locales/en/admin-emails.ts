import type { TranslationShape } from '../types.ts'
import type { adminEmails as de } from '../de/admin-emails.ts'

/** English: the e-mail log and the e-mail health banner of the admin (issue 34, ADR 0175). */
export const adminEmails: TranslationShape<typeof de> = {
	columns: {
		status: 'Status',
		to: 'Recipient',
		template: 'Template',
		subject: 'Subject',
		createdAt: 'Created',
		sentAt: 'Sent',
		error: 'Error',
	},
	statuses: {
		stored: 'Stored (not sent)',
		queued: 'Waiting to be sent',
		sent: 'Sent',
		failed: 'Failed',
	},
	log: {
		taskRuns: 'Runs of the "Send e-mails" task',
	},
	detail: {
		title: 'E-mail: {{subject}}',
		facts: 'Details',
		locale: 'Language',
		attachments: 'Attachments',
		order: 'Booking',
		openOrder: 'Open the booking',
		text: 'Text part',
		noError: 'No error.',
		resend: 'Resend',
		resent: 'A copy of the e-mail has been queued.',
		resendInvalid: 'The form has expired. Please reload the page and try again.',
		back: 'To the e-mail log',
	},
	banner: {
		notConfigured_one:
			'E-mail delivery is not configured (SMTP_URL is not set): {{count}} e-mail is waiting and will not be sent.',
		notConfigured_other:
			'E-mail delivery is not configured (SMTP_URL is not set): {{count}} e-mails are waiting and will not be sent.',
		failing_one:
			'E-mail delivery is failing: {{failed}} failures in the last 24 hours, {{count}} e-mail waiting.',
		failing_other:
			'E-mail delivery is failing: {{failed}} failures in the last 24 hours, {{count}} e-mails waiting.',
		openLog: 'Open the e-mail log',
	},
}
