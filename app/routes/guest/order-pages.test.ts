import { describe, expect, test } from 'vitest'
import { createSession } from '#app/models/accounts/session.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { bookingFixture, daysAhead, hourlySlot, orderRow, placeOrder } from '#tests/helpers/booking.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import * as confirmationPage from '../checkout/confirmation.tsx'
import * as hostOrderPage from '../host/order-detail.tsx'
import * as hostOrdersPage from '../host/orders.tsx'
import * as ownerAgendaPage from '../host/owner-agenda.tsx'
import * as guestOrderPage from './order-detail.tsx'
import * as guestIcs from './order-ics.ts'
import * as guestOrdersPage from './orders.tsx'

/**
 * The order pages of issue 5 through their loaders and actions: every one
 * checks the session and the order's owner (another guest's or host's order
 * is a 404, the wrong role the 403 of the area guard), and the actions work
 * without JavaScript (form posts and redirects).
 */
// Route modules with :orderId type their params; the harness passes them as a record.
const confirmationLoader = confirmationPage.loader as never
const hostLoader = hostOrderPage.loader as never
const hostAction = hostOrderPage.action as never
const hostListLoader = hostOrdersPage.loader as never
const agendaLoader = ownerAgendaPage.loader as never
const guestLoader = guestOrderPage.loader as never
const guestAction = guestOrderPage.action as never
const icsLoader = guestIcs.loader as never
const guestListLoader = guestOrdersPage.loader as never

const cookieOf = (userId: string) => `auth.token=${createSession({ userId, persistent: true }).token}`
const guestArea = [roleGuard('Customer')]
const hostArea = [roleGuard('Owner')]

async function scenario(instantBooking = false) {
	const { user: host, cookie: hostCookie } = await createLoggedInUser({
		role: 'Owner',
		phoneNumber: '+49 221 9988776',
	})
	const fixture = await bookingFixture({ hostId: host.id, instantBooking })
	const slot = hourlySlot(daysAhead(20), 10, 2)
	const order = placeOrder(fixture, slot, { now: Date.now() })
	const guestCookie = cookieOf(fixture.guest.id)
	const other = await createLoggedInUser({ role: 'Customer' })
	const otherHost = await createLoggedInUser({ role: 'Owner' })
	return { host, hostCookie, fixture, order, guestCookie, other, otherHost }
}

type OrderData = {
	order: {
		id: string
		status: string
		code: string
		host: { email: string | null; phoneNumber: string | null }
		contact?: unknown
		cancellation: { refund: number; allowed: boolean } | null
	}
}

describe('guest order pages', () => {
	test('the guest sees the own order with the host contact; another guest gets 404, a host the 403 guard', async () => {
		const { order, guestCookie, other, hostCookie, host } = await scenario()
		const path = `/guest/orders/${order.id}`
		const own = await callRoute(guestLoader, {
			path,
			cookie: guestCookie,
			params: { orderId: order.id },
			middleware: guestArea,
		})
		expect(own.status).toBe(200)
		const view = (own.data as OrderData).order
		expect(view).toMatchObject({ id: order.id, status: 'Requested', code: order.code })
		expect(view.host).toMatchObject({ email: host.email, phoneNumber: '+49 221 9988776' })

		for (const attempt of [
			{ cookie: other.cookie, status: 404 },
			{ cookie: hostCookie, status: 403 },
		]) {
			const result = await callRoute(guestLoader, {
				path,
				cookie: attempt.cookie,
				params: { orderId: order.id },
				middleware: guestArea,
			})
			expect(result.status).toBe(attempt.status)
		}
		const anonymous = await callRoute(guestLoader, {
			path,
			params: { orderId: order.id },
			middleware: guestArea,
		})
		expect(anonymous.status).toBe(302)
		expect(anonymous.location).toContain('/login?redirect=')
		// A malformed id is a 404 too (ADR 0008), never a 500.
		const malformed = await callRoute(guestLoader, {
			path: '/guest/orders/not-an-id',
			cookie: guestCookie,
			params: { orderId: 'not-an-id' },
			middleware: guestArea,
		})
		expect(malformed.status).toBe(404)

		const ics = await callRoute(icsLoader, {
			path: `${path}/ics`,
			cookie: other.cookie,
			params: { orderId: order.id },
			middleware: guestArea,
		})
		expect(ics.status).toBe(404)
	})

	test('the list has upcoming, past and cancelled; nonsense parameters fall back instead of failing', async () => {
		const { order, guestCookie } = await scenario()
		const upcoming = await callRoute(guestListLoader, {
			path: '/guest/orders',
			cookie: guestCookie,
			middleware: guestArea,
		})
		expect((upcoming.data as { items: { id: string }[] }).items.map((o) => o.id)).toContain(order.id)
		for (const tab of ['past', 'cancelled']) {
			const other = await callRoute(guestListLoader, {
				path: `/guest/orders?tab=${tab}`,
				cookie: guestCookie,
				middleware: guestArea,
			})
			expect((other.data as { items: unknown[] }).items).toEqual([])
		}
		const nonsense = await callRoute(guestListLoader, {
			path: '/guest/orders?tab=%00&currentPage=-4&perPage=1e9',
			cookie: guestCookie,
			middleware: guestArea,
		})
		expect(nonsense.status).toBe(200)
		expect(nonsense.data).toMatchObject({ tab: 'upcoming', currentPage: 1 })
	})

	test('cancelling: the refund is shown first (?cancel=1), then the form post cancels and redirects', async () => {
		const { order, guestCookie, other } = await scenario(true)
		const path = `/guest/orders/${order.id}`
		const quote = await callRoute(guestLoader, {
			path: `${path}?cancel=1`,
			cookie: guestCookie,
			params: { orderId: order.id },
			middleware: guestArea,
		})
		expect(quote.data).toMatchObject({ cancelling: true, order: { cancellation: { allowed: true } } })

		const foreign = await callRoute(guestAction, {
			path,
			method: 'POST',
			cookie: other.cookie,
			params: { orderId: order.id },
			form: { reason: 'not mine' },
			middleware: guestArea,
		})
		expect(foreign.status).toBe(404)
		expect(orderRow(order.id)?.status).toBe('AwaitingPayment')

		const done = await callRoute(guestAction, {
			path,
			method: 'POST',
			cookie: guestCookie,
			params: { orderId: order.id },
			form: { reason: '' },
			middleware: guestArea,
		})
		expect(done.status).toBe(302)
		expect(done.location).toBe(path)
		expect(orderRow(order.id)?.status).toBe('Cancelled')
	})

	test('the confirmation page is for the order’s guest and host only', async () => {
		const { order, guestCookie, hostCookie, other, otherHost } = await scenario()
		const path = `/public/playroomOrder/${order.id}/confirmation`
		const call = (cookie: string) =>
			callRoute(confirmationLoader, { path, cookie, params: { orderId: order.id } })
		expect((await call(guestCookie)).status).toBe(200)
		expect((await call(hostCookie)).status).toBe(200)
		expect((await call(other.cookie)).status).toBe(404)
		expect((await call(otherHost.cookie)).status).toBe(404)
		const anonymous = await callRoute(confirmationLoader, { path, params: { orderId: order.id } })
		expect(anonymous.status).toBe(302)
	})
})

