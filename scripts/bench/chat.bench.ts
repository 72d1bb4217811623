import { fork, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import WebSocket from 'ws'
import { HUB_KEEPALIVE_MS, HUB_PATH } from '#app/utils/realtime.ts'
import {
	insertSession,
	insertUsersWithSessions,
	openBenchDatabase,
	seedChatThread,
	sessionCookie,
	userIdByEmail,
} from './bench-seed.ts'
import {
	freePort,
	processCpuMs,
	RETURNING_VISITOR,
	startAppServer,
	startHelloServer,
	type Benchmark,
} from './harness.ts'
import { quantile } from './paced.ts'
import { GOAL_RATIO, reportRenderedPages } from './render-pages.bench.ts'

/**
 * The chat budgets of issue 32 (docs/subsystems/performance.md), against the production build:
 *
 * 1. Fan-out: one event to FANOUT_CLIENTS (1,000) connected clients, p95 delivery ≤ 50 ms. The
 *    event goes the real way: a guest sends a message (POST /api/Customer/Chat/Send); after the
 *    commit the server publishes HostHasNewChatMessage to the host, who has 1,000 open tabs
 *    (HUB_MAX_CONNECTIONS_PER_USER raised for this server only). Delivery is counted from just
 *    before the POST to each client's receipt, so it includes the request's own work (session,
 *    transaction, unread count): an upper bound of publish → receipt.
 * 2. Idle connections: IDLE_CONNECTIONS (10,000) authenticated connections (one tab each of as
 *    many users: every keep-alive tick checks each session, ADR 0165) held across a keep-alive tick (ping, KeepAlive, session recheck);
 *    the server's memory per connection after a full GC (through the inspector), ≤ 25 KB. The
 *    verdict is on the larger of the RSS growth (native memory too: sockets, ws buffers) and the
 *    heap+external growth (RSS after a GC can keep or return pages the baseline had).
 * 3. Thread page: the demo guest–host thread with 500 more messages, as the host and on the
 *    owner's phone view, measured as render-pages measures (≥ 3 % of a bare Express hello).
 *
 * The clients run in CLIENT_PROCESSES child processes (./hub-clients.ts), never in the server.
 */
const FANOUT_CLIENTS = Number(process.env.CHAT_FANOUT_CLIENTS ?? 1_000)
const FANOUT_EVENTS = Number(process.env.CHAT_FANOUT_EVENTS ?? 20)
const FANOUT_WARM_UP_EVENTS = 3
const FANOUT_GOAL_P95_MS = 50
const IDLE_CONNECTIONS = Number(process.env.CHAT_IDLE_CONNECTIONS ?? 10_000)
/** Tabs per user in the idle measure: one, the case where each connection has its own session. */
const IDLE_TABS_PER_USER = 1
const IDLE_GOAL_KB = 25
const THREAD_MESSAGES = 500
const CLIENT_PROCESSES = 2
const CONNECT_CONCURRENCY = 50

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const wallClock = () => performance.timeOrigin + performance.now()
const hubUrl = (baseUrl: string) => `${baseUrl.replace(/^http/, 'ws')}${HUB_PATH}`

/** This process's soft limit of open files (children inherit it); undefined without /proc. */
export function openFileLimit(): number | undefined {
	try {
		const line = fs
			.readFileSync('/proc/self/limits', 'utf8')
			.split('\n')
			.find((l) => l.startsWith('Max open files'))
		const soft = line?.split(/\s{2,}/)[1]
		return soft === 'unlimited' ? Infinity : soft ? Number(soft) : undefined
	} catch {
		return undefined
	}
}

type ClientMessage =
	| { type: 'connected'; open: number; failed: number; reasons: Record<string, number> }
	| { type: 'received'; count: number }
	| { type: 'receipts'; receipts: [number, number][] }

/** WebSocket clients in child processes (./hub-clients.ts), the connections split between them. */
async function startHubClients(processes: number) {
	const children: ChildProcess[] = Array.from({ length: processes }, () =>
		fork(new URL('./hub-clients.ts', import.meta.url), [], {
			stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
		}),
	)
	const received = new Map<number, number>()
	const waiters = new Set<() => void>()
	for (const child of children)
		child.on('message', (message: ClientMessage) => {
			if (message.type !== 'received') return
			received.set(message.count, (received.get(message.count) ?? 0) + 1)
			for (const waiter of waiters) waiter()
		})
	const answer = <T extends ClientMessage['type']>(child: ChildProcess, type: T) =>
		new Promise<Extract<ClientMessage, { type: T }>>((resolve) => {
			const listener = (message: ClientMessage) => {
				if (message.type !== type) return
				child.off('message', listener)
				resolve(message as Extract<ClientMessage, { type: T }>)
			}
			child.on('message', listener)
		})
	return {
		async connect(url: string, cookies: string[]) {
			const answers = children.map((child, index) => {
				const share = cookies.filter((_, i) => i % children.length === index)
				const done = answer(child, 'connected')
				child.send({ type: 'connect', url, cookies: share, concurrency: CONNECT_CONCURRENCY })
				return done
			})
			const results = await Promise.all(answers)
			const reasons: Record<string, number> = {}
			for (const result of results)
				for (const [reason, n] of Object.entries(result.reasons)) reasons[reason] = (reasons[reason] ?? 0) + n
			return {
				open: results.reduce((sum, r) => sum + r.open, 0),
				failed: results.reduce((sum, r) => sum + r.failed, 0),
				reasons,
			}
		},
		/** Resolves true once every child has had the event with this count on all its connections. */
		received(count: number, timeoutMs: number) {
			return new Promise<boolean>((resolve) => {
				const check = () => {
					if ((received.get(count) ?? 0) < children.length) return
					finish(true)
				}
				const timer = setTimeout(() => finish(false), timeoutMs)
				const finish = (ok: boolean) => {
					clearTimeout(timer)
					waiters.delete(check)
					resolve(ok)
				}
				waiters.add(check)
				check()
			})
		},
		async receipts(): Promise<[number, number][]> {
			const answers = children.map((child) => {
				const done = answer(child, 'receipts')
				child.send({ type: 'report' })
				return done
			})
			return (await Promise.all(answers)).flatMap((a) => a.receipts)
		},
		async stop() {
			await Promise.all(
				children.map(
					(child) =>
						new Promise((resolve) => {
							if (child.exitCode !== null) return resolve(null)
							child.once('exit', resolve)
							child.send({ type: 'close' })
						}),
				),
			)
		},
	}
}

/** process.memoryUsage() of a server started with --inspect, after full garbage collections. */
async function inspectorMemory(inspectPort: number) {
	const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
		webSocketDebuggerUrl: string
	}[]
	const socket = new WebSocket(targets[0]?.webSocketDebuggerUrl ?? '')
	await new Promise((resolve, reject) => {
		socket.once('open', resolve)
		socket.once('error', reject)
	})
	let id = 0
	const call = (method: string, params: Record<string, unknown> = {}) =>
		new Promise<{ result?: { result?: { value?: string } } }>((resolve) => {
			const callId = ++id
			const listener = (data: WebSocket.RawData) => {
				const message = JSON.parse(String(data)) as { id?: number }
				if (message.id !== callId) return
				socket.off('message', listener)
				resolve(message as { result?: { result?: { value?: string } } })
			}
			socket.on('message', listener)
			socket.send(JSON.stringify({ id: callId, method, params }))
		})
	try {
		await call('HeapProfiler.collectGarbage')
		await call('HeapProfiler.collectGarbage')
		const answer = await call('Runtime.evaluate', {
			expression: 'JSON.stringify(process.memoryUsage())',
			returnByValue: true,
		})
		return JSON.parse(answer.result?.result?.value ?? '{}') as NodeJS.MemoryUsage
	} finally {
		socket.close()
	}
}

