import type { ChatEmailFrequency } from '#db/schema/conversations.ts'
import { z } from '#app/utils/validation.ts'
import {
	currentPasswordField,
	displayNameField,
	emailField,
	invoiceAddressFields,
	languageField,
	LIMITS,
	newPasswordField,
	phoneField,
	requiredTick,
	userIdField,
} from './auth.ts'
import { requiredText } from './fields.ts'

/** Account pages and the /api/User endpoints (issue 3). */
export const profileSchema = z.object({
	firstName: requiredText(LIMITS.name),
	lastName: requiredText(LIMITS.name),
	displayName: displayNameField,
	phoneNumber: phoneField,
	langPreference: languageField,
})

export const invoiceAddressSchema = z.object(invoiceAddressFields)

export const EMAIL_SETTING_KEYS = [
	'allowEmailForBookings',
	'allowEmailForPersonalOffers',
	'allowEmailForFeedback',
] as const
/**
 * How often unread chat messages are e-mailed (issue 32, ADR 0164). Optional in both schemas: a
 * form or API client that does not send it leaves the setting as it is (admins have no chat).
 */
export const CHAT_EMAIL_FREQUENCIES = [
	'Immediately',
	'Hourly',
	'Off',
] as const satisfies readonly ChatEmailFrequency[]
// Client-safe copy of the schema's enum (importing db/schema at runtime pulls node:crypto into the
// browser bundle, as in checkout.ts); compile-time: it names every value.
export const CHAT_EMAIL_FREQUENCIES_COMPLETE: [
	Exclude<ChatEmailFrequency, (typeof CHAT_EMAIL_FREQUENCIES)[number]>,
] extends [never]
	? true
	: never = true
export const chatEmailFrequencyField = z.enum(CHAT_EMAIL_FREQUENCIES)
export type EmailSettings = Record<(typeof EMAIL_SETTING_KEYS)[number], boolean> & {
	chatEmailFrequency?: ChatEmailFrequency
}

/** Checkboxes: present ("on") is true, absent is false. */
export const checkbox = z
	.union([z.boolean(), z.literal('on')])
	.optional()
	.transform((value) => value === true || value === 'on')

export const emailSettingsFormSchema = z.object({
	allowEmailForBookings: checkbox,
	allowEmailForPersonalOffers: checkbox,
	allowEmailForFeedback: checkbox,
	chatEmailFrequency: chatEmailFrequencyField.optional(),
})

/** The API sends string booleans (spec §3); real booleans are accepted too. */
const stringBoolean = z
	.union([z.boolean(), z.enum(['true', 'false'])])
	.transform((value) => value === true || value === 'true')

export const emailSettingsApiSchema = z.object({
	allowEmailForBookings: stringBoolean,
	allowEmailForPersonalOffers: stringBoolean,
	allowEmailForFeedback: stringBoolean,
	chatEmailFrequency: chatEmailFrequencyField.optional(),
})

export const langPreferenceSchema = z.object({ langPreference: languageField })

export const notificationTokenSchema = z.object({ token: requiredText(500) })

/** Guest account deletion: the password, and a tick that it is meant. */
export const deleteAccountSchema = z.object({
	password: currentPasswordField,
	confirm: requiredTick('account:errors.confirmDeletion'),
})

/** Admin user API (spec §7 "Admin user"). */
export const userNameSchema = z.object({ userName: emailField })
export const adminChangePasswordSchema = z.object({ newPassword: newPasswordField })
export const userIdQuerySchema = z.object({ userId: userIdField })
/** GET /api/Admin/User/Customer and /Host (spec §7): the account's id under its spec name. */
export const customerUserIdQuerySchema = z.object({ customerUserId: userIdField })
export const hostUserIdQuerySchema = z.object({ hostUserId: userIdField })

/** Admin lists (PRODUCT.md §4 list shape). */
export { emailField }
