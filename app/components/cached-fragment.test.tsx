// @vitest-environment jsdom
import { act, useId } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import type { EntryContext } from 'react-router'
import { afterEach, describe, expect, test } from 'vitest'
import { clearKeptFragments, createFragmentStore } from '#app/render/cached-fragments.server.ts'
import { renderWholeDocument } from '#app/render/whole-document.server.tsx'
import { CachedFragment, FragmentStoreContext } from './cached-fragment.tsx'

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

function Cards({ names }: { names: string[] }) {
	return (
		<ul>
			{names.map((name) => (
				<li key={name}>
					Karte:
					<CachedFragment cacheKey={() => `card\n${name}`}>
						<Card name={name} price={name.length * 10} />
					</CachedFragment>
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

describe('CachedFragment: HTML the server keeps (ADR 0123)', () => {
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

	test('a null key, or no store (the streaming renderer), renders as usual', () => {
		cardRenders = 0
		const page = (
			<CachedFragment cacheKey={null}>
				<Card name="Sülz" price={1} />
			</CachedFragment>
		)
		documentOf(page)
		documentOf(page)
		renderToString(
			<CachedFragment cacheKey={() => 'card\nSülz'}>
				<Card name="Sülz" price={1} />
			</CachedFragment>,
		)
		expect(cardRenders).toBe(3)
	})

	test('text at an edge or an eager image is not kept: it depends on where it stands', () => {
		let renders = 0
		function Loose() {
			renders++
			return <>lose {'Text'}</>
		}
		function Eager() {
			renders++
			return <img src="/a.webp" alt="" />
		}
		for (let i = 0; i < 2; i++) {
			documentOf(
				<p>
					<CachedFragment cacheKey={() => 'loose'}>
						<Loose />
					</CachedFragment>
					<CachedFragment cacheKey={() => 'eager'}>
						<Eager />
					</CachedFragment>
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
