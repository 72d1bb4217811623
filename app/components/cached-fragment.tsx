import { createContext, createElement, useContext, type ReactElement } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A component whose HTML the server keeps (ADR 0123, narrowed by ADR 0148).
 * Rendering the same card for the tenth visitor is the same work with the
 * same result: the whole-document render (app/render/whole-document.server.tsx)
 * keeps a fragment's HTML the first time and writes it again for the next page
 * that renders it with the same props, without rendering the subtree. In the
 * browser the wrapper is the component, so hydration sees exactly the tree the
 * HTML came from.
 *
 * The key is derived, never written by hand: the fragment's name, the language
 * of the translations and the props as JSON. So the component's markup must
 * depend on nothing else: what it needs from the visitor (a heart's state, the
 * address to come back to) is a prop; it may read the translations, the
 * locale and process-wide configuration, and state that only changes markup
 * after hydration. Only user-independent parts qualify: no account, no
 * per-user counts, no private rows (those would fill the cache with one
 * entry per user and tie a shared cache to a person's data).
 *
 * The component must start and end with an element, must not call `useId` and
 * must not contain what React hoists into <head> (an eager `<img>`, `<link>`,
 * `<title>`); the store refuses to keep a fragment with text at either end or
 * an eager image. Outside the whole-document render (the streaming fallback,
 * tests) there is no store and the component renders as usual.
 */
export function cachedFragment<Props extends object>(
	name: string,
	Component: (props: Props) => ReactElement,
): (props: Props) => ReactElement {
	function Cached(props: Props) {
		const store = useContext(FragmentStoreContext)
		const { i18n } = useTranslation()
		// Three children in every case: the subtree keeps the same place in React's tree (useId's tree
		// context, hydration) whether markers surround it or not.
		if (!store) {
			return (
				<>
					{null}
					<Component {...props} />
					{null}
				</>
			)
		}
		const placed = store.place(fragmentKey(name, i18n?.resolvedLanguage ?? i18n?.language ?? '', props))
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
				<FragmentStoreContext.Provider value={null}>
					<Component {...props} />
				</FragmentStoreContext.Provider>
				{marker(placed.end)}
			</>
		)
	}
	Cached.displayName = `Cached(${name})`
	return Cached
}

/** The key of a fragment: its name, the language and its props (data only: a function is refused). */
export function fragmentKey(name: string, language: string, props: object): string {
	return `${name}\n${language}\n${JSON.stringify(props, (key, value: unknown) => {
		if (typeof value === 'function') throw new Error(`cachedFragment ${name}: prop ${key} is a function`)
		return value
	})}`
}

export type FragmentStore = {
	/** The marker to write for `key`: a kept fragment (`hit`) or the bounds of one to keep. */
	place(key: string): { hit: string } | { start: string; end: string }
}

export const FragmentStoreContext = createContext<FragmentStore | null>(null)

/** The element the store finds in the HTML (a custom element: React writes it as given). */
export const FRAGMENT_MARKER_TAG = 'sz-fragment'

function marker(name: string) {
	return createElement(FRAGMENT_MARKER_TAG, { 'data-f': name })
}
