import { lazy, Suspense } from 'react'
import type { EntryContext } from 'react-router'
import { describe, expect, test } from 'vitest'
import {
	handoffScripts,
	handoffStream,
	readHandoffChunks,
	renderWholeDocument,
	renderWholeDocumentParts,
} from './whole-document.server.tsx'

const encode = (text: string) => new TextEncoder().encode(text)
const context = (didRenderScripts: boolean) =>
	({ renderMeta: { didRenderScripts } }) as unknown as EntryContext

describe('the loader-data handoff, as React Router’s StreamTransfer writes it (ADR 0122)', () => {
	test('one script per chunk in nested boundaries, then close; JSON escaped for a script', () => {
		const html = handoffScripts([encode('[{"a":"</script>&"}]\n'), encode('P1:"x"\n')], 'n0nce+/=', true)
		expect(html).toBe(
			'<!--$--><script nonce="n0nce+/=">window.__reactRouterContext.streamController.enqueue("[{\\"a\\":\\"\\u003c/script\\u003e\\u0026\\"}]\\n");</script>' +
				'<!--$--><script nonce="n0nce+/=">window.__reactRouterContext.streamController.enqueue("P1:\\"x\\"\\n");</script>' +
				'<!--$--><script nonce="n0nce+/=">window.__reactRouterContext.streamController.close();</script>' +
				'<!--/$--><!--/$--><!--/$-->',
		)
	})

	test('a character split across chunks is written whole; no <Scripts> means an empty boundary', () => {
		const bytes = encode('"ü"')
		const html = handoffScripts([bytes.slice(0, 2), bytes.slice(2)], undefined, true)
		expect(html).toContain(
			'enqueue("\\"");</script><!--$--><script>window.__reactRouterContext.streamController.enqueue("ü\\"")',
		)
		expect(handoffScripts([encode('x')], 'n', false)).toBe('<!--$--><!--/$-->')
	})

	test('a byte-order mark at the start is dropped, as the decoder does, also after an empty chunk', () => {
		const withMark = new Uint8Array([0xef, 0xbb, 0xbf, ...encode('"x"')])
		for (const chunks of [[withMark], [new Uint8Array(0), withMark]]) {
			expect(handoffScripts(chunks, undefined, true)).toContain('enqueue("\\"x\\"");')
		}
	})

	test('the chunks read from the stream come back as a stream', async () => {
		const chunks = [encode('a'), encode('b')]
		const read = await readHandoffChunks(handoffStream(chunks))
		expect(read).toEqual(chunks)
		expect(await readHandoffChunks(undefined)).toEqual([])
	})
})

describe('renderWholeDocument', () => {
	const page = (body: React.ReactNode) => () => (
		<html lang="de">
			<head />
			<body>{body}</body>
		</html>
	)

	test('a document: doctype, the page, the handoff before </body></html>', () => {
		const html = renderWholeDocument(context(true), [encode('x')], 'n', page(<p>Spielzimmer</p>))
		expect(html).toMatch(
			/^<!DOCTYPE html><html lang="de"><head>.*<\/head><body><p>Spielzimmer<\/p><!--\$--><script nonce="n">/,
		)
		expect(html).toMatch(/streamController\.close\(\);<\/script><!--\/\$--><!--\/\$--><\/body><\/html>$/)
	})

	test('as pieces it is the same document; the handoff goes in escaped', () => {
		const chunks = [encode('[{"name":"Sülz – 12 €","a":"</script>"}]\n')]
		const parts = renderWholeDocumentParts(context(true), chunks, 'n', page(<p>Köln – 12,00 €</p>)) ?? []
		const whole = renderWholeDocument(context(true), chunks, 'n', page(<p>Köln – 12,00 €</p>))
		expect(Buffer.concat(parts.map((part) => Buffer.from(part))).toString('utf8')).toBe(whole)
		expect(whole).toContain(
			'enqueue("[{\\"name\\":\\"Sülz – 12 €\\",\\"a\\":\\"\\u003c/script\\u003e\\"}]\\n");',
		)
	})

	test('null (render it the streaming way) when a boundary suspends or it is not a document', () => {
		const Pending = lazy(() => new Promise<{ default: () => null }>(() => {}))
		expect(
			renderWholeDocument(
				context(true),
				[],
				'n',
				page(
					<Suspense fallback="…">
						<Pending />
					</Suspense>,
				),
			),
		).toBeNull()
		expect(renderWholeDocument(context(true), [], 'n', () => <p>fragment</p>)).toBeNull()
	})
})
