/**
 * Hidden classes (V8 "maps") a page makes per request once the server is warm (performance.md,
 * round 13; ADRs 0136, 0137): `npx tsx scripts/diagnostics/hidden-classes.ts [path] [req/s]`
 * (default: the search page of next Saturday at 80 req/s). Needs the production build.
 *
 * A warm server should make none: every object of a kind shares one hidden class. Each new one is
 * allocated in the old generation (only a mark-compact frees it), and an inline cache that sees
 * many of them goes megamorphic. On Node 20 they come from properties added after an object spread
 * or after `Object.setPrototypeOf` (V8 calls such a hidden class "detached" and records no
 * transition from it). Prints the transitions per request, grouped by the property they added and
 * the source position of the code that added it (`line:column` of the server bundle or of Node's
 * own module), so a row can be found in `build/server/index.js`.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { BYPASS_PAGE_CACHE, measureRps, startAppServer } from '../bench/harness.ts'
import { searchPagePath } from '../bench/render-pages.bench.ts'
import { measurePaced } from '../bench/paced.ts'

const urlPath = process.argv[2] ?? searchPagePath()
const rate = Number(process.argv[3] ?? 80)
const log = path.join(os.tmpdir(), `hidden-classes-${process.pid}.log`)

const server = await startAppServer(
	{},
	{ nodeArgs: ['--log-maps', `--logfile=${log}`, '--no-logfile-per-isolate'] },
)
try {
	const url = `${server.baseUrl}${urlPath}`
	// Warm: V8 has compiled the render path and the kept reads and fragments are filled.
	await measureRps(url, 3, BYPASS_PAGE_CACHE)
	await measurePaced(url, 3, BYPASS_PAGE_CACHE, rate)
	await new Promise((resolve) => setTimeout(resolve, 500))
	const start = fs.statSync(log).size
	const run = await measurePaced(url, 4, BYPASS_PAGE_CACHE, rate)
	await new Promise((resolve) => setTimeout(resolve, 500))
	const end = fs.statSync(log).size
	const bytes = Buffer.alloc(end - start)
	const fd = fs.openSync(log, 'r')
	fs.readSync(fd, bytes, 0, bytes.length, start)
	fs.closeSync(fd)

	const requests = run.latenciesMs.length
	let created = 0
	const byOrigin = new Map<string, number>()
	// `map-create,…` per hidden class; `map,<kind>,<time>,<from>,<to>,<pc>,<line>,<column>,<reason>,<name>`
	// per transition ("prototype" as the reason: from a detached hidden class, never recorded).
	for (const line of bytes.toString('latin1').split('\n')) {
		if (line.startsWith('map-create,')) created++
		if (!line.startsWith('map,')) continue
		const [, kind, , , , , row, column, reason, ...name] = line.split(',')
		const origin = `${kind} at ${row}:${column}${reason ? ` (${reason})` : ''} ${name.join(',')}`
		byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + 1)
	}
	console.log(
		`${urlPath} at ${rate} req/s: ${requests} requests, ${(created / requests).toFixed(1)} hidden classes made per request`,
	)
	for (const [origin, count] of [...byOrigin].sort((a, b) => b[1] - a[1]).slice(0, 30))
		if (count / requests >= 0.05)
			console.log(`${(count / requests).toFixed(2).padStart(7)}/request  ${origin}`)
} finally {
	await server.stop()
	fs.rmSync(log, { force: true })
}
