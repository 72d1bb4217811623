/**
 * `npm test`: the whole suite — the production build, the unit and integration tests (Vitest) and
 * the browser tests (Playwright, against that build) — then a table of how long each phase took.
 * Exits non-zero when any phase failed.
 *
 * One after the other by default. `TEST_PARALLEL=1` runs Vitest beside the build and Playwright
 * (each line's output printed as a block when it ends) for machines with CPUs to spare: on this
 * project's two-CPU machines it saved nothing (822 s against ~810 s for `.ci/run`, both lines are
 * CPU-bound) and the event-loop latency tests then measured Chromium's load instead of the code
 * (docs/subsystems/testing.md).
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
if (process.env.TEST_PARALLEL === '1') {
	const browserLine = run(build, { stream: false }).then((done) =>
		done.status === 0 ? run(browser, { stream: false }) : done,
	)
	await Promise.all([run(unit, { stream: false }), browserLine])
} else {
	// The build first: a broken build fails in seconds, not after the unit tests.
	if ((await run(build, { stream: true })).status === 0) {
		await run(unit, { stream: true })
		await run(browser, { stream: true })
	}
}

const phases = [build, unit, browser]
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
