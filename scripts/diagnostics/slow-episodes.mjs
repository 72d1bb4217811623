// Diagnostics (performance.md, round 7): node scripts/diagnostics/slow-episodes.mjs <paced-log out.json> <$REQLOG file>
// Groups requests slower than 25 ms into episodes and prints the server stalls and GCs around each.
/* global process, console */
import fs from 'node:fs'
const c = JSON.parse(fs.readFileSync(process.argv[2]))
const s = JSON.parse(fs.readFileSync(process.argv[3]))
const reqs = s.rows.filter((r) => typeof r[0] === 'number'),
	stalls = s.rows.filter((r) => r[0] === 'stall'),
	conns = s.rows.filter((r) => r[0] === 'conn')
const slow = c.filter((r) => r.end - r.due > 25)
console.log(
	'slow',
	slow.length,
	'of',
	c.length,
	' server reqs',
	reqs.length,
	'stalls>6ms',
	stalls.length,
	'gcs',
	s.gcs.length,
	'conns',
	conns.length,
)
const t0 = c[0].due
// group slow into episodes
let ep = []
for (const r of slow) {
	const e = ep.at(-1)
	if (e && r.due - e.last < 50) {
		e.n++
		e.last = r.due
		e.maxLat = Math.max(e.maxLat, r.end - r.due)
	} else ep.push({ first: r.due, last: r.due, n: 1, maxLat: r.end - r.due })
}
for (const e of ep.slice(0, 12)) {
	const w0 = e.first - 150,
		w1 = e.last + 150
	const st = stalls
		.filter((x) => x[2] > w0 && x[1] < w1)
		.map((x) => `stall ${(x[1] - t0).toFixed(0)}+${(x[2] - x[1]).toFixed(0)}`)
	const g = s.gcs
		.filter((x) => x[0] > w0 && x[0] < w1)
		.map((x) => `gc${x[2]} ${(x[0] - t0).toFixed(0)}+${x[1].toFixed(1)}`)
	const sr = reqs.filter((x) => x[0] > w0 && x[0] < w1)
	const maxSrv = Math.max(...sr.map((x) => x[1] - x[0]))
	const sample = c
		.filter((r) => r.due >= e.first && r.due <= e.last)
		.sort((a, b) => b.end - b.due - (a.end - a.due))[0]
	console.log(
		`ep @${(e.first - t0).toFixed(0)}..${(e.last - t0).toFixed(0)} n=${e.n} maxLat=${e.maxLat.toFixed(0)} maxSrv=${maxSrv.toFixed(1)} worst: lag=${(sample.sent - sample.due).toFixed(1)} sock=${(sample.sock - sample.sent).toFixed(1)} new=${sample.newSock} head=${(sample.head - sample.sock).toFixed(1)} body=${(sample.end - sample.head).toFixed(1)} | ${st.join(' ')} | ${g.join(' ')}`,
	)
}
