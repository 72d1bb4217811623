import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import nodeIcal from 'node-ical'
import { playroomBlocks, playrooms } from '#db/schema/catalogue.ts'
import { icalFeeds } from '#db/schema/ical.ts'
import { orders, SLOT_HOLDING_STATUSES } from '#db/schema/orders.ts'
import { addDays, DAY_MS, localDateOf, startOfLocalDay } from '#app/domain/berlin-time.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import {
	ExternalFetchError,
	fetchExternalText,
	type ExternalFetchOptions,
} from '#app/utils/external-fetch.server.ts'
import { validationMessage } from '#app/utils/validation.ts'
import { queueIcalOverlapEmail, type IcalOverlap } from './ical-emails.server.ts'

/**
 * iCal import (docs/subsystems/ical.md, ADR 0082): a feed's events become
 * playroom_blocks with source 'ICal', which availability already treats like
 * any block. Each sync replaces the feed's blocks with what the feed says now
 * (inside one IMMEDIATE transaction), so an event removed from the feed is gone
 * after the next sync. Recurring events (RRULE, EXDATE, RECURRENCE-ID) are
 * expanded from today to the playroom's booking horizon; all-day events cover
 * whole Berlin days; cancelled and transparent ("free") events block nothing.
 * A fetch or parse failure keeps the previous blocks and is recorded.
 */
export type BusyPeriod = { uid: string; start: number; end: number; summary: string }

/** More periods than this in one feed is refused (a 5 MB feed of daily events for 10 years). */
export const MAX_PERIODS_PER_FEED = 5000

export class FeedParseError extends Error {
	override name = 'FeedParseError'
	constructor(
		message: string,
		readonly code: 'parse' | 'tooManyEvents' = 'parse',
	) {
		super(message)
	}
}

/** The failure as an encoded, translatable message for the host (hostIcal:syncErrors.*). */
function hostMessage(error: unknown): string {
	if (error instanceof ExternalFetchError)
		return validationMessage(`hostIcal:syncErrors.${error.code}`, error.params)
	if (error instanceof FeedParseError) {
		return validationMessage(`hostIcal:syncErrors.${error.code}`, { max: MAX_PERIODS_PER_FEED })
	}
	return validationMessage('hostIcal:syncErrors.unknown')
}

function text(value: unknown): string {
	if (typeof value === 'string') return value
	if (value && typeof value === 'object' && 'val' in value) return String((value as { val: unknown }).val)
	return ''
}

/** A date-only value of node-ical is local midnight of this process: read its calendar date. */
function berlinDayStart(date: Date): number {
	const pad = (n: number) => String(n).padStart(2, '0')
	return startOfLocalDay(`${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`)
}

/** Busy periods of a feed that overlap [from, to), sorted by start. */
export function parseFeedPeriods(body: string, window: { from: number; to: number }): BusyPeriod[] {
	if (!/BEGIN:VCALENDAR/i.test(body)) throw new FeedParseError('not an iCalendar feed (no BEGIN:VCALENDAR)')
	let parsed: nodeIcal.CalendarResponse
	try {
		parsed = nodeIcal.sync.parseICS(body)
	} catch (error) {
		throw new FeedParseError(`could not read the feed: ${error instanceof Error ? error.message : error}`)
	}
	const periods: BusyPeriod[] = []
	for (const component of Object.values(parsed)) {
		if (!component || component.type !== 'VEVENT') continue
		const event = component as nodeIcal.VEvent
		if (event.status === 'CANCELLED' || event.transparency === 'TRANSPARENT' || !event.start) continue
		const instances = nodeIcal.expandRecurringEvent(event, {
			from: new Date(window.from),
			to: new Date(window.to),
			expandOngoing: true,
		})
		for (const instance of instances) {
			if (instance.event.status === 'CANCELLED') continue
			let start = instance.start.getTime()
			let end = instance.end.getTime()
			if (instance.isFullDay) {
				start = berlinDayStart(instance.start)
				end = end > instance.start.getTime() ? berlinDayStart(instance.end) : start + DAY_MS
			}
			if (!(end > start) || end <= window.from || start >= window.to) continue
			periods.push({
				uid: `${event.uid}:${instance.start.getTime()}`,
				start,
				end,
				summary: text(instance.summary).slice(0, 200),
			})
			if (periods.length > MAX_PERIODS_PER_FEED) {
				throw new FeedParseError(
					`more than ${MAX_PERIODS_PER_FEED} busy periods in the sync window`,
					'tooManyEvents',
				)
			}
		}
	}
	return periods.sort((a, b) => a.start - b.start)
}

