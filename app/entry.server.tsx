import { Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import {
	ServerRouter,
	isRouteErrorResponse,
	type EntryContext,
	type HandleErrorFunction,
	type RouterContextProvider,
} from 'react-router'
import { bufferedDocumentResponse, type DocumentParts } from '#app/render/buffered-documents.server.ts'
import { MESSAGES_VERSION } from './locales/resources.server.ts'
import { getServices } from './utils/context.server.ts'
import { DocumentHtmlContext } from './render/document-html.tsx'
import { getRenderI18nInstance } from './utils/i18n.server.ts'
import { getLogger, redactUrl } from './utils/logger.server.ts'
import { lowerModulePreloadPriorityInDocument } from './render/module-preload-priority.server.ts'
import { MessagesVersionProvider } from './render/messages-version.tsx'
import { NonceProvider } from './render/nonce-provider.tsx'
import {
	handoffStream,
	readHandoffChunks,
	renderWholeDocumentParts,
} from './render/whole-document.server.tsx'
import './utils/validation.ts'

export const streamTimeout = 5_000

export default async function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: RouterContextProvider,
) {
	const nonce = getServices(loadContext).cspNonce
	const i18n = getRenderI18nInstance(loadContext)
	const documentHtml = getServices(loadContext).documentHtml
	const app = (context: EntryContext) => (
		<NonceProvider value={nonce}>
			<DocumentHtmlContext.Provider value={documentHtml}>
				<MessagesVersionProvider value={MESSAGES_VERSION}>
					<I18nextProvider i18n={i18n}>
						<ServerRouter context={context} url={request.url} nonce={nonce} />
					</I18nextProvider>
				</MessagesVersionProvider>
			</DocumentHtmlContext.Provider>
		</NonceProvider>
	)
	if (!routerContext.isSpaMode) {
		// ADR 0122: the loader data first, then the page in one synchronous pass.
		const chunks = await readHandoffChunks(routerContext.serverHandoffStream)
		const html = renderWholeDocumentParts(routerContext, chunks, nonce, app)
		if (html !== null) return documentResponse(html, responseStatusCode, responseHeaders, false)
		routerContext.serverHandoffStream = handoffStream(chunks)
	}
	// A page that suspends (e.g. on a lazy module): React's streaming renderer, and the document
	// still sent complete, in one piece.
	return new Promise<Response>((resolve, reject) => {
		let settled = false
		// Cleared when the document is out: a pending timer would keep the whole render alive.
		const timeout = setTimeout(() => abort(), streamTimeout + 1_000)
		const { pipe, abort } = renderToPipeableStream(app(routerContext), {
			nonce,
			// Every finished Suspense boundary inline, none moved to the end of the document behind a
			// script (a page suspending on a lazy module works without JavaScript).
			progressiveChunkSize: Number.POSITIVE_INFINITY,
			onAllReady() {
				if (settled) return
				settled = true
				pipe(
					collectDocument((html) => {
						clearTimeout(timeout)
						resolve(documentResponse(html, responseStatusCode, responseHeaders))
					}),
				)
			},
			onShellError(error: unknown) {
				if (settled) return
				settled = true
				clearTimeout(timeout)
				reject(error)
			},
			onError(error: unknown) {
				responseStatusCode = 500
				if (settled) getLogger().error({ err: error }, 'error while streaming a page')
			},
		})
	})
}

/** A whole document as the response, sent in one write (app/render/buffered-documents.server.ts). */
function documentResponse(
	html: DocumentParts,
	status: number,
	headers: Headers,
	lowerPreloads = true,
): Response {
	headers.set('Content-Type', 'text/html; charset=utf-8')
	// The page's scripts load after the stylesheet and the LCP image (ADR 0115); renderWholeDocument
	// has done it already.
	const document =
		lowerPreloads && typeof html === 'string' ? lowerModulePreloadPriorityInDocument(html) : html
	return bufferedDocumentResponse(document, { headers, status })
}

/**
 * A sink for React's output that hands over the whole document as one string
 * when React ends it. Rendered pages carry no deferred data, so streaming only
 * split a few milliseconds of work into many writes (each a `write` through
 * web streams and a syscall); one buffer is one write.
 */
function collectDocument(done: (html: string) => void): Writable {
	const chunks: Buffer[] = []
	return new Writable({
		write(chunk: Buffer, _encoding, callback) {
			chunks.push(chunk)
			callback()
		},
		final(callback) {
			done(Buffer.concat(chunks).toString('utf8'))
			callback()
		},
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
