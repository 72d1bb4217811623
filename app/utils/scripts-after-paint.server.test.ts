// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest'
import {
	loadScriptsAfterFirstPaint,
	loadScriptsAfterFirstPaintInParts,
} from './scripts-after-paint.server.ts'

const HEAD =
	'<head><link rel="stylesheet" href="/assets/app.css"/>' +
	'<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client.js" nonce="N0nce"/>' +
	'<link rel="modulepreload" href="/assets/root.js?v=1&amp;x=2" nonce="N0nce"/>'
const MODULE_CODE =
	';\nimport * as route0 from "/assets/root.js";\n  window.__reactRouterManifest = {"url":"</x>"};\n' +
	'  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client.js");'
const BODY =
	'</head><body><main>Seite</main>' +
	'<script nonce="N0nce">window.__reactRouterContext = {};</script>' +
	`<script nonce="N0nce" type="module" async="">${MODULE_CODE}</script>`

afterEach(() => {
	vi.useRealTimers()
	document.head.innerHTML = ''
	document.body.innerHTML = ''
})

describe('the page’s JavaScript loads after the first paint (issue 11)', () => {
	test('the preloads leave the head; the module script becomes a loader with the same nonce', () => {
		const { head, body } = loadScriptsAfterFirstPaint(HEAD, BODY)
		expect(head).toBe('<head><link rel="stylesheet" href="/assets/app.css"/>')
		expect(body).toContain('<script nonce="N0nce">window.__reactRouterContext = {};</script>')
		expect(body).not.toContain('type="module"')
		expect(body).toMatch(/<script nonce="N0nce">\(function\(\)\{.*\}\)\(\)<\/script>$/)
		// No "</" of the module code may end the loader's script early.
		expect(body.slice(body.lastIndexOf('<script'))).not.toMatch(/<\/(?!script>$)/)
	})

	test('after the next frame the loader puts back the same preloads (low) and the same module code, once', () => {
		vi.useFakeTimers()
		const { body } = loadScriptsAfterFirstPaint(HEAD, BODY)
		const code = body.slice(body.lastIndexOf('">') + 2, -'</script>'.length)
		let frame: (() => void) | undefined
		vi.stubGlobal('requestAnimationFrame', (callback: () => void) => (frame = callback))
		new Function(code)()
		expect(document.head.querySelectorAll('link')).toHaveLength(0)
		frame?.()
		vi.advanceTimersByTime(0)
		const links = [...document.head.querySelectorAll('link')]
		expect(links.map((l) => [l.rel, l.getAttribute('href'), l.getAttribute('fetchpriority')])).toEqual([
			['modulepreload', '/assets/entry.client.js', 'low'],
			['modulepreload', '/assets/root.js?v=1&x=2', 'low'],
		])
		const scripts = document.body.querySelectorAll('script[type="module"]')
		expect(scripts).toHaveLength(1)
		expect(scripts[0]?.textContent).toBe(MODULE_CODE)
		// The fallback for a hidden tab does not load it twice.
		vi.advanceTimersByTime(1_000)
		expect(document.body.querySelectorAll('script[type="module"]')).toHaveLength(1)
		vi.unstubAllGlobals()
	})

	test('a hidden tab (no frames) loads it after a second', () => {
		vi.useFakeTimers()
		const { body } = loadScriptsAfterFirstPaint(HEAD, BODY)
		vi.stubGlobal('requestAnimationFrame', () => 0)
		new Function(body.slice(body.lastIndexOf('">') + 2, -'</script>'.length))()
		vi.advanceTimersByTime(999)
		expect(document.body.querySelectorAll('script[type="module"]')).toHaveLength(0)
		vi.advanceTimersByTime(1)
		expect(document.body.querySelectorAll('script[type="module"]')).toHaveLength(1)
		vi.unstubAllGlobals()
	})

	test('a document without React Router’s module script is left alone', () => {
		const body = '</head><body><p>ohne Skripte</p>'
		expect(loadScriptsAfterFirstPaint(HEAD, body)).toEqual({ head: HEAD, body })
	})

	test('a body given as pieces: only the piece with the module script is cut, the result is the same page', () => {
		const cut = BODY.indexOf('<script nonce="N0nce" type="module"')
		const pieces = [
			'</head><body>',
			'<main>Seite</main>',
			BODY.slice('</head><body><main>Seite</main>'.length, cut),
			BODY.slice(cut),
			'<!--$-->',
		]
		const whole = loadScriptsAfterFirstPaint(HEAD, pieces.join(''))
		const moved = loadScriptsAfterFirstPaintInParts(HEAD, pieces)
		expect(moved.head).toBe(whole.head)
		expect(moved.body.join('')).toBe(whole.body)
		expect(moved.body.slice(0, 3)).toEqual(pieces.slice(0, 3))
		expect(moved.body.at(-1)).toBe('<!--$-->')
		expect(loadScriptsAfterFirstPaintInParts(HEAD, ['<p>ohne</p>', 'Skripte'])).toEqual({
			head: HEAD,
			body: ['<p>ohne</p>', 'Skripte'],
		})
	})
})
