import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { playroomBlocks } from '#db/schema/catalogue.ts'
import { userNotifications } from '#db/schema/conversations.ts'
import { icalFeeds } from '#db/schema/ical.ts'
import { backgroundTaskExecutions } from '#db/schema/platform.ts'
import { bookingFixture, hourlySlot, mailsTo, NOW, placeOrder } from '#tests/helpers/booking.ts'
import { startFeedServer, type FeedServer } from '#tests/helpers/feed-server.ts'
import { startOfLocalDay } from '#app/domain/berlin-time.ts'
import { icalImportTask } from '#app/tasks/ical-import.server.ts'
import { loadBusyIntervals } from '#app/models/catalogue/availability.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { silentHub } from '#app/utils/realtime.ts'
import { runTask } from '#app/utils/scheduler.server.ts'
import { addFeed, removeFeed } from './ical-feeds.server.ts'
import { syncFeeds } from './ical-import.server.ts'

const event = (lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20260501T000000Z', ...lines, 'END:VEVENT']
const calendar = (events: string[][]) =>
	['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Feed//EN', ...events.flat(), 'END:VCALENDAR'].join(
		'\r\n',
	)

const WEEKLY = event([
	'UID:weekly-1@test',
	'SUMMARY:Kurs',
	'DTSTART;TZID=Europe/Berlin:20260603T100000',
	'DTEND;TZID=Europe/Berlin:20260603T120000',
	'RRULE:FREQ=WEEKLY;COUNT=4',
	'EXDATE;TZID=Europe/Berlin:20260610T100000',
])
const AUTUMN = event([
	'UID:autumn-1@test',
	'SUMMARY:Herbst',
	'DTSTART;TZID=Europe/Berlin:20261018T090000',
	'DTEND;TZID=Europe/Berlin:20261018T110000',
	'RRULE:FREQ=WEEKLY;COUNT=2',
])
const ALL_DAY = event([
	'UID:allday-1@test',
	'SUMMARY:Ferien',
	'DTSTART;VALUE=DATE:20260612',
	'DTEND;VALUE=DATE:20260614',
])
const SINGLE = event([
	'UID:single-1@test',
	'SUMMARY:Geburtstag',
	'DTSTART:20260620T140000Z',
	'DTEND:20260620T160000Z',
])
const IGNORED = [
	event(['UID:past@test', 'DTSTART:20260501T080000Z', 'DTEND:20260501T100000Z']),
	event(['UID:cancelled@test', 'STATUS:CANCELLED', 'DTSTART:20260701T080000Z', 'DTEND:20260701T100000Z']),
	event(['UID:free@test', 'TRANSP:TRANSPARENT', 'DTSTART:20260702T080000Z', 'DTEND:20260702T100000Z']),
]

const iso = (value: string) => Date.parse(value)
const WEEKLY_PERIODS = ['2026-06-03', '2026-06-17', '2026-06-24'].map(
	(date) => [iso(`${date}T08:00:00Z`), iso(`${date}T10:00:00Z`)] as const,
)
// 09:00–11:00 Berlin before and after the switch on 25 October.
const AUTUMN_PERIODS = [
	[iso('2026-10-18T07:00:00Z'), iso('2026-10-18T09:00:00Z')],
	[iso('2026-10-25T08:00:00Z'), iso('2026-10-25T10:00:00Z')],
] as const
const ALL_DAY_PERIOD = [startOfLocalDay('2026-06-12'), startOfLocalDay('2026-06-14')] as const
const SINGLE_PERIOD = [iso('2026-06-20T14:00:00Z'), iso('2026-06-20T16:00:00Z')] as const

const sorted = (periods: (readonly [number, number])[]) => [...periods].sort((a, b) => a[0] - b[0])

function importedBlocks(playroomId: string) {
	return getDb()
		.select()
		.from(playroomBlocks)
		.where(eq(playroomBlocks.playroomId, playroomId))
		.all()
		.filter((block) => block.source === 'ICal')
		.map((block) => [block.startsAt.getTime(), block.endsAt.getTime()] as const)
		.sort((a, b) => a[0] - b[0])
}

let server: FeedServer
beforeAll(async () => {
	process.env.ICAL_ALLOW_PRIVATE_HOSTS = 'true'
	resetEnvCache()
	server = await startFeedServer()
})
// The task syncs every feed: start each test without the feeds of the others (the slow one takes 10 s).
beforeEach(() => {
	getDb().delete(icalFeeds).run()
})
afterAll(async () => {
	delete process.env.ICAL_ALLOW_PRIVATE_HOSTS
	resetEnvCache()
	await server.close()
})

describe('iCal import', () => {
	test('a recurring weekly, an all-day and a deleted event give exactly the expected busy periods', async () => {
		const fixture = await bookingFixture({ instantBooking: true })
		// Bookings the feed will overlap: the single event and the last weekly instance.
		const clashSingle = placeOrder(fixture, hourlySlot('2026-06-20', 16, 2))
		const clashWeekly = placeOrder(fixture, hourlySlot('2026-06-24', 11, 2))
		server.feed = calendar([WEEKLY, AUTUMN, ALL_DAY, SINGLE, ...IGNORED])
		const feedId = await addFeed(fixture.host, {
			playroomId: fixture.playroom.id,
			url: `${server.origin}/feed.ics`,
		})

		const first = await runTask(icalImportTask, 'manual', { hub: silentHub, now: new Date(NOW) })
		expect(first.status).toBe('succeeded')
		expect(importedBlocks(fixture.playroom.id)).toEqual(
			sorted([...WEEKLY_PERIODS, ...AUTUMN_PERIODS, ALL_DAY_PERIOD, SINGLE_PERIOD]),
		)
		const run = getDb()
			.select()
			.from(backgroundTaskExecutions)
			.where(eq(backgroundTaskExecutions.id, first.status === 'succeeded' ? first.executionId : ''))
			.get()
		expect(run).toMatchObject({
			taskName: 'ical-import',
			status: 'succeeded',
			itemsProcessed: 7,
			error: null,
		})
		const feed = getDb().select().from(icalFeeds).where(eq(icalFeeds.id, feedId)).get()
		expect(feed).toMatchObject({ lastStatus: 'succeeded', lastEventCount: 7, lastExecutionId: run?.id })

		// Availability sees them as imported busy times (kept apart by the playroom's buffer, ADR 0152).
		const busy = loadBusyIntervals([fixture.playroom.id], NOW, iso('2027-01-01T00:00:00Z')).get(
			fixture.playroom.id,
		)
		expect(busy?.filter((interval) => interval.kind === 'imported')).toHaveLength(7)

		// One e-mail to the host names both sides of each overlap.
		const mails = mailsTo(fixture.host.email).filter((mail) => mail.template === 'icalOverlap')
		expect(mails).toHaveLength(1)
		expect(mails[0]?.text).toContain('Geburtstag')
		expect(mails[0]?.text).toContain(clashSingle.code)
		expect(mails[0]?.text).toContain('Kurs')
		expect(mails[0]?.text).toContain(clashWeekly.code)
		// And a CalendarConflict in the host inbox per overlap (docs/subsystems/notifications.md).
		const conflicts = () =>
			getDb()
				.select({ orderId: userNotifications.orderId })
				.from(userNotifications)
				.where(
					and(eq(userNotifications.userId, fixture.host.id), eq(userNotifications.kind, 'CalendarConflict')),
				)
				.all()
				.map((row) => row.orderId)
				.sort()
		expect(conflicts()).toEqual([clashSingle.id, clashWeekly.id].sort())

		// The single event is deleted from the feed: gone after the next sync; no repeated e-mail.
		server.feed = calendar([WEEKLY, AUTUMN, ALL_DAY])
		const second = await runTask(icalImportTask, 'manual', { hub: silentHub, now: new Date(NOW + 60_000) })
		expect(second.status).toBe('succeeded')
		expect(importedBlocks(fixture.playroom.id)).toEqual(
			sorted([...WEEKLY_PERIODS, ...AUTUMN_PERIODS, ALL_DAY_PERIOD]),
		)
		expect(mailsTo(fixture.host.email).filter((mail) => mail.template === 'icalOverlap')).toHaveLength(1)
		expect(conflicts()).toHaveLength(2)
	})

	test('a 50 MB feed and a slow feed are cut off with a recorded error; earlier periods stay', async () => {
		const fixture = await bookingFixture()
		server.feed = calendar([ALL_DAY])
		const good = await addFeed(fixture.host, {
			playroomId: fixture.playroom.id,
			url: `${server.origin}/feed.ics`,
		})
		const huge = await addFeed(fixture.host, {
			playroomId: fixture.playroom.id,
			url: `${server.origin}/huge.ics`,
		})
		const slow = await addFeed(fixture.host, {
			playroomId: fixture.playroom.id,
			url: `${server.origin}/slow.ics`,
		})

		const result = await syncFeeds([good, huge, slow], {
			now: new Date(NOW),
			executionId: null,
			fetch: { timeoutMs: 800 },
		})
		expect(result.itemsProcessed).toBe(1)
		expect(result.error).toContain(`feed ${huge}: cut off: larger than`)
		expect(result.error).toContain(`feed ${slow}: cut off: no complete answer`)
		const row = (id: string) => getDb().select().from(icalFeeds).where(eq(icalFeeds.id, id)).get()
		expect(row(huge)).toMatchObject({
			lastStatus: 'failed',
			lastError: 'hostIcal:syncErrors.tooLarge?megabytes=5',
		})
		expect(row(slow)).toMatchObject({
			lastStatus: 'failed',
			lastError: 'hostIcal:syncErrors.timeout?seconds=1',
		})
		expect(row(good)).toMatchObject({ lastStatus: 'succeeded', lastEventCount: 1 })

		// A broken answer later keeps the periods of the last good sync.
		server.feed = 'this is not a calendar'
		const broken = await syncFeeds([good], { now: new Date(NOW), executionId: null })
		expect(broken.error).toContain('not an iCalendar feed')
		expect(row(good)).toMatchObject({ lastStatus: 'failed', lastError: 'hostIcal:syncErrors.parse?max=5000' })
		expect(importedBlocks(fixture.playroom.id)).toEqual([ALL_DAY_PERIOD])
	})

	test('the task run of a failing feed is recorded as failed with its items and error', async () => {
		const fixture = await bookingFixture()
		await addFeed(fixture.host, { playroomId: fixture.playroom.id, url: `${server.origin}/missing.ics` })
		const outcome = await runTask(icalImportTask, 'manual', { hub: silentHub, now: new Date(NOW) })
		expect(outcome.status).toBe('failed')
		const run = getDb()
			.select()
			.from(backgroundTaskExecutions)
			.where(eq(backgroundTaskExecutions.id, outcome.status === 'failed' ? outcome.executionId : ''))
			.get()
		expect(run?.status).toBe('failed')
		expect(run?.error).toContain('the server answered 404')
	})

	test('a feed removed while it syncs gets no blocks back', async () => {
		const fixture = await bookingFixture()
		const feedId = await addFeed(fixture.host, {
			playroomId: fixture.playroom.id,
			url: `${server.origin}/held.ics`,
		})
		const syncing = syncFeeds([feedId], { now: new Date(NOW), executionId: null })
		await vi.waitFor(() => expect(server.held).toBe(1), { timeout: 5_000 })
		removeFeed(fixture.host, feedId)
		server.feed = calendar([ALL_DAY])
		server.releaseHeld()
		await syncing
		expect(importedBlocks(fixture.playroom.id)).toEqual([])
	})
})
