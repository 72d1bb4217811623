import { syncFeeds } from '#app/models/ical-import.server.ts'
import type { TaskDefinition } from '#app/utils/scheduler.server.ts'

/**
 * Imports every iCal feed (docs/subsystems/ical.md) every 30 minutes, one feed
 * after the other under the task's lease. A feed that fails is recorded on the
 * feed and in the run's error; the others still sync. `forFeed` is the "sync
 * now" button: the same task name, so it shares the lease with the scheduled run.
 */
export const ICAL_IMPORT_TASK = 'ical-import'

function importTask(feedIds: readonly string[] | null): TaskDefinition {
	return {
		name: ICAL_IMPORT_TASK,
		schedule: '*/30 * * * *',
		// Each feed may take up to 10 s; 15 minutes leaves room for ~90 feeds before the lease lapses.
		leaseSeconds: 15 * 60,
		run: async ({ now, executionId }) => {
			const { itemsProcessed, error } = await syncFeeds(feedIds, { now, executionId })
			return { itemsProcessed, error }
		},
	}
}

export const icalImportTask = importTask(null)

export function icalImportTaskForFeed(feedId: string) {
	return importTask([feedId])
}
