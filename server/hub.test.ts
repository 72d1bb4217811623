import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import { HUB_MAX_MESSAGE_BYTES } from '#app/utils/realtime.ts'
import { createHub, type HubServer } from './hub.ts'

let server: http.Server
let hub: HubServer

async function start() {
	server = http.createServer()
	hub = createHub({
		server,
		authenticate: (request) => {
			const token = request.headers.authorization?.replace('Bearer ', '')
			if (token === 'guest-token') return { userId: 'guest-1', role: 'Customer' }
			if (token === 'host-token') return { userId: 'host-1', role: 'Owner' }
			return null
		},
		isAllowedOrigin: (origin) => !origin || origin === 'http://localhost',
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/hub`
}

afterEach(async () => {
	await hub?.close()
	await new Promise((resolve) => server?.close(resolve))
})

function connect(url: string, headers: Record<string, string>) {
	const socket = new WebSocket(url, { headers })
	const messages: unknown[] = []
	socket.on('message', (data) => messages.push(JSON.parse(String(data))))
	const opened = new Promise<void>((resolve, reject) => {
		socket.once('open', () => resolve())
		socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)))
		socket.once('error', reject)
	})
	return { socket, messages, opened }
}

const until = async (check: () => boolean) => {
	for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
}

describe('realtime hub', () => {
	test('refuses connections without a session', async () => {
		const url = await start()
		await expect(connect(url, {}).opened).rejects.toThrow('HTTP 401')
	})

	test('refuses cross-site connections', async () => {
		const url = await start()
		await expect(
			connect(url, { Authorization: 'Bearer guest-token', Origin: 'https://evil.example' }).opened,
		).rejects.toThrow('HTTP 403')
	})

	test('delivers an event to every tab of the recipient and to nobody else', async () => {
		const url = await start()
		const tabA = connect(url, { Authorization: 'Bearer guest-token' })
		const tabB = connect(url, { Authorization: 'Bearer guest-token' })
		const host = connect(url, { Authorization: 'Bearer host-token' })
		await Promise.all([tabA.opened, tabB.opened, host.opened])
		hub.publishToUser('guest-1', { type: 'GuestHasNewChatMessage', hostId: 'host-1', count: 1 })
		hub.publishToRole('Owner', { type: 'HostHasNewChatMessage', guestId: 'guest-1', count: 3 })
		await until(() => tabA.messages.length > 0 && tabB.messages.length > 0 && host.messages.length > 0)
		expect(tabA.messages).toEqual([{ type: 'GuestHasNewChatMessage', hostId: 'host-1', count: 1 }])
		expect(tabB.messages).toEqual(tabA.messages)
		expect(host.messages).toEqual([{ type: 'HostHasNewChatMessage', guestId: 'guest-1', count: 3 }])
		for (const tab of [tabA, tabB, host]) tab.socket.close()
	})

	test('a message over 100,000 bytes closes the connection', async () => {
		const url = await start()
		const tab = connect(url, { Authorization: 'Bearer guest-token' })
		await tab.opened
		const closed = new Promise<number>((resolve) => tab.socket.once('close', (code) => resolve(code)))
		tab.socket.send('x'.repeat(HUB_MAX_MESSAGE_BYTES + 1))
		expect(await closed).toBe(1009) // "message too big"
		await until(() => hub.connectionCount() === 0)
		expect(hub.connectionCount()).toBe(0)
	})
})
