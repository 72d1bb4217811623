import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, test } from 'vitest'
import { parseEnv } from '#app/utils/env.server.ts'
import { cspNonce, nextCspNonce, rateLimits, sameOriginCheck, securityHeaders } from './security.ts'

let server: http.Server | undefined

async function startApp(envOverrides: Record<string, string> = {}) {
	const env = parseEnv({ PUBLIC_URL: 'http://localhost:3000', ...envOverrides })
	const app = express()
	app.use(cspNonce)
	app.use(securityHeaders(env, { dev: false }))
	app.use(...rateLimits(env))
	app.use(sameOriginCheck(env))
	app.all('/{*path}', (_req, res) => {
		res.json({ nonce: res.locals.cspNonce })
	})
	server = http.createServer(app)
	await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

afterEach(async () => {
	if (server) await new Promise((resolve) => server?.close(resolve))
	server = undefined
})

describe('security baseline', () => {
	test('nonces from the pool: 16 random bytes each, never the same one twice across refills', () => {
		const nonces = Array.from({ length: 1_000 }, () => nextCspNonce())
		expect(new Set(nonces).size).toBe(1_000)
		for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
	})

	test('a CSP with a fresh nonce per response, and no HSTS outside production', async () => {
		const base = await startApp()
		const first = await fetch(`${base}/`)
		const second = await fetch(`${base}/`)
		const { nonce } = (await first.json()) as { nonce: string }
		const csp = first.headers.get('content-security-policy') ?? ''
		expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`)
		expect(csp).toContain("frame-ancestors 'none'")
		expect(csp).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:\d+ wss:\/\/127\.0\.0\.1:\d+/)
		expect(second.headers.get('content-security-policy')).not.toContain(nonce)
		expect(first.headers.get('x-content-type-options')).toBe('nosniff')
		expect(first.headers.get('strict-transport-security')).toBeNull()
	})

	test('form-action allows Stripe Checkout only when card payments are configured', async () => {
		const plain = await startApp()
		const withoutStripe = (await fetch(`${plain}/`)).headers.get('content-security-policy') ?? ''
		expect(withoutStripe).toContain("form-action 'self';")
		expect(withoutStripe).not.toContain('stripe')
		await new Promise((resolve) => server?.close(resolve))
		const stripe = await startApp({ STRIPE_SECRET_KEY: 'sk_test_configured' })
		const withStripe = (await fetch(`${stripe}/`)).headers.get('content-security-policy') ?? ''
		expect(withStripe).toContain("form-action 'self' https://checkout.stripe.com;")
	})

	test('the default map style’s origin may be fetched (style, tiles, sprites, glyphs); none with maps off (issue 31.17)', async () => {
		const plain = await startApp()
		const csp = (await fetch(`${plain}/`)).headers.get('content-security-policy') ?? ''
		const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? ''
		expect(directive('connect-src')).toContain('https://tiles.openfreemap.org')
		expect(directive('img-src')).toContain('https://tiles.openfreemap.org')
		expect(directive('worker-src')).toContain('blob:')
		await new Promise((resolve) => server?.close(resolve))
		const off = await startApp({ MAP_STYLE_URL: 'off' })
		expect((await fetch(`${off}/`)).headers.get('content-security-policy')).not.toContain('openfreemap')
	})

	test('HSTS in production', async () => {
		const base = await startApp({ APP_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) })
		const response = await fetch(`${base}/`)
		expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000')
	})

	test('a cross-site POST with cookies is refused in the request’s language', async () => {
		const base = await startApp()
		const page = await fetch(`${base}/en/login`, {
			method: 'POST',
			headers: { Cookie: 'auth.token=abc', Origin: 'https://evil.example' },
		})
		expect(page.status).toBe(403)
		expect(await page.text()).toContain('This request did not come from our site and was refused.')

		const api = await fetch(`${base}/api/Auth/ChangePassword`, {
			method: 'POST',
			headers: { Cookie: 'auth.token=abc', 'Sec-Fetch-Site': 'cross-site', 'Accept-Language': 'de-DE' },
		})
		expect(api.status).toBe(403)
		const body = (await api.json()) as { success: boolean; error: string }
		expect(body.success).toBe(false)
		expect(JSON.parse(body.error)).toMatchObject({ name: 'CrossOriginRequest' })
	})

	test('same-origin posts, cookie-less API calls and safe methods pass', async () => {
		const base = await startApp()
		const sameOrigin = await fetch(`${base}/x`, { method: 'POST', headers: { Cookie: 'a=b', Origin: base } })
		const publicUrl = await fetch(`${base}/x`, {
			method: 'POST',
			headers: { Cookie: 'a=b', Origin: 'http://localhost:3000' },
		})
		const bearer = await fetch(`${base}/api/x`, {
			method: 'POST',
			headers: { Authorization: 'Bearer t', Origin: 'https://other.example' },
		})
		const get = await fetch(`${base}/x`, { headers: { Cookie: 'a=b', Origin: 'https://other.example' } })
		expect([sameOrigin.status, publicUrl.status, bearer.status, get.status]).toEqual([200, 200, 200, 200])
	})

	test('the 11th login attempt within a minute is throttled; other pages are not', async () => {
		const base = await startApp()
		const statuses: number[] = []
		for (let i = 0; i < 11; i++) {
			statuses.push((await fetch(`${base}/login`, { method: 'POST' })).status)
		}
		expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true)
		expect(statuses[10]).toBe(429)
		expect((await fetch(`${base}/playrooms`)).status).toBe(200)
		const api = await fetch(`${base}/api/Auth/signin`, {
			method: 'POST',
			headers: { 'Accept-Language': 'en-GB' },
		})
		expect(api.status).toBe(429)
		expect(JSON.parse(((await api.json()) as { error: string }).error)).toEqual({
			name: 'TooManyRequests',
			message: 'Too many requests. Please wait a moment.',
		})
	})
})
