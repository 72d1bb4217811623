import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import WebSocket from 'ws'
import {
	HUB_CLOSE_SESSION_ENDED,
	HUB_CLOSE_TOO_MANY_CONNECTIONS,
	HUB_MAX_MESSAGE_BYTES,
} from '#app/utils/realtime.ts'
import { createHub, type HubLimits, type HubServer } from './hub.ts'

let server: http.Server
let hub: HubServer
/** Sessions the tests have ended (the database would no longer find them). */
const endedTokens = new Set<string>()
/** The tokens the hub has checked, in order (upgrades and rechecks). */
const checkedTokens: string[] = []

async function start(limits: Partial<HubLimits> = {}) {
	server = http.createServer()
	hub = createHub({
		server,
		limits,
		// Tests name their client IP in a header; the server derives it from "trust proxy".
		clientIp: (request) => String(request.headers['x-test-ip'] ?? request.socket.remoteAddress),
		authenticate: (headers) => {
			const token = headers.authorization?.replace('Bearer ', '')
			checkedTokens.push(token ?? '')
			if (token && endedTokens.has(token)) return null
			if (token === 'guest-token') return { userId: 'guest-1', role: 'Customer' }
			if (token === 'host-token') return { userId: 'host-1', role: 'Owner' }
			if (token?.startsWith('user-')) return { userId: token, role: 'Customer' }
			return null
		},
		isAllowedOrigin: (origin) => !origin || origin === 'http://localhost',
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	return `ws://127.0.0.1:${(server.address() as AddressInfo).port}/hub`
}

afterEach(async () => {
	endedTokens.clear()
	checkedTokens.length = 0
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

	test('a connection whose session has ended is closed with 4401 and gets no more events', async () => {
		const url = await start()
		const ended = connect(url, { Authorization: 'Bearer user-ended' })
		const other = connect(url, { Authorization: 'Bearer guest-token' })
		await Promise.all([ended.opened, other.opened])
		const closed = new Promise<number>((resolve) => ended.socket.once('close', (code) => resolve(code)))
		endedTokens.add('user-ended')
		await hub.recheckSessions()
		expect(await closed).toBe(HUB_CLOSE_SESSION_ENDED)
		expect(hub.connectionCount()).toBe(1)
		hub.publishToAll({ type: 'GuestHasNewChatMessage', hostId: 'host-1', count: 1 })
		await until(() => other.messages.length > 0)
		expect(ended.messages).toEqual([])
		expect(other.messages).toHaveLength(1)
		other.socket.close()
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

	test('a user’s connections over the cap are closed with 4429; closing one frees a place', async () => {
		const url = await start({ perUser: 3 })
		const tabs = Array.from({ length: 3 }, () => connect(url, { Authorization: 'Bearer guest-token' }))
		await Promise.all(tabs.map((tab) => tab.opened))
		const fourth = connect(url, { Authorization: 'Bearer guest-token' })
		const refused = new Promise<number>((resolve) => fourth.socket.once('close', (code) => resolve(code)))
		await fourth.opened
		expect(await refused).toBe(HUB_CLOSE_TOO_MANY_CONNECTIONS)
		expect(hub.connectionCount()).toBe(3)
		// Another user is not affected by this user's cap.
		const host = connect(url, { Authorization: 'Bearer host-token' })
		await host.opened
		expect(hub.connectionCount()).toBe(4)
		tabs[0]?.socket.close()
		await until(() => hub.connectionCount() === 3)
		const again = connect(url, { Authorization: 'Bearer guest-token' })
		await again.opened
		await until(() => hub.connectionCount() === 4)
		expect(hub.connectionCount()).toBe(4)
		for (const tab of [...tabs, host, again]) tab.socket.close()
	})

	test('connections from one IP are capped across users, also when they arrive at once', async () => {
		const url = await start({ perIp: 5 })
		const sockets = Array.from({ length: 12 }, (_, i) =>
			connect(url, { Authorization: `Bearer user-${i}`, 'X-Test-IP': '203.0.113.7' }),
		)
		const codes = sockets.map(
			(tab) =>
				new Promise<number | null>((resolve) => {
					tab.socket.once('close', (code) => resolve(code))
					setTimeout(() => resolve(null), 500)
				}),
		)
		const outcomes = await Promise.all(codes)
		expect(outcomes.filter((code) => code === null)).toHaveLength(5) // still open
		expect(outcomes.filter((code) => code === HUB_CLOSE_TOO_MANY_CONNECTIONS)).toHaveLength(7)
		expect(hub.connectionCount()).toBe(5)
		const otherIp = connect(url, { Authorization: 'Bearer user-x', 'X-Test-IP': '198.51.100.1' })
		await otherIp.opened
		expect(hub.connectionCount()).toBe(6)
		for (const tab of [...sockets, otherIp]) tab.socket.close()
	})

	test('a recheck checks each session once, however many tabs share it', async () => {
		const url = await start()
		const tabs = [
			...Array.from({ length: 3 }, () => connect(url, { Authorization: 'Bearer guest-token' })),
			connect(url, { Authorization: 'Bearer host-token' }),
		]
		await Promise.all(tabs.map((tab) => tab.opened))
		checkedTokens.length = 0
		endedTokens.add('guest-token')
		await hub.recheckSessions()
		expect(checkedTokens.sort()).toEqual(['guest-token', 'host-token'])
		await until(() => hub.connectionCount() === 1)
		expect(hub.connectionCount()).toBe(1) // all three tabs of the ended session are closed
		for (const tab of tabs) tab.socket.close()
	})

	test('a recheck of many connections lets other work run between its slices (ADR 0165)', async () => {
		const url = await start({ perIp: 1_000, upgradesPerMinute: 1_000 })
		const tabs = Array.from({ length: 250 }, (_, i) => connect(url, { Authorization: `Bearer user-${i}` }))
		await Promise.all(tabs.map((tab) => tab.opened))
		checkedTokens.length = 0
		let checkedBeforeOtherWork = -1
		setImmediate(() => {
			checkedBeforeOtherWork = checkedTokens.length
		})
		await hub.recheckSessions()
		expect(checkedTokens).toHaveLength(250)
		expect(checkedBeforeOtherWork).toBeGreaterThan(0)
		expect(checkedBeforeOtherWork).toBeLessThanOrEqual(100)
		for (const tab of tabs) tab.socket.close()
	})

	test('upgrade attempts per IP are rate-limited before authentication (HTTP 429)', async () => {
		const url = await start({ upgradesPerMinute: 4 })
		const results: string[] = []
		for (let i = 0; i < 6; i++) {
			results.push(
				await connect(url, { 'X-Test-IP': '203.0.113.9' }).opened.then(
					() => 'open',
					(error: Error) => error.message,
				),
			)
		}
		expect(results).toEqual(['HTTP 401', 'HTTP 401', 'HTTP 401', 'HTTP 401', 'HTTP 429', 'HTTP 429'])
		// Another IP still gets through.
		const other = connect(url, { Authorization: 'Bearer guest-token', 'X-Test-IP': '198.51.100.2' })
		await other.opened
		other.socket.close()
	})
})
