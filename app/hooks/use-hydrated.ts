import { startTransition, useEffect, useState } from 'react'

// True once a hydration's effects have run in this browser: a component mounted after that (on a
// client-side navigation) starts hydrated, without a second render.
let hydratedBefore = false

/**
 * false during server rendering and hydration, true once React runs in the browser.
 *
 * The switch to true is a transition (ADR 0158): React renders it in 5 ms slices after hydration.
 * `useSyncExternalStore` with a different server snapshot did the same switch as one synchronous
 * re-render of every user (each playroom card, the header) — the longest task of a page's start.
 */
export function useHydrated(): boolean {
	const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && hydratedBefore)
	useEffect(() => {
		hydratedBefore = true
		if (!hydrated) startTransition(() => setHydrated(true))
	}, [hydrated])
	return hydrated
}
