import http from 'node:http'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'

/**
 * Bench-only preload for the app server (`node --import ./scripts/bench/server-probe.ts`,
 * started by `startAppServer({ probe: true })`): nothing of it is in the app. It
 * answers the bench over the IPC channel with
 * - the server time of every HTTP request since the last reset (from Node's
 *   `request` event, i.e. once the request is parsed, to the response's `finish`), and
 * - the event loop's delay (`monitorEventLoopDelay`, 1 ms resolution): how long a
 *   ready callback waited for the loop — a stall (GC, a big synchronous write, a
 *   background task) shows here whatever the client does, and
 * - the garbage collector's pauses (`gc` performance entries): count, total and longest, and
 *   each one's start (epoch ms), duration and kind;
 * - each request's start and end (epoch ms), and with PROBE_STALLS=1 every stretch of more than
 *   6 ms in which a 1 ms timer did not run (scripts/diagnostics/slow-episodes.ts).
 * - on `{ probe: 'collect-garbage' }`, a full garbage collection (answered with
 *   `{ probe: 'garbage-collected' }`): the bench collects what its saturated run left before
 *   it measures the half load's own latency (./render-pages.bench.ts).
 * Messages: `{ probe: 'reset' }`, `{ probe: 'report' }` → `{ probe: 'report', serverMs, requests, stalls, gcEntries, loopDelay, gc }`.
 */
// V8's `gc()` without `--expose-gc` on the server's command line (which stays the production one).
setFlagsFromString('--expose-gc')
const collectGarbage = runInNewContext('gc') as () => void

const loop = monitorEventLoopDelay({ resolution: 1 })
loop.enable()
let serverMs: number[] = []
let requests: [number, number][] = []
let gcEntries: [number, number, string][] = []
let stalls: [number, number][] = []
const epochMs = () => performance.timeOrigin + performance.now()
// Node's own numbers for a `gc` entry's kind (major is 4, not 2: an earlier table here had them shifted).
const GC_KINDS: Record<number, string> = {
	[constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
	[constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
	[constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
	[constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak',
}
let gc = { count: 0, totalMs: 0, maxMs: 0, byKind: {} as Record<string, { count: number; maxMs: number }> }
new PerformanceObserver((list) => {
	for (const entry of list.getEntries()) {
		gc.count++
		gc.totalMs += entry.duration
		gc.maxMs = Math.max(gc.maxMs, entry.duration)
		const kind =
			GC_KINDS[(entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0] ?? 'other'
		const byKind = (gc.byKind[kind] ??= { count: 0, maxMs: 0 })
		byKind.count++
		byKind.maxMs = Math.max(byKind.maxMs, entry.duration)
		gcEntries.push([performance.timeOrigin + entry.startTime, entry.duration, kind])
	}
}).observe({ entryTypes: ['gc'] })

const originalEmit = http.Server.prototype.emit
http.Server.prototype.emit = function emit(this: http.Server, event: string | symbol, ...args: unknown[]) {
	if (event === 'request') {
		const started = performance.now()
		const response = args[1] as http.ServerResponse
		response.once('finish', () => {
			const finished = performance.now()
			serverMs.push(finished - started)
			requests.push([performance.timeOrigin + started, performance.timeOrigin + finished])
		})
	}
	return originalEmit.apply(this, [event, ...args] as Parameters<typeof originalEmit>)
} as typeof http.Server.prototype.emit

if (process.env.PROBE_STALLS === '1') {
	let last = epochMs()
	setInterval(() => {
		const now = epochMs()
		if (now - last > 6) stalls.push([last, now])
		last = now
	}, 1).unref()
}

process.on('message', (message: { probe?: string }) => {
	if (message?.probe === 'reset') {
		serverMs = []
		requests = []
		gcEntries = []
		stalls = []
		gc = { count: 0, totalMs: 0, maxMs: 0, byKind: {} }
		loop.reset()
	} else if (message?.probe === 'collect-garbage') {
		collectGarbage()
		process.send?.({ probe: 'garbage-collected' })
	} else if (message?.probe === 'report') {
		process.send?.({
			probe: 'report',
			serverMs,
			requests,
			stalls,
			gcEntries,
			gc,
			heapUsedMib: process.memoryUsage().heapUsed / 2 ** 20,
			loopDelay: {
				p50: loop.percentile(50) / 1e6,
				p99: loop.percentile(99) / 1e6,
				max: loop.max / 1e6,
			},
		})
	}
})