export type FeedSyncResult = { feedId: string; ok: boolean; periods: number; error: string | null }

type FeedRow = { id: string; url: string; playroomId: string; horizonDays: number }

function loadFeeds(feedIds: readonly string[] | null): FeedRow[] {
	const query = getDb()
		.select({
			id: icalFeeds.id,
			url: icalFeeds.url,
			playroomId: icalFeeds.playroomId,
			horizonDays: playrooms.horizonDays,
		})
		.from(icalFeeds)
		.innerJoin(playrooms, eq(playrooms.id, icalFeeds.playroomId))
	return (feedIds ? query.where(inArray(icalFeeds.id, [...feedIds])) : query)
		.orderBy(icalFeeds.createdAt)
		.all()
}

/** Imported blocks of one feed carry externalUid `<feedId>:<uid>:<instance start>` (no LIKE: ids hold "_"). */
export function feedBlocksFilter(playroomId: string, feedId: string) {
	const prefix = `${feedId}:`
	return and(
		eq(playroomBlocks.playroomId, playroomId),
		sql`substr(${playroomBlocks.externalUid}, 1, ${prefix.length}) = ${prefix}`,
	)
}

/** Writes a feed's periods as its blocks; returns the periods that are new and overlap a slot-holding order. */
function storePeriods(feed: FeedRow, periods: BusyPeriod[], now: Date): IcalOverlap[] {
	return immediateTransaction((tx) => {
		const prefix = `${feed.id}:`
		const existing = tx
			.select({ uid: playroomBlocks.externalUid, start: playroomBlocks.startsAt, end: playroomBlocks.endsAt })
			.from(playroomBlocks)
			.where(feedBlocksFilter(feed.playroomId, feed.id))
			.all()
		const known = new Set(existing.map((row) => `${row.uid}|${row.start.getTime()}|${row.end.getTime()}`))
		tx.delete(playroomBlocks).where(feedBlocksFilter(feed.playroomId, feed.id)).run()
		const overlaps: IcalOverlap[] = []
		for (const period of periods) {
			const externalUid = `${prefix}${period.uid}`
			tx.insert(playroomBlocks)
				.values({
					playroomId: feed.playroomId,
					startsAt: new Date(period.start),
					endsAt: new Date(period.end),
					source: 'ICal',
					externalUid,
					note: period.summary || null,
					createdAt: now,
				})
				.onConflictDoNothing()
				.run()
			if (known.has(`${externalUid}|${period.start}|${period.end}`)) continue
			const clashing = tx
				.select({ orderId: orders.id, code: orders.code, checkIn: orders.checkIn, checkOut: orders.checkOut })
				.from(orders)
				.where(
					and(
						eq(orders.playroomId, feed.playroomId),
						inArray(orders.status, [...SLOT_HOLDING_STATUSES]),
						lt(orders.checkIn, new Date(period.end)),
						gt(orders.checkOut, new Date(period.start)),
					),
				)
				.all()
			for (const order of clashing) overlaps.push({ period, order })
		}
		if (overlaps.length) queueIcalOverlapEmail(feed.playroomId, feed.url, overlaps, tx)
		return overlaps
	})
}

function recordOutcome(feedId: string, outcome: Partial<typeof icalFeeds.$inferInsert>) {
	getDb().update(icalFeeds).set(outcome).where(eq(icalFeeds.id, feedId)).run()
}

/** Syncs one feed: fetch, parse, replace its blocks, record the outcome on the feed. Never throws. */
export async function syncFeed(
	feed: FeedRow,
	context: { now: Date; executionId: string | null; fetch?: ExternalFetchOptions },
): Promise<FeedSyncResult> {
	const today = localDateOf(context.now.getTime())
	const window = { from: startOfLocalDay(today), to: startOfLocalDay(addDays(today, feed.horizonDays + 2)) }
	try {
		const body = await fetchExternalText(feed.url, context.fetch)
		const periods = parseFeedPeriods(body, window)
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

/** Syncs the given feeds (all when null), one after the other; the task's result. */
export async function syncFeeds(
	feedIds: readonly string[] | null,
	context: { now: Date; executionId: string | null; fetch?: ExternalFetchOptions },
) {
	const results: FeedSyncResult[] = []
	for (const feed of loadFeeds(feedIds)) results.push(await syncFeed(feed, context))
	const failed = results.filter((result) => !result.ok)
	return {
		itemsProcessed: results.reduce((sum, result) => sum + result.periods, 0),
		error: failed.length
			? failed.map((result) => `feed ${result.feedId}: ${result.error}`).join('; ')
			: undefined,
		results,
	}
}
