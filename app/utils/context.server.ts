import { createContext, type RouterContextProvider } from 'react-router'
import type { Logger } from './logger.server.ts'
import type { Hub } from './realtime.ts'

/** What the Express server hands to every loader and action (see server/app.ts). */
export type RequestServices = {
	hub: Hub
	/** The CSP nonce of this response; inline scripts must carry it. */
	cspNonce: string
	clientIp: string
	logger: Logger
	/**
	 * A document request (an HTML page), not a client navigation's data request (`….data`):
	 * HTML the server renders into the document need not travel again as loader data (ADR 0122).
	 */
	documentRequest: boolean
	/** HTML pieces for the document render only (`documentOnlyHtml`), by name. */
	documentHtml: Map<string, string>
}

export const requestServicesContext = createContext<RequestServices>()

export function getServices(context: Readonly<RouterContextProvider>): RequestServices {
	return context.get(requestServicesContext)
}

/**
 * Set-Cookie headers that loaders, actions and middleware want on the final
 * response. The root middleware appends them, for documents and data requests
 * alike, so no route needs a `headers` export for cookies.
 */
export const responseCookiesContext = createContext<string[]>()

export function appendResponseCookie(context: Readonly<RouterContextProvider>, cookie: string) {
	context.get(responseCookiesContext).push(cookie)
}
