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
})
