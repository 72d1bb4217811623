import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { backgroundTaskExecutions, taskLeases } from '#db/schema/platform.ts'
import { getDb } from './db.server.ts'
import { getEnv } from './env.server.ts'
import { silentHub } from './realtime.ts'
import { acquireLease, failAbandonedExecutions, runTask, type TaskDefinition } from './scheduler.server.ts'

const run = promisify(execFile)

function executionsOf(name: string) {
	return getDb()
		.select()
		.from(backgroundTaskExecutions)
		.where(eq(backgroundTaskExecutions.taskName, name))
		.all()
}

describe('background tasks', () => {
	test('a successful run is recorded with trigger, times and items', async () => {
		const task: TaskDefinition = {
			name: 'ok-task',
			schedule: '* * * * *',
			run: () => ({ itemsProcessed: 7 }),
		}
		const outcome = await runTask(task, 'manual', { hub: silentHub })
		expect(outcome.status).toBe('succeeded')
		const [row] = executionsOf('ok-task')
		expect(row).toMatchObject({ trigger: 'manual', status: 'succeeded', itemsProcessed: 7, error: null })
		expect(row?.finishedAt?.getTime()).toBeGreaterThanOrEqual(row?.startedAt.getTime() ?? Infinity)
		// The lease is released after the run.
		expect(getDb().select().from(taskLeases).where(eq(taskLeases.taskName, 'ok-task')).get()).toBeUndefined()
	})

	test('a failing run is recorded with its error and does not throw', async () => {
		const task: TaskDefinition = {
			name: 'bad-task',
			schedule: '* * * * *',
			run: () => {
				throw new Error('mail server down')
			},
		}
		const outcome = await runTask(task, 'schedule', { hub: silentHub })
		expect(outcome).toMatchObject({ status: 'failed', error: 'mail server down' })
		expect(executionsOf('bad-task')[0]).toMatchObject({ status: 'failed', error: 'mail server down' })
	})

	test('a held lease blocks other holders until it expires', () => {
		const now = new Date('2026-03-01T10:00:00Z')
		expect(acquireLease('leased', 'process-a', 60, now)).toBe(true)
		expect(acquireLease('leased', 'process-b', 60, new Date(now.getTime() + 30_000))).toBe(false)
		expect(acquireLease('leased', 'process-b', 60, new Date(now.getTime() + 61_000))).toBe(true)
	})

	test('while one run holds the lease, a second run in the same process is skipped', async () => {
		let release: () => void = () => {}
		const slow: TaskDefinition = {
			name: 'slow-task',
			schedule: '* * * * *',
			run: () => new Promise((resolve) => (release = () => resolve({ itemsProcessed: 1 }))),
		}
		const first = runTask(slow, 'schedule', { hub: silentHub })
		const second = await runTask(slow, 'schedule', { hub: silentHub })
		expect(second).toEqual({ status: 'skipped', reason: 'lease-held' })
		release()
		expect((await first).status).toBe('succeeded')
		expect(executionsOf('slow-task')).toHaveLength(1)
	})

	test('with several processes on one database a task runs once', async () => {
		const worker = path.resolve('tests/fixtures/task-lease-worker.ts')
		const tsx = path.resolve('node_modules/.bin/tsx')
		const barrier = fs.mkdtempSync(path.join(os.tmpdir(), 'lease-barrier-'))
		const env = { ...process.env, DATABASE_PATH: getEnv().DATABASE_PATH, BARRIER_DIR: barrier, WORKERS: '4' }
		const outputs = await Promise.all(
			Array.from({ length: 4 }, () =>
				run(tsx, [worker], { env }).then(({ stdout }) => JSON.parse(stdout.trim())),
			),
		)
		const statuses = outputs.map((o: { status: string }) => o.status).sort()
		expect(statuses).toEqual(['skipped', 'skipped', 'skipped', 'succeeded'])
		expect(executionsOf('lease-contest')).toHaveLength(1)
		fs.rmSync(barrier, { recursive: true, force: true })
	})

	test('runs left "running" by a dead process are marked failed', () => {
		const longAgo = new Date(Date.now() - 7 * 60 * 60 * 1000)
		getDb()
			.insert(backgroundTaskExecutions)
			.values({
				taskName: 'crashed',
				trigger: 'schedule',
				startedAt: longAgo,
				status: 'running',
				runner: 'gone:1',
			})
			.run()
		expect(failAbandonedExecutions()).toBe(1)
		expect(executionsOf('crashed')[0]).toMatchObject({ status: 'failed' })
	})
})
