import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { PRODUCTION_NODE_FLAGS } from '../node-flags.ts'

/** Shared tools of the benchmarks (npm run bench). Figures are printed, not asserted. */

export type BenchContext = {
	/** Base URL of a production server started for the run (demo data seeded). */
	baseUrl: string
	/** Requests/second of a bare Express "hello" route measured in the same run. */
	helloRps: number
	databasePath: string
	report: (line: string) => void
}

export type Benchmark = { name: string; run: (context: BenchContext) => Promise<void> }

export async function freePort(): Promise<number> {
	return new Promise((resolve) => {
		const server = net.createServer().listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo
			server.close(() => resolve(port))
		})
	})
}

async function waitFor(url: string, timeoutMs = 120_000) {
	const started = Date.now()
	while (Date.now() - started < timeoutMs) {
		try {
			if ((await fetch(url)).ok) return
		} catch {
			// not up yet
		}
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
	throw new Error(`${url} did not become ready`)
}

/**
 * A production app server on a free port with the demo data. With `probe`, the
 * bench-only preload ./server-probe.ts runs in it and `probe.report()` returns its
 * server times and event-loop delay since `probe.reset()`.
 */
export async function startAppServer(
	extraEnv: Record<string, string> = {},
	options: {
		probe?: boolean
		/** Extra flags for node (e.g. `--trace-gc-nvp`, scripts/diagnostics/promoted-bytes.ts). */
		nodeArgs?: string[]
		/** Where the server's stdout goes (default: discarded). */
		stdoutFile?: string
		/** Another checkout to start the server from, built (scripts/diagnostics/compare-builds.ts). */
		cwd?: string
	} = {},
) {
	const port = await freePort()
	const databasePath = extraEnv.DATABASE_PATH ?? path.join(os.tmpdir(), `spielzimmer-bench-${port}.db`)
	const probeArgs = options.probe ? ['--import', path.resolve('scripts/bench/server-probe.ts')] : []
	const stdout = options.stdoutFile ? fs.openSync(options.stdoutFile, 'w') : 'ignore'
	// Started as npm start runs it (ADR 0131), so the figures are the production server's.
	const nodeArgs = [...PRODUCTION_NODE_FLAGS, ...(options.nodeArgs ?? []), ...probeArgs, 'server/index.ts']
	const child = spawn(process.execPath, nodeArgs, {
		cwd: options.cwd,
		env: {
			...process.env,
			NODE_ENV: 'production',
			APP_ENV: 'test',
			PORT: String(port),
			HOST: '127.0.0.1',
			PUBLIC_URL: `http://127.0.0.1:${port}`,
			DATABASE_PATH: databasePath,
			SEED_DEMO: 'true',
			SCHEDULER: 'off',
			RATE_LIMIT_FACTOR: '100000',
			LOG_LEVEL: 'warn',
			...extraEnv,
		},
		stdio: options.probe ? ['ignore', stdout, 'inherit', 'ipc'] : ['ignore', stdout, 'inherit'],
	})
	const baseUrl = `http://127.0.0.1:${port}`
	await waitFor(`${baseUrl}/healthz`)
	return {
		baseUrl,
		databasePath,
		pid: child.pid,
		probe: {
			reset: () => child.send?.({ probe: 'reset' }),
			report: () => askProbe<ProbeReport>(child, 'report', 'report'),
			/** A full garbage collection in the server (between measurements, never during one). */
			collectGarbage: () => askProbe(child, 'collect-garbage', 'garbage-collected'),
		},
		stop: () => stopChild(child, databasePath),
	}
}

/** Sends the server probe a message and waits for its answer of the given kind. */
function askProbe<T = unknown>(child: ChildProcess, request: string, answer: string): Promise<T> {
	return new Promise<T>((resolve) => {
		const onMessage = (message: T & { probe?: string }) => {
			if (message?.probe !== answer) return
			child.off('message', onMessage)
			resolve(message)
		}
		child.on('message', onMessage)
		child.send?.({ probe: request })
	})
}

export type ProbeReport = {
	serverMs: number[]
	/** Each request's start and end, epoch ms. */
	requests: [number, number][]
	/** With PROBE_STALLS=1: the event loop's stretches of > 6 ms, [from, to] in epoch ms. */
	stalls: [number, number][]
	/** Each GC: start (epoch ms), duration (ms), kind. */
	gcEntries: [number, number, string][]
	gc: {
		count: number
		totalMs: number
		maxMs: number
		byKind: Record<string, { count: number; maxMs: number }>
	}
	heapUsedMib: number
	loopDelay: { p50: number; p99: number; max: number }
}

export async function startHelloServer() {
	return startScriptServer(
		(port) =>
			`const e=require('express');const a=e();a.get('/',(q,r)=>r.send('hello'));a.listen(${port},'127.0.0.1')`,
	)
}

/**
 * A reference for latency: a bare `http` server whose every request keeps its thread busy for
 * `cpuMsPerRequest` and allocates next to nothing (no garbage to collect). Measured beside a page
 * of the same CPU cost, its p99 at half load is what the machine itself allows at that moment
 * (./render-pages.bench.ts).
 */
export async function startBusyServer(cpuMsPerRequest: number) {
	return startScriptServer(
		(port) =>
			`require('http').createServer((q,r)=>{const t=performance.now();while(performance.now()-t<${cpuMsPerRequest});r.end('ok')}).listen(${port},'127.0.0.1')`,
		PRODUCTION_NODE_FLAGS,
	)
}

async function startScriptServer(code: (port: number) => string, nodeFlags: readonly string[] = []) {
	const port = await freePort()
	const child = spawn(process.execPath, [...nodeFlags, '-e', code(port)], { stdio: 'ignore' })
	const baseUrl = `http://127.0.0.1:${port}`
	await waitFor(baseUrl)
	return { baseUrl, pid: child.pid, stop: () => stopChild(child) }
}

async function stopChild(child: ChildProcess, databasePath?: string) {
	if (child.connected) child.disconnect()
	child.kill('SIGTERM')
	await new Promise((resolve) => child.once('exit', resolve))
	if (databasePath)
		for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${databasePath}${suffix}`, { force: true })
}

/**
 * A returning visitor's cookies (the locale cookies are set on the first visit);
 * `Authorization` bypasses the page cache without logging anyone in.
 */
export const RETURNING_VISITOR = { 'Accept-Language': 'de-DE', Cookie: 'culture=de-DE; i18n_redirected=de' }
export const BYPASS_PAGE_CACHE = { ...RETURNING_VISITOR, Authorization: 'Bearer bench-no-session' }

/**
 * Requests per second (and latency) for one URL, 10 connections, `seconds` long;
 * with `rate`, at most that many requests per second in all (latency under a given load).
 */
export async function measureRps(
	url: string,
	seconds = 8,
	headers: Record<string, string> = RETURNING_VISITOR,
	rate?: number,
) {
	const result = await autocannon({
		url,
		connections: 10,
		duration: seconds,
		headers,
		...(rate ? { overallRate: rate } : {}),
	})
	return {
		rps: result.requests.average,
		requests: result.requests.total,
		p99ms: result.latency.p99,
		non2xx: result.non2xx,
		errors: result.errors,
	}
}

/** CPU time (user + system) a process has used so far, in ms; undefined where /proc is missing. */
export function processCpuMs(pid: number | undefined): number | undefined {
	return pid ? cpuMsOf(`/proc/${pid}/stat`) : undefined
}

/**
 * CPU time a process's main thread (the one whose id is the process's) has used so far, in ms:
 * for a Node server, its event loop's work without V8's and libuv's helper threads.
 */
export function mainThreadCpuMs(pid: number | undefined): number | undefined {
	return pid ? cpuMsOf(`/proc/${pid}/task/${pid}/stat`) : undefined
}

function cpuMsOf(statFile: string): number | undefined {
	try {
		// Fields 14 and 15 of a stat file (after the command name in parentheses), in clock ticks.
		const stat = fs.readFileSync(statFile, 'utf8')
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
		return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
	} catch {
		return undefined
	}
}

/** p50/p95 of a synchronous or async function, after warm-up. */
export async function measureLatency(fn: () => unknown, iterations = 500) {
	for (let i = 0; i < Math.min(50, iterations); i++) await fn()
	const samples: number[] = []
	for (let i = 0; i < iterations; i++) {
		const start = performance.now()
		await fn()
		samples.push(performance.now() - start)
	}
	samples.sort((a, b) => a - b)
	const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0
	return { p50: at(0.5), p95: at(0.95), max: samples[samples.length - 1] ?? 0 }
}

/**
 * Gzipped size of the JavaScript a page loads at start: its module scripts
 * and modulepreload links, read from build/client.
 */
export async function pageJavaScriptGzipBytes(url: string): Promise<number> {
	const html = await (await fetch(url)).text()
	const sources = new Set<string>()
	for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g))
		sources.add(match[1] ?? '')
	for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) sources.add(match[1] ?? '')
	for (const match of html.matchAll(/import\("([^"]+\.js)"\)/g)) sources.add(match[1] ?? '')
	let total = 0
	for (const source of sources) {
		if (!source.startsWith('/assets/')) continue
		const file = path.join('build/client', source)
		if (fs.existsSync(file)) total += gzipSync(fs.readFileSync(file), { level: 9 }).length
	}
	return total
}

export const fmt = {
	ms: (value: number) => `${value.toFixed(2)} ms`,
	rps: (value: number) => `${Math.round(value).toLocaleString('en')} req/s`,
	kib: (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`,
}
