import { createContext, createElement, useContext, type ReactElement } from 'react'

/**
 * A part of a page whose HTML the server keeps (ADR 0123). Rendering the same
 * card for the tenth visitor is the same work with the same result: the
 * whole-document render (app/render/whole-document.server.tsx) keeps a
 * fragment's HTML under `cacheKey` the first time and writes it again for
 * the next page that renders the same key, without rendering the subtree.
 * In the browser the component is its children, so hydration sees exactly
 * the tree the HTML came from.
 *
 * `cacheKey` must capture everything the subtree's markup depends on — props
 * and whatever it reads from context (locale, favourite state, the URL) —
 * or be null (rendered as usual). It is a function, called on the server
 * only (a key often serialises props). The subtree must start and end with an
 * element, must not call `useId` and must not contain what React hoists into
 * <head> (an eager `<img>`, `<link>`, `<title>`); the store refuses to keep a
 * fragment with text at either end or an eager image.
 *
 * Outside the whole-document render (the streaming fallback, tests) there
 * is no store and the children are rendered.
 */
export type FragmentStore = {
	/** The marker to write for `key`: a kept fragment (`hit`) or the bounds of one to keep. */
	place(key: string): { hit: string } | { start: string; end: string }
}

export const FragmentStoreContext = createContext<FragmentStore | null>(null)

/** The element the store finds in the HTML (a custom element: React writes it as given). */
export const FRAGMENT_MARKER_TAG = 'sz-fragment'

export function CachedFragment({
	cacheKey,
	children,
}: {
	cacheKey: (() => string) | null
	children: ReactElement
}) {
	const store = useContext(FragmentStoreContext)
	// Three children in every case: the subtree keeps the same place in React's tree (useId's tree
	// context, hydration) whether markers surround it or not.
	if (!store || cacheKey === null) {
		return (
			<>
				{null}
				{children}
				{null}
			</>
		)
	}
	const placed = store.place(cacheKey())
	if ('hit' in placed) {
		return (
			<>
				{null}
				{marker(placed.hit)}
				{null}
			</>
		)
	}
	return (
		<>
			{marker(placed.start)}
			{/* A fragment inside one being kept is part of its HTML, not a second marker pair. */}
			<FragmentStoreContext.Provider value={null}>{children}</FragmentStoreContext.Provider>
			{marker(placed.end)}
		</>
	)
}

function marker(name: string) {
	return createElement(FRAGMENT_MARKER_TAG, { 'data-f': name })
}
