import { desc, eq } from 'drizzle-orm'
import {
	IMPORT_ENTITIES,
	importRuns,
	type ImportCounts,
	type ImportEntity,
	type ImportReport,
} from '#db/schema/import.ts'
import { importDocumentSchema, importProgressText, type ImportDocument } from '#app/schemas/admin-import.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import type { Hub } from '#app/utils/realtime.ts'
import {
	runTask,
	type TaskContext,
	type TaskDefinition,
	type TaskRunOutcome,
} from '#app/utils/scheduler.server.ts'
import {
	importOrderRow,
	importPlayroomRow,
	importUserRow,
	loadImportState,
	type ImportState,
	type RowOutcome,
} from './admin-import-rows.server.ts'
import { recordAdminAudit } from '#app/models/platform/audit-log.server.ts'

/**
 * The import of the original system's export (issue 14, ADR 0095,
 * docs/subsystems/import.md). An upload becomes an import_runs row; the run is
 * the background task "admin-import" (manual trigger, under its database
 * lease, recorded in background_task_executions). Rows are imported in chunks
 * of IMPORT_CHUNK_SIZE, each chunk one IMMEDIATE transaction; after every chunk
 * the progress is stored on the run and published as SeedProgress to the admin
 * who started it.
 */
export const IMPORT_TASK_NAME = 'admin-import'
export const IMPORT_CHUNK_SIZE = 500
export const IMPORT_MAX_STORED_ERRORS = 500
/** The task lease; a run still "running" after it belongs to a process that died and no longer counts as active. */
export const IMPORT_LEASE_SECONDS = 30 * 60

const rowImporters: Record<
	ImportEntity,
	(tx: Parameters<typeof importUserRow>[0], state: ImportState, raw: unknown) => RowOutcome
> = {
	users: importUserRow,
	playrooms: importPlayroomRow,
	orders: importOrderRow,
}

export function createImportRun(input: {
	adminUserId: string
	fileName: string
	dryRun: boolean
	document: ImportDocument
}) {
	const totalSteps = countSteps(input.document)
	return getDb()
		.insert(importRuns)
		.values({ ...input, status: 'queued', totalSteps })
		.returning({ id: importRuns.id })
		.get().id
}

function countSteps(document: ImportDocument) {
	return Math.max(
		1,
		IMPORT_ENTITIES.reduce((sum, entity) => sum + Math.ceil(document[entity].length / IMPORT_CHUNK_SIZE), 0),
	)
}

export function latestImportRun() {
	const run = getDb()
		.select({
			id: importRuns.id,
			fileName: importRuns.fileName,
			dryRun: importRuns.dryRun,
			status: importRuns.status,
			step: importRuns.step,
			totalSteps: importRuns.totalSteps,
			progressText: importRuns.progressText,
			report: importRuns.report,
			error: importRuns.error,
			createdAt: importRuns.createdAt,
			finishedAt: importRuns.finishedAt,
		})
		.from(importRuns)
		.orderBy(desc(importRuns.createdAt))
		.limit(1)
		.get()
	return run ?? null
}

export type ImportRunView = NonNullable<ReturnType<typeof latestImportRun>>

