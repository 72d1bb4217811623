import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, test } from 'vitest'
import { parseEnv } from '#app/utils/env.server.ts'
import { rateLimits } from './security.ts'

/**
 * Issue 3: at most 10 login attempts a minute per IP. The HTTP layer's
 * credential limiter enforces it for every way to log in — the login page,
 * the modal's data request and the API (the per-account lock-out is tested in
 * app/routes/api/accounts-api.test.ts).
 */
let server: http.Server | undefined

async function start(factor = '1') {
	const env = parseEnv({ PUBLIC_URL: 'http://localhost:3000', RATE_LIMIT_FACTOR: factor })
	const app = express()
	app.use(...rateLimits(env))
	app.all('/{*path}', (_req, res) => {
		res.json({ ok: true })
	})
	server = http.createServer(app)
	await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

afterEach(async () => {
	await new Promise((resolve) => server?.close(resolve))
	server = undefined
})

const post = (url: string) =>
	fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })

/** A POST with the path sent exactly as written (fetch would normalise dot segments). */
const rawPost = (base: string, path: string) =>
	new Promise<number>((resolve, reject) => {
		const request = http.request(`${base}/`, { method: 'POST', path, headers: { 'Content-Length': 0 } })
		request.on('response', (response) => {
			response.resume()
			resolve(response.statusCode ?? 0)
		})
		request.on('error', reject)
		request.end()
	})

describe('login attempts per IP', () => {
	test('the 11th login attempt within a minute is refused with 429, whichever way it comes', async () => {
		const base = await start()
		const paths = ['/login', '/en/login', '/login.data', '/api/Auth/signin', '/en/login.data']
		const statuses: number[] = []
		for (let i = 0; i < 10; i++) statuses.push((await post(`${base}${paths[i % paths.length]}`)).status)
		expect(statuses).toEqual(Array(10).fill(200))
		const refused = await post(`${base}/api/Auth/signin`)
		expect(refused.status).toBe(429)
		const body = (await refused.json()) as { success: boolean; error: string }
		expect(body.success).toBe(false)
		expect(JSON.parse(body.error)).toMatchObject({ name: 'TooManyRequests' })
		expect((await post(`${base}/login`)).status).toBe(429)
	})

	test('logout, reading pages and other forms are not counted', async () => {
		const base = await start()
		for (let i = 0; i < 12; i++) expect((await post(`${base}/auth/logout`)).status).toBe(200)
		for (let i = 0; i < 12; i++) expect((await fetch(`${base}/login`)).status).toBe(200)
		expect((await post(`${base}/login`)).status).toBe(200)
	})

	test('RATE_LIMIT_FACTOR scales the limit (the e2e run uses 100)', async () => {
		const base = await start('2')
		for (let i = 0; i < 20; i++) expect((await post(`${base}/login`)).status).toBe(200)
		expect((await post(`${base}/login`)).status).toBe(429)
	})

	// Issue 10, defect 1: the router decodes the path and ignores case; the limiter must see the same path.
	test.each([
		['/%6cogin'],
		['/en/l%6fgin'],
		['/LOGIN'],
		['/EN/Login.data'],
		['/playrooms/../login'],
		['/%2e%2e/en/login'],
		['/api/%41uth/signin'],
		['/api/auth/forgotPassword'],
		['/api/%41uth/forgotPassword'],
		['/auth/register-%67uest'],
		['/user/%43onfirmChangeEmail/a/b/c'],
	])('after 10 refused logins, %s is refused too', async (path) => {
		const base = await start()
		for (let i = 0; i < 10; i++) expect((await post(`${base}/login`)).status).toBe(200)
		expect(await rawPost(base, path)).toBe(429)
	})

	test('an encoded path counts towards the same limit as the plain one', async () => {
		const base = await start()
		for (let i = 0; i < 10; i++)
			expect(await rawPost(base, i % 2 ? '/%6cogin' : '/api/%41uth/signin')).toBe(200)
		expect((await post(`${base}/login`)).status).toBe(429)
	})

	test('an encoded logout is still not counted', async () => {
		const base = await start()
		for (let i = 0; i < 12; i++) expect(await rawPost(base, '/auth/%6cogout')).toBe(200)
	})
})

// Issue 10 leftover: the live password-strength hint costs zxcvbn CPU time per call.
describe('password-strength checks per IP', () => {
	test('the 31st check within a minute is refused with 429, however the path is written', async () => {
		const base = await start()
		const paths = [
			'/resources/password-strength',
			'/resources/%70assword-strength',
			'/RESOURCES/password-strength.data',
		]
		for (let i = 0; i < 30; i++) expect(await rawPost(base, paths[i % paths.length] ?? '')).toBe(200)
		expect((await post(`${base}/resources/password-strength`)).status).toBe(429)
		// A separate budget: logins are not used up by the hint, and the hint not by reading.
		expect((await post(`${base}/login`)).status).toBe(200)
		expect((await fetch(`${base}/resources/password-strength`)).status).toBe(200)
	})

	test('logins do not use up the hint budget', async () => {
		const base = await start()
		for (let i = 0; i < 10; i++) expect((await post(`${base}/login`)).status).toBe(200)
		expect((await post(`${base}/resources/password-strength`)).status).toBe(200)
	})
})
