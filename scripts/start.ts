/**
 * npm start: build the production bundle when it is missing or older than the
 * sources, then start the server (which migrates, seeds and prints the demo logins).
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const ROOT = process.cwd()
const BUILD_MARKER = path.join(ROOT, 'build/server/index.js')
const SOURCE_DIRS = ['app', 'server', 'db', 'public']
const SOURCE_FILES = ['vite.config.ts', 'react-router.config.ts', 'package.json']

function newestMtime(target: string): number {
	if (!fs.existsSync(target)) return 0
	const stat = fs.statSync(target)
	if (!stat.isDirectory()) return stat.mtimeMs
	let newest = 0
	for (const entry of fs.readdirSync(target)) {
		newest = Math.max(newest, newestMtime(path.join(target, entry)))
	}
	return newest
}

function buildIsCurrent(): boolean {
	if (!fs.existsSync(BUILD_MARKER) || !fs.existsSync(path.join(ROOT, 'build/client'))) return false
	const built = fs.statSync(BUILD_MARKER).mtimeMs
	const sources = Math.max(
		...SOURCE_DIRS.map((dir) => newestMtime(path.join(ROOT, dir))),
		...SOURCE_FILES.map((file) => newestMtime(path.join(ROOT, file))),
	)
	return sources <= built
}

if (!buildIsCurrent()) {
	console.log('Building the production bundle …')
	const result = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit', cwd: ROOT })
	if (result.status !== 0) {
		console.error('The build failed; see the output above.')
		process.exit(result.status ?? 1)
	}
}

await import('../server/index.ts')
