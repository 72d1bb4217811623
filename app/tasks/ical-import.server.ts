import { FEED_LEASE_SECONDS, icalFeedLease, syncFeeds } from '#app/models/host-office/ical-import.server.ts'
import type { TaskDefinition } from '#app/utils/scheduler.server.ts'

/**
 * Imports every iCal feed (docs/subsystems/ical.md) every 30 minutes under the
 * task's lease, each feed under its own lease as well (ADR 0140). A feed that
 * fails is recorded on the feed and in the run's error; the others still sync.
 * `icalImportTaskForFeed` is the "sync now" button: recorded under the same
 * task name, but it takes only its feed's lease — it neither waits for nor
 * blocks the scheduled run or another feed's "sync now"; the scheduled run
 * leaves a feed that is syncing right now to that sync.
 */
export const ICAL_IMPORT_TASK = 'ical-import'
const SCHEDULE = '*/30 * * * *'

export const icalImportTask: TaskDefinition = {
	name: ICAL_IMPORT_TASK,
	schedule: SCHEDULE,
	// Two feeds at a time, each up to ~20 s (fetch, parse): 15 minutes leave room for ~90 slow ones.
	leaseSeconds: 15 * 60,
	run: async ({ now, executionId, logger }) => {
		const { itemsProcessed, error } = await syncFeeds(null, { now, executionId, logger })
		return { itemsProcessed, error }
	},
}

export function icalImportTaskForFeed(feedId: string): TaskDefinition {
	return {
		name: ICAL_IMPORT_TASK,
		schedule: SCHEDULE,
		lease: icalFeedLease(feedId),
		leaseSeconds: FEED_LEASE_SECONDS,
		run: async ({ now, executionId, logger }) => {
			const { itemsProcessed, error } = await syncFeeds([feedId], {
				now,
				executionId,
				logger,
				feedLeaseHeld: true,
			})
			return { itemsProcessed, error }
		},
	}
}