/** Latencies of a GET every 100 ms for `ms` (a stalled event loop shows as a slow answer). */
async function probeLatency(url: string, ms: number): Promise<number[]> {
	const latencies: number[] = []
	const end = performance.now() + ms
	while (performance.now() < end) {
		const start = performance.now()
		await (await fetch(url)).text()
		latencies.push(performance.now() - start)
		await sleep(Math.max(0, 100 - (performance.now() - start)))
	}
	return latencies
}

type Verdicts = { fanOut?: string; idle?: string; thread?: string }

async function measureFanOut(report: (line: string) => void, verdicts: Verdicts) {
	const server = await startAppServer({
		HUB_MAX_CONNECTIONS_PER_USER: String(FANOUT_CLIENTS),
		HUB_MAX_CONNECTIONS_PER_IP: String(FANOUT_CLIENTS + 100),
	})
	const clients = await startHubClients(CLIENT_PROCESSES)
	try {
		const db = openBenchDatabase(server.databasePath)
		const hostCookie = `auth.token=${insertSession(db, userIdByEmail(db, 'host@example.com'))}`
		const [guest] = insertUsersWithSessions(db, { role: 'Customer', count: 1, prefix: 'bench-fanout-guest' })
		if (!guest) throw new Error('no guest')
		const { threadId } = seedChatThread(db, {
			guestId: guest.id,
			hostId: userIdByEmail(db, 'host@example.com'),
			messages: 0,
		})
		db.close()

		const connected = await clients.connect(hubUrl(server.baseUrl), Array(FANOUT_CLIENTS).fill(hostCookie))
		report(
			`fan-out: one guest's message → HostHasNewChatMessage to the host's ${connected.open} open tabs` +
				(connected.failed
					? ` (${connected.failed} failed to connect: ${JSON.stringify(connected.reasons)})`
					: '') +
				`; ${FANOUT_EVENTS} events after ${FANOUT_WARM_UP_EVENTS} warm-up, clients in ${CLIENT_PROCESSES} processes`,
		)
		const sentAt = new Map<number, number>()
		const postMs: number[] = []
		let lost = 0
		const cpuBefore = processCpuMs(server.pid)
		for (let count = 1; count <= FANOUT_WARM_UP_EVENTS + FANOUT_EVENTS; count++) {
			const start = wallClock()
			sentAt.set(count, start)
			const response = await fetch(`${server.baseUrl}/api/Customer/Chat/Send`, {
				method: 'POST',
				headers: {
					Cookie: guest.cookie,
					Origin: server.baseUrl,
					'Content-Type': 'application/json',
					Accept: 'application/json',
				},
				body: JSON.stringify({
					threadId,
					body: `Fan-out ${count}`,
					clientMessageId: `bench-fanout-${count}`,
				}),
			})
			await response.text()
			if (!response.ok) throw new Error(`Send answered ${response.status}`)
			if (count > FANOUT_WARM_UP_EVENTS) postMs.push(wallClock() - start)
			if (!(await clients.received(count, 10_000))) lost++
			await sleep(100)
		}
		const cpuAfter = processCpuMs(server.pid)
		const latencies = (await clients.receipts())
			.filter(([count]) => count > FANOUT_WARM_UP_EVENTS)
			.map(([count, at]) => at - (sentAt.get(count) ?? at))
		const expected = FANOUT_EVENTS * connected.open
		const p95 = quantile(latencies, 0.95)
		const events = FANOUT_WARM_UP_EVENTS + FANOUT_EVENTS
		report(
			`delivery (POST start → receipt), ${latencies.length.toLocaleString('en')} of ${expected.toLocaleString('en')} receipts: ` +
				`p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(0, ...latencies).toFixed(1)} ms` +
				(lost ? `; ${lost} event(s) not received by every tab within 10 s!` : ''),
		)
		report(
			`(the POST itself: p50 ${quantile(postMs, 0.5).toFixed(1)} ms; server CPU per event incl. the request ${
				cpuBefore !== undefined && cpuAfter !== undefined
					? `${((cpuAfter - cpuBefore) / events).toFixed(1)} ms`
					: 'n/a'
			})`,
		)
		verdicts.fanOut =
			`fan-out to ${connected.open.toLocaleString('en')} clients: p95 ${p95.toFixed(1)} ms (goal ≤ ${FANOUT_GOAL_P95_MS} ms) ` +
			(p95 <= FANOUT_GOAL_P95_MS && latencies.length === expected && connected.open === FANOUT_CLIENTS
				? 'PASS'
				: 'FAIL')
	} finally {
		await clients.stop()
		await server.stop()
	}
}

