/**
 * The vocabularies of access areas and template texts (issue 13), client-safe:
 * the value lists live with the database schema (db/schema/access-enums.ts).
 */
export {
	ACCESS_AREA_TYPES,
	TEMPLATE_LOCALES,
	TEMPLATE_TYPES,
	type AccessAreaType,
	type TemplateLocale,
	type TemplateType,
} from '#db/schema/access-enums.ts'

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
	'amountReceived',
	'amountDue',
	'deadline',
	'reason',
	'accessCode',
	'arrivalInstructions',
] as const
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number]
export type TemplateValues = Record<TemplatePlaceholder, string>

/** Arrival details are shown from this long before check-in until check-out. */
export const ARRIVAL_WINDOW_MS = 24 * 60 * 60 * 1000
