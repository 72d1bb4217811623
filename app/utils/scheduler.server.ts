import os from 'node:os'
import { Cron } from 'croner'
import { and, eq, lt, sql } from 'drizzle-orm'
import { backgroundTaskExecutions, taskLeases } from '#db/schema/platform.ts'
import { getDb, immediateTransaction } from './db.server.ts'
import { getLogger, type Logger } from './logger.server.ts'
import type { Hub } from './realtime.ts'

/**
 * Background tasks (docs/subsystems/background-tasks.md).
 *
 * A task is a named function with a cron schedule (Europe/Berlin). Every run
 * is recorded in background_task_executions. Before running, a process takes
 * the task's lease in task_leases inside an IMMEDIATE transaction; a process
 * that finds the lease held skips the run. So with several processes on one
 * database each scheduled run happens once.
 */
export type TaskContext = { hub: Hub; logger: Logger; now: Date; executionId: string }
/**
 * `error`: a run that did part of its work (e.g. one iCal feed of many failed)
 * is recorded as failed with this message and its item count.
 */
export type TaskResult = { itemsProcessed: number; error?: string }

export type TaskDefinition = {
	name: string
	/** Cron expression (croner syntax, seconds optional), evaluated in Europe/Berlin. */
	schedule: string
	/** Longest expected run; the lease expires after it, so a crashed holder does not block forever. */
	leaseSeconds?: number
	/**
	 * The lease this run takes (default: the task's name). A run of part of a task's work (one iCal
	 * feed's "sync now") takes a lease of its own, so it neither waits for nor blocks the other parts;
	 * it is still recorded under the task's name.
	 */
	lease?: string
	run: (context: TaskContext) => TaskResult | Promise<TaskResult>
}

export type TaskTrigger = 'schedule' | 'manual' | 'startup'
export type TaskRunOutcome =
	| { status: 'succeeded'; executionId: string; itemsProcessed: number }
	| { status: 'failed'; executionId: string; error: string }
	| { status: 'skipped'; reason: 'lease-held' }

const registry = new Map<string, TaskDefinition>()
const RUNNER_ID = `${os.hostname()}:${process.pid}`

export function registerTask(definition: TaskDefinition) {
	registry.set(definition.name, definition)
}

export function listTasks(): TaskDefinition[] {
	return [...registry.values()]
}

export function getTask(name: string): TaskDefinition | undefined {
	return registry.get(name)
}

/** Takes the lease if it is free or expired. Returns whether this runner holds it now. */
export function acquireLease(taskName: string, holder: string, seconds: number, now = new Date()) {
	return immediateTransaction((tx) => {
		const expiresAt = new Date(now.getTime() + seconds * 1000)
		const result = tx
			.insert(taskLeases)
			.values({ taskName, holder, acquiredAt: now, expiresAt })
			.onConflictDoUpdate({
				target: taskLeases.taskName,
				set: { holder, acquiredAt: now, expiresAt },
				setWhere: lt(taskLeases.expiresAt, now),
			})
			.run()
		return result.changes === 1
	})
}

export function releaseLease(taskName: string, holder: string) {
	getDb()
		.delete(taskLeases)
		.where(and(eq(taskLeases.taskName, taskName), eq(taskLeases.holder, holder)))
		.run()
}

/** Runs a task once now (under its lease) and records the execution. */
export async function runTask(
	definition: TaskDefinition,
	trigger: TaskTrigger,
	services: { hub: Hub; logger?: Logger; holder?: string; now?: Date },
): Promise<TaskRunOutcome> {
	const db = getDb()
	const logger = services.logger ?? getLogger()
	const holder = services.holder ?? `${RUNNER_ID}:${crypto.randomUUID().slice(0, 8)}`
	const startedAt = services.now ?? new Date()
	const lease = definition.lease ?? definition.name
	if (!acquireLease(lease, holder, definition.leaseSeconds ?? 600, startedAt)) {
		return { status: 'skipped', reason: 'lease-held' }
	}
	const execution = db
		.insert(backgroundTaskExecutions)
		.values({
			taskName: definition.name,
			trigger,
			startedAt,
			status: 'running',
			runner: RUNNER_ID,
		})
		.returning({ id: backgroundTaskExecutions.id })
		.get()
	try {
		const result = await definition.run({
			hub: services.hub,
			logger,
			now: startedAt,
			executionId: execution.id,
		})
		const error = result.error ? result.error.slice(0, 2000) : null
		db.update(backgroundTaskExecutions)
			.set({
				status: error ? 'failed' : 'succeeded',
				finishedAt: new Date(),
				itemsProcessed: result.itemsProcessed,
				error,
			})
			.where(eq(backgroundTaskExecutions.id, execution.id))
			.run()
		if (error) return { status: 'failed', executionId: execution.id, error }
		return { status: 'succeeded', executionId: execution.id, itemsProcessed: result.itemsProcessed }
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error)
		logger.error({ err: error, task: definition.name }, 'background task failed')
		db.update(backgroundTaskExecutions)
			.set({ status: 'failed', finishedAt: new Date(), error: message.slice(0, 2000) })
			.where(eq(backgroundTaskExecutions.id, execution.id))
			.run()
		return { status: 'failed', executionId: execution.id, error: message }
	} finally {
		releaseLease(lease, holder)
	}
}

/** Marks executions left "running" by a process that died as failed. */
export function failAbandonedExecutions(olderThanMs = 6 * 60 * 60 * 1000, now = new Date()) {
	return getDb()
		.update(backgroundTaskExecutions)
		.set({ status: 'failed', finishedAt: now, error: 'abandoned: the process ended during the run' })
		.where(
			and(
				eq(backgroundTaskExecutions.status, 'running'),
				lt(backgroundTaskExecutions.startedAt, new Date(now.getTime() - olderThanMs)),
			),
		)
		.run().changes
}

let jobs: Cron[] = []

/** Starts the cron jobs of every registered task. Call once per process. */
export function startScheduler(services: { hub: Hub; logger?: Logger }) {
	stopScheduler()
	failAbandonedExecutions()
	const logger = services.logger ?? getLogger()
	jobs = listTasks().map(
		(definition) =>
			new Cron(
				definition.schedule,
				{ timezone: 'Europe/Berlin', protect: true, name: definition.name },
				async () => {
					await runTask(definition, 'schedule', services).catch((error) => {
						logger.error({ err: error, task: definition.name }, 'could not run task')
					})
				},
			),
	)
	logger.info({ tasks: jobs.length }, 'scheduler started')
}

export function stopScheduler() {
	for (const job of jobs) job.stop()
	jobs = []
}

export function countExecutions(taskName: string) {
	return (
		getDb()
			.select({ count: sql<number>`count(*)` })
			.from(backgroundTaskExecutions)
			.where(eq(backgroundTaskExecutions.taskName, taskName))
			.get()?.count ?? 0
	)
}
