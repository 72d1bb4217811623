import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'
import { PRODUCTION_NODE_FLAGS } from './scripts/node-flags.ts'

/**
 * End-to-end tests against the production build on a random free port with a
 * temporary database (seeded with demo data). Chromium comes from Debian
 * (`apt-get install -y chromium`) — nothing is downloaded.
 */
function findChromium(): string {
	const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
		(candidate): candidate is string => Boolean(candidate),
	)
	const found = candidates.find((candidate) => fs.existsSync(candidate))
	if (!found) {
		throw new Error(
			`No Chromium found (looked at: ${candidates.join(', ')}).\n` +
				'Install it with `sudo apt-get install -y chromium` or set CHROMIUM_PATH to a Chromium binary.',
		)
	}
	return found
}

/** A free TCP port, chosen once and shared with the workers through the environment. */
function freePort(): string {
	return execFileSync(process.execPath, [
		'-e',
		"const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
	]).toString()
}

// Evaluated in the runner first, then in each worker (which inherits the environment).
if (!process.env.E2E_PORT) {
	process.env.E2E_PORT = freePort()
	// The map style server of tests/e2e/global-setup.ts (issue 31.17): maps render from a local style, nothing is fetched from the internet.
	process.env.E2E_MAP_PORT = freePort()
	process.env.E2E_DATABASE = path.join(os.tmpdir(), `spielzimmer-e2e-${process.env.E2E_PORT}.db`)
	for (const suffix of ['', '-wal', '-shm'])
		fs.rmSync(`${process.env.E2E_DATABASE}${suffix}`, { force: true })
}
const port = process.env.E2E_PORT
const databasePath = process.env.E2E_DATABASE ?? ''
const baseURL = `http://127.0.0.1:${port}`
const NEWSLETTER_DISMISSED_COOKIE = {
	name: 'dismissed',
	value: 'true',
	domain: '127.0.0.1',
	path: '/',
	expires: -1,
	httpOnly: false,
	secure: false,
	sameSite: 'Lax' as const,
}

export default defineConfig({
	testDir: './tests/e2e',
	fullyParallel: true,
	workers: 2,
	retries: process.env.CI ? 1 : 0,
	timeout: 30_000,
	expect: { timeout: 7_000 },
	reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
	globalSetup: './tests/e2e/global-setup.ts',
	use: {
		baseURL,
		trace: 'retain-on-failure',
		locale: 'de-DE',
		// The newsletter prompt (ADR 0169) is a modal for logged-in guests with offers off: every
		// context starts with it dismissed; tests/e2e/newsletter.spec.ts starts without the cookie.
		storageState: { cookies: [NEWSLETTER_DISMISSED_COOKIE], origins: [] },
		launchOptions: {
			executablePath: findChromium(),
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
			],
		},
	},
	projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
	webServer: {
		command: `node ${PRODUCTION_NODE_FLAGS.join(' ')} server/index.ts`,
		url: `${baseURL}/healthz`,
		timeout: 120_000,
		reuseExistingServer: false,
		stdout: 'ignore',
		stderr: 'pipe',
		env: {
			NODE_ENV: 'production',
			APP_ENV: 'test',
			PORT: port,
			HOST: '127.0.0.1',
			PUBLIC_URL: baseURL,
			DATABASE_PATH: databasePath,
			SEED_DEMO: 'true',
			SCHEDULER: 'off',
			RATE_LIMIT_FACTOR: '100',
			LOG_LEVEL: 'warn',
			MAP_STYLE_URL: `http://127.0.0.1:${process.env.E2E_MAP_PORT}/style.json`,
		},
	},
})