async function measureIdleConnections(report: (line: string) => void, verdicts: Verdicts) {
	// Every connection is a file descriptor in the server and one in a client process.
	const limit = openFileLimit() ?? Infinity
	const target = Math.min(IDLE_CONNECTIONS, limit - 500)
	if (target < IDLE_CONNECTIONS)
		report(
			`open-file limit ${limit} (ulimit -n): measuring ${target.toLocaleString('en')} connections, not ${IDLE_CONNECTIONS.toLocaleString('en')} — raise it with \`ulimit -n\` before \`npm run bench\``,
		)
	const inspectPort = await freePort()
	const server = await startAppServer({
		NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:${inspectPort}`.trim(),
		HUB_MAX_CONNECTIONS_PER_IP: String(target + 100),
	})
	const clientProcesses = Math.max(CLIENT_PROCESSES, Math.ceil(target / Math.max(1, limit - 500)))
	const clients = await startHubClients(clientProcesses)
	try {
		const db = openBenchDatabase(server.databasePath)
		const users = insertUsersWithSessions(db, {
			role: 'Customer',
			count: Math.ceil(target / IDLE_TABS_PER_USER),
			prefix: 'bench-idle',
		})
		db.close()
		const cookies = users
			.flatMap((user) => Array<string>(IDLE_TABS_PER_USER).fill(user.cookie))
			.slice(0, target)

		// Warm-up: the hub's code paths run once before the baseline.
		const warmUp = await startHubClients(1)
		await warmUp.connect(hubUrl(server.baseUrl), cookies.slice(0, 100))
		await warmUp.stop()
		await sleep(500)

		const before = await inspectorMemory(inspectPort)
		const connectStart = performance.now()
		const connected = await clients.connect(hubUrl(server.baseUrl), cookies)
		const connectSeconds = (performance.now() - connectStart) / 1000
		await sleep(1_000)
		const afterConnect = await inspectorMemory(inspectPort)
		const cpuBefore = processCpuMs(server.pid)
		const idleMs = HUB_KEEPALIVE_MS + 5_000
		const stalls = await probeLatency(`${server.baseUrl}/healthz`, idleMs)
		const cpuAfter = processCpuMs(server.pid)
		const after = await inspectorMemory(inspectPort)
		const n = Math.max(1, connected.open)
		const kb = (bytes: number) => `${(bytes / 1024 / n).toFixed(1)} KB`
		const heapAndExternal = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external
		report(
			`idle: ${connected.open.toLocaleString('en')} authenticated connections of ${users.length} users (${IDLE_TABS_PER_USER} tab(s) each) in ${connectSeconds.toFixed(1)} s` +
				(connected.failed ? ` (${connected.failed} failed: ${JSON.stringify(connected.reasons)})` : '') +
				`, clients in ${clientProcesses} processes; server memory after a full GC (baseline RSS ${(before.rss / 1048576).toFixed(0)} MB)`,
		)
		report(
			`per connection, just connected: RSS ${kb(afterConnect.rss - before.rss)}, heap+external ${kb(heapAndExternal(afterConnect) - heapAndExternal(before))}`,
		)
		report(
			`per connection, after ${idleMs / 1000} s idle (a keep-alive tick: ping, KeepAlive, session recheck): RSS ${kb(after.rss - before.rss)}, heap+external ${kb(heapAndExternal(after) - heapAndExternal(before))}; server CPU while idle ${
				cpuBefore !== undefined && cpuAfter !== undefined
					? `${((cpuAfter - cpuBefore) / (idleMs / 1000)).toFixed(0)} ms/s`
					: 'n/a'
			}; /healthz every 100 ms meanwhile: p50 ${quantile(stalls, 0.5).toFixed(1)} ms, max ${Math.max(0, ...stalls).toFixed(0)} ms`,
		)
		// RSS after a GC may still hold pages the baseline had freed (or drop below it): the verdict
		// takes the larger of the RSS growth and the heap+external growth.
		const perConnectionKb =
			Math.max(after.rss - before.rss, heapAndExternal(after) - heapAndExternal(before)) / 1024 / n
		const label =
			connected.open < IDLE_CONNECTIONS
				? ` (measured at ${n.toLocaleString('en')}, extrapolated per connection)`
				: ''
		verdicts.idle =
			`idle connections: ${perConnectionKb.toFixed(1)} KB of server memory each (the larger of RSS and heap+external growth) at ${n.toLocaleString('en')}${label} (goal ≤ ${IDLE_GOAL_KB} KB at ${IDLE_CONNECTIONS.toLocaleString('en')}) ` +
			(perConnectionKb <= IDLE_GOAL_KB && connected.open === IDLE_CONNECTIONS ? 'PASS' : 'FAIL')
	} finally {
		await clients.stop()
		await server.stop()
	}
}

async function measureThreadPage(report: (line: string) => void, verdicts: Verdicts) {
	const server = await startAppServer()
	const hello = await startHelloServer()
	try {
		const db = openBenchDatabase(server.databasePath)
		const guestId = userIdByEmail(db, 'guest@example.com')
		const { threadId } = seedChatThread(db, {
			guestId,
			hostId: userIdByEmail(db, 'host@example.com'),
			messages: THREAD_MESSAGES,
		})
		const { total } = db
			.prepare('SELECT count(*) AS total FROM chat_messages WHERE conversation_id = ?')
			.get(threadId) as { total: number }
		db.close()
		const host = { ...RETURNING_VISITOR, Cookie: sessionCookie(server.databasePath, 'host@example.com') }
		report(`thread page: the demo guest–host thread with ${total} messages (the page shows the newest 50)`)
		const pages = [
			['thread (host)', `/host/chatMessages?guestId=${guestId}`, host],
			['thread (owner)', `/owner/chatMessages/${guestId}`, host],
		] as const
		for (const [name, path, headers] of pages) {
			const response = await fetch(`${server.baseUrl}${path}`, { headers })
			const html = await response.text()
			if (!response.ok || !html.includes(`(#${THREAD_MESSAGES})`))
				throw new Error(
					`${name}: ${response.status}, the newest message is ${html.includes(`(#${THREAD_MESSAGES})`) ? '' : 'not '}shown`,
				)
		}
		// /host/orders beside them: the same budget, measured under the same load (not judged here).
		const results = await reportRenderedPages(report, server, hello.baseUrl, [
			['host orders (ref.)', '/host/orders', host],
			...pages,
		])
		verdicts.thread = results
			.filter(({ name }) => name.startsWith('thread'))
			.map(
				({ name, ratio }) =>
					`${name} with ${total} messages: ${(ratio * 100).toFixed(2)} % of hello (goal ≥ ${GOAL_RATIO * 100} %) ${ratio >= GOAL_RATIO ? 'PASS' : 'FAIL'}`,
			)
			.join('; ')
	} finally {
		await hello.stop()
		await server.stop()
	}
}

export const chatBenchmark: Benchmark = {
	name: 'chat',
	async run({ report }) {
		const verdicts: Verdicts = {}
		const parts = (process.env.CHAT_PARTS ?? 'fanout,idle,thread').split(',')
		if (parts.includes('fanout')) await measureFanOut(report, verdicts)
		if (parts.includes('idle')) await measureIdleConnections(report, verdicts)
		if (parts.includes('thread')) await measureThreadPage(report, verdicts)
		report('')
		report(
			`chat budgets (issue 32), load average ${os
				.loadavg()
				.map((load) => load.toFixed(2))
				.join(' ')}:`,
		)
		for (const verdict of [verdicts.fanOut, verdicts.idle, verdicts.thread])
			if (verdict) report(`  ${verdict}`)
	},
}