describe('host order pages (/host and /owner)', () => {
	test('the host sees the guest contact and accepts; another host gets 404 and changes nothing', async () => {
		const { order, hostCookie, otherHost, guestCookie } = await scenario()
		for (const area of ['host', 'owner']) {
			const path = `/${area}/orders/${order.id}`
			const own = await callRoute(hostLoader, {
				path,
				cookie: hostCookie,
				params: { orderId: order.id },
				middleware: hostArea,
			})
			expect(own.status).toBe(200)
			expect(own.data).toMatchObject({ area, order: { status: 'Requested' } })
			expect(JSON.stringify(own.data)).toContain('+49 170 5550101') // the guest's phone
			const foreign = await callRoute(hostLoader, {
				path,
				cookie: otherHost.cookie,
				params: { orderId: order.id },
				middleware: hostArea,
			})
			expect(foreign.status).toBe(404)
			const guest = await callRoute(hostLoader, {
				path,
				cookie: guestCookie,
				params: { orderId: order.id },
				middleware: hostArea,
			})
			expect(guest.status).toBe(403)
		}

		const path = `/host/orders/${order.id}`
		const stolen = await callRoute(hostAction, {
			path,
			method: 'POST',
			cookie: otherHost.cookie,
			params: { orderId: order.id },
			form: { intent: 'accept' },
			middleware: hostArea,
		})
		expect(stolen.status).toBe(404)
		expect(orderRow(order.id)?.status).toBe('Requested')

		const accepted = await callRoute(hostAction, {
			path,
			method: 'POST',
			cookie: hostCookie,
			params: { orderId: order.id },
			form: { intent: 'accept' },
			middleware: hostArea,
		})
		expect(accepted.status).toBe(302)
		expect(accepted.location).toBe(path)
		expect(orderRow(order.id)?.status).toBe('AwaitingPayment')
	})

	test('declining needs a reason; with one the request is declined and the reason kept', async () => {
		const { order, hostCookie } = await scenario()
		const path = `/owner/orders/${order.id}`
		const empty = await callRoute(hostAction, {
			path,
			method: 'POST',
			cookie: hostCookie,
			params: { orderId: order.id },
			form: { intent: 'decline', reason: '' },
			middleware: hostArea,
		})
		expect(empty.status).toBe(400)
		expect(orderRow(order.id)?.status).toBe('Requested')
		const declined = await callRoute(hostAction, {
			path,
			method: 'POST',
			cookie: hostCookie,
			params: { orderId: order.id },
			form: { intent: 'decline', reason: 'Renovierung an dem Tag' },
			middleware: hostArea,
		})
		expect(declined.status).toBe(302)
		expect(declined.location).toBe(path)
		expect(orderRow(order.id)).toMatchObject({ status: 'Declined', declineReason: 'Renovierung an dem Tag' })
	})

	test('the list puts new requests first and filters by status; the owner agenda lists them too', async () => {
		const { order, hostCookie, fixture } = await scenario(true)
		const request = placeOrder(
			{ ...fixture, playroom: (await bookingFixture({ hostId: fixture.playroom.hostId })).playroom },
			hourlySlot(daysAhead(40), 10, 2),
			{ now: Date.now() },
		)
		const list = await callRoute(hostListLoader, {
			path: '/host/orders',
			cookie: hostCookie,
			middleware: hostArea,
		})
		const items = (list.data as { list: { items: { id: string; status: string }[] } }).list.items
		expect(items[0]).toMatchObject({ id: request.id, status: 'Requested' })
		expect(items.map((o) => o.id)).toContain(order.id)
		const filtered = await callRoute(hostListLoader, {
			path: '/host/orders?status=AwaitingPayment&from=nonsense',
			cookie: hostCookie,
			middleware: hostArea,
		})
		expect((filtered.data as { list: { items: { id: string }[] } }).list.items.map((o) => o.id)).toEqual([
			order.id,
		])
		const agenda = await callRoute(agendaLoader, {
			path: '/owner/orders',
			cookie: hostCookie,
			middleware: hostArea,
		})
		expect(agenda.data).toMatchObject({ owner: true, openRequests: 1 })
	})
})
