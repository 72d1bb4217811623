import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { playroomBlocks } from '#db/schema/catalogue.ts'
import { calendarExportTokens, icalFeeds } from '#db/schema/ical.ts'
import { backgroundTaskExecutions } from '#db/schema/platform.ts'
import { daysAhead } from '#tests/helpers/booking.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { startFeedServer, type FeedServer } from '#tests/helpers/feed-server.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import {
	addFeed,
	MAX_FEEDS_PER_HOST,
	MAX_FEEDS_PER_PLAYROOM,
} from '#app/models/host-office/ical-feeds.server.ts'
import { icalImportTask } from '#app/tasks/ical-import.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { resetEnvCache } from '#app/utils/env.server.ts'
import { silentHub } from '#app/utils/realtime.ts'
import { runTask } from '#app/utils/scheduler.server.ts'
import { readToast } from '#app/utils/toast.server.ts'
import { action, loader } from './calendar-feeds.tsx'

const middleware = [roleGuard('Owner')]
const path = '/host/calendar/feeds'
const CALENDAR = [
	'BEGIN:VCALENDAR',
	'VERSION:2.0',
	'BEGIN:VEVENT',
	'UID:x@test',
	'DTSTAMP:20260101T000000Z',
	`DTSTART;VALUE=DATE:${daysAhead(10).replaceAll('-', '')}`,
	`DTEND;VALUE=DATE:${daysAhead(11).replaceAll('-', '')}`,
	'END:VEVENT',
	'END:VCALENDAR',
].join('\r\n')

let server: FeedServer
beforeAll(async () => {
	server = await startFeedServer()
	server.feed = CALENDAR
})
afterAll(async () => {
	delete process.env.ICAL_ALLOW_PRIVATE_HOSTS
	resetEnvCache()
	await server.close()
})

function allowPrivateHosts(allow: boolean) {
	if (allow) process.env.ICAL_ALLOW_PRIVATE_HOSTS = 'true'
	else delete process.env.ICAL_ALLOW_PRIVATE_HOSTS
	resetEnvCache()
}

const post = (cookie: string, form: Record<string, string>) =>
	callRoute(action as never, { path, cookie, form, middleware })

async function hostWithFeed() {
	allowPrivateHosts(true)
	const host = await createLoggedInUser({ role: 'Owner' })
	const playroom = await createTestPlayroom({ hostId: host.user.id, horizonDays: 365 })
	const added = await post(host.cookie, {
		intent: 'feedAdd',
		playroomId: playroom.id,
		url: `${server.origin}/feed.ics`,
	})
	expect(added.status).toBe(302)
	const feed = getDb().select().from(icalFeeds).where(eq(icalFeeds.playroomId, playroom.id)).get()
	if (!feed) throw new Error('feed not added')
	return { host, playroom, feed }
}

const feedRow = (id: string) => getDb().select().from(icalFeeds).where(eq(icalFeeds.id, id)).get()

async function toastOf(result: { setCookies: string[] }) {
	const request = new Request('http://x/', { headers: { Cookie: result.setCookies.join('; ') } })
	return (await readToast(request)).toast
}

const importRuns = () =>
	getDb()
		.select()
		.from(backgroundTaskExecutions)
		.where(eq(backgroundTaskExecutions.taskName, 'ical-import'))
		.all()

