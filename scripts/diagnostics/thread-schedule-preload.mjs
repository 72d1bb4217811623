// Preload of thread-schedule.ts (performance.md, round 10): a worker reads every thread's
// /proc/<pid>/task/*/schedstat every 5 ms and appends, per interval, the main thread's run and
// runqueue-wait time and the other threads' run time, in ms, beside each GC (perf_hooks).
// Plain JavaScript: it loads before tsx.
import fs from 'node:fs'
import { constants, performance, PerformanceObserver } from 'node:perf_hooks'
import process from 'node:process'
import { Worker } from 'node:worker_threads'

const out = process.env.THREAD_SCHEDULE_FILE ?? '/tmp/thread-schedule.log'
fs.writeFileSync(out, '')
const sampler = `
const fs = require('node:fs')
const { workerData: { pid, out } } = require('node:worker_threads')
const self = fs.readlinkSync('/proc/thread-self').split('/').pop()
const read = () => new Map(fs.readdirSync('/proc/' + pid + '/task').filter((tid) => tid !== self).flatMap((tid) => {
	try { return [[tid, fs.readFileSync('/proc/' + pid + '/task/' + tid + '/schedstat', 'utf8').split(' ').map(Number)]] } catch { return [] }
}))
let previous = read()
const lines = []
setInterval(() => {
	const now = read()
	let mainRun = 0, mainWait = 0, othersRun = 0
	for (const [tid, [run, wait]] of now) {
		const [run0, wait0] = previous.get(tid) ?? [run, wait]
		if (tid === String(pid)) { mainRun = run - run0; mainWait = wait - wait0 } else othersRun += run - run0
	}
	previous = now
	lines.push(Math.round(performance.timeOrigin + performance.now()) + ' S ' + [mainRun, mainWait, othersRun].map((ns) => (ns / 1e6).toFixed(1)).join(' '))
	if (lines.length >= 200) fs.appendFileSync(out, lines.splice(0).join('\\n') + '\\n')
}, 5)
`
new Worker(sampler, { eval: true, workerData: { pid: process.pid, out } }).unref()
// Node's numbers for a GC entry's kind, as in ../bench/server-probe.ts (major is 4).
const GC_KINDS = {
	[constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
	[constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
	[constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
	[constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak',
}
new PerformanceObserver((list) => {
	const lines = list.getEntries().map((entry) => {
		const kind = GC_KINDS[entry.detail?.kind] ?? 'other'
		return `${Math.round(performance.timeOrigin + entry.startTime)} GC ${kind} ${entry.duration.toFixed(1)}`
	})
	fs.appendFileSync(out, `${lines.join('\n')}\n`)
}).observe({ entryTypes: ['gc'] })
