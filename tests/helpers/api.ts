import { callRoute, type RouteCallResult } from './route-harness.ts'

type Handler = Parameters<typeof callRoute>[0]

/** Calls one /api/<family>/:endpoint route and decodes the envelope. */
export async function callApi(
	handler: Handler,
	family: string,
	endpoint: string,
	options: {
		method?: string
		json?: unknown
		query?: string
		token?: string
		cookie?: string
		language?: 'de' | 'en'
	} = {},
) {
	const headers: Record<string, string> = { 'Accept-Language': options.language === 'en' ? 'en-GB' : 'de-DE' }
	if (options.token) headers.Authorization = `Bearer ${options.token}`
	const result: RouteCallResult = await callRoute(handler, {
		path: `/api/${family}/${endpoint}${options.query ? `?${options.query}` : ''}`,
		method: options.method ?? (options.json !== undefined ? 'POST' : 'GET'),
		json: options.json,
		headers,
		cookie: options.cookie,
		params: { endpoint },
	})
	const body = result.json as { success: boolean; value: unknown; error: string | null }
	const error = body.error
		? (JSON.parse(body.error) as { name: string; message: string; fields?: Record<string, string[]> })
		: null
	return { ...result, body, value: body.value as never, error }
}
