import http from 'node:http'

/**
 * An open-loop client at a fixed arrival rate: request i is due at start + i / rate,
 * whether or not earlier ones have been answered (as independent visitors arrive),
 * each on a free keep-alive connection (new ones are opened as needed, so the
 * client never queues a request behind another). Latency counts from the time a
 * request was due, so a client that fell behind does not hide the wait
 * (no coordinated omission).
 * With `timings`, each request's phases are appended to it (epoch ms, comparable with the
 * server probe's: scripts/diagnostics/slow-episodes.ts).
 *
 * autocannon's `overallRate` is not this: each of its connections sends its share
 * of the second's requests back to back as soon as each second starts, so a
 * "50 %" run is a burst at saturation with every connection queued for half of
 * every second (and it records each sample with a 1 ms expected interval, which
 * adds one synthetic sample per millisecond of every slow response).
 */
export async function measurePaced(
	url: string,
	seconds: number,
	headers: Record<string, string>,
	rate: number,
	timings?: RequestTiming[],
): Promise<{ latenciesMs: number[]; sendLagMs: number[]; non2xx: number; errors: number }> {
	const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
	const total = Math.max(1, Math.round(seconds * rate))
	const intervalMs = 1000 / rate
	const latenciesMs: number[] = []
	/** How late the client itself sent each request (its own process waiting for a CPU). */
	const sendLagMs: number[] = []
	let non2xx = 0
	let errors = 0
	let sent = 0
	const pending = new Set<Promise<void>>()
	const start = performance.now()

	const send = (dueAt: number) => {
		sendLagMs.push(performance.now() - dueAt)
		const timing: RequestTiming | undefined = timings && {
			due: epochMs(dueAt),
			sent: epochMs(performance.now()),
			socket: 0,
			newConnection: false,
			firstByte: 0,
			end: 0,
		}
		if (timing) timings?.push(timing)
		const done = new Promise<void>((resolve) => {
			const request = http.get(url, { agent, headers }, (response) => {
				if (timing) timing.firstByte = epochMs(performance.now())
				if ((response.statusCode ?? 0) >= 300) non2xx++
				response.resume()
				response.on('end', () => {
					latenciesMs.push(performance.now() - dueAt)
					if (timing) timing.end = epochMs(performance.now())
					resolve()
				})
			})
			if (timing)
				request.on('socket', (socket) => {
					timing.socket = epochMs(performance.now())
					timing.newConnection = socket.connecting
				})
			request.on('error', () => {
				errors++
				resolve()
			})
		})
		pending.add(done)
		void done.then(() => pending.delete(done))
	}

	while (sent < total) {
		const now = performance.now()
		while (sent < total && start + sent * intervalMs <= now) {
			send(start + sent * intervalMs)
			sent++
		}
		const nextDue = start + sent * intervalMs
		await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextDue - performance.now())))
	}
	await Promise.all(pending)
	agent.destroy()
	return { latenciesMs, sendLagMs, non2xx, errors }
}

/** One request of a paced run, in epoch ms (0: did not happen). */
export type RequestTiming = {
	due: number
	sent: number
	socket: number
	/** Whether the request had to open a new connection (every kept-alive one was busy). */
	newConnection: boolean
	firstByte: number
	end: number
}

const epochMs = (monotonicMs: number) => performance.timeOrigin + monotonicMs

/** The q-quantile (0…1) of a list of numbers (nearest rank). */
export function quantile(values: number[], q: number): number {
	if (values.length === 0) return 0
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0
}
