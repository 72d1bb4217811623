import type { RouterContextProvider } from 'react-router'
import { getServices } from '#app/utils/context.server.ts'

/**
 * The loader's side of `DocumentHtml` (app/render/document-html.tsx): on a
 * document request the pieces go to the server render only and the loader
 * data gets null; on a data request (client navigation) they are returned.
 * `DocumentHtml` finds a piece as `<scope>.<name>`.
 */
export function documentOnlyHtml<T extends Record<string, string>>(
	context: Readonly<RouterContextProvider>,
	scope: string,
	pieces: T,
): T | null {
	const services = getServices(context)
	if (!services.documentRequest) return pieces
	for (const [name, html] of Object.entries(pieces)) services.documentHtml.set(`${scope}.${name}`, html)
	return null
}
