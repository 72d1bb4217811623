/**
 * Where the slow requests of a half-load run come from (performance.md, round 7):
 * `npx tsx scripts/diagnostics/slow-episodes.ts [path] [req/s]` (default: the search page at 300).
 * Needs the production build. Starts an app server with the bench's probe (PROBE_STALLS=1), warms
 * it as render-pages does, runs the paced client for 6 s with per-request timings, then groups the
 * requests slower than 25 ms into episodes and prints, for each, the server's event-loop stalls
 * and GCs around it, its longest server time and the phases of its slowest request.
 */
import { BYPASS_PAGE_CACHE, measureRps, startAppServer } from '../bench/harness.ts'
import { measurePaced, type RequestTiming } from '../bench/paced.ts'

const SLOW_MS = 25
const path = process.argv[2] ?? '/playrooms?city=koeln'
const rate = Number(process.argv[3] ?? 300)

const server = await startAppServer({ PROBE_STALLS: '1' }, { probe: true })
try {
	const url = `${server.baseUrl}${path}`
	await measureRps(url, 4, BYPASS_PAGE_CACHE)
	await measurePaced(url, 2, BYPASS_PAGE_CACHE, rate)
	server.probe.reset()
	const timings: RequestTiming[] = []
	await measurePaced(url, 6, BYPASS_PAGE_CACHE, rate, timings)
	const probe = await server.probe.report()

	const slow = timings.filter((t) => t.end - t.due > SLOW_MS)
	console.log(
		`${slow.length} of ${timings.length} requests over ${SLOW_MS} ms; ${probe.stalls.length} stalls > 6 ms; ${probe.gcEntries.length} GCs`,
	)
	const t0 = timings[0]?.due ?? 0
	const at = (epoch: number) => (epoch - t0).toFixed(0)
	const episodes: { first: number; last: number; requests: RequestTiming[] }[] = []
	for (const timing of slow) {
		const current = episodes.at(-1)
		if (current && timing.due - current.last < 50) {
			current.last = timing.due
			current.requests.push(timing)
		} else episodes.push({ first: timing.due, last: timing.due, requests: [timing] })
	}
	for (const episode of episodes.slice(0, 12)) {
		const [from, to] = [episode.first - 150, episode.last + 150]
		const stalls = probe.stalls.filter(([start, end]) => end > from && start < to)
		const gcs = probe.gcEntries.filter(([start]) => start > from && start < to)
		const serverMax = Math.max(
			0,
			...probe.requests.filter(([start]) => start > from && start < to).map(([start, end]) => end - start),
		)
		const worst = episode.requests.reduce((a, b) => (b.end - b.due > a.end - a.due ? b : a))
		console.log(
			`episode at ${at(episode.first)}–${at(episode.last)} ms: ${episode.requests.length} slow, longest ${(worst.end - worst.due).toFixed(0)} ms, longest server time ${serverMax.toFixed(1)} ms`,
		)
		console.log(
			`  its slowest request: send lag ${(worst.sent - worst.due).toFixed(1)}, to socket ${(worst.socket - worst.sent).toFixed(1)}${worst.newConnection ? ' (new connection)' : ''}, to first byte ${(worst.firstByte - worst.socket).toFixed(1)}, body ${(worst.end - worst.firstByte).toFixed(1)} ms`,
		)
		console.log(`  stalls: ${stalls.map(([s, e]) => `${at(s)}+${(e - s).toFixed(0)}`).join(' ') || 'none'}`)
		console.log(`  GCs: ${gcs.map(([s, d, kind]) => `${kind} ${at(s)}+${d.toFixed(1)}`).join(' ') || 'none'}`)
	}
} finally {
	await server.stop()
}
