/**
 * Two builds side by side, alternately, on the same machine in the same minutes (performance.md,
 * round 13): `npx tsx scripts/diagnostics/compare-builds.ts <other checkout> [path] [req/s] [pairs]`
 * (default: the search page of next Saturday at 110 req/s, two pairs). The other checkout must be
 * built (`git worktree add /tmp/before <commit> && cd /tmp/before && ln -s "$PWD/node_modules" … &&
 * npm run build`). Each turn measures a server's CPU per page at saturation, then six 6-s windows
 * at the fixed rate, and prints the windows' p99s; at the end, how many windows met 25 ms.
 */
import { BYPASS_PAGE_CACHE, measureRps, processCpuMs, startAppServer } from '../bench/harness.ts'
import { searchPagePath } from '../bench/render-pages.bench.ts'
import { measurePaced, quantile } from '../bench/paced.ts'

const other = process.argv[2]
if (!other) throw new Error('usage: compare-builds.ts <other checkout> [path] [req/s] [pairs]')
const urlPath = process.argv[3] ?? searchPagePath()
const rate = Number(process.argv[4] ?? 110)
const pairs = Number(process.argv[5] ?? 2)
const WINDOWS = 6
const GOAL_MS = 25

const servers = { other: await startAppServer({}, { cwd: other }), this: await startAppServer({}) }
const windows: Record<keyof typeof servers, number[]> = { other: [], this: [] }
const cpu: Record<keyof typeof servers, number[]> = { other: [], this: [] }
try {
	for (let pair = 0; pair < pairs; pair++)
		for (const name of ['other', 'this'] as const) {
			const server = servers[name]
			const url = `${server.baseUrl}${urlPath}`
			await measureRps(url, 3, BYPASS_PAGE_CACHE)
			const before = processCpuMs(server.pid)
			const saturated = await measureRps(url, 5, BYPASS_PAGE_CACHE)
			const after = processCpuMs(server.pid)
			if (before !== undefined && after !== undefined) cpu[name].push((after - before) / saturated.requests)
			await measurePaced(url, 3, BYPASS_PAGE_CACHE, rate)
			const p99s: number[] = []
			for (let w = 0; w < WINDOWS; w++)
				p99s.push(quantile((await measurePaced(url, 6, BYPASS_PAGE_CACHE, rate)).latenciesMs, 0.99))
			windows[name].push(...p99s)
			console.log(
				`${name.padEnd(5)} pair ${pair + 1}: ${cpu[name].at(-1)?.toFixed(2)} ms CPU/page at ${saturated.rps.toFixed(0)} req/s; p99 of 6-s windows at ${rate} req/s: ${p99s.map((p) => p.toFixed(0)).join(' ')} ms`,
			)
		}
	for (const name of ['other', 'this'] as const)
		console.log(
			`${name.padEnd(5)}: ${windows[name].filter((p) => p <= GOAL_MS).length} of ${windows[name].length} windows ≤ ${GOAL_MS} ms, median window p99 ${quantile(windows[name], 0.5).toFixed(1)} ms, median CPU/page ${quantile(cpu[name], 0.5).toFixed(2)} ms`,
		)
} finally {
	await servers.other.stop()
	await servers.this.stop()
}
