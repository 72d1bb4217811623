import { z } from 'zod'
import { validationMessage } from './validation-messages.ts'

/**
 * Validation messages in both languages (docs/decisions/0006-validation-messages.md).
 *
 * Zod schemas never contain text. A global error map turns every issue into an
 * encoded message — a translation key with parameters, e.g.
 * "validation.maxLength?max=40" — and the UI or the API translates it into the
 * request's language. The same schema therefore serves the browser (Conform),
 * the server action and the API.
 */
export {
	decodeValidationMessage,
	translateValidationMessage,
	validationMessage,
	type ValidationParams,
} from './validation-messages.ts'

type Issue = z.core.$ZodRawIssue

function messageForIssue(issue: Issue): string {
	switch (issue.code) {
		case 'invalid_type':
			if (issue.input === undefined || issue.input === null || issue.input === '') {
				return validationMessage('validation.required')
			}
			if (issue.expected === 'number' || issue.expected === 'int' || issue.expected === 'bigint') {
				return validationMessage('validation.numeric')
			}
			if (issue.expected === 'date') return validationMessage('validation.date')
			return validationMessage('validation.invalid')
		case 'too_small': {
			const minimum = Number(issue.minimum)
			if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
				return minimum <= 1
					? validationMessage('validation.required')
					: validationMessage('validation.minLength', { min: minimum })
			}
			if (issue.origin === 'date') return validationMessage('validation.date')
			return validationMessage('validation.minValue', { min: minimum })
		}
		case 'too_big': {
			const maximum = Number(issue.maximum)
			if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
				return validationMessage('validation.maxLength', { max: maximum })
			}
			if (issue.origin === 'date') return validationMessage('validation.date')
			return validationMessage('validation.maxValue', { max: maximum })
		}
		case 'invalid_format':
			if (issue.format === 'email') return validationMessage('validation.email')
			if (issue.format === 'url') return validationMessage('validation.url')
			if (issue.format === 'date' || issue.format === 'datetime') {
				return validationMessage('validation.date')
			}
			return validationMessage('validation.invalid')
		case 'invalid_value':
			return validationMessage('validation.choice')
		case 'custom': {
			const key = (issue.params as { i18nKey?: unknown } | undefined)?.i18nKey
			return typeof key === 'string' ? key : validationMessage('validation.invalid')
		}
		default:
			return validationMessage('validation.invalid')
	}
}

z.config({ customError: (issue) => messageForIssue(issue) })

/** Field path → encoded messages, the shape Conform and the API envelope use. */
export function zodIssuesToFields(error: z.ZodError): Record<string, string[]> {
	const fields: Record<string, string[]> = {}
	for (const issue of error.issues) {
		const name = issue.path.map(String).join('.') || '_form'
		;(fields[name] ??= []).push(issue.message)
	}
	return fields
}

export { z }
