import type { TFunction } from 'i18next'

/**
 * The encoded validation messages and their translation, without Zod
 * (docs/decisions/0006-validation-messages.md): a message is a translation key
 * with parameters, e.g. "validation.maxLength?max=40". Components that only
 * show messages import this module, so Zod stays out of pages that validate
 * on demand (the checkout, ADR 0116); `validation.ts` re-exports it.
 */
export type ValidationParams = Record<string, string | number>

export function validationMessage(key: string, params?: ValidationParams): string {
	if (!params || Object.keys(params).length === 0) return key
	const query = new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)]))
	return `${key}?${query.toString()}`
}

const KEY_PATTERN = /^([a-z][\w-]*:)?[a-zA-Z][\w-]*(\.[\w-]+)+$/

export function decodeValidationMessage(message: string): { key: string; params: ValidationParams } | null {
	const [key = '', query] = message.split('?', 2)
	if (!KEY_PATTERN.test(key)) return null
	const params: ValidationParams = {}
	for (const [name, value] of new URLSearchParams(query ?? '')) {
		// A digit string with a leading zero (a postal code such as 04109) stays text.
		params[name] = /^-?(0|[1-9]\d*)(\.\d+)?$/.test(value) ? Number(value) : value
	}
	return { key, params }
}

/** Text for an encoded message; text that is not an encoded key passes through. */
export function translateValidationMessage(t: TFunction, message: string): string {
	const decoded = decodeValidationMessage(message)
	if (!decoded) return message
	const text = t(decoded.key as never, decoded.params as never) as unknown as string
	return text === decoded.key ? t('validation.invalid') : text
}
