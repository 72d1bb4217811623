import type { IncomingHttpHeaders, IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { MemoryStore, type Options as RateLimitOptions } from 'express-rate-limit'
import { WebSocketServer, type WebSocket } from 'ws'
import type { UserRole } from '#db/schema/users.ts'
import {
	HUB_CLOSE_SESSION_ENDED,
	HUB_CLOSE_TOO_MANY_CONNECTIONS,
	HUB_KEEPALIVE_MS,
	HUB_MAX_MESSAGE_BYTES,
	HUB_PATH,
	HUB_SERVER_TIMEOUT_MS,
	type Hub,
	type RealtimeEvent,
} from '#app/utils/realtime.ts'

type Identity = { userId: string; role: UserRole }
/** The headers that carry a session: kept per connection to check it again later. */
type Credentials = Pick<IncomingHttpHeaders, 'cookie' | 'authorization'>
type Connection = Identity & { socket: WebSocket; lastSeen: number; ip: string; credentials: Credentials }

export type HubLimits = {
	/** Open connections of one user (all tabs, all devices). */
	perUser: number
	/** Open connections from one client IP. */
	perIp: number
	/** Upgrade attempts from one client IP per minute, accepted or not. */
	upgradesPerMinute: number
}

/**
 * Connections a keep-alive or recheck pass handles between two turns of the event loop (ADR 0165):
 * a pass over 10,000 sockets in one turn held every request up for ~1–2.5 s.
 */
const PASS_SLICE = 100

/** `work` for each item in order, with a turn of the event loop (I/O, timers) every PASS_SLICE items. */
async function forEachInSlices<T>(items: T[], work: (item: T) => unknown) {
	for (let index = 0; index < items.length; index++) {
		if (index > 0 && index % PASS_SLICE === 0) await new Promise((resolve) => setImmediate(resolve))
		await work(items[index] as T)
	}
}

export type HubServer = Hub & {
	close(): Promise<void>
	connectionCount(): number
	/** Checks every connection's session again now (the keep-alive tick does it every 15 s). */
	recheckSessions(): Promise<void>
}

/**
 * The realtime hub (docs/decisions/0005-realtime.md): a `ws` server on the
 * app's HTTP server at /hub. Connections are authenticated by the session
 * cookie or a bearer token during the upgrade; cross-site upgrades are refused.
 * Every 15 s each connection gets a ping (and a KeepAlive message the browser
 * can see); one that has not answered for 30 s is dropped.
 *
 * Limits (docs/decisions/0051-realtime-connection-caps.md): upgrade attempts
 * per IP are rate-limited before authentication (HTTP 429); a connection over
 * the cap of its user or IP is accepted and closed at once with code 4429
 * (HUB_CLOSE_TOO_MANY_CONNECTIONS), which the browser can see and obeys.
 *
 * Sessions end while their sockets are open (log-out elsewhere, a password change, an admin
 * blocking the account, expiry). Every keep-alive tick authenticates each connection again with
 * the headers of its upgrade; one whose session has ended is closed with 4401
 * (HUB_CLOSE_SESSION_ENDED) and gets no more events (docs/decisions/0132-hub-rechecks-sessions.md).
 */
export function createHub(options: {
	server: Server
	/** The identity of a session's headers (cookie or bearer token), or null. */
	authenticate: (headers: Credentials) => Promise<Identity | null> | Identity | null
	isAllowedOrigin: (origin: string | undefined, request: IncomingMessage) => boolean
	/** The client IP as the HTTP app sees it (Express "trust proxy"). */
	clientIp?: (request: IncomingMessage) => string
	limits?: Partial<HubLimits>
	onError?: (error: unknown) => void
}): HubServer {
	const wss = new WebSocketServer({ noServer: true, maxPayload: HUB_MAX_MESSAGE_BYTES })
	const connections = new Set<Connection>()
	const limits: HubLimits = { perUser: 20, perIp: 100, upgradesPerMinute: 60, ...options.limits }
	const clientIp = options.clientIp ?? ((request: IncomingMessage) => request.socket.remoteAddress ?? '')
	const upgradeAttempts = new MemoryStore()
	upgradeAttempts.init({ windowMs: 60_000 } as RateLimitOptions)
	const openPerUser = new Map<string, number>()
	const openPerIp = new Map<string, number>()
	const adjust = (counts: Map<string, number>, key: string, delta: number) => {
		const next = (counts.get(key) ?? 0) + delta
		if (next > 0) counts.set(key, next)
		else counts.delete(key)
	}

	const reject = (socket: Duplex, status: number, text: string) => {
		socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
		socket.destroy()
	}

	const onUpgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
		const pathname = new URL(request.url ?? '/', 'http://hub.local').pathname
		if (pathname !== HUB_PATH) return // other upgrade handlers (Vite HMR in development)
		try {
			const ip = clientIp(request)
			const { totalHits } = await upgradeAttempts.increment(ip)
			if (totalHits > limits.upgradesPerMinute) return reject(socket, 429, 'Too Many Requests')
			if (!options.isAllowedOrigin(request.headers.origin, request)) return reject(socket, 403, 'Forbidden')
			const credentials: Credentials = {
				cookie: request.headers.cookie,
				authorization: request.headers.authorization,
			}
			const identity = await options.authenticate(credentials)
			if (!identity) return reject(socket, 401, 'Unauthorized')
			wss.handleUpgrade(request, socket, head, (ws) => {
				// Counted here, synchronously, so that concurrent upgrades cannot all pass the check.
				if (
					(openPerUser.get(identity.userId) ?? 0) >= limits.perUser ||
					(openPerIp.get(ip) ?? 0) >= limits.perIp
				) {
					ws.close(HUB_CLOSE_TOO_MANY_CONNECTIONS, 'TooManyConnections')
					return
				}
				const connection: Connection = { ...identity, ip, credentials, socket: ws, lastSeen: Date.now() }
				track(connection)
				ws.on('pong', () => {
					connection.lastSeen = Date.now()
				})
				// The browser sends nothing but pongs; any message still proves it is alive.
				ws.on('message', () => {
					connection.lastSeen = Date.now()
				})
				ws.on('close', () => untrack(connection))
				ws.on('error', () => untrack(connection))
			})
		} catch (error) {
			options.onError?.(error)
			reject(socket, 500, 'Internal Server Error')
		}
	}
	options.server.on('upgrade', onUpgrade)

	function track(connection: Connection) {
		connections.add(connection)
		adjust(openPerUser, connection.userId, 1)
		adjust(openPerIp, connection.ip, 1)
	}
	function untrack(connection: Connection) {
		if (!connections.delete(connection)) return
		adjust(openPerUser, connection.userId, -1)
		adjust(openPerIp, connection.ip, -1)
	}

	// Each tick: a ping and a KeepAlive to every connection, then the sessions checked again.
	const keepAlive = setInterval(() => {
		const now = Date.now()
		void forEachInSlices([...connections], (connection) => {
			if (!connections.has(connection)) return // closed meanwhile
			if (now - connection.lastSeen > HUB_SERVER_TIMEOUT_MS) {
				connection.socket.terminate()
				untrack(connection)
				return
			}
			connection.socket.ping()
			send(connection, { type: 'KeepAlive' })
		})
			.then(recheckSessions)
			.catch((error: unknown) => options.onError?.(error))
	}, HUB_KEEPALIVE_MS)
	keepAlive.unref()

	/**
	 * One pass over every connection (ADR 0165): each distinct session is checked once (a user's
	 * tabs share their cookie), in slices, so that thousands of sockets never hold up requests.
	 */
	async function recheckSessions() {
		const checks = new Map<string, Promise<Identity | null>>()
		await forEachInSlices([...connections], async (connection) => {
			if (!connections.has(connection)) return // closed meanwhile
			const key = `${connection.credentials.cookie ?? ''}\n${connection.credentials.authorization ?? ''}`
			let check = checks.get(key)
			if (!check) {
				check = Promise.resolve().then(() => options.authenticate(connection.credentials))
				checks.set(key, check)
			}
			let identity: Identity | null
			try {
				identity = await check
			} catch (error) {
				options.onError?.(error)
				return // a failed check is not an ended session
			}
			if (identity?.userId === connection.userId) {
				connection.role = identity.role // a changed role gets the new role's events
				return
			}
			connection.socket.close(HUB_CLOSE_SESSION_ENDED, 'SessionEnded')
			untrack(connection)
		})
	}

	function send(connection: Connection, event: RealtimeEvent | { type: 'KeepAlive' }) {
		if (connection.socket.readyState !== connection.socket.OPEN) return
		connection.socket.send(JSON.stringify(event))
	}

	return {
		publishToUser(userId, event) {
			for (const connection of connections) if (connection.userId === userId) send(connection, event)
		},
		publishToRole(role, event) {
			for (const connection of connections) if (connection.role === role) send(connection, event)
		},
		publishToAll(event) {
			for (const connection of connections) send(connection, event)
		},
		connectionCount: () => connections.size,
		recheckSessions,
		close: () =>
			new Promise<void>((resolve) => {
				clearInterval(keepAlive)
				options.server.off('upgrade', onUpgrade)
				upgradeAttempts.shutdown()
				for (const connection of connections) connection.socket.terminate()
				connections.clear()
				openPerUser.clear()
				openPerIp.clear()
				wss.close(() => resolve())
			}),
	}
}
