import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { getDb } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'

const run = promisify(execFile)

/** One request a worker process sends: as whom (a session token), where, what. */
export type RaceJob = { token: string; path: string; body: unknown }
export type RaceResult = {
	status: number
	error: { name: string; message: string } | null
	value: Record<string, unknown> | null
}

/**
 * Races requests at a real API route from `workers` separate processes on
 * this test's database file (tests/fixtures/order-race-worker.ts): the jobs are
 * split evenly, every process waits at a file-system barrier until all are
 * ready, then sends its share at once. Returns the answers in job order.
 */
export async function raceInProcesses(options: {
	/** The route module the workers call, e.g. '#app/routes/api/customer-orders.ts'. */
	route: string
	workers: number
	jobs: RaceJob[]
}): Promise<RaceResult[]> {
	const { route, workers, jobs } = options
	// The test's database has to be on disk for the other processes: flush the WAL first.
	getDb().$client.pragma('wal_checkpoint(TRUNCATE)')
	const barrier = fs.mkdtempSync(path.join(os.tmpdir(), 'api-race-'))
	const worker = path.resolve('tests/fixtures/order-race-worker.ts')
	const tsx = path.resolve('node_modules/.bin/tsx')
	const perWorker = Math.ceil(jobs.length / workers)
	try {
		const outputs = await Promise.all(
			Array.from({ length: workers }, (_, w) =>
				run(tsx, [worker], {
					env: {
						...process.env,
						DATABASE_PATH: getEnv().DATABASE_PATH,
						BARRIER_DIR: barrier,
						WORKERS: String(workers),
						RACE_ROUTE: route,
						RACE_JOBS: JSON.stringify(jobs.slice(w * perWorker, (w + 1) * perWorker)),
					},
					maxBuffer: 10 * 1024 * 1024,
				}).then(({ stdout }) => JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as RaceResult[]),
			),
		)
		return outputs.flat()
	} finally {
		fs.rmSync(barrier, { recursive: true, force: true })
	}
}
