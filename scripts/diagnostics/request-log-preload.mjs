// Diagnostics (performance.md, round 7): node --import ./scripts/diagnostics/request-log-preload.mjs server/index.ts
// Logs every request's start and end, new connections, event-loop stalls > 6 ms and GC entries (epoch ms);
/* global process, performance, setInterval */
// writes them to $REQLOG on SIGUSR2. Pair with slow-episodes.mjs <client.json> <server.json>.
import http from 'node:http'
import fs from 'node:fs'
import { PerformanceObserver } from 'node:perf_hooks'
const T = () => performance.timeOrigin + performance.now()
let rows = [],
	gcs = []
new PerformanceObserver((l) => {
	for (const e of l.getEntries()) gcs.push([performance.timeOrigin + e.startTime, e.duration, e.detail?.kind])
}).observe({ entryTypes: ['gc'] })
const emit = http.Server.prototype.emit
http.Server.prototype.emit = function (ev, ...a) {
	if (ev === 'request') {
		const s = T()
		const res = a[1]
		res.once('finish', () => rows.push([s, T()]))
	}
	if (ev === 'connection') rows.push(['conn', T()])
	return emit.apply(this, [ev, ...a])
}
// loop stalls > 5 ms
let last = T()
setInterval(() => {
	const n = T()
	if (n - last > 6) rows.push(['stall', last, n])
	last = n
}, 1).unref()
process.on('SIGUSR2', () => {
	fs.writeFileSync(process.env.REQLOG, JSON.stringify({ rows, gcs }))
	rows = []
	gcs = []
})
