import { trackEvents, traceEvents } from '#db/schema/tracking.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'

/**
 * /api/Events (spec §7): TrackEvent and TraceEvent rows — first-party
 * analytics, stored only with the visitor's analytics consent
 * (docs/decisions/0033-tracking.md). The user is always the session's, never
 * one named in the request body.
 */
export function recordTrackEvent(
	event: { name: string; value: string | null },
	userId: string | null,
	db: DbOrTx = getDb(),
) {
	db.insert(trackEvents).values({ name: event.name, value: event.value, userId }).run()
}

export function recordTraceEvent(
	event: { pageUrl: string; eventType: string; isHidden: boolean },
	userId: string | null,
	db: DbOrTx = getDb(),
) {
	db.insert(traceEvents)
		.values({ pageUrl: event.pageUrl, eventType: event.eventType, isHidden: event.isHidden, userId })
		.run()
}
