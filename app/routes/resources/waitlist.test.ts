import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { waitlistEntries } from '#db/schema/waitlist.ts'
import { bookingFixture, daysAhead, hourlySlot, placeOrder } from '#tests/helpers/booking.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { readToast } from '#app/utils/toast.server.ts'
import * as guestOrders from '../guest/orders.tsx'
import * as detail from '../playrooms/detail.tsx'
import * as waitlistResource from './waitlist.ts'

const post = (form: Record<string, string>, cookie?: string) =>
	callRoute(waitlistResource.action as never, { path: '/resources/waitlist', form, cookie })

async function toastOf(result: { setCookies: string[] }) {
	const request = new Request('http://x/', { headers: { Cookie: result.setCookies.join('; ') } })
	return (await readToast(request)).toast?.description
}

describe('the waitlist without JavaScript (/resources/waitlist, playroom page, /guest/orders)', async () => {
	const fixture = await bookingFixture({ instantBooking: true })
	const date = daysAhead(12)
	const slot = hourlySlot(date, 14, 2)
	placeOrder(fixture, slot, { now: Date.now() })
	const pagePath = `/en/playrooms/${fixture.playroom.input.playroomUrlPath}?bookingType=Hourly&date=${date}`
	const join = {
		intent: 'join',
		playroomId: fixture.playroom.id,
		bookingType: 'Hourly',
		startsAt: new Date(slot.checkIn).toISOString(),
		redirectTo: `${pagePath}#booking`,
	}

	test('the playroom page offers the taken starts of the date to wait for', async () => {
		const page = await callRoute(detail.loader as never, {
			path: pagePath,
			params: { playroomUrlPath: fixture.playroom.input.playroomUrlPath },
		})
		const html = (page.data as { html: { booking: string } }).html.booking
		expect(html).toContain('data-testid="waitlist-join"')
		expect(html).toContain('action="/resources/waitlist"')
		expect(html).toContain(`value="${join.startsAt}"`)
		// A free start is not offered for waiting.
		expect(html).not.toContain(`value="${new Date(hourlySlot(date, 10).checkIn).toISOString()}"`)
	})

	test('a visitor is sent to the login with the reason, and back afterwards', async () => {
		const result = await post(join)
		expect(result.status).toBe(302)
		expect(result.location).toBe(`/en/login?redirect=${encodeURIComponent(join.redirectTo)}`)
		expect(await toastOf(result)).toMatch(/log in to join the waitlist/i)
		expect(getDb().select().from(waitlistEntries).all()).toHaveLength(0)
	})

	test('a guest joins (twice is once), sees the entry in the Waitlist tab; another guest cannot leave it', async () => {
		const { user, cookie } = await createLoggedInUser({ role: 'Customer' })
		const first = await post(join, cookie)
		expect(first.location).toBe(join.redirectTo)
		expect(await toastOf(first)).toMatch(/you are on the waitlist/i)
		expect(await toastOf(await post(join, cookie))).toMatch(/already on the waitlist/i)
		const rows = getDb().select().from(waitlistEntries).where(eq(waitlistEntries.guestId, user.id)).all()
		expect(rows).toHaveLength(1)

		const tab = await callRoute(guestOrders.loader as never, {
			path: '/en/guest/orders?tab=waiting',
			cookie,
			middleware: [roleGuard('Customer')],
		})
		const data = tab.data as { tab: string; waiting: { id: string; status: string }[] }
		expect(data.tab).toBe('waiting')
		expect(data.waiting).toMatchObject([{ id: rows[0]?.id, status: 'Waiting' }])

		const other = await createLoggedInUser({ role: 'Customer' })
		const leave = { intent: 'leave', entryId: rows[0]?.id ?? '', redirectTo: '/en/guest/orders?tab=waiting' }
		expect(await toastOf(await post(leave, other.cookie))).toMatch(/not found/i)
		expect(
			getDb().select().from(waitlistEntries).where(eq(waitlistEntries.id, leave.entryId)).get()?.status,
		).toBe('Waiting')
		expect(await toastOf(await post(leave, cookie))).toMatch(/you left the waitlist/i)
		expect(
			getDb().select().from(waitlistEntries).where(eq(waitlistEntries.id, leave.entryId)).get()?.status,
		).toBe('Left')
	})

	test('a free start and a forged form are refused with a message', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Customer' })
		const free = await post(
			{ ...join, startsAt: new Date(hourlySlot(date, 10).checkIn).toISOString() },
			cookie,
		)
		expect(await toastOf(free)).toMatch(/this time is free/i)
		const forged = await post({ ...join, bookingType: 'Weekly' }, cookie)
		expect(forged.status).toBe(302)
		expect(await toastOf(forged)).toBeTruthy()
	})
})
