/**
 * Where what a page promotes to V8's old generation was allocated (performance.md, round 13):
 * `npx tsx scripts/diagnostics/promoted-sites.ts [path] [req/s] [seconds]` (default: the search page
 * of next Saturday at 80 req/s for 6 s; `AS=host@example.com` asks as that demo user, logged in).
 * Needs the production build.
 *
 * The sampling heap profiler reports the sampled objects still alive when it stops, and with
 * `includeObjectsCollectedByMajorGC` also those a mark-compact freed. Taken alone, that second set
 * is mostly young garbage: a mark-compact collects the young generation too (round 9 read it as
 * "spread over the whole request"). Here the window has no mark-compact (an old generation sized
 * far above what the run fills), and two minor GCs just before the profiler stops free the young
 * garbage as minor-GC garbage (not kept). What is left is what is alive or was promoted: the
 * allocation sites of the promoted garbage, per request, self and with callers.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import WebSocket from 'ws'
import {
	BYPASS_PAGE_CACHE,
	freePort,
	measureRps,
	RETURNING_VISITOR,
	startAppServer,
} from '../bench/harness.ts'
import { measurePaced } from '../bench/paced.ts'
import { searchPagePath, sessionCookie } from '../bench/render-pages.bench.ts'

type ProfileNode = {
	callFrame: { functionName: string; url: string; lineNumber: number }
	selfSize: number
	children: ProfileNode[]
}

const urlPath = process.argv[2] ?? searchPagePath()
const rate = Number(process.argv[3] ?? 80)
const seconds = Number(process.argv[4] ?? 6)
const inspectorPort = await freePort()
const gcLog = path.join(os.tmpdir(), `promoted-sites-${process.pid}.log`)

const server = await startAppServer(
	{},
	{
		nodeArgs: [
			`--inspect=127.0.0.1:${inspectorPort}`,
			'--expose-gc',
			'--trace-gc',
			'--initial-old-space-size=3000',
			'--max-old-space-size=6000',
		],
		stdoutFile: gcLog,
	},
)
const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as {
	webSocketDebuggerUrl: string
}[]
const inspector = new WebSocket(targets[0]!.webSocketDebuggerUrl)
await new Promise((resolve) => inspector.once('open', resolve))
let lastId = 0
const answers = new Map<number, (result: unknown) => void>()
inspector.on('message', (data) => {
	const message = JSON.parse(String(data)) as { id?: number; result?: unknown }
	if (message.id) answers.get(message.id)?.(message.result)
})
const call = <T>(method: string, params: object = {}) =>
	new Promise<T>((resolve) => {
		const id = ++lastId
		answers.set(id, resolve as (result: unknown) => void)
		inspector.send(JSON.stringify({ id, method, params }))
	})

const headers = process.env.AS
	? { ...RETURNING_VISITOR, Cookie: sessionCookie(server.databasePath, process.env.AS) }
	: BYPASS_PAGE_CACHE

try {
	const url = `${server.baseUrl}${urlPath}`
	await call('HeapProfiler.enable')
	await measureRps(url, 4, headers)
	await measurePaced(url, 3, headers, rate)
	await call('HeapProfiler.collectGarbage')
	const logStart = fs.statSync(gcLog).size
	await call('HeapProfiler.startSampling', {
		samplingInterval: 1024,
		includeObjectsCollectedByMajorGC: true,
		includeObjectsCollectedByMinorGC: false,
	})
	const run = await measurePaced(url, seconds, headers, rate)
	await call('Runtime.evaluate', { expression: "gc({ type: 'minor' }); gc({ type: 'minor' })" })
	const { profile } = await call<{ profile: { head: ProfileNode } }>('HeapProfiler.stopSampling')
	const gcLines = fs.readFileSync(gcLog, 'utf8').slice(logStart).split('\n')
	// The main isolate's mark-compacts before the profiler's own (its last line): there should be none.
	const mainIsolate = gcLines.find((line) => line.includes('Scavenge'))?.match(/^\[\d+:(0x[0-9a-f]+)\]/)?.[1]
	const markCompacts = gcLines.filter(
		(line) => line.includes(`:${mainIsolate}]`) && line.includes('Mark-Compact'),
	)

	const requests = run.latenciesMs.length
	const frame = (node: ProfileNode) =>
		`${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber + 1}`
	const sum = (key: (stack: ProfileNode[]) => string[]) => {
		const bytes = new Map<string, number>()
		const walk = (node: ProfileNode, stack: ProfileNode[]) => {
			const here = [...stack, node]
			if (node.selfSize) for (const k of new Set(key(here))) bytes.set(k, (bytes.get(k) ?? 0) + node.selfSize)
			for (const child of node.children) walk(child, here)
		}
		walk(profile.head, [])
		return [...bytes].sort((a, b) => b[1] - a[1])
	}
	const kb = (bytes: number) => `${(bytes / requests / 1024).toFixed(2).padStart(7)} KB`
	const [, total = 0] = sum(() => ['all'])[0] ?? []
	console.log(
		`${urlPath} at ${rate} req/s: ${requests} requests; alive or promoted ${kb(total)} per request; mark-compacts in the window besides the profiler's own: ${Math.max(0, markCompacts.length - 1)}`,
	)
	console.log('\nallocated by (self), per request:')
	for (const [site, bytes] of sum((stack) => [frame(stack.at(-1)!)]).slice(0, 25))
		console.log(`${kb(bytes)}  ${site}`)
	console.log('\nwith its callers (four frames), per request:')
	for (const [site, bytes] of sum((stack) => [stack.slice(-4).map(frame).reverse().join(' ← ')]).slice(0, 20))
		console.log(`${kb(bytes)}  ${site}`)
} finally {
	inspector.close()
	await server.stop()
	fs.rmSync(gcLog, { force: true })
}
