import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import type { EntryContext } from 'react-router'
import { documentText, type DocumentPart } from '#app/render/buffered-documents.server.ts'
import { FragmentStoreContext } from '#app/components/cached-fragment.tsx'
import { createFragmentStore } from './cached-fragments.server.ts'
import { lowerModulePreloadPriorityInHead } from './module-preload-priority.server.ts'

/**
 * A document rendered in one synchronous pass (ADR 0122). React Router hands
 * the loader data over as a turbo-stream that its `StreamTransfer` writes as
 * `<script>` chunks through nested Suspense boundaries, which needs React's
 * streaming renderer (every chunk a suspended render and a retry, every piece
 * of HTML encoded into byte chunks). Nothing in a rendered page waits for
 * data once the loaders are done, so here the stream is read first, the page
 * is rendered with `renderToString` (strings, no Suspense round trips), and
 * the same scripts, with the same boundary markers, are written where
 * `StreamTransfer` puts them: after the page, before `</body></html>`.
 *
 * Returns null when that is not the same page — a Suspense boundary that did
 * not complete (`<!--$!-->`, e.g. a lazy component whose module is still
 * loading) or not a whole `<html>…</body></html>` document — and the caller renders
 * the streaming way, with `handoffChunks` as a fresh stream.
 */
export async function readHandoffChunks(
	stream: ReadableStream<Uint8Array> | undefined,
): Promise<Uint8Array[]> {
	const chunks: Uint8Array[] = []
	if (!stream) return chunks
	const reader = stream.getReader()
	for (;;) {
		const { done, value } = await reader.read()
		if (done) return chunks
		chunks.push(value)
	}
}

/** The chunks again as a stream, for React Router's own `StreamTransfer` (the fallback). */
export function handoffStream(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
	return new ReadableStream({
		start(controller) {
			for (const chunk of chunks) controller.enqueue(chunk)
			controller.close()
		},
	})
}

const DOCUMENT_END = '</body></html>'
const ESCAPE_LOOKUP: Record<string, string> = {
	'&': '\\u0026',
	'>': '\\u003e',
	'<': '\\u003c',
	'\u2028': '\\u2028',
	'\u2029': '\\u2029',
}
const ESCAPE_REGEX = /[&><\u2028\u2029]/g

/** React Router's `escapeHtml` for inline script text. */
function escapeScript(text: string): string {
	return text.replace(ESCAPE_REGEX, (match) => ESCAPE_LOOKUP[match] ?? match)
}

/** What React Router's `StreamTransfer` writes for these chunks (react-router, lib/dom/ssr/single-fetch.tsx). */
export function handoffScripts(
	chunks: Uint8Array[],
	nonce: string | undefined,
	didRenderScripts: boolean,
): string {
	return documentText(handoffScriptParts(chunks, nonce, didRenderScripts))
}

/** The same as pieces in order, for a document written out piece by piece (server/buffered-documents.ts). */
export function handoffScriptParts(
	chunks: Uint8Array[],
	nonce: string | undefined,
	didRenderScripts: boolean,
): DocumentPart[] {
	if (!didRenderScripts) return ['<!--$--><!--/$-->']
	const scriptTag = nonce ? `<script nonce="${escapeAttribute(nonce)}">` : '<script>'
	const parts: DocumentPart[] = []
	for (const literal of scriptStringsOfText(chunks)) {
		parts.push('<!--$-->')
		if (literal)
			parts.push(scriptTag, 'window.__reactRouterContext.streamController.enqueue(', literal, ');</script>')
	}
	// The read that says "done" decodes nothing more (StreamTransfer does the same).
	parts.push('<!--$-->', scriptTag, 'window.__reactRouterContext.streamController.close();</script>')
	parts.push('<!--/$-->'.repeat(chunks.length + 1))
	return parts
}

/** Per chunk its escaped string literal (null for an empty one), decoded as `StreamTransfer` does. */
function scriptStringsOfText(chunks: Uint8Array[]): (string | null)[] {
	const decoder = new TextDecoder()
	return chunks.map((chunk) => {
		const value = decoder.decode(chunk, { stream: true })
		return value ? escapeScript(JSON.stringify(value)) : null
	})
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
	'&': '&amp;',
	'"': '&quot;',
	"'": '&#x27;',
	'<': '&lt;',
	'>': '&gt;',
}

/** React's escaping of an attribute value. */
function escapeAttribute(value: string): string {
	return value.replace(/[&"'<>]/g, (match) => ATTRIBUTE_ESCAPES[match] ?? match)
}

/**
 * Renders `app(contextWithoutStream)` to a string and appends the handoff
 * scripts; null when the streaming renderer must do it (see above). Parts in
 * `CachedFragment` come from the fragment cache (ADR 0123).
 */
export function renderWholeDocument(
	routerContext: EntryContext,
	chunks: Uint8Array[],
	nonce: string | undefined,
	app: (context: EntryContext) => ReactElement,
): string | null {
	const parts = renderWholeDocumentParts(routerContext, chunks, nonce, app)
	return parts && documentText(parts)
}

/**
 * The same document as its pieces in order: React's output cut where kept
 * fragments and scripts go in, never joined (server/buffered-documents.ts
 * encodes them one by one). A page is ~60 K characters, and one `€` or `–`
 * makes every copy of it two bytes per character: joining cost two copies of
 * ~120 KB per page, the largest share of its garbage after React's own.
 */
export function renderWholeDocumentParts(
	routerContext: EntryContext,
	chunks: Uint8Array[],
	nonce: string | undefined,
	app: (context: EntryContext) => ReactElement,
): DocumentPart[] | null {
	const fragments = createFragmentStore()
	const rendered = renderToString(
		<FragmentStoreContext.Provider value={fragments}>
			{app({ ...routerContext, serverHandoffStream: undefined })}
		</FragmentStoreContext.Provider>,
	)
	if (!rendered.startsWith('<html') || !rendered.endsWith(DOCUMENT_END) || rendered.includes('<!--$!-->')) {
		return null
	}
	const headEnd = Math.max(0, rendered.indexOf('</head>'))
	// The page's scripts load after the stylesheet and the LCP image (ADR 0115).
	const head = lowerModulePreloadPriorityInHead(rendered.slice(0, headEnd))
	const body = fragments.assembleParts(rendered.slice(headEnd, -DOCUMENT_END.length))
	const didRenderScripts = Boolean(routerContext.renderMeta?.didRenderScripts)
	// The streaming renderer writes the doctype before a document's <html>; renderToString does not.
	return [
		'<!DOCTYPE html>',
		head,
		...body,
		...handoffScriptParts(chunks, nonce, didRenderScripts),
		DOCUMENT_END,
	]
}
