import { randomUUID } from 'node:crypto'
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import { playroomBlocks, playrooms } from '#db/schema/catalogue.ts'
import { icalFeeds } from '#db/schema/ical.ts'
import { orders, SLOT_HOLDING_STATUSES } from '#db/schema/orders.ts'
import { addDays, localDateOf, startOfLocalDay } from '#app/domain/berlin-time.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import {
	ExternalFetchError,
	fetchExternalText,
	type ExternalFetchOptions,
} from '#app/utils/external-fetch.server.ts'
import { getLogger, type Logger } from '#app/utils/logger.server.ts'
import { acquireLease, releaseLease } from '#app/utils/scheduler.server.ts'
import { validationMessage } from '#app/utils/validation.ts'
import { queueIcalOverlapEmail, type IcalOverlap } from './ical-emails.server.ts'
import { notifyCalendarConflicts } from '#app/models/notifications/order-notices.server.ts'
import {
	FeedParseError,
	parseFeedPeriods,
	type BusyPeriod,
	type IcalParseLimits,
} from './ical-parse.server.ts'

/**
 * iCal import (docs/subsystems/ical.md, ADR 0082): a feed's events become
 * playroom_blocks with source 'ICal', which availability already treats like
 * any block. Each sync replaces the feed's blocks with what the feed says now
 * (inside one IMMEDIATE transaction), so an event removed from the feed is gone
 * after the next sync. Recurring events (RRULE, EXDATE, RECURRENCE-ID) are
 * expanded from today to the playroom's booking horizon; all-day events cover
 * whole Berlin days; cancelled and transparent ("free") events block nothing.
 * A fetch or parse failure keeps the previous blocks and is recorded.
 *
 * Parsing runs in a worker thread with limits (ical-parse.server.ts, ADR 0140).
 * Each feed's sync holds the feed's own lease (`ical-import:<feedId>`), so a
 * feed never syncs twice at once and one feed's sync never holds up another's.
 */

/** How long a feed's sync may hold its lease (fetch 10 s, waiting for a parse slot, parse 10 s, store). */
export const FEED_LEASE_SECONDS = 15 * 60
/** Feeds a run syncs at the same time (their parses share the parse slots, ical-parse.server.ts). */
const FEEDS_AT_ONCE = 2

/** The lease a feed's sync holds in task_leases. */
export const icalFeedLease = (feedId: string) => `ical-import:${feedId}`

/** The failure as an encoded, translatable message for the host (hostIcal:syncErrors.*). */
function hostMessage(error: unknown): string {
	if (error instanceof ExternalFetchError)
		return validationMessage(`hostIcal:syncErrors.${error.code}`, error.params)
	if (error instanceof FeedParseError)
		return validationMessage(`hostIcal:syncErrors.${error.code}`, error.params)
	return validationMessage('hostIcal:syncErrors.unknown')
}

export type FeedSyncResult = {
	feedId: string
	ok: boolean
	periods: number
	error: string | null
	/** Another run was syncing this feed (it held the feed's lease): nothing was done. */
	skipped?: boolean
}

export type FeedSyncContext = {
	now: Date
	executionId: string | null
	logger?: Logger
	fetch?: ExternalFetchOptions
	parse?: Partial<IcalParseLimits>
	/** The caller holds each feed's lease already (a "sync now" run takes it through runTask). */
	feedLeaseHeld?: boolean
}

type FeedRow = { id: string; url: string; playroomId: string; hostId: string; horizonDays: number }

function loadFeeds(feedIds: readonly string[] | null): FeedRow[] {
	const query = getDb()
		.select({
			id: icalFeeds.id,
			url: icalFeeds.url,
			playroomId: icalFeeds.playroomId,
			hostId: playrooms.hostId,
			horizonDays: playrooms.horizonDays,
		})
		.from(icalFeeds)
		.innerJoin(playrooms, eq(playrooms.id, icalFeeds.playroomId))
	return (feedIds ? query.where(inArray(icalFeeds.id, [...feedIds])) : query)
		.orderBy(icalFeeds.createdAt)
		.all()
}

