import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { lastResortErrorHandler, rejectMalformedUrls } from './security.ts'

/**
 * Issue 10, defect 2: malformed percent-encoding must not give a 500 (nor a
 * level-50 log line). The app is wired like server/index.ts: the guard first,
 * then static files, a catch-all route with a parameter (Express decodes it)
 * and the last error handler.
 */
let server: http.Server | undefined
const logger = { debug: vi.fn(), error: vi.fn() }

async function start(options: { guard: boolean }) {
	const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'uploads-'))
	fs.writeFileSync(path.join(uploads, 'a.txt'), 'file')
	const app = express()
	if (options.guard) app.use(rejectMalformedUrls(logger))
	app.use('/uploads', express.static(uploads, { index: false }))
	app.use('/assets', express.static(uploads, { index: false }))
	app.all('/{*path}', (req, res) => {
		res.json({ path: req.params.path })
	})
	app.use(lastResortErrorHandler(logger))
	server = http.createServer(app)
	await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

afterEach(async () => {
	await new Promise((resolve) => server?.close(resolve))
	server = undefined
	logger.debug.mockReset()
	logger.error.mockReset()
})

/** GET with the path sent exactly as written. */
const rawGet = (base: string, requestPath: string, headers: Record<string, string> = {}) =>
	new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
		const request = http.request(`${base}/`, { path: requestPath, headers })
		request.on('response', (response) => {
			let body = ''
			response.setEncoding('utf8')
			response.on('data', (chunk: string) => (body += chunk))
			response.on('end', () =>
				resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'] ?? '', body }),
			)
		})
		request.on('error', reject)
		request.end()
	})

describe('malformed percent-encoding', () => {
	test.each([
		['/playrooms/%ff', 'de', 'Die Adresse ist ungültig.'],
		['/%', 'de', 'Die Adresse ist ungültig.'],
		['/en/%E0%A4%A', 'en', 'The address is not valid.'],
		['/guest/orders/%ff', 'de', 'Die Adresse ist ungültig.'],
		['/assets/%ff', 'de', 'Die Adresse ist ungültig.'],
		['/uploads/%ff', 'de', 'Die Adresse ist ungültig.'],
		['/en/uploads/%C3%28', 'en', 'The address is not valid.'],
	])('%s is a 400 page in its language, logged at debug only', async (requestPath, locale, message) => {
		const base = await start({ guard: true })
		const response = await rawGet(base, requestPath)
		expect(response.status).toBe(400)
		expect(response.type).toContain('text/html')
		expect(response.body).toContain(`<html lang="${locale}">`)
		expect(response.body).toContain(message)
		expect(logger.error).not.toHaveBeenCalled()
		expect(logger.debug).toHaveBeenCalledOnce()
	})

	test('the API answers the envelope in the Accept-Language', async () => {
		const base = await start({ guard: true })
		const response = await rawGet(base, '/api/Auth/%ff', { 'Accept-Language': 'en-GB' })
		expect(response.status).toBe(400)
		expect(JSON.parse(response.body)).toEqual({
			success: false,
			value: null,
			error: JSON.stringify({ name: 'InvalidUrl', message: 'The address is not valid.' }),
		})
		expect(logger.error).not.toHaveBeenCalled()
	})

	test('well-formed encodings, static files and queries with bad encoding pass', async () => {
		const base = await start({ guard: true })
		expect((await rawGet(base, '/playrooms/k%C3%B6ln')).body).toBe('{"path":["playrooms","köln"]}')
		expect((await rawGet(base, '/uploads/a.txt')).body).toBe('file')
		expect((await rawGet(base, '/playrooms?city=%ff')).status).toBe(200)
		expect(logger.debug).not.toHaveBeenCalled()
	})

	test('behind the guard, a client error that escapes is answered with its 4xx, not a 500', async () => {
		const base = await start({ guard: false })
		// Express's own URIError (status 400) when it decodes the route parameter.
		const response = await rawGet(base, '/playrooms/%ff')
		expect(response.status).toBe(400)
		expect(response.body).toContain('Die Anfrage ist ungültig.')
		expect(logger.error).not.toHaveBeenCalled()
		expect(logger.debug).toHaveBeenCalledOnce()
	})
})
