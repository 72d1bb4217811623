import { asc, count, eq } from 'drizzle-orm'
import { playroomBlocks, playrooms } from '#db/schema/catalogue.ts'
import { icalFeeds } from '#db/schema/ical.ts'
import { taskLeases } from '#db/schema/platform.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import { assertExternalUrl, ExternalFetchError } from '#app/utils/external-fetch.server.ts'
import { acquireLease } from '#app/utils/scheduler.server.ts'
import { validationMessage } from '#app/utils/validation.ts'
import { exportTokenDates } from './ical-export.server.ts'
import { feedBlocksFilter, icalFeedLease } from './ical-import.server.ts'
import { requireManageablePlayroom } from './playroom-access.server.ts'
import type { SessionUser } from '#app/models/accounts/session.server.ts'

/**
 * The host's side of iCal (the page /host/calendar/feeds): which feeds each
 * playroom imports and their last sync, which export feeds exist, adding and
 * removing feeds. Every command checks the playroom (or the feed's playroom)
 * with requireManageablePlayroom first: another host's id is a 404.
 */
type Caller = Pick<SessionUser, 'id' | 'role'>

/** Feeds per playroom; more is refused (each sync fetches every one). */
export const MAX_FEEDS_PER_PLAYROOM = 10
/** Feeds per host across all their playrooms (ADR 0140: playrooms per host are not limited). */
export const MAX_FEEDS_PER_HOST = 30
/** "Sync now" of one feed at most once in this many seconds (ADR 0140). */
export const SYNC_NOW_COOL_DOWN_SECONDS = 60

/**
 * The cool-down of a feed's "sync now": a lease in task_leases that is never released, only
 * expires, so it holds across processes (taken in an IMMEDIATE transaction).
 */
const syncNowLease = (feedId: string) => `${icalFeedLease(feedId)}:sync-now`

export type FeedView = {
	id: string
	url: string
	lastSyncedAt: number | null
	lastStatus: 'running' | 'succeeded' | 'failed' | null
	lastError: string | null
	lastEventCount: number | null
}

export type PlayroomFeeds = {
	id: string
	name: string
	exportSince: number | null
	feeds: FeedView[]
}

export function getFeedsPage(host: Caller) {
	const db = getDb()
	const rooms = db
		.select({ id: playrooms.id, name: playrooms.name })
		.from(playrooms)
		.where(eq(playrooms.hostId, host.id))
		.orderBy(asc(playrooms.name))
		.all()
	const feeds = db
		.select()
		.from(icalFeeds)
		.innerJoin(playrooms, eq(playrooms.id, icalFeeds.playroomId))
		.where(eq(playrooms.hostId, host.id))
		.orderBy(asc(icalFeeds.createdAt))
		.all()
	const exports = exportTokenDates(host.id)
	const result: PlayroomFeeds[] = rooms.map((room) => ({
		...room,
		exportSince: exports.get(room.id) ?? null,
		feeds: feeds
			.filter((row) => row.ical_feeds.playroomId === room.id)
			.map(({ ical_feeds: feed }) => ({
				id: feed.id,
				url: feed.url,
				lastSyncedAt: feed.lastSyncedAt?.getTime() ?? null,
				lastStatus: feed.lastStatus,
				lastError: feed.lastError,
				lastEventCount: feed.lastEventCount,
			})),
	}))
	return { playrooms: result, allExportSince: exports.get('') ?? null }
}

/** The feed, if the caller may manage its playroom; else 404. */
export function requireManageableFeed(caller: Caller, feedId: string) {
	const feed = getDb().select().from(icalFeeds).where(eq(icalFeeds.id, feedId)).get()
	if (!feed) throw new AppError(404)
	requireManageablePlayroom(caller, feed.playroomId)
	return feed
}

