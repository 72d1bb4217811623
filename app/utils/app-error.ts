/**
 * A failure the caller can understand: it carries an HTTP status, an error
 * name (PRODUCT.md §4: ValidationError, SlotNotAvailable, …), a translation
 * key for the message and, for validation, messages per field.
 * Models throw it; the API envelope and page actions turn it into text in the
 * request's language. Anything else thrown is a bug and becomes a 500.
 */
export const STANDARD_ERROR_NAMES = {
	400: 'ValidationError',
	401: 'Unauthorized',
	403: 'Forbidden',
	404: 'NotFound',
	409: 'Conflict',
	429: 'TooManyRequests',
	500: 'ServerError',
} as const

export type AppErrorStatus = keyof typeof STANDARD_ERROR_NAMES

export class AppError extends Error {
	readonly status: AppErrorStatus
	readonly errorName: string
	/** A translation key (may be namespaced, "booking:errors.slotTaken"); default `apiErrors.<name>`. */
	readonly messageKey: string
	readonly params: Record<string, string | number>
	/** Field name → encoded validation messages (see app/utils/validation.ts). */
	readonly fields: Record<string, string[]> | undefined

	constructor(
		status: AppErrorStatus,
		errorName: string = STANDARD_ERROR_NAMES[status],
		options: {
			messageKey?: string
			params?: Record<string, string | number>
			fields?: Record<string, string[]>
		} = {},
	) {
		super(`${errorName} (${status})`)
		this.name = 'AppError'
		this.status = status
		this.errorName = errorName
		this.messageKey = options.messageKey ?? `apiErrors.${errorName}`
		this.params = options.params ?? {}
		this.fields = options.fields
	}
}

export function isAppError(error: unknown): error is AppError {
	return error instanceof AppError
}
