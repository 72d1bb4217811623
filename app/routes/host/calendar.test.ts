import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { playroomBlocks } from '#db/schema/catalogue.ts'
import { orders } from '#db/schema/orders.ts'
import { waitlistEntries } from '#db/schema/waitlist.ts'
import { localToInstant } from '#app/domain/berlin-time.ts'
import { getStartsForDays } from '#app/models/booking/booking-availability.server.ts'
import { dateRangeMessage } from '#app/schemas/fields.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { translateValidationMessage } from '#app/utils/validation.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { daysAhead, hourlySlot } from '#tests/helpers/booking.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { action, loader } from './calendar.tsx'

const owner = [roleGuard('Owner')]

async function hostWithPlayroom() {
	const host = await createLoggedInUser({ role: 'Owner' })
	const playroom = await createTestPlayroom({ hostId: host.user.id })
	return { ...host, playroom }
}

function blocksOf(playroomId: string) {
	return getDb().select().from(playroomBlocks).where(eq(playroomBlocks.playroomId, playroomId)).all()
}

function post(cookie: string, form: Record<string, string>, path = '/host/calendar') {
	return callRoute(action as never, { path, cookie, form, middleware: owner })
}

describe('host calendar: blocks', () => {
	test('a whole-day block is created, shown, and the day is gone from availability', async () => {
		const a = await hostWithPlayroom()
		const day = daysAhead(30)
		expect(getStartsForDays(a.playroom.id, day, 1, 'Hourly')[0]?.starts.length).toBeGreaterThan(0)
		const result = await post(a.cookie, {
			intent: 'create',
			playroomId: a.playroom.id,
			allDay: 'on',
			startDate: day,
			endDate: day,
			note: 'Renovierung',
			view: 'week',
			date: day,
		})
		expect(result.status).toBe(302)
		expect(result.location).toBe(`/host/calendar?view=week&date=${day}`)
		const [block] = blocksOf(a.playroom.id)
		expect(block?.startsAt.getTime()).toBe(localToInstant(day, 0))
		expect(block?.note).toBe('Renovierung')
		expect(getStartsForDays(a.playroom.id, day, 1, 'Hourly')[0]?.starts).toEqual([])

		const page = await callRoute(loader as never, {
			path: `/host/calendar?view=month&date=${day}&block=${block?.id}`,
			cookie: a.cookie,
			middleware: owner,
		})
		const data = page.data as {
			events: { kind: string; id: string }[]
			form: { id: string; allDay: boolean }
		}
		expect(data.events.map((e) => e.id)).toContain(block?.id)
		expect(data.form).toMatchObject({ id: block?.id, allDay: true })

		const updated = await post(a.cookie, {
			intent: 'update',
			blockId: block?.id ?? '',
			playroomId: a.playroom.id,
			startDate: day,
			startTime: '09:00',
			endDate: day,
			endTime: '12:00',
		})
		expect(updated.status).toBe(302)
		expect(blocksOf(a.playroom.id)[0]?.endsAt.getTime()).toBe(localToInstant(day, 12 * 60))
		expect((await post(a.cookie, { intent: 'delete', blockId: block?.id ?? '' })).status).toBe(302)
		expect(blocksOf(a.playroom.id)).toEqual([])
	})

	test('a block over a slot-holding order is refused with the order named; a cancelled one is no obstacle', async () => {
		const a = await hostWithPlayroom()
		const day = daysAhead(31)
		const slot = hourlySlot(day, 14, 2)
		const order = await createTestOrder({
			playroomId: a.playroom.id,
			hostId: a.user.id,
			checkIn: new Date(slot.checkIn),
			checkOut: new Date(slot.checkOut),
			status: 'Requested',
		})
		const form = { intent: 'create', playroomId: a.playroom.id, allDay: 'on', startDate: day, endDate: day }
		const refused = await callRoute(action as never, {
			path: '/en/host/calendar',
			cookie: a.cookie,
			form,
			middleware: owner,
		})
		expect(refused.status).toBe(400)
		const [message = ''] =
			(refused.data as { result: { error: Record<string, string[]> } }).result.error[''] ?? []
		const params = new URLSearchParams(message.split('?')[1])
		expect(message).toMatch(/^hostCalendar:errors\.overlapsOrder\?/)
		expect(params.get('code')).toBe(order.code)
		expect(params.get('guest')).toBe('Gabi')
		expect(params.get('time')).toContain('14:00–16:00')
		expect(blocksOf(a.playroom.id)).toEqual([])

		getDb().update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, order.id)).run()
		expect((await post(a.cookie, form)).status).toBe(302)
		expect(blocksOf(a.playroom.id)).toHaveLength(1)
	})

	test('a time that does not exist (29 March 2026, 02:30) and an end before the start are refused at the field', async () => {
		const a = await hostWithPlayroom()
		const base = {
			intent: 'create',
			playroomId: a.playroom.id,
			startDate: '2026-03-29',
			endDate: '2026-03-29',
		}
		const gap = await post(a.cookie, { ...base, startTime: '02:30', endTime: '05:00' })
		expect(gap.status).toBe(400)
		expect(JSON.stringify(gap.data)).toContain('noSuchTime')
		const backwards = await post(a.cookie, { ...base, startTime: '10:00', endTime: '09:00' })
		expect(JSON.stringify(backwards.data)).toContain('endBeforeStart')
		expect(blocksOf(a.playroom.id)).toEqual([])
	})

	test('blocks in 1970 or 9999 are refused at the field with the translated message; nothing is stored or changed', async () => {
		const a = await hostWithPlayroom()
		const day = daysAhead(34)
		const create = { intent: 'create', playroomId: a.playroom.id }
		expect((await post(a.cookie, { ...create, allDay: 'on', startDate: day, endDate: day })).status).toBe(302)
		const before = blocksOf(a.playroom.id)
		const blockId = before[0]?.id ?? ''
		const periods: Record<string, string>[] = [
			{ allDay: 'on', startDate: '1970-01-01', endDate: '1970-01-02' },
			{ allDay: 'on', startDate: '9999-12-30', endDate: '9999-12-31' },
			{ allDay: 'on', startDate: day, endDate: '9999-12-31' },
			{ startDate: '1970-01-01', startTime: '10:00', endDate: '1970-01-01', endTime: '12:00' },
			{ startDate: '9999-12-31', startTime: '10:00', endDate: '9999-12-31', endTime: '12:00' },
		]
		for (const period of periods) {
			for (const intent of [create, { intent: 'update', blockId, playroomId: a.playroom.id }]) {
				const result = await post(a.cookie, { ...intent, ...period })
				const label = `${intent.intent} ${JSON.stringify(period)}`
				expect(result.status, label).toBe(400)
				const errors = (result.data as { result: { error: Record<string, string[]> } }).result.error
				const field = period.startDate === day ? 'endDate' : 'startDate'
				expect(errors[field], label).toEqual([dateRangeMessage])
			}
		}
		expect(blocksOf(a.playroom.id)).toEqual(before)
		expect(translateValidationMessage(getFixedT('de'), dateRangeMessage)).toBe(
			'Das Datum muss zwischen dem 1. Januar 2000 und heute in 10 Jahren liegen',
		)
		expect(translateValidationMessage(getFixedT('en'), dateRangeMessage)).toBe(
			'The date must be between 1 January 2000 and 10 years from today',
		)
	})

	test("host B cannot see, create, edit or delete blocks on host A's playrooms (404, rows unchanged)", async () => {
		const a = await hostWithPlayroom()
		const b = await createLoggedInUser({ role: 'Owner' })
		const day = daysAhead(32)
		expect(
			(
				await post(a.cookie, {
					intent: 'create',
					playroomId: a.playroom.id,
					allDay: 'on',
					startDate: day,
					endDate: day,
				})
			).status,
		).toBe(302)
		const before = blocksOf(a.playroom.id)
		const blockId = before[0]?.id ?? ''
		const seeFilter = await callRoute(loader as never, {
			path: `/host/calendar?playroom=${a.playroom.id}`,
			cookie: b.cookie,
			middleware: owner,
		})
		expect(seeFilter.status).toBe(404)
		const seeBlock = await callRoute(loader as never, {
			path: `/host/calendar?block=${blockId}`,
			cookie: b.cookie,
			middleware: owner,
		})
		expect(seeBlock.status).toBe(404)
		const own = await callRoute(loader as never, {
			path: `/host/calendar?date=${day}`,
			cookie: b.cookie,
			middleware: owner,
		})
		expect((own.data as { events: unknown[] }).events).toEqual([])

		const other = daysAhead(33)
		const attempts: Record<string, string>[] = [
			{ intent: 'create', playroomId: a.playroom.id, allDay: 'on', startDate: other, endDate: other },
			{
				intent: 'update',
				blockId,
				playroomId: a.playroom.id,
				allDay: 'on',
				startDate: other,
				endDate: other,
			},
			{ intent: 'delete', blockId },
		]
		for (const form of attempts) expect((await post(b.cookie, form)).status, form['intent']).toBe(404)
		expect(blocksOf(a.playroom.id)).toEqual(before)
	})
})

describe('host calendar: the slot waitlist', () => {
	test("guests waiting for one of the host's starts are marked on the calendar; another host sees none", async () => {
		const a = await hostWithPlayroom()
		const b = await hostWithPlayroom()
		const guest = await createLoggedInUser({ role: 'Customer', firstName: 'Mia' })
		const day = daysAhead(33)
		const start = new Date(localToInstant(day, 10 * 60) ?? 0)
		getDb()
			.insert(waitlistEntries)
			.values({ playroomId: a.playroom.id, guestId: guest.user.id, bookingType: 'Hourly', startsAt: start })
			.run()
		const eventsOf = async (cookie: string) => {
			const page = await callRoute(loader as never, {
				path: `/host/calendar?view=week&date=${day}`,
				cookie,
				middleware: owner,
			})
			return (page.data as { events: { kind: string; start: number; guestFirstName?: string }[] }).events
		}
		const marks = (await eventsOf(a.cookie)).filter((event) => event.kind === 'waitlist')
		expect(marks).toEqual([expect.objectContaining({ start: start.getTime(), guestFirstName: 'Mia' })])
		expect((await eventsOf(b.cookie)).filter((event) => event.kind === 'waitlist')).toEqual([])
	})
})
