import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import nodeIcal from 'node-ical'
import { describe, expect, test } from 'vitest'
import { playroomBlocks } from '#db/schema/catalogue.ts'
import { orders } from '#db/schema/orders.ts'
import { bookingFixture, hourlySlot, NOW, placeOrder } from '#tests/helpers/booking.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { localToInstant, startOfLocalDay } from '#app/domain/berlin-time.ts'
import { loader as feedLoader } from '#app/routes/calendar-feed.ts'
import { isAppError } from '#app/utils/app-error.ts'
import { getDb } from '#app/utils/db.server.ts'
import { buildExportFeed, issueExportToken, revokeExportToken } from './ical-export.server.ts'

function tokenOf(url: string) {
	const match = /\/calendar\/([A-Za-z0-9_-]+)\.ics$/.exec(url)
	if (!match?.[1]) throw new Error(`not a feed URL: ${url}`)
	return match[1]
}

/** Busy intervals [start, end) of a feed as node-ical reads them, sorted. */
function busyIntervals(ics: string) {
	return Object.values(nodeIcal.sync.parseICS(ics))
		.filter((component): component is nodeIcal.VEvent => component?.type === 'VEVENT')
		.map((event) => [event.start.getTime(), event.end?.getTime() ?? 0] as const)
		.sort((a, b) => a[0] - b[0])
}

async function fetchFeed(token: string) {
	const response = (await feedLoader({ params: { file: `${token}.ics` } } as never)) as Response
	return { status: response.status, headers: response.headers, body: await response.text() }
}

async function hostWithBookings() {
	const fixture = await bookingFixture({ instantBooking: true })
	const guest = await createTestUser({ role: 'Customer', firstName: 'Mia', lastName: 'Musterfrau' })
	const other = await createTestPlayroom({ hostId: fixture.host.id })
	const asGuest = { ...fixture, guest }
	// Summer time on 24 October, winter time on 25 October 2026 (the clocks go back at 03:00).
	const before = placeOrder(asGuest, hourlySlot('2026-10-24', 10, 2))
	const after = placeOrder(asGuest, hourlySlot('2026-10-25', 10, 3))
	const elsewhere = placeOrder({ playroom: other, guest }, hourlySlot('2026-10-26', 14, 2))
	const cancelled = placeOrder(asGuest, hourlySlot('2026-10-27', 9, 2))
	getDb().update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, cancelled.id)).run()
	// A block over the switch: 22:00 to 06:00 wall-clock is nine real hours.
	const blockStart = localToInstant('2026-10-24', 22 * 60) ?? 0
	const blockEnd = localToInstant('2026-10-25', 6 * 60) ?? 0
	getDb()
		.insert(playroomBlocks)
		.values([
			{ playroomId: fixture.playroom.id, startsAt: new Date(blockStart), endsAt: new Date(blockEnd) },
			{
				playroomId: fixture.playroom.id,
				startsAt: new Date(Date.parse('2026-10-28T08:00:00Z')),
				endsAt: new Date(Date.parse('2026-10-28T10:00:00Z')),
				source: 'ICal',
				externalUid: 'feed:imported',
			},
		])
		.run()
	return { ...fixture, guest, other, before, after, elsewhere, block: [blockStart, blockEnd] as const }
}

