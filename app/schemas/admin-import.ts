import { BOOKING_TYPES, PAYMENT_METHODS, PLAYROOM_STATUSES } from '#db/schema/catalogue-enums.ts'
import { checkbox } from '#app/schemas/account.ts'
import { displayNameField, emailField, LIMITS } from '#app/schemas/auth.ts'
import { instantField, intField, optionalText, requiredText } from '#app/schemas/fields.ts'
import { z } from '#app/utils/validation.ts'

/**
 * The import format (docs/subsystems/import.md, ADR 0095): one JSON document
 * `{ users: [], playrooms: [], orders: [] }`. The document shape is checked
 * first; every row is then checked on its own, so a bad row is reported
 * (entity, index, field, reason) and the other rows still import.
 */
export const MAX_IMPORT_ROWS = 50_000

export const importDocumentSchema = z.object({
	users: z.array(z.unknown()).max(MAX_IMPORT_ROWS).default([]),
	playrooms: z.array(z.unknown()).max(MAX_IMPORT_ROWS).default([]),
	orders: z.array(z.unknown()).max(MAX_IMPORT_ROWS).default([]),
})
export type ImportDocument = z.infer<typeof importDocumentSchema>

/**
 * The progress text of an import run as stored and sent ("users 500/3000": entity, rows done, rows
 * in all); the page shows it translated (issue 31.13), so it is written and read here only.
 */
export function importProgressText(entity: keyof ImportDocument, done: number, total: number): string {
	return `${entity} ${done}/${total}`
}

export function parseImportProgressText(
	text: string,
): { entity: keyof ImportDocument; done: number; total: number } | null {
	const match = /^(users|playrooms|orders) (\d+)\/(\d+)$/.exec(text)
	if (!match) return null
	return { entity: match[1] as keyof ImportDocument, done: Number(match[2]), total: Number(match[3]) }
}

const legacyIdField = requiredText(64).regex(/^[A-Za-z0-9._:-]+$/)
/** An instant as ISO 8601 text with an offset or Z (the export writes UTC), within ADR 0143's bounds. */
const instantDate = instantField.transform((ms) => new Date(ms))

export const importUserSchema = z.object({
	legacyId: legacyIdField,
	email: emailField,
	role: z.enum(['Customer', 'Owner']),
	displayName: displayNameField,
	firstName: optionalText(LIMITS.name),
	lastName: optionalText(LIMITS.name),
	phoneNumber: optionalText(LIMITS.phone),
	langPreference: z.enum(['de', 'en']).default('de'),
	companyName: optionalText(LIMITS.company),
	street: optionalText(LIMITS.street),
	postalCode: optionalText(LIMITS.postalCode),
	city: optionalText(LIMITS.city),
	emailConfirmed: z.boolean().default(false),
	createdAt: instantDate.optional(),
})
export type ImportUser = z.infer<typeof importUserSchema>

const coordinate = (limit: number) => z.number().min(-limit).max(limit)

export const importPlayroomSchema = z.object({
	legacyId: legacyIdField,
	hostLegacyId: legacyIdField,
	name: requiredText(100),
	playroomUrlPath: requiredText(80).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
	description: optionalText(10_000, { multiline: true }),
	street: optionalText(LIMITS.street),
	postalCode: optionalText(LIMITS.postalCode),
	city: requiredText(LIMITS.city),
	lat: coordinate(90),
	lng: coordinate(180),
	maxGuests: intField(1, 1000),
	sizeSqm: intField(1, 100_000).optional(),
	status: z.enum(PLAYROOM_STATUSES).default('Draft'),
	createdAt: instantDate.optional(),
})
export type ImportPlayroom = z.infer<typeof importPlayroomSchema>

/** Imported orders are history: they cannot be in a state that waits for an answer or a payment. */
export const IMPORT_ORDER_STATUSES = ['Confirmed', 'Declined', 'Expired', 'Cancelled', 'Completed'] as const

export const importOrderSchema = z
	.object({
		legacyId: legacyIdField,
		code: requiredText(20).regex(/^[A-Z0-9-]+$/),
		playroomLegacyId: legacyIdField,
		guestLegacyId: legacyIdField,
		bookingType: z.enum(BOOKING_TYPES),
		checkIn: instantDate,
		checkOut: instantDate,
		adults: intField(1, 1000),
		children: intField(0, 1000).default(0),
		totalAmount: intField(0, 100_000_000),
		commissionRateBp: intField(0, 10_000).default(0),
		paymentMethod: z.enum(PAYMENT_METHODS),
		paymentStatus: z
			.enum(['Unpaid', 'PartiallyPaid', 'Paid', 'PartiallyRefunded', 'Refunded'])
			.default('Unpaid'),
		status: z.enum(IMPORT_ORDER_STATUSES),
		createdAt: instantDate.optional(),
	})
	.refine((order) => order.checkOut > order.checkIn, {
		path: ['checkOut'],
		message: 'adminImport:errors.checkOutBeforeCheckIn',
	})
export type ImportOrder = z.infer<typeof importOrderSchema>

/** The upload form: the file and whether to only show what would change. */
export const importFormSchema = z.object({ dryRun: checkbox })
