/**
 * How much a paced run promotes to V8's old generation (performance.md, round 7):
 * `npx tsx scripts/diagnostics/promoted-bytes.ts [path] [req/s] [-- node flags…]`
 * (default: the search page at 300 req/s), e.g. `… /healthz 300 -- --max-semi-space-size=64`.
 * Needs the production build. Starts an app server with `--trace-gc-nvp`, warms it as render-pages
 * does, runs the paced client for 5 s and sums the scavenges of the main isolate in that time.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { BYPASS_PAGE_CACHE, measureRps, startAppServer } from '../bench/harness.ts'
import { measurePaced, quantile } from '../bench/paced.ts'

const separator = process.argv.indexOf('--')
const args = separator === -1 ? process.argv.slice(2) : process.argv.slice(2, separator)
const extraNodeArgs = separator === -1 ? [] : process.argv.slice(separator + 1)
const urlPath = args[0] ?? '/playrooms?city=koeln'
const rate = Number(args[1] ?? 300)
const traceFile = path.join(os.tmpdir(), `promoted-bytes-${process.pid}.log`)

const server = await startAppServer(
	{},
	{ nodeArgs: ['--trace-gc-nvp', ...extraNodeArgs], stdoutFile: traceFile },
)
try {
	const url = `${server.baseUrl}${urlPath}`
	await measureRps(url, 4, BYPASS_PAGE_CACHE)
	await measurePaced(url, 2, BYPASS_PAGE_CACHE, rate)
	const linesBefore = fs.readFileSync(traceFile, 'utf8').split('\n').length - 1
	const run = await measurePaced(url, 5, BYPASS_PAGE_CACHE, rate)
	await new Promise((resolve) => setTimeout(resolve, 200))
	const lines = fs.readFileSync(traceFile, 'utf8').split('\n').slice(linesBefore)
	// `[pid:isolate] 1234 ms: pause=… gc=s … allocated=… promoted=…`; the first isolate to report is
	// the main thread's (workers start later).
	const isolate = fs.readFileSync(traceFile, 'utf8').match(/^\[\d+:(0x[0-9a-f]+)\]/m)?.[1]
	const scavenges = lines
		.filter((line) => line.includes(' gc=s ') && (!isolate || line.includes(`:${isolate}]`)))
		.map((line) => ({
			atMs: Number(line.match(/(\d+) ms:/)?.[1]),
			allocated: Number(line.match(/ allocated=(\d+)/)?.[1] ?? 0),
			promoted: Number(line.match(/ promoted=(\d+)/)?.[1] ?? 0),
		}))
	const spanS = scavenges.length > 1 ? (scavenges.at(-1)!.atMs - scavenges[0]!.atMs) / 1000 : 5
	const sum = (key: 'allocated' | 'promoted') => scavenges.reduce((total, s) => total + s[key], 0)
	console.log(
		`${scavenges.length} scavenges; allocated ${(sum('allocated') / spanS / 1e6).toFixed(0)} MB/s; promoted ${(sum('promoted') / Math.max(1, scavenges.length) / 1e3).toFixed(0)} KB per scavenge, ${(sum('promoted') / spanS / 1e6).toFixed(1)} MB/s; client p99 ${quantile(run.latenciesMs, 0.99).toFixed(1)} ms`,
	)
} finally {
	await server.stop()
	fs.rmSync(traceFile, { force: true })
}
