import WebSocket from 'ws'

/**
 * WebSocket clients of the realtime hub, run as a child process of the chat bench
 * (./chat.bench.ts) so that the server's CPU and memory are the server's alone. Driven over IPC:
 *
 * - `{ type: 'connect', url, cookies, concurrency }` opens one connection per cookie (a cookie
 *   may repeat: tabs of one user), answers `{ type: 'connected', open, failed, reasons }`;
 * - every chat hint received (HostHasNewChatMessage / GuestHasNewChatMessage) is stamped with the
 *   wall clock in ms (`performance.timeOrigin + performance.now()`, comparable across processes)
 *   under its `count`; once every open connection has one for a count, `{ type: 'received', count }`;
 * - `{ type: 'report' }` answers `{ type: 'receipts', receipts: [count, ms][] }` and forgets them;
 * - `{ type: 'close' }` closes every connection and exits.
 */
type Command =
	| { type: 'connect'; url: string; cookies: string[]; concurrency: number }
	| { type: 'report' }
	| { type: 'close' }

const sockets: WebSocket[] = []
let receipts: [number, number][] = []
const receivedPerCount = new Map<number, number>()
let open = 0

const send = (message: unknown) => process.send?.(message)
const wallClock = () => performance.timeOrigin + performance.now()

function connectOne(url: string, cookie: string): Promise<string | null> {
	return new Promise((resolve) => {
		const socket = new WebSocket(url, { headers: { Cookie: cookie }, perMessageDeflate: false })
		let settled = false
		let counted = false
		const settle = (reason: string | null) => {
			if (settled) return
			settled = true
			if (reason === null) {
				counted = true
				open++
			}
			resolve(reason)
		}
		socket.on('open', () => {
			// A connection over a cap is accepted and closed at once (4429): wait a moment to see it.
			setTimeout(() => settle(socket.readyState === WebSocket.OPEN ? null : 'closed at once'), 50)
		})
		socket.on('message', (data) => {
			const at = wallClock()
			const event = JSON.parse(String(data)) as { type: string; count?: number }
			if (event.type !== 'HostHasNewChatMessage' && event.type !== 'GuestHasNewChatMessage') return
			const count = event.count ?? 0
			receipts.push([count, at])
			const received = (receivedPerCount.get(count) ?? 0) + 1
			receivedPerCount.set(count, received)
			if (received === open) send({ type: 'received', count })
		})
		socket.on('unexpected-response', (_request, response) => settle(`HTTP ${response.statusCode}`))
		socket.on('close', (code) => {
			if (counted) {
				counted = false
				open--
			}
			settle(`closed ${code}`)
		})
		socket.on('error', (error) => settle(error.message))
		sockets.push(socket)
	})
}

async function connect(url: string, cookies: string[], concurrency: number) {
	const reasons = new Map<string, number>()
	let next = 0
	let failed = 0
	const worker = async () => {
		while (next < cookies.length) {
			const cookie = cookies[next++] ?? ''
			const reason = await connectOne(url, cookie)
			if (reason !== null) {
				failed++
				reasons.set(reason, (reasons.get(reason) ?? 0) + 1)
			}
		}
	}
	await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker))
	send({ type: 'connected', open, failed, reasons: Object.fromEntries(reasons) })
}

process.on('message', (command: Command) => {
	if (command.type === 'connect') void connect(command.url, command.cookies, command.concurrency)
	else if (command.type === 'report') {
		send({ type: 'receipts', receipts })
		receipts = []
	} else {
		for (const socket of sockets) socket.terminate()
		process.exit(0)
	}
})
process.on('disconnect', () => process.exit(0))
