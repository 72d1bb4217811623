import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { answerClientErrors } from './client-errors.ts'

/**
 * Issue 10, defect 11: what Node's HTTP parser refuses (a 1 MB query string
 * is over the 16 KB header limit) is answered like every other refusal —
 * the envelope for /api, a translated page otherwise — not with a bare 431.
 */
let server: http.Server | undefined
const logger = { debug: vi.fn() }

async function start() {
	const app = express()
	app.all('/{*path}', (_req, res) => {
		res.json({ ok: true })
	})
	server = http.createServer(app)
	answerClientErrors(server, logger)
	await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
	return (server.address() as AddressInfo).port
}

afterEach(async () => {
	await new Promise((resolve) => server?.close(resolve))
	server = undefined
})

/** Sends raw bytes and returns the raw answer. */
function raw(port: number, request: string) {
	return new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
		const socket = net.connect(port, '127.0.0.1')
		let answer = ''
		socket.setEncoding('utf8')
		socket.on('data', (data: string) => (answer += data))
		socket.on('error', () => {}) // the server may close while we still write
		socket.on('close', () => {
			const [head = '', body = ''] = answer.split('\r\n\r\n')
			const status = Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1])
			if (!status) reject(new Error(`no answer: ${answer.slice(0, 100)}`))
			else resolve({ status, headers: head, body })
		})
		socket.write(request)
	})
}

const longQuery = `q=${'x'.repeat(1024 * 1024)}`

describe('requests the HTTP parser refuses', () => {
	test('a 1 MB query string to the API: 431 with the envelope', async () => {
		const port = await start()
		const answer = await raw(port, `GET /api/Public/Playrooms/Index?${longQuery} HTTP/1.1\r\nHost: x\r\n\r\n`)
		expect(answer.status).toBe(431)
		expect(answer.headers).toContain('Content-Type: application/json')
		expect(JSON.parse(answer.body)).toMatchObject({ success: false, value: null })
		expect(JSON.parse(JSON.parse(answer.body).error)).toMatchObject({ name: 'HeadersTooLarge' })
	})

	test('a 1 MB query string to a page: 431 with a page in the path’s language', async () => {
		const port = await start()
		const english = await raw(port, `GET /en/playrooms?${longQuery} HTTP/1.1\r\nHost: x\r\n\r\n`)
		expect(english.status).toBe(431)
		expect(english.body).toContain('<html lang="en">')
		expect(english.body).toContain('The address or the headers of the request are too long.')
		const german = await raw(port, `GET /playrooms?${longQuery} HTTP/1.1\r\nHost: x\r\n\r\n`)
		expect(german.body).toContain('Die Adresse oder die Kopfzeilen der Anfrage sind zu lang.')
		expect(logger.debug).toHaveBeenCalled()
	})

	test('a malformed request: 400 page; normal requests are untouched', async () => {
		const port = await start()
		const broken = await raw(port, 'GET /playrooms HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n')
		expect(broken.status).toBe(400)
		expect(broken.body).toContain('Die Anfrage ist ungültig.')
		const fine = await raw(port, 'GET /playrooms HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
		expect(fine.status).toBe(200)
	})
})
