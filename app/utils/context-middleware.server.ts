import type { MiddlewareFunction } from 'react-router'
import { copyResponse } from '#app/render/buffered-documents.server.ts'
import { responseCookiesContext } from './context.server.ts'

/**
 * Outermost root middleware: collects Set-Cookie headers from everything that
 * runs below it and puts them on the final response.
 */
export const responseCookiesMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
	const cookies: string[] = []
	context.set(responseCookiesContext, cookies)
	let response: Response
	try {
		response = await next()
	} catch (thrown) {
		// A redirect thrown by a guard still gets the cookies (e.g. clearing a dead session).
		if (thrown instanceof Response) throw withCookies(thrown, cookies)
		throw thrown
	}
	return withCookies(response, cookies)
}

function withCookies(response: Response, cookies: string[]): Response {
	if (cookies.length === 0) return response
	try {
		for (const cookie of cookies) response.headers.append('Set-Cookie', cookie)
		return response
	} catch {
		// Some responses have immutable headers; copy them into a new response.
		const headers = new Headers(response.headers)
		for (const cookie of cookies) headers.append('Set-Cookie', cookie)
		return copyResponse(response, { status: response.status, statusText: response.statusText, headers })
	}
}