const emptyCounts = (): ImportCounts => ({ created: 0, updated: 0, unchanged: 0, invalid: 0 })
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Imports the document of one run; returns the report. Called by the task, awaited by tests. */
export async function executeImportRun(runId: string, context: Pick<TaskContext, 'hub' | 'now'>) {
	const db = getDb()
	const run = db.select().from(importRuns).where(eq(importRuns.id, runId)).get()
	if (!run) throw new Error(`import run ${runId} not found`)
	const document = importDocumentSchema.parse(run.document)
	db.update(importRuns).set({ status: 'running' }).where(eq(importRuns.id, runId)).run()
	const state = loadImportState(db, run.dryRun, context.now)
	const report: ImportReport = {
		counts: { users: emptyCounts(), playrooms: emptyCounts(), orders: emptyCounts() },
		errors: [],
		moreErrors: 0,
	}
	const totalSteps = countSteps(document)
	let step = 0
	const progress = (text: string) => {
		db.update(importRuns).set({ step, totalSteps, progressText: text }).where(eq(importRuns.id, runId)).run()
		context.hub.publishToUser(run.adminUserId, { type: 'SeedProgress', step, totalSteps, text })
	}
	for (const entity of IMPORT_ENTITIES) {
		const rows = document[entity]
		for (let start = 0; start < rows.length; start += IMPORT_CHUNK_SIZE) {
			await yieldToEventLoop()
			const chunk = rows.slice(start, start + IMPORT_CHUNK_SIZE)
			const importChunk = (tx: typeof db) =>
				chunk.forEach((raw, offset) => {
					const outcome = rowImporters[entity](tx, state, raw)
					const counts = report.counts[entity]
					if (typeof outcome === 'string') return void counts[outcome]++
					counts.invalid++
					if (report.errors.length >= IMPORT_MAX_STORED_ERRORS) return void report.moreErrors++
					report.errors.push({ entity, index: start + offset, ...outcome })
				})
			// A dry run only reads; a real one writes each chunk in one IMMEDIATE transaction.
			if (run.dryRun) importChunk(db)
			else immediateTransaction((tx) => importChunk(tx as unknown as typeof db))
			step++
			progress(importProgressText(entity, Math.min(start + IMPORT_CHUNK_SIZE, rows.length), rows.length))
		}
	}
	if (step === 0) progress('')
	immediateTransaction((tx) => {
		tx.update(importRuns)
			.set({ status: 'succeeded', report, document: null, finishedAt: new Date() })
			.where(eq(importRuns.id, runId))
			.run()
		// One audit entry per run with its counts (ADR 0098); the rows themselves are not listed.
		recordAdminAudit(tx, {
			admin: { id: run.adminUserId },
			action: run.dryRun ? 'import.dryRun' : 'import.run',
			entityType: 'import',
			entityId: runId,
			changes: {
				file: { before: null, after: run.fileName },
				counts: {
					before: null,
					after: { ...report.counts, errors: report.errors.length + report.moreErrors },
				},
			},
		})
	})
	return report
}

function failRun(runId: string, error: string) {
	getDb()
		.update(importRuns)
		.set({ status: 'failed', error: error.slice(0, 2000), document: null, finishedAt: new Date() })
		.where(eq(importRuns.id, runId))
		.run()
}

/** Runs an import as the background task (manual trigger, under the lease). Another run holding it → failed "busy". */
export async function startImportRun(runId: string, hub: Hub): Promise<TaskRunOutcome> {
	const definition: TaskDefinition = {
		name: IMPORT_TASK_NAME,
		schedule: '',
		leaseSeconds: IMPORT_LEASE_SECONDS,
		run: async (context) => {
			const report = await executeImportRun(runId, context)
			const itemsProcessed = IMPORT_ENTITIES.reduce((sum, entity) => {
				const counts = report.counts[entity]
				return sum + counts.created + counts.updated + counts.unchanged
			}, 0)
			return { itemsProcessed }
		},
	}
	const outcome = await runTask(definition, 'manual', { hub })
	if (outcome.status === 'skipped') failRun(runId, 'adminImport:errors.busy')
	else if (outcome.status === 'failed') failRun(runId, 'adminImport:errors.failed')
	if (outcome.status !== 'skipped')
		getDb().update(importRuns).set({ executionId: outcome.executionId }).where(eq(importRuns.id, runId)).run()
	return outcome
}

/** A run is active while queued or running (within the lease); the page refreshes itself then. */
export const isActiveRun = (run: Pick<ImportRunView, 'status' | 'createdAt'> | null, now = new Date()) =>
	run !== null &&
	(run.status === 'queued' || run.status === 'running') &&
	now.getTime() - run.createdAt.getTime() < IMPORT_LEASE_SECONDS * 1000
