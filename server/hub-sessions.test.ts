import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { authenticateHubRequest } from '#app/bootstrap.server.ts'
import { deleteUserSessions } from '#app/models/accounts/session.server.ts'
import { HUB_CLOSE_SESSION_ENDED } from '#app/utils/realtime.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { createHub, type HubServer } from './hub.ts'

/** The hub with the app's own session check, on this test file's database (ADR 0132). */
let server: http.Server
let hub: HubServer

afterEach(async () => {
	await hub?.close()
	await new Promise((resolve) => server?.close(resolve))
})

async function start() {
	server = http.createServer()
	hub = createHub({ server, authenticate: authenticateHubRequest, isAllowedOrigin: () => true })
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/hub`
}

async function open(url: string, cookie: string) {
	const socket = new WebSocket(url, { headers: { Cookie: cookie } })
	const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
	await new Promise<void>((resolve, reject) => {
		socket.once('open', () => resolve())
		socket.once('error', reject)
	})
	return { socket, closed }
}

describe('the hub and ended sessions', () => {
	test('when a user’s sessions are ended (e.g. a password change), their open sockets are closed with 4401', async () => {
		const url = await start()
		const ending = await createLoggedInUser({ role: 'Customer' })
		const staying = await createLoggedInUser({ role: 'Owner' })
		const endingTab = await open(url, ending.cookie)
		const stayingTab = await open(url, staying.cookie)

		await hub.recheckSessions()
		expect(hub.connectionCount()).toBe(2) // live sessions stay

		expect(deleteUserSessions(ending.user.id)).toBe(1)
		await hub.recheckSessions()
		expect(await endingTab.closed).toBe(HUB_CLOSE_SESSION_ENDED)
		expect(hub.connectionCount()).toBe(1)
		stayingTab.socket.close()
	})
})
