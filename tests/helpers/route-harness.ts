import { RouterContextProvider, type MiddlewareFunction } from 'react-router'
import { requestServicesContext } from '#app/utils/context.server.ts'
import { getLogger } from '#app/utils/logger.server.ts'
import type { Hub } from '#app/utils/realtime.ts'
import { silentHub } from '#app/utils/realtime.ts'
import { rootMiddleware } from '#app/utils/root-middleware.server.ts'

type HandlerArgs = {
	request: Request
	params: Record<string, string | undefined>
	context: RouterContextProvider
	url: URL
	pattern: string
}

export type RouteCallOptions = {
	/** Path with query, e.g. "/en/guest/orders?x=1". */
	path: string
	method?: string
	headers?: Record<string, string>
	/** Cookie header value, e.g. "auth.token=…". */
	cookie?: string
	/** A form body (sent as multipart/form-data: lists repeat a name, Files are uploads) or a JSON body. */
	form?: Record<string, string | readonly string[] | File | readonly File[]>
	json?: unknown
	/** A raw body (sent as application/json unless headers say otherwise), e.g. broken JSON. */
	body?: string
	params?: Record<string, string | undefined>
	/** Middleware of the layouts between root and the route, outermost first. */
	middleware?: MiddlewareFunction<Response>[]
	hub?: Hub
}

export type RouteCallResult = {
	status: number
	headers: Headers
	/** Value a loader/action returned (not a Response), or a thrown data() payload. */
	data: unknown
	/** JSON body if the response was JSON. */
	json: unknown
	location: string | null
	setCookies: string[]
}

const ORIGIN = 'http://localhost:3000'

/**
 * Runs a loader or action through the same middleware chain React Router uses
 * (root middleware, then the given layout middleware) and normalises whatever
 * comes out — a value, a Response, a thrown redirect or `data(…, { status })`.
 */
export async function callRoute(
	handler: (args: HandlerArgs) => unknown,
	options: RouteCallOptions,
): Promise<RouteCallResult> {
	const headers = new Headers(options.headers)
	if (options.cookie) headers.set('Cookie', options.cookie)
	let body: BodyInit | undefined
	if (options.form) {
		const form = new FormData()
		for (const [key, value] of Object.entries(options.form)) {
			for (const item of Array.isArray(value) ? value : [value]) form.append(key, item as string | File)
		}
		// Encoded before it is sent, as a server receives it: a FormData body is encoded by undici
		// while it is read, and cancelling it half-way (a body refused early) makes Node 24's undici
		// enqueue into the closed stream, an unhandled rejection of its own.
		// (Encoded by a Request, as the one sent: in a jsdom test file FormData is jsdom's, which only
		// the Request constructor there knows how to encode.)
		const encoded = new Request(`${ORIGIN}${options.path}`, { method: 'POST', body: form })
		headers.set('Content-Type', encoded.headers.get('Content-Type') ?? '')
		body = await encoded.arrayBuffer()
	} else if (options.json !== undefined) {
		headers.set('Content-Type', 'application/json')
		body = JSON.stringify(options.json)
	} else if (options.body !== undefined) {
		if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
		body = options.body
	}
	const method = options.method ?? (body ? 'POST' : 'GET')
	const request = new Request(`${ORIGIN}${options.path}`, { method, headers, body })
	const context = new RouterContextProvider()
	context.set(requestServicesContext, {
		hub: options.hub ?? silentHub,
		cspNonce: 'test-nonce',
		clientIp: '127.0.0.1',
		logger: getLogger(),
		// As a client navigation's data request: loaders return everything they render.
		documentRequest: false,
		documentHtml: new Map(),
	})
	const args: HandlerArgs = {
		request,
		params: options.params ?? {},
		context,
		url: new URL(request.url),
		pattern: options.path,
	}
	const chain = [...(rootMiddleware as MiddlewareFunction<Response>[]), ...(options.middleware ?? [])]

	let returned: unknown
	const runHandler = async (): Promise<Response> => {
		returned = await handler(args)
		if (returned instanceof Response) return returned
		if (isDataWithResponseInit(returned)) {
			const { data: payload, init } = returned
			returned = payload
			return Response.json(payload ?? null, init ?? {})
		}
		return Response.json(returned ?? null)
	}
	const dispatch = async (index: number): Promise<Response> => {
		const middleware = chain[index]
		if (!middleware) return runHandler()
		const result = await middleware(args as unknown as Parameters<MiddlewareFunction<Response>>[0], () =>
			dispatch(index + 1),
		)
		return result ?? dispatch(index + 1)
	}

	let response: Response
	let data: unknown
	try {
		response = await dispatch(0)
		data = returned instanceof Response ? undefined : returned
	} catch (thrown) {
		if (thrown instanceof Response) {
			response = thrown
		} else if (isDataWithResponseInit(thrown)) {
			response = Response.json(thrown.data ?? null, thrown.init ?? {})
			data = thrown.data
		} else {
			throw thrown
		}
	}
	const contentType = response.headers.get('Content-Type') ?? ''
	const json = contentType.includes('json') ? await response.clone().json() : undefined
	return {
		status: response.status,
		headers: response.headers,
		data,
		json,
		location: response.headers.get('Location'),
		setCookies: response.headers.getSetCookie(),
	}
}

function isDataWithResponseInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
	return (
		typeof value === 'object' &&
		value !== null &&
		(value as { type?: unknown }).type === 'DataWithResponseInit'
	)
}
