/**
 * The vocabularies of access areas and template texts (issue 13), client-safe:
 * the schemas, the pages and db/schema/access.ts share them.
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

/** Every placeholder a template text may use; any other {{name}} is refused on save. */
export const TEMPLATE_PLACEHOLDERS = [
	'guestName',
	'playroomName',
	'address',
	'checkIn',
	'checkOut',
	'orderCode',
	'hostName',
	'amount',
	'deadline',
	'reason',
	'accessCode',
	'arrivalInstructions',
] as const
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number]
export type TemplateValues = Record<TemplatePlaceholder, string>

/** Arrival details are shown from this long before check-in until check-out. */
export const ARRIVAL_WINDOW_MS = 24 * 60 * 60 * 1000
