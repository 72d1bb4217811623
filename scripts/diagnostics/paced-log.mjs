// Diagnostics (performance.md, round 7): node scripts/diagnostics/paced-log.mjs <url> <req/s> <seconds> <out.json>
// An open-loop client at a fixed rate that logs each request's due, send, socket, first-byte and end times.
/* global process, console, performance, setTimeout */
import http from 'node:http'
import fs from 'node:fs'
const [url, rate, seconds, out] = [
	process.argv[2],
	Number(process.argv[3]),
	Number(process.argv[4]),
	process.argv[5],
]
const headers = {
	'Accept-Language': 'de-DE',
	Cookie: 'culture=de-DE; i18n_redirected=de',
	Authorization: 'Bearer bench-no-session',
}
const T = () => performance.timeOrigin + performance.now()
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
const total = Math.round(rate * seconds),
	interval = 1000 / rate
const rows = []
const pend = new Set()
const start = T()
let sent = 0
function send(due) {
	const r = { due, sent: T() }
	rows.push(r)
	const p = new Promise((resolve) => {
		const req = http.get(url, { agent, headers }, (res) => {
			r.head = T()
			res.resume()
			res.on('end', () => {
				r.end = T()
				resolve()
			})
		})
		req.on('socket', (s) => {
			r.sock = T()
			r.newSock = s.connecting
		})
		req.on('error', () => {
			r.err = 1
			resolve()
		})
	})
	pend.add(p)
	p.then(() => pend.delete(p))
}
while (sent < total) {
	const now = T()
	while (sent < total && start + sent * interval <= now) {
		send(start + sent * interval)
		sent++
	}
	await new Promise((r) => setTimeout(r, Math.max(0, start + sent * interval - T())))
}
await Promise.all(pend)
agent.destroy()
fs.writeFileSync(out, JSON.stringify(rows))
const lat = rows.map((r) => r.end - r.due).sort((a, b) => a - b)
console.log(
	'n',
	rows.length,
	'p50',
	lat[Math.floor(lat.length * 0.5)].toFixed(1),
	'p99',
	lat[Math.ceil(lat.length * 0.99) - 1].toFixed(1),
	'max',
	lat.at(-1).toFixed(1),
	'newSock',
	rows.filter((r) => r.newSock).length,
)
