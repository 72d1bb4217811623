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

/** A production app server on a free port with the demo data, started as `npm start` runs it. */
export async function startAppServer(extraEnv: Record<string, string> = {}) {
	const port = await freePort()
	const databasePath = extraEnv.DATABASE_PATH ?? path.join(os.tmpdir(), `spielzimmer-bench-${port}.db`)
	// With the production server's Node flags (ADR 0131), so the figures are the production server's.
	const child = spawn(process.execPath, [...PRODUCTION_NODE_FLAGS, 'server/index.ts'], {
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
		stdio: ['ignore', 'ignore', 'pipe'],
	})
	// The server's errors reach the console; the inspector's notices (a bench that attaches) do not.
	child.stderr?.on('data', (chunk: Buffer) => {
		const text = String(chunk).replace(/^(Debugger (listening|attached|ending)|For help, see).*\n?/gm, '')
		if (text) process.stderr.write(text)
	})
	const baseUrl = `http://127.0.0.1:${port}`
	await waitFor(`${baseUrl}/healthz`)
	return { baseUrl, databasePath, pid: child.pid, stop: () => stopChild(child, databasePath) }
}

export async function startHelloServer() {
	return startScriptServer(
		(port) =>
			`const e=require('express');const a=e();a.get('/',(q,r)=>r.send('hello'));a.listen(${port},'127.0.0.1')`,
	)
}

async function startScriptServer(code: (port: number) => string) {
	const port = await freePort()
	const child = spawn(process.execPath, ['-e', code(port)], { stdio: 'ignore' })
	const baseUrl = `http://127.0.0.1:${port}`
	await waitFor(baseUrl)
	return { baseUrl, pid: child.pid, stop: () => stopChild(child) }
}

async function stopChild(child: ChildProcess, databasePath?: string) {
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
	if (!pid) return undefined
	try {
		// Fields 14 and 15 of a stat file (after the command name in parentheses), in clock ticks.
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
		return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
	} catch {
		return undefined
	}
}

/** The median of a list of numbers (the mean of the middle two for an even count). */
export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b)
	const middle = Math.floor(sorted.length / 2)
	return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
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
