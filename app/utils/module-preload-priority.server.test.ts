import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import {
	lowerModulePreloadPriority,
	lowerModulePreloadPriorityInDocument,
} from './module-preload-priority.server.ts'

async function run(chunks: string[]) {
	return text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(lowerModulePreloadPriority()))
}

const HEAD =
	'<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/>' +
	'<link rel="modulepreload" href="/assets/entry.js" nonce="n"/>' +
	'<link rel="modulepreload" href="/assets/route.js" nonce="n"/></head>'

describe('lowerModulePreloadPriority', () => {
	it('marks every modulepreload link in the head fetchpriority="low" and keeps the rest', async () => {
		const html = await run([HEAD, '<body><p>Grüße</p></body></html>'])
		expect(html).toBe(
			HEAD.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"') +
				'<body><p>Grüße</p></body></html>',
		)
	})

	it('finds </head> and the links across chunk boundaries, also inside a multi-byte character', async () => {
		const whole = `${HEAD.replace('<head>', '<head><title>Grüße</title>')}<body>x</body>`
		const bytes = Buffer.from(whole)
		const pieces: Buffer[] = []
		for (let i = 0; i < bytes.length; i += 7) pieces.push(bytes.subarray(i, i + 7))
		const html = await text(Readable.from(pieces).pipe(lowerModulePreloadPriority()))
		expect(html.match(/fetchpriority="low"/g)).toHaveLength(2)
		expect(html).toContain('<title>Grüße</title>')
		expect(html.endsWith('</head><body>x</body>')).toBe(true)
	})

	it('leaves the body alone (a modulepreload after </head> is content) and passes a headless stream through', async () => {
		const body =
			'<body><code>&lt;link rel="modulepreload"</code><link rel="modulepreload" href="/x.js"/></body>'
		expect(await run([HEAD, body])).toContain(body)
		expect(await run(['{"json":true}'])).toBe('{"json":true}')
	})
})

describe('lowerModulePreloadPriorityInDocument', () => {
	it('marks the head’s module preloads and leaves the body alone', () => {
		const html =
			'<html><head><link rel="modulepreload" href="/a.js"/><link rel="modulepreload" fetchpriority="high" href="/b.js"/></head>' +
			'<body><link rel="modulepreload" href="/c.js"/></body></html>'
		expect(lowerModulePreloadPriorityInDocument(html)).toBe(
			'<html><head><link rel="modulepreload" fetchpriority="low" href="/a.js"/><link rel="modulepreload" fetchpriority="high" href="/b.js"/></head>' +
				'<body><link rel="modulepreload" href="/c.js"/></body></html>',
		)
		expect(lowerModulePreloadPriorityInDocument('no head')).toBe('no head')
	})
})