/** Adds a feed after checking its URL (scheme, public address). Returns the feed id. */
export async function addFeed(caller: Caller, input: { playroomId: string; url: string }) {
	const playroom = requireManageablePlayroom(caller, input.playroomId)
	try {
		await assertExternalUrl(input.url)
	} catch (error) {
		if (!(error instanceof ExternalFetchError)) throw error
		const key =
			error.code === 'blockedAddress' ? 'hostIcal:errors.privateAddress' : 'hostIcal:errors.unreachable'
		throw new AppError(400, 'ValidationError', { messageKey: key, fields: { url: [validationMessage(key)] } })
	}
	return immediateTransaction((tx) => {
		const existing = tx
			.select({ url: icalFeeds.url })
			.from(icalFeeds)
			.where(eq(icalFeeds.playroomId, input.playroomId))
			.all()
		if (existing.some((feed) => feed.url === input.url)) {
			const key = 'hostIcal:errors.duplicate'
			throw new AppError(409, 'Conflict', { messageKey: key, fields: { url: [validationMessage(key)] } })
		}
		if (existing.length >= MAX_FEEDS_PER_PLAYROOM) {
			throw new AppError(409, 'Conflict', {
				messageKey: 'hostIcal:errors.tooMany',
				params: { max: MAX_FEEDS_PER_PLAYROOM },
			})
		}
		const ofHost =
			tx
				.select({ n: count() })
				.from(icalFeeds)
				.innerJoin(playrooms, eq(playrooms.id, icalFeeds.playroomId))
				.where(eq(playrooms.hostId, playroom.hostId))
				.get()?.n ?? 0
		if (ofHost >= MAX_FEEDS_PER_HOST) {
			throw new AppError(409, 'Conflict', {
				messageKey: 'hostIcal:errors.tooManyForHost',
				params: { max: MAX_FEEDS_PER_HOST },
			})
		}
		return tx
			.insert(icalFeeds)
			.values({ playroomId: input.playroomId, url: input.url })
			.returning({ id: icalFeeds.id })
			.get().id
	})
}

/**
 * Starts the cool-down of the feed's "sync now" (the caller must manage the feed, else 404):
 * `ok` if the last one was at least SYNC_NOW_COOL_DOWN_SECONDS ago, else the seconds to wait.
 * The sync when a feed is added does not start it (the host may want to check at once).
 */
export function claimSyncNow(
	caller: Caller,
	feedId: string,
	now = new Date(),
): { ok: true } | { ok: false; retryInSeconds: number } {
	const feed = requireManageableFeed(caller, feedId)
	const lease = syncNowLease(feed.id)
	if (acquireLease(lease, `sync-now:${caller.id}`, SYNC_NOW_COOL_DOWN_SECONDS, now)) return { ok: true }
	const held = getDb()
		.select({ expiresAt: taskLeases.expiresAt })
		.from(taskLeases)
		.where(eq(taskLeases.taskName, lease))
		.get()
	const left = (held?.expiresAt.getTime() ?? now.getTime()) - now.getTime()
	return { ok: false, retryInSeconds: Math.max(1, Math.ceil(left / 1000)) }
}

/** Removes a feed and the busy periods it imported (and its "sync now" cool-down). */
export function removeFeed(caller: Caller, feedId: string) {
	const feed = requireManageableFeed(caller, feedId)
	immediateTransaction((tx) => {
		tx.delete(playroomBlocks).where(feedBlocksFilter(feed.playroomId, feed.id)).run()
		tx.delete(icalFeeds).where(eq(icalFeeds.id, feed.id)).run()
		tx.delete(taskLeases)
			.where(eq(taskLeases.taskName, syncNowLease(feed.id)))
			.run()
	})
}

/** Imported busy periods of a feed (tests, the page's counts). */
export function countFeedBlocks(feedId: string) {
	const feed = getDb().select().from(icalFeeds).where(eq(icalFeeds.id, feedId)).get()
	if (!feed) return 0
	return (
		getDb()
			.select({ n: count() })
			.from(playroomBlocks)
			.where(feedBlocksFilter(feed.playroomId, feed.id))
			.get()?.n ?? 0
	)
}
