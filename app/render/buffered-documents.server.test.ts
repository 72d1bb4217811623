import { describe, expect, test } from 'vitest'
import {
	bufferedDocumentResponse,
	copyResponse,
	encodeDocument,
	sendBufferedDocument,
} from './buffered-documents.server.ts'

function fakeRes() {
	const sent = {
		status: 0,
		headers: [] as [string, string | number][],
		body: undefined as string | undefined,
	}
	const res = {
		destroyed: false,
		writableEnded: false,
		statusMessage: '',
		status(code: number) {
			sent.status = code
		},
		append(name: string, value: string) {
			sent.headers.push([name, value])
		},
		setHeader(name: string, value: number) {
			sent.headers.push([name, value])
		},
		end(body: Buffer) {
			sent.body = body.toString('utf8')
			res.writableEnded = true
		},
	}
	return { res, sent }
}

describe('documents rendered whole leave in one end() (ADR 0122)', () => {
	test('a registered document is sent with its status and headers', () => {
		const html = '<!DOCTYPE html><html lang="de"><body>Spielzimmer – Köln €</body></html>'
		const response = bufferedDocumentResponse(html, {
			status: 404,
			headers: { 'Content-Type': 'text/html; charset=utf-8', 'X-A': '1' },
		})
		const { res, sent } = fakeRes()
		expect(sendBufferedDocument(res, response)).toBe(true)
		expect(sent).toEqual({
			status: 404,
			headers: [
				['content-type', 'text/html; charset=utf-8'],
				['x-a', '1'],
				['Content-Length', Buffer.byteLength(html)],
			],
			body: html,
		})
		// Once only: a second send goes the normal way.
		expect(sendBufferedDocument(fakeRes().res, response)).toBe(false)
	})

	test('any other response, or a closed connection, goes the normal way', () => {
		const { res, sent } = fakeRes()
		expect(sendBufferedDocument(res, new Response('x'))).toBe(false)
		const closed = fakeRes()
		closed.res.destroyed = true
		expect(sendBufferedDocument(closed.res, bufferedDocumentResponse('y', {}))).toBe(false)
		expect(sent.body).toBeUndefined()
		expect(closed.sent.body).toBeUndefined()
	})
})

test('a copy of a document response (other headers) is still sent whole; other copies keep their body', async () => {
	const html = '<!DOCTYPE html><html><body>Kopie</body></html>'
	const copy = copyResponse(bufferedDocumentResponse(html, { status: 200 }), {
		status: 200,
		headers: { 'Set-Cookie': 'a=1' },
	})
	const { res, sent } = fakeRes()
	expect(sendBufferedDocument(res, copy)).toBe(true)
	expect(sent.body).toBe(html)
	expect(sent.headers).toEqual([
		['set-cookie', 'a=1'],
		['Content-Length', Buffer.byteLength(html)],
	])
	expect(await copyResponse(new Response('plain'), { status: 201 }).text()).toBe('plain')
})

test('a document given as its pieces (text and UTF-8 bytes) is sent as their concatenation, with its length', () => {
	const pieces = [
		'<!DOCTYPE html><html><body>',
		'Köln – 12,00 €',
		new TextEncoder().encode('<p>Sülz…</p>'),
		'</body></html>',
	]
	const whole = '<!DOCTYPE html><html><body>Köln – 12,00 €<p>Sülz…</p></body></html>'
	const { res, sent } = fakeRes()
	expect(sendBufferedDocument(res, bufferedDocumentResponse(pieces, { status: 200 }))).toBe(true)
	expect(sent.body).toBe(whole)
	expect(sent.headers).toEqual([['Content-Length', Buffer.byteLength(whole)]])
	expect(encodeDocument(whole)).toEqual(encodeDocument(pieces))
})

test('without the adapter patch (dev server, an upgrade it no longer fits) the Response carries the document as its body', async () => {
	const pieces = ['<!DOCTYPE html><html><body>', new TextEncoder().encode('Köln – 12,00 €'), '</body></html>']
	const response = bufferedDocumentResponse(pieces, { status: 404, headers: { 'X-A': '1' } })
	expect(response.status).toBe(404)
	expect(await response.text()).toBe('<!DOCTYPE html><html><body>Köln – 12,00 €</body></html>')
	// Read once: the patched path then leaves it to the normal way, which finds it used.
	expect(sendBufferedDocument(fakeRes().res, response)).toBe(false)
	const copied = copyResponse(bufferedDocumentResponse('<p>kopiert</p>', {}), { status: 200 })
	expect(await copied.text()).toBe('<p>kopiert</p>')
})
