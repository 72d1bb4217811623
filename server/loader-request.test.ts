import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { loaderRequest, ROUTER_COPIES_REQUEST, ROUTER_COPIES_REQUEST_IF_DIFFERENT } from './loader-request.ts'

/** React Router's stripIndexParam and stripRoutesParam (react-router/dist/production), as one copy. */
function routerCopy(request: Request): Request {
	const url = new URL(request.url)
	const indexValues = url.searchParams.getAll('index')
	url.searchParams.delete('index')
	for (const value of indexValues) if (value) url.searchParams.append('index', value)
	url.searchParams.delete('_routes')
	return new Request(url.href, {
		method: request.method,
		body: request.body,
		headers: request.headers,
		signal: request.signal,
		...(request.body ? { duplex: 'half' } : {}),
	} as RequestInit)
}

describe("a loader gets React Router's request unless a copy would differ (ADR 0137)", () => {
	test('a document GET without router parameters is passed as it is, URL and signal and all', () => {
		const controller = new AbortController()
		const request = new Request('http://localhost/playrooms/search?city=koeln&checkIn=2026-11-28', {
			headers: { cookie: 'a=b' },
			signal: controller.signal,
		})
		const given = loaderRequest(request, routerCopy)
		expect(given).toBe(request)
		// The same as the copy React Router would have made.
		const copy = routerCopy(request)
		expect(given.url).toBe(copy.url)
		expect(given.method).toBe(copy.method)
		expect([...given.headers]).toEqual([...copy.headers])
		controller.abort()
		expect(given.signal.aborted).toBe(copy.signal.aborted)
	})

	test.each([
		['an index route', 'http://localhost/host/orders?index'],
		['a client navigation', 'http://localhost/playrooms.data?_routes=root,routes%2Fplayrooms'],
		['a query React Router writes differently', 'http://localhost/playrooms?q=a%20b&flag'],
	])('%s gets the copy, as before', (_, url) => {
		const request = new Request(url)
		const given = loaderRequest(request, routerCopy)
		expect(given).not.toBe(request)
		expect(given.url).toBe(routerCopy(request).url)
	})

	test('a form post gets the copy, with its body', async () => {
		const request = new Request('http://localhost/auth/login', { method: 'POST', body: 'email=a%40b.de' })
		const given = loaderRequest(request, routerCopy)
		expect(given).not.toBe(request)
		expect(await given.text()).toBe('email=a%40b.de')
	})

	test('React Router still has the line the build patches (vite.config.ts)', () => {
		const dist = path.resolve('node_modules/react-router/dist/production')
		const bundles = fs.readdirSync(dist).filter((file) => file.endsWith('.mjs'))
		const found = bundles.filter((file) =>
			fs.readFileSync(path.join(dist, file), 'utf8').includes(ROUTER_COPIES_REQUEST),
		)
		expect(found).toHaveLength(1)
		expect(ROUTER_COPIES_REQUEST_IF_DIFFERENT).toContain('__loaderRequest(args.request')
	})
})
