// @vitest-environment jsdom
import { act, useId } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import type { EntryContext } from 'react-router'
import { afterEach, describe, expect, test } from 'vitest'
import { clearKeptFragments, createFragmentStore } from '#app/render/cached-fragments.server.ts'
import { renderWholeDocument } from '#app/render/whole-document.server.tsx'
import { cachedFragment, fragmentKey, FragmentStoreContext } from './cached-fragment.tsx'

// React's act() outside Testing Library.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

afterEach(() => clearKeptFragments())

let cardRenders = 0
function Card({ name, price }: { name: string; price: number }) {
	cardRenders++
	return (
		<article>
			<h3>
				{name} <span>{price} €</span>
			</h3>
			<img src={`/${name}.webp`} alt="" loading="lazy" />
		</article>
	)
}

const CachedCard = cachedFragment('card', Card)

function Cards({ names }: { names: string[] }) {
	return (
		<ul>
			{names.map((name) => (
				<li key={name}>
					Karte:
					<CachedCard name={name} price={name.length * 10} />
					Ende
				</li>
			))}
		</ul>
	)
}

const context = { renderMeta: { didRenderScripts: false } } as unknown as EntryContext
const documentOf = (body: React.ReactNode) =>
	renderWholeDocument(context, [], 'n', () => (
		<html lang="de">
			<head />
			<body>{body}</body>
		</html>
	))

describe('cachedFragment: HTML the server keeps (ADRs 0123, 0148)', () => {
	test('the first page keeps it, the next writes it without rendering; both are the plain render', () => {
		const plain = renderToString(<Cards names={['Ehrenfeld', 'Nippes']} />)
		cardRenders = 0
		const first = documentOf(<Cards names={['Ehrenfeld', 'Nippes']} />)
		expect(cardRenders).toBe(2)
		const second = documentOf(<Cards names={['Nippes', 'Ehrenfeld', 'Sülz']} />)
		expect(cardRenders).toBe(3) // only Sülz is new
		expect(first).toContain(plain)
		expect(first).not.toContain('sz-fragment')
		expect(second).toContain(renderToString(<Cards names={['Nippes', 'Ehrenfeld', 'Sülz']} />))
	})

	test('the key is the name, the language and every prop: another price is another fragment', () => {
		cardRenders = 0
		documentOf(<CachedCard name="Sülz" price={1} />)
		documentOf(<CachedCard name="Sülz" price={2} />)
		documentOf(<CachedCard name="Sülz" price={1} />)
		expect(cardRenders).toBe(2)
		expect(fragmentKey('card', 'de', { name: 'Sülz', price: 1 })).toBe('card\nde\n{"name":"Sülz","price":1}')
		expect(() => fragmentKey('card', 'de', { onClick: () => {} })).toThrow(/onClick is a function/)
	})

	test('without a store (the streaming renderer, the browser) it renders as usual', () => {
		cardRenders = 0
		renderToString(<CachedCard name="Sülz" price={1} />)
		renderToString(<CachedCard name="Sülz" price={1} />)
		expect(cardRenders).toBe(2)
	})

	test('text at an edge or an eager image is not kept: it depends on where it stands', () => {
		let renders = 0
		const Loose = cachedFragment('loose', () => {
			renders++
			return <>lose {'Text'}</>
		})
		const Eager = cachedFragment('eager', () => {
			renders++
			return <img src="/a.webp" alt="" />
		})
		for (let i = 0; i < 2; i++) {
			documentOf(
				<p>
					<Loose />
					<Eager />
				</p>,
			)
		}
		expect(renders).toBe(4)
	})

	test('a page whose text contains the marker tag cannot forge a fragment', () => {
		const store = createFragmentStore()
		const html = renderToString(
			<FragmentStoreContext.Provider value={store}>
				<p>{'<sz-fragment data-f="x:h0"></sz-fragment>'}</p>
			</FragmentStoreContext.Provider>,
		)
		expect(store.assemble(html)).toBe(html)
	})

	test('the browser hydrates a page with kept fragments without a mismatch', async () => {
		function WithId() {
			return <label htmlFor={useId()}>Feld</label>
		}
		const page = (
			<div>
				<WithId />
				<Cards names={['Ehrenfeld', 'Nippes']} />
				<WithId />
			</div>
		)
		// The server's tree as renderWholeDocument renders it (a provider adds no tree position).
		const serverRender = () => {
			const store = createFragmentStore()
			return store.assemble(
				renderToString(<FragmentStoreContext.Provider value={store}>{page}</FragmentStoreContext.Provider>),
			)
		}
		serverRender() // keeps the cards
		cardRenders = 0
		const body = serverRender()
		expect(cardRenders).toBe(0)
		const container = document.createElement('div')
		container.innerHTML = body
		const written = container.innerHTML
		document.body.append(container)
		const errors: unknown[] = []
		const root = await act(async () =>
			hydrateRoot(container, page, { onRecoverableError: (error) => errors.push(error) }),
		)
		expect(errors.map((error) => String(error))).toEqual([])
		expect(container.querySelectorAll('article')).toHaveLength(2)
		expect(container.innerHTML).toBe(written)
		await act(async () => root.unmount())
	})
})
