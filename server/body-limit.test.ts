import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createReadableStreamFromReadable } from '@react-router/node'
import express from 'express'
import { afterEach, describe, expect, test } from 'vitest'
import { bodyLimit } from './body-limit.ts'

/**
 * Issue 10, defect 3: request bodies are bounded while they stream in. The
 * handler reads the body exactly as React Router does (the request stream
 * wrapped into a web Request) and records what it got.
 */
const LIMIT_KB = 64
const UPLOAD_LIMIT_MB = 2
let server: http.Server | undefined
let reads: { bytes: number; outcome: 'read' | 'failed' }[] = []
let handlerCalls = 0

async function start() {
	const app = express()
	app.use(bodyLimit({ MAX_BODY_KB: LIMIT_KB, MAX_UPLOAD_BODY_MB: UPLOAD_LIMIT_MB }))
	app.all('/{*path}', async (req, res) => {
		handlerCalls++
		const request = new Request(`http://x${req.originalUrl}`, {
			method: req.method,
			body: createReadableStreamFromReadable(req),
			duplex: 'half',
		} as RequestInit)
		try {
			const body = await request.arrayBuffer()
			reads.push({ bytes: body.byteLength, outcome: 'read' })
			if (!res.headersSent) res.json({ bytes: body.byteLength })
		} catch {
			reads.push({ bytes: 0, outcome: 'failed' })
		}
	})
	server = http.createServer(app)
	await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
	return (server.address() as AddressInfo).port
}

afterEach(async () => {
	server?.closeAllConnections()
	await new Promise((resolve) => server?.close(resolve))
	server = undefined
	reads = []
	handlerCalls = 0
})

type Outcome = { status: number | null; body: string; bytesWritten: number }

/**
 * Streams `total` bytes in 64 KB chunks (chunked, or with a declared
 * Content-Length), as fast as the server takes them, and reports the answer
 * and how much of the body the server let through before closing.
 */
function upload(
	port: number,
	path: string,
	total: number,
	options: { declareLength?: boolean; contentType?: string } = {},
) {
	return new Promise<Outcome>((resolve) => {
		const headers: Record<string, string | number> = {
			'Content-Type':
				options.contentType ??
				(path.startsWith('/api/') ? 'application/json' : 'application/x-www-form-urlencoded'),
			'Accept-Language': 'en-GB',
		}
		if (options.declareLength) headers['Content-Length'] = total
		const request = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers })
		const chunk = Buffer.alloc(64 * 1024, 'a')
		let bytesWritten = 0
		let status: number | null = null
		let body = ''
		let settled = false
		const settle = () => {
			if (settled) return
			settled = true
			resolve({ status, body, bytesWritten })
		}
		request.on('response', (response) => {
			status = response.statusCode ?? null
			response.setEncoding('utf8')
			response.on('data', (data: string) => (body += data))
			response.on('end', settle)
			response.on('error', settle)
		})
		request.on('error', settle)
		request.on('close', () => setTimeout(settle, 50))
		const pump = () => {
			while (bytesWritten < total && !request.destroyed) {
				const size = Math.min(chunk.length, total - bytesWritten)
				bytesWritten += size
				if (!request.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
					request.once('drain', pump)
					return
				}
			}
			if (bytesWritten >= total) request.end()
		}
		pump()
	})
}

describe('request body limit', () => {
	test('bodies up to the limit reach the handler whole', async () => {
		const port = await start()
		expect(await upload(port, '/api/Events/TrackEvent', LIMIT_KB * 1024)).toMatchObject({ status: 200 })
		expect(await upload(port, '/login', 1000, { declareLength: true })).toMatchObject({ status: 200 })
		expect(reads).toEqual([
			{ bytes: LIMIT_KB * 1024, outcome: 'read' },
			{ bytes: 1000, outcome: 'read' },
		])
	})

	test('a declared Content-Length over the limit is a 413 before the handler runs', async () => {
		const port = await start()
		const api = await upload(port, '/api/Events/TrackEvent', 100 * 1024 * 1024, { declareLength: true })
		expect(api.status).toBe(413)
		expect(JSON.parse(api.body)).toEqual({
			success: false,
			value: null,
			error: JSON.stringify({ name: 'PayloadTooLarge', message: 'The data sent is too large.' }),
		})
		const page = await upload(port, '/en/login', 100 * 1024 * 1024, { declareLength: true })
		expect(page.status).toBe(413)
		expect(page.body).toContain('The data sent is too large.')
		expect(handlerCalls).toBe(0)
	})

	test('several concurrent chunked 32 MB bodies are cut off at the limit, never buffered', async () => {
		const port = await start()
		const size = 32 * 1024 * 1024
		const outcomes = await Promise.all([
			upload(port, '/api/Events/TrackEvent', size),
			upload(port, '/login', size),
			upload(port, '/api/Auth/signin', size),
			upload(port, '/en/login', size),
		])
		for (const outcome of outcomes) {
			expect(outcome.status).toBe(413)
			// The server closed the connection long before the client could send it all.
			expect(outcome.bytesWritten).toBeLessThan(size / 4)
		}
		await new Promise((resolve) => setTimeout(resolve, 100))
		// The handlers' body streams failed instead of ending with a truncated body.
		expect(reads).toEqual(Array(4).fill({ bytes: 0, outcome: 'failed' }))
	})

	test('a chunked body just over the limit never reaches the action as a truncated form', async () => {
		const port = await start()
		const outcome = await upload(port, '/login', LIMIT_KB * 1024 + 1)
		expect(outcome.status).toBe(413)
		await new Promise((resolve) => setTimeout(resolve, 100))
		expect(reads).toEqual([{ bytes: 0, outcome: 'failed' }])
	})

	test('multipart posts to the photo upload routes get the upload limit, other bodies there do not', async () => {
		const port = await start()
		const multipart = 'multipart/form-data; boundary=x'
		const oneMegabyte = 1024 * 1024
		const editor = '/en/host/playrooms/edit/p1/detail-information'
		expect(await upload(port, editor, oneMegabyte, { contentType: multipart })).toMatchObject({ status: 200 })
		expect(
			await upload(port, '/api/Owner/Playrooms/p1/Photos', oneMegabyte, { contentType: multipart }),
		).toMatchObject({ status: 200 })
		// Encoded spellings reach the same route, so they get the same limit.
		expect(
			await upload(port, '/host/playrooms/edit/p1/detail-%69nformation', oneMegabyte, {
				contentType: multipart,
			}),
		).toMatchObject({ status: 200 })
		// Over the upload limit, a form that is not multipart, or another route: refused.
		const tooLarge = UPLOAD_LIMIT_MB * oneMegabyte + 1
		expect(
			(await upload(port, editor, tooLarge, { contentType: multipart, declareLength: true })).status,
		).toBe(413)
		expect((await upload(port, editor, oneMegabyte)).status).toBe(413)
		expect(
			(await upload(port, '/en/guest/account/edit', oneMegabyte, { contentType: multipart })).status,
		).toBe(413)
	})
	test('the admin import takes a multipart export file of up to the upload limit, in both locales', async () => {
		const port = await start()
		const multipart = 'multipart/form-data; boundary=x'
		const oneMegabyte = 1024 * 1024
		for (const path of ['/admin/migration', '/en/admin/migration']) {
			expect(await upload(port, path, oneMegabyte, { contentType: multipart })).toMatchObject({ status: 200 })
			expect((await upload(port, path, oneMegabyte)).status).toBe(413)
		}
		expect((await upload(port, '/admin/migration/x', oneMegabyte, { contentType: multipart })).status).toBe(
			413,
		)
	})
})
