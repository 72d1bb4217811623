import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import {
	ServerRouter,
	isRouteErrorResponse,
	type EntryContext,
	type HandleErrorFunction,
	type RouterContextProvider,
} from 'react-router'
import { getServices } from './utils/context.server.ts'
import { getRenderI18nInstance } from './utils/i18n.server.ts'
import { getLogger, redactUrl } from './utils/logger.server.ts'
import { lowerModulePreloadPriority } from './utils/module-preload-priority.server.ts'
import { NonceProvider } from './utils/nonce-provider.tsx'
import './utils/validation.ts'

export const streamTimeout = 5_000

export default function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: RouterContextProvider,
) {
	const nonce = getServices(loadContext).cspNonce
	const i18n = getRenderI18nInstance(loadContext)
	// Bots and crawlers get the complete document at once; browsers get it streamed.
	const readyEvent =
		isbot(request.headers.get('User-Agent')) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<I18nextProvider i18n={i18n}>
					<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
				</I18nextProvider>
			</NonceProvider>,
			{
				nonce,
				[readyEvent]() {
					shellRendered = true
					// The page's scripts load after the stylesheet and the LCP image (ADR 0115).
					const body = lowerModulePreloadPriority()
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					resolve(
						new Response(createReadableStreamFromReadable(body), {
							headers: responseHeaders,
							status: responseStatusCode,
						}),
					)
					pipe(body)
				},
				onShellError(error: unknown) {
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					if (shellRendered) getLogger().error({ err: error }, 'error while streaming a page')
				},
			},
		)
		setTimeout(abort, streamTimeout + 1_000)
	})
}

/** Logs unexpected server errors (never shown to users); expected 4xx responses are not errors. */
export const handleError: HandleErrorFunction = (error, { request }) => {
	if (request.signal.aborted) return
	if (isRouteErrorResponse(error) && error.status < 500) return
	getLogger().error(
		{ err: error, method: request.method, url: redactUrl(new URL(request.url).pathname) },
		'unhandled server error',
	)
}
