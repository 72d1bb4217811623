import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { describe, expect, test } from 'vitest'

/** The React build (its loaded CommonJS file) after node-env.ts and the server's early imports. */
function reactBuildLoaded(args: string[]): string {
	const env = { ...process.env }
	delete env.NODE_ENV
	const script = `
		await import('./server/node-env.ts')
		await import('./server/page-cache.ts')
		const { createRequire } = await import('node:module')
		const require = createRequire(process.cwd() + '/')
		// Node's CommonJS export scan registers both builds; only the one React ran is loaded.
		const loaded = Object.entries(require.cache).filter(([file, m]) => /react[\\\\/]cjs[\\\\/]react\\./.test(file) && m.loaded)
		console.log(loaded.map(([file]) => file).join() || 'none')`
	return execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, ...args], {
		env,
		encoding: 'utf8',
	}).trim()
}

describe('NODE_ENV for the server process', () => {
	test('server/index.ts imports node-env.ts before anything else (React reads NODE_ENV once, at its first require)', () => {
		const firstImport = fs
			.readFileSync(new URL('./index.ts', import.meta.url), 'utf8')
			.split('\n')
			.find((line) => line.startsWith('import '))
		expect(firstImport).toBe("import './node-env.ts'")
	})

	test('without NODE_ENV the server’s imports load React’s production build; with --dev its development build', () => {
		expect(reactBuildLoaded([])).toMatch(/react\.production\.js$/)
		expect(reactBuildLoaded(['--', '--dev'])).toMatch(/react\.development\.js$/)
	})
})
