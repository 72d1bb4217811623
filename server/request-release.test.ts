import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { EXPRESS_FORGETS_CONTROLLER, EXPRESS_RELEASES_CONTROLLER, releaseRequest } from './request-release.ts'

describe('a request lets go of its signal once its response is out (ADR 0135)', () => {
	test('the Request and every copy that follows it are aborted, with a reason that says why', () => {
		const controller = new AbortController()
		const request = new Request('http://localhost/playrooms', { signal: controller.signal })
		// React Router copies the request for each loader, each copy following the original's signal.
		const copy = new Request('http://localhost/playrooms?index', { signal: request.signal })
		const seen: string[] = []
		copy.signal.addEventListener('abort', () =>
			seen.push(String((copy.signal.reason as DOMException).message)),
		)
		expect(request.signal.aborted).toBe(false)
		releaseRequest(controller)
		expect(request.signal.aborted).toBe(true)
		expect(copy.signal.aborted).toBe(true)
		expect((request.signal.reason as DOMException).name).toBe('AbortError')
		expect(seen).toEqual(['The response has been sent.'])
		// A connection closed before the end went the adapter's way already: nothing to release.
		expect(() => releaseRequest(null)).not.toThrow()
	})

	test('the Express adapter still has the line the build patches (vite.config.ts)', () => {
		for (const file of ['index.mjs', 'index.js']) {
			const adapter = fs.readFileSync(path.resolve('node_modules/@react-router/express/dist', file), 'utf8')
			expect(adapter).toContain(EXPRESS_FORGETS_CONTROLLER)
		}
		expect(EXPRESS_RELEASES_CONTROLLER).toContain('__releaseRequest(controller)')
	})
})
