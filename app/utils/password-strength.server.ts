import { AppError } from './app-error.ts'
import { zxcvbnCheck, zxcvbnStarted } from './zxcvbn-worker.server.ts'

/**
 * Password strength (issue 10 defect 6, docs/decisions/0055-password-strength.md):
 * zxcvbn-ts with its common, English and German dictionaries (tens of
 * thousands of leaked passwords, names, words). A password being set needs a
 * score of at least 3 of 4. The dictionaries are megabytes: they are loaded on
 * the server only, in a worker thread of their own (zxcvbn-worker.server.ts,
 * ADR 0129), and never reach the browser — the form's live hint asks
 * POST /resources/password-strength.
 *
 * zxcvbn answers with feedback keys (no translations are configured); they are
 * mapped to our own translation keys, so the reason is in the user's language.
 */
export const MIN_PASSWORD_SCORE = 3

const WARNINGS = [
	'straightRow',
	'keyPattern',
	'simpleRepeat',
	'extendedRepeat',
	'sequences',
	'recentYears',
	'dates',
	'topTen',
	'topHundred',
	'common',
	'similarToCommon',
	'wordByItself',
	'namesByThemselves',
	'commonNames',
	'userInputs',
] as const
const SUGGESTIONS = [
	'l33t',
	'reverseWords',
	'allUppercase',
	'capitalization',
	'dates',
	'recentYears',
	'associatedYears',
	'sequences',
	'repeated',
	'longerKeyboardPattern',
	'anotherWord',
	'useWords',
] as const

export type PasswordScore = 0 | 1 | 2 | 3 | 4
export type PasswordStrength = {
	score: PasswordScore
	ok: boolean
	/** Translation keys: why the password is weak (first) and what helps. Empty when ok. */
	messages: string[]
}

/**
 * Loads the dictionaries and runs one check (the first check builds zxcvbn's
 * ranked lists and takes ~0.4 s; later ones 5–40 ms). Called in the background
 * right after the server is ready (app/bootstrap.server.ts `warmUp`), so the
 * first registration does not wait for it.
 */
export async function warmPasswordStrength(): Promise<void> {
	await checkPasswordStrength('warm-up of the dictionaries')
}

/** Whether the dictionaries have been loaded (the warm-up test asks). */
export const passwordStrengthLoading = zxcvbnStarted

/**
 * Words of the user that must not carry the password: the address and the
 * names — whole, without separators, in parts, and first and last name
 * together. Parts shorter than 3 characters say nothing.
 */
export function passwordUserInputs(user: {
	email?: string | null
	firstName?: string | null
	lastName?: string | null
	displayName?: string | null
}): string[] {
	const words = new Set<string>()
	const fullName = `${user.firstName ?? ''}${user.lastName ?? ''}`
	for (const value of [user.email, user.firstName, user.lastName, user.displayName, fullName]) {
		const text = value?.trim().toLowerCase()
		if (!text) continue
		const parts = text.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length >= 3)
		for (const word of [text, parts.join(''), ...parts]) if (word.length >= 3) words.add(word)
	}
	return [...words]
}

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
	value !== null && (list as readonly string[]).includes(value)

export async function checkPasswordStrength(
	password: string,
	userInputs: string[] = [],
): Promise<PasswordStrength> {
	const { score: rawScore, warning, suggestions } = await zxcvbnCheck(password, userInputs)
	const score = rawScore as PasswordScore
	if (score >= MIN_PASSWORD_SCORE) return { score, ok: true, messages: [] }
	const messages = [
		isOneOf(WARNINGS, warning) ? `auth:passwordStrength.warnings.${warning}` : 'auth:errors.passwordWeak',
		...suggestions
			.filter((key) => isOneOf(SUGGESTIONS, key))
			.slice(0, 2)
			.map((key) => `auth:passwordStrength.suggestions.${key}`),
	]
	return { score, ok: false, messages }
}

/** Refuses a weak password with 400 WeakPassword; the reasons are the field's errors. */
export async function assertStrongPassword(password: string, userInputs: string[], field: string) {
	const strength = await checkPasswordStrength(password, userInputs)
	if (strength.ok) return
	throw new AppError(400, 'WeakPassword', {
		messageKey: 'auth:errors.passwordWeak',
		fields: { [field]: strength.messages },
	})
}
