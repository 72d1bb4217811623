import { count } from 'drizzle-orm'
import { backgroundTaskExecutions, TASK_STATUSES, TASK_TRIGGERS } from '#db/schema/platform.ts'
import { AppError } from '#app/utils/app-error.ts'
import {
	defineDataTable,
	runTableQuery,
	type ListPage,
	type TableQuery,
} from '#app/utils/data-table.server.ts'
import { immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import type { Hub } from '#app/utils/realtime.ts'
import { runTask, type TaskRunOutcome } from '#app/utils/scheduler.server.ts'
import { ALL_TASKS } from '#app/tasks/index.server.ts'
import { recordAdminAudit } from '#app/models/platform/audit-log.server.ts'
import { assertAdmin } from '#app/utils/assert-admin.ts'

/**
 * /admin/backgroundTaskExecutions (issue 14, ADR 0097): every run of every
 * background task in the data table (`?status=failed`, `?taskName=` — the
 * dashboard links with these), and "run now" per task: trigger 'manual',
 * under the same database lease as the scheduler, so a task that is running
 * is not started twice.
 */
const columns = {
	id: backgroundTaskExecutions.id,
	taskName: backgroundTaskExecutions.taskName,
	trigger: backgroundTaskExecutions.trigger,
	status: backgroundTaskExecutions.status,
	startedAt: backgroundTaskExecutions.startedAt,
	finishedAt: backgroundTaskExecutions.finishedAt,
	itemsProcessed: backgroundTaskExecutions.itemsProcessed,
	error: backgroundTaskExecutions.error,
}
type ExecutionRow = {
	id: string
	taskName: string
	trigger: (typeof TASK_TRIGGERS)[number]
	status: (typeof TASK_STATUSES)[number]
	startedAt: Date
	finishedAt: Date | null
	itemsProcessed: number
	error: string | null
}
const toItem = (row: ExecutionRow) => ({
	...row,
	startedAt: row.startedAt.getTime(),
	finishedAt: row.finishedAt?.getTime() ?? null,
})
export type ExecutionItem = ReturnType<typeof toItem>

/** Every task of the platform, by name (the "run now" list and the `taskName` filter). */
const TASKS = new Map(ALL_TASKS.map((task) => [task.name, task]))
export const TASK_NAMES = [...TASKS.keys()] as [string, ...string[]]

export const executionTable = defineDataTable({
	id: 'task-runs',
	csvFile: 'admin:table.files.taskRuns',
	columns: {
		taskName: {
			label: 'adminMoney:tasks.columns.taskName',
			sort: backgroundTaskExecutions.taskName,
			csv: (item: ExecutionItem) => item.taskName,
		},
		trigger: {
			label: 'adminMoney:tasks.columns.trigger',
			csv: (item, t) => t(`adminMoney:tasks.triggers.${item.trigger}`),
		},
		status: {
			label: 'adminMoney:tasks.columns.status',
			sort: backgroundTaskExecutions.status,
			csv: (item, t) => t(`adminMoney:tasks.statuses.${item.status}`),
		},
		startedAt: {
			label: 'adminMoney:tasks.columns.startedAt',
			sort: backgroundTaskExecutions.startedAt,
			csv: (item, _t, format) => format.instant(item.startedAt),
			csvTime: true,
		},
		finishedAt: {
			label: 'adminMoney:tasks.columns.finishedAt',
			csv: (item, _t, format) => format.instant(item.finishedAt),
			csvTime: true,
		},
		itemsProcessed: {
			label: 'adminMoney:tasks.columns.itemsProcessed',
			sort: backgroundTaskExecutions.itemsProcessed,
			csv: (item, _t, format) => format.integer(item.itemsProcessed),
		},
		error: { label: 'adminMoney:tasks.columns.error', csv: (item) => item.error ?? '' },
	},
	filters: {
		taskName: {
			kind: 'enum',
			column: backgroundTaskExecutions.taskName,
			values: TASK_NAMES,
			label: 'adminMoney:tasks.columns.taskName',
			optionLabel: 'adminMoney:tasks.names.',
		},
		status: {
			kind: 'enum',
			column: backgroundTaskExecutions.status,
			values: TASK_STATUSES,
			label: 'adminMoney:tasks.columns.status',
			optionLabel: 'adminMoney:tasks.statuses.',
		},
		trigger: {
			kind: 'enum',
			column: backgroundTaskExecutions.trigger,
			values: TASK_TRIGGERS,
			label: 'adminMoney:tasks.columns.trigger',
			optionLabel: 'adminMoney:tasks.triggers.',
		},
		startedAt: {
			kind: 'dateRange',
			column: backgroundTaskExecutions.startedAt,
			label: 'adminMoney:tasks.columns.startedAt',
		},
	},
	search: [backgroundTaskExecutions.taskName, backgroundTaskExecutions.error],
	defaultSort: 'startedAt:desc',
	tiebreaker: backgroundTaskExecutions.id,
	defaultPerPage: 25,
	rows: (db: DbOrTx) => db.select(columns).from(backgroundTaskExecutions).$dynamic(),
	count: (db: DbOrTx) => db.select({ n: count() }).from(backgroundTaskExecutions).$dynamic(),
	toItem,
})

export function listTaskRuns(actor: { role: string }, query: TableQuery): ListPage<ExecutionItem> {
	assertAdmin(actor)
	return runTableQuery(executionTable, query)
}

/** The tasks an admin can start ("run now"). */
export function runnableTasks(actor: { role: string }) {
	assertAdmin(actor)
	return [...TASKS.values()].map((task) => ({ name: task.name, schedule: task.schedule }))
}

/**
 * Runs a registered task now (trigger 'manual', under its lease). An unknown name is a 404.
 * The audit entry is written with the run's outcome once the run (its own transactions) has ended.
 */
export async function runTaskNow(
	actor: { id: string; role: string },
	taskName: string,
	services: { hub: Hub },
): Promise<TaskRunOutcome> {
	assertAdmin(actor)
	const task = TASKS.get(taskName)
	if (!task) throw new AppError(404)
	const outcome = await runTask(task, 'manual', services)
	immediateTransaction((tx) =>
		recordAdminAudit(tx, {
			admin: actor,
			action: 'task.runNow',
			entityType: 'task',
			entityId: taskName,
			changes: {
				outcome: {
					before: null,
					after:
						'executionId' in outcome ? { status: outcome.status, executionId: outcome.executionId } : outcome,
				},
			},
		}),
	)
	return outcome
}
