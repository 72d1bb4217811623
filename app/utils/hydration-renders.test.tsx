// @vitest-environment jsdom
import { act } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, test } from 'vitest'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { useLocalFavourites } from './favourites.ts'

/**
 * ADR 0158: hydrating a page must not end in a synchronous re-render of its cards — at a phone's
 * CPU speed that one task was the longest of a page's start (Lighthouse's total blocking time).
 */
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => {
	document.body.innerHTML = ''
	window.localStorage.clear()
})

async function hydrate(element: React.ReactElement) {
	const container = document.createElement('div')
	container.innerHTML = renderToString(element)
	document.body.append(container)
	const root = await act(async () => hydrateRoot(container, element))
	return { container, unmount: () => act(async () => root.unmount()) }
}

describe('after hydration', () => {
	test('a visitor without favourites: the favourites store causes no second render', async () => {
		let renders = 0
		function Card() {
			renders++
			const favourites = useLocalFavourites()
			return <p>{favourites.length}</p>
		}
		const page = await hydrate(<Card />)
		// Server render + hydration; a store whose browser snapshot differs from the server's adds one.
		expect(renders).toBe(2)
		await page.unmount()
	})

	test('a visitor with favourites sees them after hydration', async () => {
		window.localStorage.setItem('sz:favourites', JSON.stringify(['a', 'b']))
		function Card() {
			return <p>{useLocalFavourites().length}</p>
		}
		const page = await hydrate(<Card />)
		expect(page.container.textContent).toBe('2')
		await page.unmount()
	})

	test('useHydrated is false while hydrating, true afterwards, and true at once for a later mount', async () => {
		const seen: boolean[] = []
		function Probe() {
			const hydrated = useHydrated()
			seen.push(hydrated)
			return <p>{hydrated ? 'js' : 'html'}</p>
		}
		const page = await hydrate(<Probe />)
		expect(page.container.textContent).toBe('js')
		expect(seen).toEqual([false, false, true]) // server, hydration, the transition after it
		await page.unmount()
		seen.length = 0
		const container = document.createElement('div')
		document.body.append(container)
		const root = createRoot(container)
		await act(async () => root.render(<Probe />))
		expect(seen).toEqual([true])
		await act(async () => root.unmount())
	})
})
