import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startLocalServer } from '#tests/helpers/local-server.ts'
import { serveUploads, UPLOADS_CSP } from './uploads.ts'

/**
 * Issue 29 (Hardening II): /uploads went out without `nosniff` or a CSP
 * (ADR 0141). Mounted as server/index.ts mounts it.
 */
let directory: string
let baseUrl: string
let close: () => Promise<void>

beforeAll(async () => {
	directory = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'))
	fs.mkdirSync(path.join(directory, 'img', 'abcdefghijklmnop'), { recursive: true })
	fs.writeFileSync(path.join(directory, 'img', 'abcdefghijklmnop', '320.webp'), 'RIFF....WEBP')
	// What a browser might take for a page if it sniffed: it must not.
	fs.writeFileSync(
		path.join(directory, 'img', 'abcdefghijklmnop', '640.jpg'),
		'<html><script>alert(1)</script>',
	)
	const app = express()
	app.use('/uploads', serveUploads(directory))
	app.use((_req, res) => res.status(404).send('app'))
	;({ baseUrl, close } = await startLocalServer(app))
})
afterAll(async () => {
	await close()
	fs.rmSync(directory, { recursive: true, force: true })
})

describe('/uploads', () => {
	test('files are served immutable, with nosniff and a CSP that allows nothing and sandboxes', async () => {
		for (const file of ['320.webp', '640.jpg']) {
			const response = await fetch(`${baseUrl}/uploads/img/abcdefghijklmnop/${file}`)
			expect(response.status).toBe(200)
			expect(response.headers.get('x-content-type-options')).toBe('nosniff')
			expect(response.headers.get('content-security-policy')).toBe(UPLOADS_CSP)
			expect(UPLOADS_CSP).toMatch(/default-src 'none'/)
			expect(UPLOADS_CSP).toMatch(/\bsandbox\b/)
			expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
		}
		const jpeg = await fetch(`${baseUrl}/uploads/img/abcdefghijklmnop/640.jpg`)
		expect(jpeg.headers.get('content-type')).toBe('image/jpeg')
	})

	test('no folder listings; a missing file goes on to the app', async () => {
		expect(await (await fetch(`${baseUrl}/uploads/img/`)).text()).toBe('app')
		expect(await (await fetch(`${baseUrl}/uploads/img/abcdefghijklmnop/9999.webp`)).text()).toBe('app')
	})
})
