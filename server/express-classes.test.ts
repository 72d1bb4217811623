import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expressServerOptions } from './express-classes.ts'

/** ADR 0129: requests and responses are made with Express's prototypes, so Express does not change them. */
describe('expressServerOptions', () => {
	const app = express()
	const seen: { requestProto: boolean; responseProto: boolean; node: boolean }[] = []
	app.get('/echo', (req, res) => {
		seen.push({
			requestProto: Object.getPrototypeOf(req) === app.request,
			responseProto: Object.getPrototypeOf(res) === app.response,
			node: req instanceof http.IncomingMessage && res instanceof http.ServerResponse,
		})
		res.status(201).json({ header: req.get('x-test'), query: req.query.q, path: req.path })
	})
	const server = http.createServer(expressServerOptions(app), app)
	/** Before Express sees them: whether they already had its prototypes (no change of prototype then). */
	const madeWith: boolean[] = []
	server.prependListener('request', (req, res) =>
		madeWith.push(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response),
	)
	let base = ''
	beforeAll(async () => {
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	})
	afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

	test('made with Express’s request and response prototypes; Express’s methods work as before', async () => {
		const response = await fetch(`${base}/echo?q=köln`, { headers: { 'X-Test': 'yes' } })
		expect(response.status).toBe(201)
		expect(await response.json()).toEqual({ header: 'yes', query: 'köln', path: '/echo' })
		expect(seen).toEqual([{ requestProto: true, responseProto: true, node: true }])
		expect(madeWith).toEqual([true])
	})

	test('a route Express does not know still gets its 404', async () => {
		expect((await fetch(`${base}/nothing`)).status).toBe(404)
		expect(madeWith.at(-1)).toBe(true)
	})
})
