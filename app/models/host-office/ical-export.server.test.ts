import { eq } from 'drizzle-orm'
import nodeIcal from 'node-ical'
import { describe, expect, test } from 'vitest'
import { playroomBlocks } from '#db/schema/catalogue.ts'
import { orders } from '#db/schema/orders.ts'
import { bookingFixture, hourlySlot, NOW, placeOrder } from '#tests/helpers/booking.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { localToInstant } from '#app/domain/berlin-time.ts'
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