/** The feeds in turns: each host's first feed, then each host's second, … (one host's many feeds do not come first). */
function inTurns(feeds: FeedRow[]): FeedRow[] {
	const byHost = new Map<string, FeedRow[]>()
	for (const feed of feeds) {
		const list = byHost.get(feed.hostId)
		if (list) list.push(feed)
		else byHost.set(feed.hostId, [feed])
	}
	const lists = [...byHost.values()]
	const turns: FeedRow[] = []
	for (let round = 0; turns.length < feeds.length; round++) {
		for (const list of lists) {
			const feed = list[round]
			if (feed) turns.push(feed)
		}
	}
	return turns
}

/** Imported blocks of one feed carry externalUid `<feedId>:<uid>:<instance start>` (no LIKE: ids hold "_"). */
export function feedBlocksFilter(playroomId: string, feedId: string) {
	const prefix = `${feedId}:`
	return and(
		eq(playroomBlocks.playroomId, playroomId),
		sql`substr(${playroomBlocks.externalUid}, 1, ${prefix.length}) = ${prefix}`,
	)
}

/** Rows per INSERT when a feed's blocks are written (well under SQLite's limit of bound values). */
const INSERT_BATCH = 500

/**
 * Writes a feed's periods as its blocks; returns the periods that are new and overlap a
 * slot-holding order. Batched (up to 5,000 periods): multi-row inserts and one query for the
 * orders the new periods could overlap, so the transaction stays short on the event loop.
 */
function storePeriods(feed: FeedRow, periods: BusyPeriod[], now: Date): IcalOverlap[] {
	return immediateTransaction((tx) => {
		// Removed while it was being fetched or parsed: its blocks must not come back.
		if (!tx.select({ id: icalFeeds.id }).from(icalFeeds).where(eq(icalFeeds.id, feed.id)).get()) return []
		const prefix = `${feed.id}:`
		const existing = tx
			.select({ uid: playroomBlocks.externalUid, start: playroomBlocks.startsAt, end: playroomBlocks.endsAt })
			.from(playroomBlocks)
			.where(feedBlocksFilter(feed.playroomId, feed.id))
			.all()
		const known = new Set(existing.map((row) => `${row.uid}|${row.start.getTime()}|${row.end.getTime()}`))
		tx.delete(playroomBlocks).where(feedBlocksFilter(feed.playroomId, feed.id)).run()
		for (let index = 0; index < periods.length; index += INSERT_BATCH) {
			const rows = periods.slice(index, index + INSERT_BATCH).map((period) => ({
				playroomId: feed.playroomId,
				startsAt: new Date(period.start),
				endsAt: new Date(period.end),
				source: 'ICal' as const,
				externalUid: `${prefix}${period.uid}`,
				note: period.summary || null,
				createdAt: now,
			}))
			tx.insert(playroomBlocks).values(rows).onConflictDoNothing().run()
		}
		const fresh = periods.filter(
			(period) => !known.has(`${prefix}${period.uid}|${period.start}|${period.end}`),
		)
		const overlaps: IcalOverlap[] = []
		if (fresh.length === 0) return overlaps
		const from = fresh.reduce((min, period) => Math.min(min, period.start), Infinity)
		const to = fresh.reduce((max, period) => Math.max(max, period.end), -Infinity)
		const candidates = tx
			.select({ orderId: orders.id, code: orders.code, checkIn: orders.checkIn, checkOut: orders.checkOut })
			.from(orders)
			.where(
				and(
					eq(orders.playroomId, feed.playroomId),
					// The host's own orders: one of the playroom's previous host is not theirs (ADR 0144).
					eq(orders.hostId, feed.hostId),
					inArray(orders.status, [...SLOT_HOLDING_STATUSES]),
					lt(orders.checkIn, new Date(to)),
					gt(orders.checkOut, new Date(from)),
				),
			)
			.orderBy(orders.checkIn)
			.all()
		for (const period of fresh) {
			for (const order of candidates) {
				if (order.checkIn.getTime() < period.end && order.checkOut.getTime() > period.start) {
					overlaps.push({ period, order })
				}
			}
		}
		if (overlaps.length) queueIcalOverlapEmail(feed.playroomId, feed.url, overlaps, tx)
		notifyCalendarConflicts(tx, feed.hostId, feed.playroomId, overlaps, now)
		return overlaps
	})
}