describe('iCal export', () => {
	test('the feed parses back with the same busy intervals across the DST switch of 25 October 2026', async () => {
		const data = await hostWithBookings()
		const all = buildExportFeed(tokenOf(issueExportToken(data.host, { playroomId: null })), NOW)
		expect(all).not.toBeNull()
		const ics = all ?? ''
		expect(busyIntervals(ics)).toEqual(
			[
				[data.before.checkIn.getTime(), data.before.checkOut.getTime()],
				data.block,
				[data.after.checkIn.getTime(), data.after.checkOut.getTime()],
				[data.elsewhere.checkIn.getTime(), data.elsewhere.checkOut.getTime()],
			].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
		)
		expect(data.block[1] - data.block[0]).toBe(9 * 3_600_000)
		// Local times with the Berlin zone, and the zone itself for Google, Apple and Outlook.
		expect(ics).toContain('BEGIN:VTIMEZONE')
		expect(ics).toContain('TZID:Europe/Berlin')
		expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20261024T100000')
		expect(ics).toContain('DTSTART;TZID=Europe/Berlin:20261025T100000')
		expect(ics).toContain('DTEND;TZID=Europe/Berlin:20261025T060000')
		// Only the guest's first name.
		expect(ics).toContain('Mia')
		expect(ics).not.toContain('Musterfrau')
		expect(ics).not.toContain(data.guest.email)

		const one =
			buildExportFeed(tokenOf(issueExportToken(data.host, { playroomId: data.other.id })), NOW) ?? ''
		expect(busyIntervals(one)).toEqual([
			[data.elsewhere.checkIn.getTime(), data.elsewhere.checkOut.getTime()],
		])
	})

	test('served privately, never cached; a regenerated or revoked token is a 404', async () => {
		const data = await hostWithBookings()
		const first = tokenOf(issueExportToken(data.host, { playroomId: data.playroom.id }))
		const served = await fetchFeed(first)
		expect(served.status).toBe(200)
		expect(served.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8')
		expect(served.headers.get('Cache-Control')).toBe('private, no-store')
		expect(served.headers.get('X-Page-Cache')).toBeNull()
		expect(served.body).toContain('BEGIN:VCALENDAR')

		const second = tokenOf(issueExportToken(data.host, { playroomId: data.playroom.id }))
		expect(second).not.toBe(first)
		expect(second.length).toBeGreaterThanOrEqual(43)
		expect((await fetchFeed(first)).status).toBe(404)
		expect((await fetchFeed(second)).status).toBe(200)

		revokeExportToken(data.host, { playroomId: data.playroom.id })
		expect((await fetchFeed(second)).status).toBe(404)
		expect((await fetchFeed('not-a-token')).status).toBe(404)
	})

	test("another host cannot make a feed of the host's playroom", async () => {
		const data = await hostWithBookings()
		const intruder = await createTestUser({ role: 'Owner' })
		let status = 200
		try {
			issueExportToken(intruder, { playroomId: data.playroom.id })
		} catch (error) {
			status = isAppError(error) ? error.status : 500
		}
		expect(status).toBe(404)
		// The intruder's "all playrooms" feed holds none of them.
		const own = buildExportFeed(tokenOf(issueExportToken(intruder, { playroomId: null })), NOW) ?? ''
		expect(busyIntervals(own)).toEqual([])
	})
})

/** The content lines of a feed, unfolded (RFC 5545 §3.1); each folded line was at most 75 octets. */
function contentLines(ics: string) {
	expect(ics.endsWith('\r\n') || ics.endsWith('END:VCALENDAR')).toBe(true)
	const physical = ics.replace(/\r\n$/, '').split('\r\n')
	for (const line of physical) {
		expect(line).not.toContain('\n')
		expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75)
	}
	return ics
		.replace(/\r\n[ \t]/g, '')
		.replace(/\r\n$/, '')
		.split('\r\n')
}

