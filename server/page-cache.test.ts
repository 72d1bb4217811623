import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, test } from 'vitest'
import { CONSENT_REVISION } from '#app/utils/consent.ts'
import { createPageCache } from './page-cache.ts'

let server: http.Server | undefined
let renders = 0

/** An app that renders like React Router does: HTML containing the response's nonce, streamed. */
async function start(options: { ttlHeader?: string; setCookie?: string; status?: number } = {}) {
	renders = 0
	let clock = 0
	const cache = createPageCache({ now: () => clock, maxEntries: 3 })
	const app = express()
	let nonceCounter = 0
	app.use((_req, res, next) => {
		res.locals.cspNonce = `nonce${++nonceCounter}xyz`
		res.setHeader('Content-Security-Policy', `script-src 'nonce-${res.locals.cspNonce}'`)
		next()
	})
	app.use(cache.middleware)
	app.get('/{*path}', (req, res) => {
		renders++
		const nonce = res.locals.cspNonce
		res.status(options.status ?? 200)
		if (options.ttlHeader !== '') res.append('X-Page-Cache', options.ttlHeader ?? '10')
		if (options.setCookie) res.append('Set-Cookie', options.setCookie)
		res.append('Content-Type', 'text/html; charset=utf-8')
		res.write(`<html><script nonce="${nonce}">`)
		res.end(`</script><p>${req.originalUrl} #${renders}</p></html>`)
	})
	app.post('/{*path}', (req, res) => {
		if (req.path === '/track') res.setHeader('X-Page-Cache', 'keep')
		res.status(204).end()
	})
	server = http.createServer(app)
	await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
	const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	return { base, cache, advance: (ms: number) => (clock += ms) }
}

afterEach(async () => {
	await new Promise((resolve) => server?.close(resolve))
	server = undefined
})

const get = async (url: string, headers: Record<string, string> = {}) => {
	const response = await fetch(url, { headers })
	return { response, body: await response.text() }
}

describe('page micro-cache', () => {
	test('serves a marked page again with a fresh nonce that matches its CSP', async () => {
		const { base } = await start()
		const first = await get(`${base}/playrooms?city=koeln`)
		const second = await get(`${base}/playrooms?city=koeln`)
		expect(renders).toBe(1)
		expect(second.response.headers.get('x-cache')).toBe('HIT')
		expect(second.body).toContain('/playrooms?city=koeln #1')
		const nonce = /nonce="([^"]+)"/.exec(second.body)?.[1]
		expect(nonce).toBeTruthy()
		expect(first.body).not.toContain(`nonce="${nonce}"`)
		expect(second.response.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`)
	})

	test('different URLs and rendering cookies are different entries', async () => {
		const { base } = await start()
		await get(`${base}/a`)
		await get(`${base}/b`)
		await get(`${base}/a`, { Cookie: 'color_mode=light' })
		expect(renders).toBe(3)
	})

	test('the consent banner state is part of the key: none, outdated, and each decided set of categories (ADR 0068)', async () => {
		const { base } = await start()
		const cc = (record: object) => ({ Cookie: `cc_cookie=${encodeURIComponent(JSON.stringify(record))}` })
		const necessary = cc({ categories: ['necessary'], revision: CONSENT_REVISION })
		await get(`${base}/a`)
		await get(`${base}/a`, cc({ categories: ['necessary'], revision: CONSENT_REVISION - 1 }))
		await get(`${base}/a`, necessary)
		await get(`${base}/a`, cc({ categories: ['necessary', 'functional'], revision: CONSENT_REVISION }))
		expect(renders).toBe(4)
		const again = await get(`${base}/a`, cc({ revision: CONSENT_REVISION, categories: ['necessary'], x: 1 }))
		expect(again.response.headers.get('x-cache')).toBe('HIT')
		expect(renders).toBe(4)
	})

	test('requests with credentials or a pending toast are never served from or stored in the cache', async () => {
		const { base } = await start()
		await get(`${base}/x`)
		await get(`${base}/x`, { Cookie: 'auth.token=abc' })
		await get(`${base}/x`, { Authorization: 'Bearer abc' })
		await get(`${base}/x`, { Cookie: 'sz_toast=abc' })
		expect(renders).toBe(4)
	})

	test('unmarked pages, non-200 answers and answers that set other cookies are not stored', async () => {
		for (const options of [{ ttlHeader: '' }, { status: 404 }, { setCookie: 'auth.token=abc; HttpOnly' }]) {
			const { base } = await start(options)
			await get(`${base}/x`)
			await get(`${base}/x`)
			expect(renders).toBe(2)
			await new Promise((resolve) => server?.close(resolve))
		}
	})

	test('locale cookies the page sets are replayed with the cached answer', async () => {
		const { base } = await start({ setCookie: 'culture=de-DE; Max-Age=31536000; Path=/' })
		await get(`${base}/x`)
		const second = await get(`${base}/x`)
		expect(renders).toBe(1)
		expect(second.response.headers.get('set-cookie')).toBe('culture=de-DE; Max-Age=31536000; Path=/')
	})

	test('entries expire after their seconds', async () => {
		const { base, advance } = await start({ ttlHeader: '5' })
		await get(`${base}/x`)
		advance(4_000)
		await get(`${base}/x`)
		expect(renders).toBe(1)
		advance(2_000)
		await get(`${base}/x`)
		expect(renders).toBe(2)
	})

	test('a write empties the cache unless it is marked keep', async () => {
		const { base, cache } = await start()
		await get(`${base}/x`)
		await fetch(`${base}/track`, { method: 'POST' })
		await get(`${base}/x`)
		expect(renders).toBe(1)
		await fetch(`${base}/orders`, { method: 'POST' })
		await new Promise((resolve) => setTimeout(resolve, 10))
		expect(cache.size()).toBe(0)
		await get(`${base}/x`)
		expect(renders).toBe(2)
	})

	test('holds at most maxEntries, dropping the oldest', async () => {
		const { base, cache } = await start()
		for (const path of ['/1', '/2', '/3', '/4']) await get(`${base}${path}`)
		expect(cache.size()).toBe(3)
		await get(`${base}/1`)
		expect(renders).toBe(5)
	})
})
