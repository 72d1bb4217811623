// @vitest-environment jsdom
import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { requestServicesContext, type RequestServices } from '#app/utils/context.server.ts'
import { DocumentHtml, DocumentHtmlContext } from './document-html.tsx'
import { documentOnlyHtml } from './document-html.server.ts'

// React's act() outside Testing Library.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

function contextFor(documentRequest: boolean) {
	const context = new RouterContextProvider()
	const services = { documentRequest, documentHtml: new Map<string, string>() } as unknown as RequestServices
	context.set(requestServicesContext, services)
	return { context, services }
}

describe('HTML written into the document, not again into its loader data (ADR 0122)', () => {
	test('a document request: the pieces go to the render, the loader data gets null', () => {
		const { context, services } = contextFor(true)
		expect(documentOnlyHtml(context, 'playroom', { info: '<p>Info</p>' })).toBeNull()
		expect(services.documentHtml.get('playroom.info')).toBe('<p>Info</p>')
		const html = renderToString(
			<DocumentHtmlContext.Provider value={services.documentHtml}>
				<DocumentHtml name="playroom.info" html={null} className="c" />
			</DocumentHtmlContext.Provider>,
		)
		expect(html).toBe('<div class="c" data-document-html="playroom.info"><p>Info</p></div>')
	})

	test('a data request (client navigation): the loader data carries them', () => {
		const { context, services } = contextFor(false)
		expect(documentOnlyHtml(context, 'playroom', { info: '<p>Info</p>' })).toEqual({ info: '<p>Info</p>' })
		expect(services.documentHtml.size).toBe(0)
	})

	test('hydrating a document keeps what the server wrote; new loader data replaces it', async () => {
		const container = document.createElement('div')
		container.innerHTML = '<section data-document-html="playroom.booking"><button>14:00</button></section>'
		document.body.append(container)
		let root: ReturnType<typeof hydrateRoot> | undefined
		await act(async () => {
			root = hydrateRoot(container, <DocumentHtml as="section" name="playroom.booking" html={undefined} />)
		})
		expect(container.innerHTML).toBe(
			'<section data-document-html="playroom.booking"><button>14:00</button></section>',
		)
		await act(async () => {
			root?.render(<DocumentHtml as="section" name="playroom.booking" html="<button>15:00</button>" />)
		})
		expect(container.querySelector('button')?.textContent).toBe('15:00')
		await act(async () => root?.unmount())
	})
})
