import type { TFunction } from 'i18next'
import type { RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { AppError, STANDARD_ERROR_NAMES, isAppError, type AppErrorStatus } from './app-error.ts'
import { getLocale, getT } from './i18n.server.ts'
import type { Locale } from './locale.ts'
import { getLogger } from './logger.server.ts'
import { translateValidationMessage, zodIssuesToFields } from './validation.ts'

export { AppError }

/**
 * The API envelope (spec §3, PRODUCT.md §4): every /api response, errors
 * included, is `{ success, value, error }`. A failed response's `error` is a
 * JSON string `{"name","message","fields"}` with the message in the request's
 * language (Accept-Language). Stack traces never leave the server.
 */
export type Envelope<T> = { success: boolean; value: T | null; error: string | null }
export type EnvelopeError = { name: string; message: string; fields?: Record<string, string[]> }

const NO_STORE = { 'Cache-Control': 'no-store' }

export function envelope<T>(value: T, init: ResponseInit = {}): Response {
	const headers = new Headers(init.headers)
	if (!headers.has('Cache-Control')) headers.set('Cache-Control', NO_STORE['Cache-Control'])
	return Response.json({ success: true, value, error: null } satisfies Envelope<T>, {
		...init,
		headers,
	})
}

export function errorEnvelope(status: number, error: EnvelopeError, init: ResponseInit = {}) {
	const headers = new Headers(init.headers)
	headers.set('Cache-Control', NO_STORE['Cache-Control'])
	return Response.json(
		{ success: false, value: null, error: JSON.stringify(error) } satisfies Envelope<never>,
		{ ...init, status, headers },
	)
}

/** Translates an AppError for the envelope. */
export function describeAppError(t: TFunction, error: AppError): EnvelopeError {
	const message = t(error.messageKey as never, error.params as never) as unknown as string
	const fields = error.fields
		? Object.fromEntries(
				Object.entries(error.fields).map(([field, messages]) => [
					field,
					messages.map((m) => translateValidationMessage(t, m)),
				]),
			)
		: undefined
	return {
		name: error.errorName,
		message: message === error.messageKey ? t('apiErrors.ServerError') : message,
		...(fields ? { fields } : {}),
	}
}

/** Any thrown value → an envelope response; unknown errors are logged and become a bare 500. */
export function errorToEnvelope(t: TFunction, error: unknown): Response {
	if (isAppError(error)) return errorEnvelope(error.status, describeAppError(t, error))
	if (error instanceof z.ZodError) {
		return errorToEnvelope(t, new AppError(400, 'ValidationError', { fields: zodIssuesToFields(error) }))
	}
	if (error instanceof Response) {
		// A guard or helper threw a Response (redirect, 404 …): keep the status, use the envelope.
		const status = (error.status in STANDARD_ERROR_NAMES ? error.status : 500) as AppErrorStatus
		if (error.status >= 300 && error.status < 400) {
			return errorToEnvelope(t, new AppError(401, 'Unauthorized'))
		}
		return errorToEnvelope(t, new AppError(status))
	}
	const thrownDataStatus = statusOfThrownData(error)
	if (thrownDataStatus !== null) {
		const status = (thrownDataStatus in STANDARD_ERROR_NAMES ? thrownDataStatus : 500) as AppErrorStatus
		return errorToEnvelope(t, new AppError(status))
	}
	getLogger().error({ err: error }, 'API request failed')
	return errorEnvelope(500, { name: 'ServerError', message: t('apiErrors.ServerError') })
}

/** The status of a thrown `data(…, { status })` (React Router's DataWithResponseInit), else null. */
function statusOfThrownData(error: unknown): number | null {
	if (typeof error !== 'object' || error === null) return null
	if ((error as { type?: unknown }).type !== 'DataWithResponseInit') return null
	const status = (error as { init?: { status?: unknown } | null }).init?.status
	return typeof status === 'number' ? status : 500
}

export type ApiArgs = {
	request: Request
	url: URL
	context: Readonly<RouterContextProvider>
	params: Record<string, string | undefined>
}
export type ApiHandlerArgs = ApiArgs & { t: TFunction; locale: Locale }

/**
 * Wraps a loader or action of an /api resource route: the handler returns the
 * envelope's value (or a Response), everything thrown becomes an error envelope.
 */
export function apiHandler<T>(handler: (args: ApiHandlerArgs) => T | Promise<T>) {
	return async (args: ApiArgs): Promise<Response> => {
		const t = getT(args.context)
		try {
			const value = await handler({
				...args,
				t,
				locale: getLocale(args.context),
			})
			return value instanceof Response ? value : envelope(value)
		} catch (error) {
			return errorToEnvelope(t, error)
		}
	}
}

/** Only these methods reach a handler; others get 404 like an unknown endpoint would. */
export function methodNotAllowed(): never {
	throw new AppError(404, 'UnknownEndpoint')
}

/** Validates URL query parameters with a schema (400 with field messages on failure). */
export function parseQuery<S extends z.ZodType>(schema: S, url: URL): z.output<S> {
	const input: Record<string, string | string[]> = {}
	for (const key of new Set(url.searchParams.keys())) {
		const values = url.searchParams.getAll(key)
		input[key] = values.length > 1 ? values : (values[0] ?? '')
	}
	return parseOrThrow(schema, input)
}

/** Validates a JSON body; a body that is not JSON is a 400 too. */
export async function parseJsonBody<S extends z.ZodType>(schema: S, request: Request): Promise<z.output<S>> {
	let body: unknown
	try {
		const text = await request.text()
		body = text ? JSON.parse(text) : {}
	} catch {
		throw new AppError(400, 'ValidationError', { fields: { _form: ['validation.invalid'] } })
	}
	return parseOrThrow(schema, body)
}

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
	const result = schema.safeParse(input)
	if (!result.success) {
		throw new AppError(400, 'ValidationError', { fields: zodIssuesToFields(result.error) })
	}
	return result.data
}
