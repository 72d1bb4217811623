import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { playroomBlocks } from '#db/schema/catalogue.ts'
import { localToInstant } from '#app/domain/berlin-time.ts'
import { weekDates } from '#app/domain/calendar-grid.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { daysAhead } from '#tests/helpers/booking.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { action, loader } from './owner-calendar.tsx'

/**
 * Issue 31.7: /owner/calendar, the host's week on the phone — the week's days
 * with bookings and blocks, and the host calendar's block command, authorised
 * against the caller's playrooms (another host's playroom: 404, no row).
 */
const owner = [roleGuard('Owner')]

async function hostWithPlayroom() {
	const host = await createLoggedInUser({ role: 'Owner' })
	const playroom = await createTestPlayroom({ hostId: host.user.id })
	return { ...host, playroom }
}

const blocksOf = (playroomId: string) =>
	getDb().select().from(playroomBlocks).where(eq(playroomBlocks.playroomId, playroomId)).all()

function post(cookie: string, form: Record<string, string>) {
	return callRoute(action as never, { path: '/owner/calendar', cookie, form, middleware: owner })
}

describe('owner calendar', () => {
	test('shows the week (always the week) and blocks a time span of today', async () => {
		const a = await hostWithPlayroom()
		const day = daysAhead(0)
		const page = await callRoute(loader as never, {
			path: `/owner/calendar?view=month&date=${day}`,
			cookie: a.cookie,
			middleware: owner,
		})
		const data = page.data as { query: { view: string }; days: string[]; form: { playroomId: string } }
		expect(data.query.view).toBe('week')
		expect(data.days).toEqual(weekDates(day))
		expect(data.form.playroomId).toBe(a.playroom.id)

		const result = await post(a.cookie, {
			intent: 'create',
			playroomId: a.playroom.id,
			startDate: day,
			startTime: '15:00',
			endDate: day,
			endTime: '17:30',
			note: 'Zahnarzt',
			view: 'week',
			date: day,
		})
		expect(result.status).toBe(302)
		expect(result.location).toBe(`/owner/calendar?view=week&date=${day}`)
		const [block] = blocksOf(a.playroom.id)
		expect(block?.startsAt.getTime()).toBe(localToInstant(day, 15 * 60))
		expect(block?.endsAt.getTime()).toBe(localToInstant(day, 17 * 60 + 30))
		expect(block?.source).toBe('Host')
	})

	test("another host cannot block the host's playroom: 404 and no row", async () => {
		const a = await hostWithPlayroom()
		const b = await hostWithPlayroom()
		const day = daysAhead(1)
		const result = await post(b.cookie, {
			intent: 'create',
			playroomId: a.playroom.id,
			allDay: 'on',
			startDate: day,
			endDate: day,
		}).catch((error: unknown) => error as Response)
		expect(result.status).toBe(404)
		expect(blocksOf(a.playroom.id)).toEqual([])
	})
})
