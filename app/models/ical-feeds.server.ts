import { asc, count, eq } from 'drizzle-orm'
import { playroomBlocks, playrooms } from '#db/schema/catalogue.ts'
import { icalFeeds } from '#db/schema/ical.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import { assertExternalUrl, ExternalFetchError } from '#app/utils/external-fetch.server.ts'
import { validationMessage } from '#app/utils/validation.ts'
import { exportTokenDates } from './ical-export.server.ts'
import { feedBlocksFilter } from './ical-import.server.ts'
import { requireManageablePlayroom } from './playroom-access.server.ts'
import type { SessionUser } from './session.server.ts'

/**
 * The host's side of iCal (the page /host/calendar/feeds): which feeds each
 * playroom imports and their last sync, which export feeds exist, adding and
 * removing feeds. Every command checks the playroom (or the feed's playroom)
 * with requireManageablePlayroom first: another host's id is a 404.
 */
type Caller = Pick<SessionUser, 'id' | 'role'>

/** Feeds per playroom; more is refused (each sync fetches every one). */
export const MAX_FEEDS_PER_PLAYROOM = 10

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
	requireManageablePlayroom(caller, input.playroomId)
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
		return tx
			.insert(icalFeeds)
			.values({ playroomId: input.playroomId, url: input.url })
			.returning({ id: icalFeeds.id })
			.get().id
	})
}

/** Removes a feed and the busy periods it imported. */
export function removeFeed(caller: Caller, feedId: string) {
	const feed = requireManageableFeed(caller, feedId)
	immediateTransaction((tx) => {
		tx.delete(playroomBlocks).where(feedBlocksFilter(feed.playroomId, feed.id)).run()
		tx.delete(icalFeeds).where(eq(icalFeeds.id, feed.id)).run()
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
