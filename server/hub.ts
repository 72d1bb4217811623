import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { UserRole } from '#db/schema/users.ts'
import {
	HUB_KEEPALIVE_MS,
	HUB_MAX_MESSAGE_BYTES,
	HUB_PATH,
	HUB_SERVER_TIMEOUT_MS,
	type Hub,
	type RealtimeEvent,
} from '#app/utils/realtime.ts'

type Identity = { userId: string; role: UserRole }
type Connection = Identity & { socket: WebSocket; lastSeen: number }

export type HubServer = Hub & {
	close(): Promise<void>
	connectionCount(): number
}

/**
 * The realtime hub (docs/decisions/0005-realtime.md): a `ws` server on the
 * app's HTTP server at /hub. Connections are authenticated by the session
 * cookie or a bearer token during the upgrade; cross-site upgrades are refused.
 * Every 15 s each connection gets a ping (and a KeepAlive message the browser
 * can see); one that has not answered for 30 s is dropped.
 */
export function createHub(options: {
	server: Server
	authenticate: (request: IncomingMessage) => Promise<Identity | null> | Identity | null
	isAllowedOrigin: (origin: string | undefined, request: IncomingMessage) => boolean
	onError?: (error: unknown) => void
}): HubServer {
	const wss = new WebSocketServer({ noServer: true, maxPayload: HUB_MAX_MESSAGE_BYTES })
	const connections = new Set<Connection>()

	const reject = (socket: Duplex, status: number, text: string) => {
		socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
		socket.destroy()
	}

	const onUpgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
		const pathname = new URL(request.url ?? '/', 'http://hub.local').pathname
		if (pathname !== HUB_PATH) return // other upgrade handlers (Vite HMR in development)
		try {
			if (!options.isAllowedOrigin(request.headers.origin, request)) return reject(socket, 403, 'Forbidden')
			const identity = await options.authenticate(request)
			if (!identity) return reject(socket, 401, 'Unauthorized')
			wss.handleUpgrade(request, socket, head, (ws) => {
				const connection: Connection = { ...identity, socket: ws, lastSeen: Date.now() }
				connections.add(connection)
				ws.on('pong', () => {
					connection.lastSeen = Date.now()
				})
				// The browser sends nothing but pongs; any message still proves it is alive.
				ws.on('message', () => {
					connection.lastSeen = Date.now()
				})
				ws.on('close', () => connections.delete(connection))
				ws.on('error', () => connections.delete(connection))
			})
		} catch (error) {
			options.onError?.(error)
			reject(socket, 500, 'Internal Server Error')
		}
	}
	options.server.on('upgrade', onUpgrade)

	const keepAlive = setInterval(() => {
		const now = Date.now()
		for (const connection of connections) {
			if (now - connection.lastSeen > HUB_SERVER_TIMEOUT_MS) {
				connection.socket.terminate()
				connections.delete(connection)
				continue
			}
			connection.socket.ping()
			send(connection, { type: 'KeepAlive' })
		}
	}, HUB_KEEPALIVE_MS)
	keepAlive.unref()

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
		close: () =>
			new Promise<void>((resolve) => {
				clearInterval(keepAlive)
				options.server.off('upgrade', onUpgrade)
				for (const connection of connections) connection.socket.terminate()
				connections.clear()
				wss.close(() => resolve())
			}),
	}
}
