/**
 * Value lists of the access schema (access areas and template texts, issue 13).
 * No Node imports here: app/domain/host-access.ts re-exports them for the
 * forms and pages in the browser.
 */
export const ACCESS_AREA_TYPES = ['KeyBox', 'Keypad', 'SmartLock', 'Handover'] as const
export type AccessAreaType = (typeof ACCESS_AREA_TYPES)[number]

export const TEMPLATE_TYPES = [
	'BookingConfirmation',
	'ArrivalInstructions',
	'Reminder',
	'Cancellation',
	'ChatQuickReply',
	'RequestReceived',
	'Declined',
	'Expired',
	'PaymentInstructions',
	'PaymentReceived',
] as const
export type TemplateType = (typeof TEMPLATE_TYPES)[number]

export const TEMPLATE_LOCALES = ['de', 'en'] as const
export type TemplateLocale = (typeof TEMPLATE_LOCALES)[number]
