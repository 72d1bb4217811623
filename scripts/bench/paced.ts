import http from 'node:http'

/**
 * An open-loop client at a fixed arrival rate (ADR 0113): request i is due at start + i / rate,
 * whether or not earlier ones have been answered (as independent visitors arrive), each on a free
 * keep-alive connection (new ones are opened as needed, so the client never queues a request
 * behind another). Latency counts from the time a request was due, so a client that fell behind
 * does not hide the wait (no coordinated omission).
 *
 * autocannon's `overallRate` is not this: each of its connections sends its share of the second's
 * requests back to back as soon as each second starts, so a "50 %" run is a burst at saturation
 * with every connection queued for half of every second.
 */
export async function measurePaced(
	url: string,
	seconds: number,
	headers: Record<string, string>,
	rate: number,
): Promise<{ latenciesMs: number[]; non2xx: number; errors: number }> {
	const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
	const total = Math.max(1, Math.round(seconds * rate))
	const intervalMs = 1000 / rate
	const latenciesMs: number[] = []
	let non2xx = 0
	let errors = 0
	let sent = 0
	const pending = new Set<Promise<void>>()
	const start = performance.now()

	const send = (dueAt: number) => {
		const done = new Promise<void>((resolve) => {
			const request = http.get(url, { agent, headers }, (response) => {
				if ((response.statusCode ?? 0) >= 300) non2xx++
				response.resume()
				response.on('end', () => {
					latenciesMs.push(performance.now() - dueAt)
					resolve()
				})
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
	return { latenciesMs, non2xx, errors }
}

/** The q-quantile (0…1) of a list of numbers (nearest rank). */
export function quantile(values: number[], q: number): number {
	if (values.length === 0) return 0
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0
}
