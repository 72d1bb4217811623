/**
 * `npm test`: the whole suite — the production build, the unit and integration tests (Vitest) and
 * the browser tests (Playwright, against that build).
 *
 * Vitest needs no build, so it runs while the build and then Playwright run: on this project's
 * two-CPU machines that takes the suite from the sum of the three to about the longest of the two
 * lines (docs/subsystems/testing.md). Each line's output is printed as a block when it ends (two
 * interleaved streams would be unreadable), then a table of how long each phase took. Exits
 * non-zero when any phase failed.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'

type Phase = { name: string; command: string[]; seconds?: number; status?: number }

const bin = (name: string) => path.join('node_modules/.bin', name)

function run(phase: Phase, { stream }: { stream: boolean }): Promise<Phase> {
	const started = performance.now()
	return new Promise((resolve) => {
		const child = spawn(bin(phase.command[0] as string), phase.command.slice(1), {
			stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
			env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
		})
		const output: Buffer[] = []
		child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
		child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
		child.on('close', (code, signal) => {
			phase.seconds = (performance.now() - started) / 1000
			phase.status = code ?? (signal ? 1 : 0)
			if (!stream) {
				process.stdout.write(`\n──── ${phase.name} ────\n`)
				process.stdout.write(Buffer.concat(output))
			}
			resolve(phase)
		})
	})
}

const build: Phase = { name: 'build', command: ['react-router', 'build'] }
const unit: Phase = { name: 'vitest', command: ['vitest', 'run'] }
const browser: Phase = { name: 'playwright', command: ['playwright', 'test'] }

const started = performance.now()
const browserLine = run(build, { stream: false }).then((done) =>
	done.status === 0 ? run(browser, { stream: false }) : done,
)
await Promise.all([run(unit, { stream: false }), browserLine])

const phases = [unit, build, browser]
console.log('\nPhase timings (npm test):')
for (const phase of phases) {
	const result =
		phase.status === undefined ? 'not run' : phase.status === 0 ? 'ok' : `failed (${phase.status})`
	console.log(
		`  ${phase.name.padEnd(11)} ${phase.seconds === undefined ? '' : `${phase.seconds.toFixed(0)} s`.padStart(6)}  ${result}`,
	)
}
console.log(`  ${'total'.padEnd(11)} ${`${((performance.now() - started) / 1000).toFixed(0)} s`.padStart(6)}`)
process.exit(phases.every((phase) => phase.status === 0) ? 0 : 1)