describe('/host/calendar/feeds', () => {
	test('adding a feed syncs it at once; the page shows its last sync; "sync now" and remove work', async () => {
		const a = await hostWithFeed()
		expect(feedRow(a.feed.id)).toMatchObject({ lastStatus: 'succeeded', lastEventCount: 1 })
		const page = await callRoute(loader as never, { path, cookie: a.host.cookie, middleware })
		expect(JSON.stringify(page.data)).toContain(a.feed.id)

		server.feed = 'garbage'
		const synced = await post(a.host.cookie, { intent: 'feedSync', feedId: a.feed.id })
		expect(synced.status).toBe(302)
		expect(feedRow(a.feed.id)).toMatchObject({
			lastStatus: 'failed',
			lastError: 'hostIcal:syncErrors.parse?max=5000',
		})
		server.feed = CALENDAR

		const removed = await post(a.host.cookie, { intent: 'feedRemove', feedId: a.feed.id })
		expect(removed.status).toBe(302)
		expect(feedRow(a.feed.id)).toBeUndefined()
		expect(
			getDb().select().from(playroomBlocks).where(eq(playroomBlocks.playroomId, a.playroom.id)).all(),
		).toEqual([])
	})

	test("host B cannot manage host A's feeds or exports: 404 and nothing changes", async () => {
		const a = await hostWithFeed()
		const b = await createLoggedInUser({ role: 'Owner' })
		const before = feedRow(a.feed.id)
		const forms: Record<string, string>[] = [
			{ intent: 'feedSync', feedId: a.feed.id },
			{ intent: 'feedRemove', feedId: a.feed.id },
			{ intent: 'feedAdd', playroomId: a.playroom.id, url: `${server.origin}/feed.ics` },
			{ intent: 'exportGenerate', scope: a.playroom.id },
			{ intent: 'exportRevoke', scope: a.playroom.id },
		]
		for (const form of forms) {
			const result = await post(b.cookie, form)
			expect(result.status, form.intent).toBe(404)
		}
		expect(feedRow(a.feed.id)).toEqual(before)
		expect(
			getDb().select().from(icalFeeds).where(eq(icalFeeds.playroomId, a.playroom.id)).all(),
		).toHaveLength(1)
		expect(
			getDb().select().from(calendarExportTokens).where(eq(calendarExportTokens.hostId, b.user.id)).all(),
		).toEqual([])
		const page = await callRoute(loader as never, { path, cookie: b.cookie, middleware })
		expect(JSON.stringify(page.data)).not.toContain(a.feed.id)
	})

	test('feed URLs to 127.0.0.1 or 10.0.0.1 are refused without the allowance; other schemes always', async () => {
		allowPrivateHosts(false)
		const host = await createLoggedInUser({ role: 'Owner' })
		const playroom = await createTestPlayroom({ hostId: host.user.id })
		for (const url of [`${server.origin}/feed.ics`, 'http://10.0.0.1/cal.ics', 'file:///etc/passwd']) {
			const result = await post(host.cookie, { intent: 'feedAdd', playroomId: playroom.id, url })
			expect(result.status, url).toBe(400)
			expect(JSON.stringify(result.data), url).toMatch(/hostIcal:errors.privateAddress|hostIcal:errors.url/)
		}
		expect(getDb().select().from(icalFeeds).where(eq(icalFeeds.playroomId, playroom.id)).all()).toEqual([])
	})

	test('an export URL is shown once when made', async () => {
		const host = await createLoggedInUser({ role: 'Owner' })
		const playroom = await createTestPlayroom({ hostId: host.user.id })
		const made = await post(host.cookie, { intent: 'exportGenerate', scope: 'all' })
		expect(made.status).toBe(200)
		expect((made.data as { exportUrl: string }).exportUrl).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
		const page = await callRoute(loader as never, { path, cookie: host.cookie, middleware })
		const data = page.data as { allExportSince: number | null; playrooms: { id: string }[] }
		expect(data.allExportSince).not.toBeNull()
		expect(data.playrooms.map((room) => room.id)).toEqual([playroom.id])
		expect(JSON.stringify(page.data)).not.toContain((made.data as { exportUrl: string }).exportUrl)
	})

	test("host B's sync now runs while host A's feed is syncing in the scheduled run", async () => {
		const a = await hostWithFeed()
		const slowFeed = await addFeed(
			{ id: a.host.user.id, role: 'Owner' },
			{ playroomId: a.playroom.id, url: `${server.origin}/held.ics` },
		)
		// The scheduled run reaches A's feed, whose server does not answer until released.
		const scheduled = runTask(icalImportTask, 'schedule', { hub: silentHub })
		await vi.waitFor(() => expect(server.held).toBe(1), { timeout: 5_000 })

		const b = await hostWithFeed()
		const runsBefore = importRuns().length
		const synced = await post(b.host.cookie, { intent: 'feedSync', feedId: b.feed.id })
		expect(synced.status).toBe(302)
		expect((await toastOf(synced))?.type).toBe('success')
		const bRow = feedRow(b.feed.id)
		expect(bRow).toMatchObject({ lastStatus: 'succeeded', lastEventCount: 1 })
		// Recorded as a manual run of the import task.
		expect(importRuns()).toHaveLength(runsBefore + 1)
		expect(importRuns().find((run) => run.id === bRow?.lastExecutionId)).toMatchObject({
			trigger: 'manual',
			status: 'succeeded',
		})
		// A's own "sync now" of the feed being synced is refused, and changes nothing.
		const busy = await post(a.host.cookie, { intent: 'feedSync', feedId: slowFeed })
		expect((await toastOf(busy))?.description).toMatch(/gerade abgeglichen/)
		expect(feedRow(slowFeed)?.lastStatus).toBeNull()

		server.releaseHeld()
		const outcome = await scheduled
		expect(outcome.status).toBe('succeeded')
		expect(feedRow(slowFeed)).toMatchObject({ lastStatus: 'succeeded', lastEventCount: 1 })
	})

	test('"sync now" twice in a row: the second is refused for a minute and changes nothing', async () => {
		const a = await hostWithFeed()
		const first = await post(a.host.cookie, { intent: 'feedSync', feedId: a.feed.id })
		expect((await toastOf(first))?.type).toBe('success')
		const before = feedRow(a.feed.id)
		const runsBefore = importRuns().length

		server.feed = 'garbage'
		const second = await callRoute(action as never, {
			path: `/en${path}`,
			cookie: a.host.cookie,
			form: { intent: 'feedSync', feedId: a.feed.id },
			middleware,
		})
		server.feed = CALENDAR
		expect(second.status).toBe(302)
		const toast = await toastOf(second)
		expect(toast?.type).toBe('warning')
		const seconds = Number(/again in (\d+) seconds?\./.exec(toast?.description ?? '')?.[1])
		expect(seconds).toBeGreaterThan(0)
		expect(seconds).toBeLessThanOrEqual(60)
		expect(feedRow(a.feed.id)).toEqual(before)
		expect(importRuns()).toHaveLength(runsBefore)
	})

	test(`a host has at most ${MAX_FEEDS_PER_HOST} feeds across their playrooms`, async () => {
		allowPrivateHosts(true)
		const host = await createLoggedInUser({ role: 'Owner' })
		const caller = { id: host.user.id, role: 'Owner' as const }
		const rooms = await Promise.all(
			Array.from({ length: Math.ceil(MAX_FEEDS_PER_HOST / MAX_FEEDS_PER_PLAYROOM) + 1 }, () =>
				createTestPlayroom({ hostId: host.user.id }),
			),
		)
		for (let index = 0; index < MAX_FEEDS_PER_HOST; index++) {
			const room = rooms[Math.floor(index / MAX_FEEDS_PER_PLAYROOM)]
			await addFeed(caller, { playroomId: room?.id ?? '', url: `${server.origin}/feed.ics?n=${index}` })
		}
		const last = rooms.at(-1)?.id ?? ''
		const refused = await callRoute(action as never, {
			path: `/en${path}`,
			cookie: host.cookie,
			form: { intent: 'feedAdd', playroomId: last, url: `${server.origin}/feed.ics` },
			middleware,
		})
		expect(refused.status).toBe(400)
		expect(JSON.stringify(refused.data)).toContain(`hostIcal:errors.tooManyForHost?max=${MAX_FEEDS_PER_HOST}`)
		expect(getDb().select().from(icalFeeds).where(eq(icalFeeds.playroomId, last)).all()).toEqual([])
	})
})