describe('iCal export: RFC 5545 (issue 31.10)', () => {
	test('calendar properties first, DTSTAMP in UTC, whole-day blocks as dates; ical.js reads it back', async () => {
		const data = await hostWithBookings()
		// A whole-day block of two days (26 and 27 October: local midnight to local midnight).
		const wholeDays = [startOfLocalDay('2026-10-26'), startOfLocalDay('2026-10-28')] as const
		getDb()
			.insert(playroomBlocks)
			.values({
				playroomId: data.playroom.id,
				startsAt: new Date(wholeDays[0]),
				endsAt: new Date(wholeDays[1]),
				note: 'Renovierung',
			})
			.run()
		const ics = buildExportFeed(tokenOf(issueExportToken(data.host, { playroomId: null })), NOW) ?? ''
		const lines = contentLines(ics)

		// §3.6: BEGIN:VCALENDAR, then every calendar property, then the components; nothing after them.
		expect(lines[0]).toBe('BEGIN:VCALENDAR')
		expect(lines.at(-1)).toBe('END:VCALENDAR')
		const firstComponent = lines.findIndex((line, i) => i > 0 && line.startsWith('BEGIN:'))
		const calendarProperties = lines.slice(1, firstComponent).map((line) => line.split(/[:;]/)[0])
		expect(calendarProperties.slice(0, 2)).toEqual(['VERSION', 'PRODID'])
		expect(calendarProperties).toEqual(
			expect.arrayContaining(['CALSCALE', 'METHOD', 'X-WR-TIMEZONE', 'REFRESH-INTERVAL', 'X-PUBLISHED-TTL']),
		)
		expect(lines[firstComponent]).toBe('BEGIN:VTIMEZONE')
		let depth = 0
		for (const [i, line] of lines.entries()) {
			if (line.startsWith('BEGIN:')) depth++
			if (line.startsWith('END:')) depth--
			// Depth 1 is the calendar itself: only its properties, and only before the first component.
			if (depth === 1 && !line.startsWith('END:') && !line.startsWith('BEGIN:'))
				expect(i, `calendar property after a component: ${line}`).toBeLessThan(firstComponent)
		}
		expect(depth).toBe(0)

		// §3.8.7.2: DTSTAMP is a UTC date-time.
		const stamps = lines.filter((line) => line.startsWith('DTSTAMP'))
		expect(stamps.length).toBeGreaterThan(0)
		for (const stamp of stamps) expect(stamp).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/)

		// ical.js parses the whole feed; every event has UID, DTSTAMP and DTSTART, and every TZID is defined.
		const calendar = new ICAL.Component(ICAL.parse(ics))
		expect(calendar.name).toBe('vcalendar')
		expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
		const zones = calendar.getAllSubcomponents('vtimezone')
		expect(zones.map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual(['Europe/Berlin'])
		ICAL.TimezoneService.register(zones[0]!)
		const events = calendar.getAllSubcomponents('vevent')
		expect(events).toHaveLength(5)
		for (const event of events) {
			for (const name of ['uid', 'dtstamp', 'dtstart']) expect(event.hasProperty(name), name).toBe(true)
			const tzid = event.getFirstProperty('dtstart')?.getParameter('tzid')
			if (tzid) expect(tzid).toBe('Europe/Berlin')
		}
		const intervals = events
			.map((component) => new ICAL.Event(component))
			.map((event) => ({
				allDay: event.startDate.isDate,
				start: event.startDate.toJSDate().getTime(),
				end: event.endDate.toJSDate().getTime(),
				start_: event.startDate.toString(),
				end_: event.endDate.toString(),
			}))
			.sort((a, b) => a.start - b.start)
		// Timed events keep their instants (across the DST switch); ical.js reads them through the VTIMEZONE.
		expect(intervals.filter((i) => !i.allDay).map((i) => [i.start, i.end])).toEqual(
			[
				[data.before.checkIn.getTime(), data.before.checkOut.getTime()],
				[...data.block],
				[data.after.checkIn.getTime(), data.after.checkOut.getTime()],
				[data.elsewhere.checkIn.getTime(), data.elsewhere.checkOut.getTime()],
			].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
		)
		// The whole-day block: VALUE=DATE, 26 October to 28 October (the end date exclusive, §3.6.1).
		expect(intervals.filter((i) => i.allDay).map((i) => [i.start_, i.end_])).toEqual([
			['2026-10-26', '2026-10-28'],
		])
		expect(lines).toContain('DTSTART;VALUE=DATE:20261026')
		expect(lines).toContain('DTEND;VALUE=DATE:20261028')
	})
})
