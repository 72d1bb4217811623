/**
 * Who had the CPU around the slowest request of a half-load run (performance.md, round 10):
 * `npx tsx scripts/diagnostics/thread-schedule.ts [path] [req/s] [-- node flags]` (default: the
 * search page at 150 req/s). Needs the production build. Runs the paced client for 30 s against a
 * server with ./thread-schedule-preload.mjs, then prints, in 5-ms steps from 300 ms before the
 * slowest request was due until it ended: the main thread's run and runqueue-wait time, the other
 * threads' run time (V8's helpers, libuv's pool) and each GC.
 */
import fs from 'node:fs'
import { BYPASS_PAGE_CACHE, measureRps, startAppServer } from '../bench/harness.ts'
import { measurePaced, type RequestTiming } from '../bench/paced.ts'

const dashes = process.argv.indexOf('--')
const args = dashes === -1 ? process.argv.slice(2) : process.argv.slice(2, dashes)
const nodeFlags = dashes === -1 ? [] : process.argv.slice(dashes + 1)
const path = args[0] ?? '/playrooms/search?city=koeln'
const rate = Number(args[1] ?? 150)
const log = `/tmp/thread-schedule-${process.pid}.log`

const server = await startAppServer(
	{ THREAD_SCHEDULE_FILE: log },
	{ nodeArgs: [...nodeFlags, '--import', './scripts/diagnostics/thread-schedule-preload.mjs'] },
)
const timings: RequestTiming[] = []
try {
	const url = `${server.baseUrl}${path}`
	await measureRps(url, 3, BYPASS_PAGE_CACHE)
	await measurePaced(url, 30, BYPASS_PAGE_CACHE, rate, timings)
} finally {
	await server.stop()
}
const slowest = timings.reduce((a, b) => (b.end - b.due > a.end - a.due ? b : a))
console.log(`slowest of ${timings.length} requests: ${(slowest.end - slowest.due).toFixed(0)} ms`)
console.log('ms from due | main run, main wait, others run (ms per step) | GC')
const rows = fs
	.readFileSync(log, 'utf8')
	.trim()
	.split('\n')
	.map((line) => line.split(' '))
	.sort((a, b) => Number(a[0]) - Number(b[0]))
for (const [at, type, ...values] of rows) {
	const offset = Number(at) - slowest.due
	if (offset < -300 || Number(at) > slowest.end) continue
	console.log(
		`${offset.toFixed(0).padStart(6)} ${type === 'GC' ? `GC ${values.join(' ')} ms` : values.join(' ')}`,
	)
}
fs.rmSync(log, { force: true })
