import { createContext, useContext, useState, type ComponentPropsWithoutRef } from 'react'

/**
 * Server-rendered HTML pieces (the playroom page's sections, ADR 0118) that
 * the page puts in with `dangerouslySetInnerHTML`. A document request writes
 * them into the page; sending them again in the loader data — what React
 * Router hydrates from — doubled ~15 KB of the playroom page. So a loader
 * hands them over with `documentOnlyHtml` (app/render/document-html.server.ts):
 * on a document request they go to the render through this context and the
 * loader data carries none; on a client navigation (a data request) they are
 * loader data as before. `DocumentHtml` renders either, and while hydrating a
 * document keeps what the server wrote (ADR 0122).
 */
export const DocumentHtmlContext = createContext<ReadonlyMap<string, string> | null>(null)

type Tag = 'div' | 'section'

export function DocumentHtml<T extends Tag = 'div'>({
	name,
	html,
	as,
	...props
}: { name: string; html: string | null | undefined; as?: T } & Omit<
	ComponentPropsWithoutRef<T>,
	'dangerouslySetInnerHTML' | 'children'
>) {
	const documentHtml = useContext(DocumentHtmlContext)
	// Only the first render can lack the HTML (hydrating a document): then it is in the DOM already.
	const [initial] = useState(() => html ?? documentHtml?.get(name) ?? writtenByServer(name))
	const Element = (as ?? 'div') as Tag
	return (
		<Element {...props} data-document-html={name} dangerouslySetInnerHTML={{ __html: html ?? initial }} />
	)
}

/** `name` is the app's own (`<scope>.<piece>`, letters and dots), so it needs no escaping in a selector. */
function writtenByServer(name: string): string {
	if (typeof document === 'undefined') return ''
	return document.querySelector(`[data-document-html="${name}"]`)?.innerHTML ?? ''
}