function recordOutcome(feedId: string, outcome: Partial<typeof icalFeeds.$inferInsert>) {
	getDb().update(icalFeeds).set(outcome).where(eq(icalFeeds.id, feedId)).run()
}

/** Syncs one feed: fetch, parse, replace its blocks, record the outcome on the feed. Never throws. */
export async function syncFeed(feed: FeedRow, context: FeedSyncContext): Promise<FeedSyncResult> {
	const today = localDateOf(context.now.getTime())
	const window = { from: startOfLocalDay(today), to: startOfLocalDay(addDays(today, feed.horizonDays + 2)) }
	const logger = context.logger ?? getLogger()
	try {
		const body = await fetchExternalText(feed.url, context.fetch)
		const periods = await parseFeedPeriods(body, window, {
			queue: feed.hostId,
			limits: context.parse,
			// One line per feed and sync, however many lines node-ical printed.
			onWarnings: ({ count, examples }) =>
				logger.warn({ feedId: feed.id, warnings: count, examples }, 'iCal feed: the parser warned'),
		})
		storePeriods(feed, periods, context.now)
		recordOutcome(feed.id, {
			lastSyncedAt: context.now,
			lastStatus: 'succeeded',
			lastError: null,
			lastEventCount: periods.length,
			lastExecutionId: context.executionId,
		})
		return { feedId: feed.id, ok: true, periods: periods.length, error: null }
	} catch (error) {
		const message = (error instanceof Error ? error.message : String(error)).slice(0, 500)
		recordOutcome(feed.id, {
			lastSyncedAt: context.now,
			lastStatus: 'failed',
			lastError: hostMessage(error),
			lastExecutionId: context.executionId,
		})
		return { feedId: feed.id, ok: false, periods: 0, error: message }
	}
}

/** Syncs a feed under its lease; a feed whose lease another run holds is skipped. */
async function syncFeedLeased(feed: FeedRow, context: FeedSyncContext): Promise<FeedSyncResult> {
	if (context.feedLeaseHeld) return syncFeed(feed, context)
	const lease = icalFeedLease(feed.id)
	const holder = `${lease}:${randomUUID()}`
	if (!acquireLease(lease, holder, FEED_LEASE_SECONDS)) {
		return { feedId: feed.id, ok: true, periods: 0, error: null, skipped: true }
	}
	try {
		return await syncFeed(feed, context)
	} finally {
		releaseLease(lease, holder)
	}
}

/**
 * Syncs the given feeds (all when null), two at a time, the hosts taking turns; the task's
 * result. A feed another run is syncing right now is left to that run.
 */
export async function syncFeeds(feedIds: readonly string[] | null, context: FeedSyncContext) {
	const feeds = inTurns(loadFeeds(feedIds))
	const results: FeedSyncResult[] = []
	let next = 0
	const syncInTurn = async () => {
		for (let feed = feeds[next++]; feed; feed = feeds[next++])
			results.push(await syncFeedLeased(feed, context))
	}
	await Promise.all(Array.from({ length: Math.min(FEEDS_AT_ONCE, feeds.length) }, syncInTurn))
	const failed = results.filter((result) => !result.ok)
	return {
		itemsProcessed: results.reduce((sum, result) => sum + result.periods, 0),
		error: failed.length
			? failed.map((result) => `feed ${result.feedId}: ${result.error}`).join('; ')
			: undefined,
		results,
	}
}
