import { describe, expect, it } from 'vitest'
import { lowerModulePreloadPriorityInDocument } from './module-preload-priority.server.ts'

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
