import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'

/**
 * `npm run dev` (the README's hot-reload command) serves real pages in both languages. The dev
 * server runs no build plugins, so this is the page without any of the build's patches of
 * React Router (vite.config.ts): it must be the same page.
 */
async function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer()
		server.once('error', reject)
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo
			server.close(() => resolve(port))
		})
	})
}

let child: ChildProcess | undefined
let origin = ''
let output = ''
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spielzimmer-dev-'))

beforeAll(async () => {
	const [port, hmrPort] = [await freePort(), await freePort()]
	origin = `http://127.0.0.1:${port}`
	child = spawn('npm', ['run', 'dev'], {
		cwd: path.resolve(import.meta.dirname, '..'),
		env: {
			...process.env,
			PORT: String(port),
			HMR_PORT: String(hmrPort),
			HOST: '127.0.0.1',
			APP_ENV: 'development',
			DATABASE_PATH: path.join(dataDir, 'dev.db'),
			UPLOADS_DIR: path.join(dataDir, 'uploads'),
			SEED_DEMO: 'false',
			SCHEDULER: 'off',
			LOG_LEVEL: 'warn',
		},
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	})
	child.stdout?.on('data', (chunk) => (output += chunk))
	child.stderr?.on('data', (chunk) => (output += chunk))
	const deadline = Date.now() + 90_000
	for (;;) {
		const healthy = await fetch(`${origin}/healthz`).then(
			(response) => response.ok,
			() => false,
		)
		if (healthy) return
		if (child.exitCode !== null || Date.now() > deadline)
			throw new Error(`npm run dev did not start:\n${output}`)
		await new Promise((resolve) => setTimeout(resolve, 500))
	}
}, 100_000)

afterAll(() => {
	// The whole group: npm, tsx and the server.
	if (child?.pid) process.kill(-child.pid, 'SIGTERM')
	fs.rmSync(dataDir, { recursive: true, force: true })
})

test.each([
	['/login', 'Anmelden'],
	['/en/login', 'Log in'],
	['/playrooms', 'Spielräume'],
	['/en/playrooms', 'Playrooms'],
])('npm run dev serves %s with its heading', async (pathname, heading) => {
	const response = await fetch(`${origin}${pathname}`)
	expect(response.status).toBe(200)
	const html = await response.text()
	expect(html).toMatch(/^<!DOCTYPE html>/)
	expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}<`))
}, 60_000)
