import { LOCALES } from '#app/utils/locale.ts'
import { validationMessage, z } from '#app/utils/validation.ts'
import { entityIdField, optionalText, requiredText } from './fields.ts'
import { LIMITS } from './limits.ts'

/**
 * Schemas of the account capability (issue 3), shared by the browser forms
 * (Conform), the page actions and the /api endpoints. No texts here: messages
 * are translation keys (docs/decisions/0006-validation-messages.md).
 */
export { LIMITS }

const custom = (key: string, params?: Record<string, string | number>) => ({
	params: { i18nKey: validationMessage(key, params) },
})

/** An e-mail address: trimmed, lower-cased, required, valid. */
export const emailField = z.string().trim().toLowerCase().min(1).max(LIMITS.email).pipe(z.email())

/**
 * A password being set: 10–128 characters. Its strength (zxcvbn score ≥ 3, not
 * built from the user's own address or names) is checked on the server only,
 * by the models that set passwords (app/utils/password-strength.server.ts,
 * ADR 0055): the dictionaries are too large for the browser bundle.
 */
export const newPasswordField = z.string().min(LIMITS.passwordMin).max(LIMITS.passwordMax)

/** A password being checked (login, confirmation of a change). */
export const currentPasswordField = z.string().min(1).max(LIMITS.passwordMax)

export const displayNameField = requiredText(LIMITS.displayName, { min: LIMITS.displayNameMin })

export const phoneField = z
	.string()
	.trim()
	.max(LIMITS.phone)
	.regex(/^$|^\+?[0-9][0-9 ()/-]{4,}$/)
	.optional()
	.transform((value) => value || undefined)

export const languageField = z.enum(LOCALES)

/** One-time tokens from e-mail links. */
export const tokenField = z.string().regex(/^[A-Za-z0-9_-]{20,200}$/)
export const userIdField = entityIdField

/** Spec §3/§5: username is an e-mail (trimmed), password required, rememberMe (default on). */
export const loginSchema = z.object({
	username: emailField,
	password: currentPasswordField,
	rememberMe: z.boolean().optional(),
})

/** Forgot-password and resend-confirmation forms: one e-mail address. */
export const emailOnlySchema = z.object({ email: emailField })

/** A required tick: missing or false gives the same message (a refinement on .optional() would not run). */
export const requiredTick = (key: string) =>
	z.boolean({ error: () => validationMessage(key) }).refine((value) => value, custom(key))

const acceptTerms = requiredTick('auth:errors.acceptTerms')

export const registerGuestSchema = z.object({
	email: emailField,
	password: newPasswordField,
	firstName: requiredText(LIMITS.name),
	lastName: requiredText(LIMITS.name),
	displayName: displayNameField,
	phoneNumber: phoneField,
	langPreference: languageField.optional(),
	acceptTerms,
})

/** Invoice address of a host; may be completed after registration. */
export const invoiceAddressFields = {
	companyName: optionalText(LIMITS.company),
	street: optionalText(LIMITS.street),
	postalCode: optionalText(LIMITS.postalCode),
	city: optionalText(LIMITS.city),
	country: optionalText(LIMITS.country),
	vatId: optionalText(LIMITS.vatId),
}

export const registerHostSchema = registerGuestSchema.extend(invoiceAddressFields)

export type RegisterInput = z.output<typeof registerHostSchema>

/** POST /api/Auth/signup: the spec's minimal registration (username, password). */
export const signupSchema = z.object({
	username: emailField,
	password: newPasswordField,
	displayName: displayNameField.optional(),
	langPreference: languageField.optional(),
	acceptTerms,
})

const passwordsMatch = <T extends { newPassword: string; confirmPassword: string }>(value: T) =>
	value.newPassword === value.confirmPassword

const mismatch = { path: ['confirmPassword'], ...custom('auth:errors.passwordsDiffer') }

/** The reset form (new password twice); the API takes userId, token and password. */
export const resetPasswordFormSchema = z
	.object({ newPassword: newPasswordField, confirmPassword: z.string().min(1) })
	.refine(passwordsMatch, mismatch)

export const resetPasswordApiSchema = z.object({
	userId: userIdField,
	token: tokenField,
	password: newPasswordField,
})

export const changePasswordApiSchema = z.object({
	currentPassword: currentPasswordField,
	newPassword: newPasswordField,
})

export const changePasswordFormSchema = changePasswordApiSchema
	.extend({ confirmPassword: z.string().min(1) })
	.refine(passwordsMatch, mismatch)

export const requestChangeEmailSchema = z.object({
	newEmail: emailField,
	password: currentPasswordField,
})

export const confirmChangeEmailSchema = z.object({
	newEmail: emailField,
	userId: userIdField,
	emailToken: tokenField,
})

export const confirmEmailQuerySchema = z.object({ userId: userIdField, token: tokenField })
