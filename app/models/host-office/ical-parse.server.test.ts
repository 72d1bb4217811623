import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { playroomBlocks } from '#db/schema/catalogue.ts'
import { icalFeeds } from '#db/schema/ical.ts'
import { NOW } from '#tests/helpers/booking.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { startFeedServer, type FeedServer } from '#tests/helpers/feed-server.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { getDb } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { EXTERNAL_FETCH_LIMITS } from '#app/utils/external-fetch.server.ts'
import { addFeed } from './ical-feeds.server.ts'
import { syncFeeds, type FeedSyncContext } from './ical-import.server.ts'
import { ICAL_PARSE_LIMITS } from './ical-parse.server.ts'

/**
 * Issue 29 (ADR 0140): a feed is parsed off the event loop, in a worker with
 * limits on counts, time and memory, and its parser warnings become one log
 * line. Each test syncs one feed through syncFeeds and checks what is
 * recorded on the feed row.
 */
const calendar = (events: string[]) =>
	['BEGIN:VCALENDAR', 'VERSION:2.0', ...events, 'END:VCALENDAR'].join('\r\n')
const event = (lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n')

/** One-off events that never reach the sync window: each a recurrence rule of one instance in 2020. */
const oneOffRules = (count: number, from = 0) =>
	Array.from({ length: count }, (_, index) =>
		event([`UID:${from + index}`, 'DTSTART:20200101T100000Z', 'RRULE:FREQ=YEARLY;COUNT=1']),
	)
/** Single events in 2020, outside the window. */
const pastSingles = (count: number, from = 0) =>
	Array.from({ length: count }, (_, index) =>
		event([`UID:${from + index}`, 'DTSTART:20200101T100000Z', 'DTEND:20200101T110000Z']),
	)
const IN_WINDOW = ['2026-07-01', '2026-07-02', '2026-07-03'].map((date) =>
	event([
		`UID:in-${date}`,
		`DTSTART:${date.replaceAll('-', '')}T100000Z`,
		`DTEND:${date.replaceAll('-', '')}T120000Z`,
	]),
)

/**
 * Runs `work` while the event loop is probed every 20 ms; returns the longest a probe came late.
 * (The old code held the loop for the whole parse: ~36 s for the 57,714-event feed.)
 */
async function probeEventLoop<T>(work: () => Promise<T>) {
	let stop = false
	let maxLagMs = 0
	let probes = 0
	const probing = (async () => {
		while (!stop) {
			const started = performance.now()
			await new Promise((resolve) => setTimeout(resolve, 20))
			maxLagMs = Math.max(maxLagMs, performance.now() - started - 20)
			probes++
		}
	})()
	let result: T
	try {
		result = await work()
	} finally {
		stop = true
		// The probe in flight when the work ends counts too (it is the one a blocked loop delays).
		await probing
	}
	return { result, maxLagMs, probes }
}

let server: FeedServer
beforeAll(async () => {
	process.env.ICAL_ALLOW_PRIVATE_HOSTS = 'true'
	resetEnvCache()
	server = await startFeedServer()
})
afterAll(async () => {
	delete process.env.ICAL_ALLOW_PRIVATE_HOSTS
	resetEnvCache()
	await server.close()
})

/** A feed on its own playroom whose last sync stored the three in-window events. */
async function syncedFeed() {
	const host = await createTestUser({ role: 'Owner' })
	const playroom = await createTestPlayroom({ hostId: host.id, horizonDays: 365 })
	const feedId = await addFeed(
		{ id: host.id, role: 'Owner' },
		{ playroomId: playroom.id, url: `${server.origin}/feed.ics` },
	)
	server.feed = calendar(IN_WINDOW)
	const first = await syncFeeds([feedId], context())
	expect(first.results[0]).toMatchObject({ ok: true, periods: 3 })
	return { feedId, playroomId: playroom.id }
}

const context = (extra: Partial<FeedSyncContext> = {}): FeedSyncContext => ({
	now: new Date(NOW),
	executionId: null,
	...extra,
})
const feedRow = (id: string) => getDb().select().from(icalFeeds).where(eq(icalFeeds.id, id)).get()
const blockCount = (playroomId: string) =>
	getDb().select().from(playroomBlocks).where(eq(playroomBlocks.playroomId, playroomId)).all().length

describe('reading a feed off the event loop, with limits', () => {
	test('a 5 MB feed of 57,714 one-off events is refused while the event loop keeps answering', async () => {
		const feed = await syncedFeed()
		server.feed = calendar(oneOffRules(57_714))
		expect(server.feed.length).toBeGreaterThan(5_000_000)
		expect(server.feed.length).toBeLessThanOrEqual(EXTERNAL_FETCH_LIMITS.maxBytes)

		const { result, maxLagMs, probes } = await probeEventLoop(() => syncFeeds([feed.feedId], context()))
		expect(probes).toBeGreaterThan(0)
		expect(maxLagMs).toBeLessThan(200)
		expect(result.results[0]).toMatchObject({ ok: false })
		expect(feedRow(feed.feedId)).toMatchObject({
			lastStatus: 'failed',
			lastError: `hostIcal:syncErrors.tooManyComponents?max=${ICAL_PARSE_LIMITS.maxEvents}`,
		})
		// The blocks of the last good sync stay.
		expect(blockCount(feed.playroomId)).toBe(3)
	}, 60_000)

	test('a large feed within the limits is parsed in the worker while the event loop keeps answering', async () => {
		const feed = await syncedFeed()
		// 9,000 events, 1,000 of them with a recurrence rule: seconds of node-ical's time.
		server.feed = calendar([...oneOffRules(1_000), ...pastSingles(7_997, 1_000), ...IN_WINDOW])
		const { result, maxLagMs } = await probeEventLoop(() => syncFeeds([feed.feedId], context()))
		expect(maxLagMs).toBeLessThan(200)
		expect(result.results[0]).toMatchObject({ ok: true, periods: 3 })
		expect(feedRow(feed.feedId)).toMatchObject({
			lastStatus: 'succeeded',
			lastEventCount: 3,
			lastError: null,
		})
	})

	test('more recurrence rules than the limit are refused before parsing', async () => {
		const feed = await syncedFeed()
		server.feed = calendar([...oneOffRules(ICAL_PARSE_LIMITS.maxRules + 1), ...IN_WINDOW])
		await syncFeeds([feed.feedId], context())
		expect(feedRow(feed.feedId)).toMatchObject({
			lastStatus: 'failed',
			lastError: `hostIcal:syncErrors.tooManyRules?max=${ICAL_PARSE_LIMITS.maxRules}`,
		})
		expect(blockCount(feed.playroomId)).toBe(3)
	})

	test('a parse over its time or memory limit ends its worker; the failure is recorded, the blocks stay', async () => {
		const feed = await syncedFeed()
		server.feed = calendar([...oneOffRules(1_000), ...pastSingles(5_000, 1_000)])

		const slow = await syncFeeds([feed.feedId], context({ parse: { timeoutMs: 100 } }))
		expect(slow.error).toContain('not read within')
		expect(feedRow(feed.feedId)).toMatchObject({
			lastStatus: 'failed',
			lastError: 'hostIcal:syncErrors.parseTimeout?seconds=1',
		})

		const big = await syncFeeds([feed.feedId], context({ parse: { maxHeapMb: 8 } }))
		expect(big.error).toContain('needs more than 8 MB')
		expect(feedRow(feed.feedId)).toMatchObject({
			lastStatus: 'failed',
			lastError: 'hostIcal:syncErrors.parseMemory?megabytes=8',
		})
		expect(blockCount(feed.playroomId)).toBe(3)

		// The same feed within the limits syncs again.
		server.feed = calendar(IN_WINDOW)
		await syncFeeds([feed.feedId], context())
		expect(feedRow(feed.feedId)).toMatchObject({ lastStatus: 'succeeded', lastEventCount: 3 })
	})

	test("thousands of node-ical warnings become one log line for the feed's sync", async () => {
		const feed = await syncedFeed()
		// Each UID twice, the second copy with an older SEQUENCE: node-ical warns for every one.
		const versions = Array.from({ length: 2_000 }, (_, index) => [
			event([`UID:twice-${index}`, 'SEQUENCE:5', 'DTSTART:20200101T100000Z', 'DTEND:20200101T110000Z']),
			event([`UID:twice-${index}`, 'SEQUENCE:1', 'DTSTART:20200101T100000Z', 'DTEND:20200101T110000Z']),
		]).flat()
		server.feed = calendar([...versions, ...IN_WINDOW])
		const lines: { msg: string; warnings?: number; feedId?: string; examples?: string[] }[] = []
		const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) })
		const consoleWarn = vi.spyOn(console, 'warn')
		const consoleLog = vi.spyOn(console, 'log')

		const result = await syncFeeds([feed.feedId], context({ logger }))
		expect(result.results[0]).toMatchObject({ ok: true, periods: 3 })
		expect(consoleWarn).not.toHaveBeenCalled()
		expect(consoleLog).not.toHaveBeenCalled()
		expect(lines).toHaveLength(1)
		expect(lines[0]).toMatchObject({ msg: 'iCal feed: the parser warned', feedId: feed.feedId })
		expect(lines[0]?.warnings).toBeGreaterThanOrEqual(2_000)
		expect(lines[0]?.examples?.length).toBeLessThanOrEqual(3)
	})
})
