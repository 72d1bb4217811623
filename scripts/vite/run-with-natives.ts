import { execFileSync } from 'node:child_process'

/**
 * For the build steps' tests: runs an ES module in a fresh Node with V8's natives syntax
 * (`%HaveSameMap`, `%InYoungGeneration`) and returns what it printed, so a test can show what V8
 * does on the Node that runs the server.
 */
export function runWithV8Natives(source: string): string {
	return execFileSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', source], {
		encoding: 'utf8',
	}).trim()
}
