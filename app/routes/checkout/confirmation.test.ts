import { describe, expect, test } from 'vitest'
import { buildOrderIcs } from '#app/models/booking/order-ics.server.ts'
import { acceptOrder, cancelOrder } from '#app/models/booking/order-transitions.server.ts'
import { createSession } from '#app/models/accounts/session.server.ts'
import { bookingFixture, daysAhead, hourlySlot, mailsTo, placeOrder } from '#tests/helpers/booking.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import * as confirmationPage from './confirmation.tsx'

/**
 * Issue 11, defects 3 and 14: payment instructions only when payment is due
 * (not for a request the host may still decline), and the .ics only for an
 * agreed booking — a cancelled one's file says STATUS:CANCELLED.
 */
const loader = confirmationPage.loader as never
const IBAN = 'DE89 3704 0044 0532 0130 00'

type View = {
	order: { status: string; bankDetails: unknown; actions: { ics: boolean } }
}

async function requestScenario() {
	const { user: host } = await createLoggedInUser({ role: 'Owner' })
	const fixture = await bookingFixture({ hostId: host.id, instantBooking: false })
	const order = placeOrder(fixture, hourlySlot(daysAhead(20), 10, 2), { now: Date.now() })
	const cookie = `auth.token=${createSession({ userId: fixture.guest.id, persistent: true }).token}`
	const view = async () =>
		(
			(
				await callRoute(loader, {
					path: `/public/playroomOrder/${order.id}/confirmation`,
					cookie,
					params: { orderId: order.id },
				})
			).data as View
		).order
	return { host, fixture, order, view }
}

describe('confirmation of a request', () => {
	test('no bank details, no .ics and a "payment follows" note until the host accepts', async () => {
		const { host, fixture, order, view } = await requestScenario()
		const requested = await view()
		expect(requested.status).toBe('Requested')
		expect(requested.bankDetails).toBeNull()
		expect(requested.actions.ics).toBe(false)
		const [received] = mailsTo(fixture.guest.email)
		expect(received?.template).toBe('order.requestReceived')
		expect(received?.text).not.toContain(IBAN)
		expect(received?.text).toContain('Zahlungsdaten bekommst du, sobald der Gastgeber')

		acceptOrder(order.id, { id: host.id, role: 'Owner' })
		const accepted = await view()
		expect(accepted.status).toBe('AwaitingPayment')
		expect(accepted.bankDetails).toMatchObject({ iban: IBAN })
		expect(accepted.actions.ics).toBe(true)
		expect(mailsTo(fixture.guest.email).at(-1)?.text).toContain(IBAN)

		cancelOrder(order.id, { id: fixture.guest.id, role: 'Customer' }, null)
		const cancelled = await view()
		expect(cancelled.status).toBe('Cancelled')
		expect(cancelled.actions.ics).toBe(false)
		expect(cancelled.bankDetails).toBeNull()
	})

	test('the .ics says CANCELLED for a cancelled order and TENTATIVE for a pending request', () => {
		const base = {
			id: 'o1',
			code: 'SZ-ABC123',
			checkIn: new Date('2026-06-10T10:00:00Z'),
			checkOut: new Date('2026-06-10T12:00:00Z'),
			playroomName: 'Spielwiese',
			location: 'Köln',
		}
		expect(buildOrderIcs({ ...base, status: 'Cancelled' }, 'de')).toContain('STATUS:CANCELLED')
		expect(buildOrderIcs({ ...base, status: 'Requested' }, 'de')).toContain('STATUS:TENTATIVE')
		expect(buildOrderIcs({ ...base, status: 'Confirmed' }, 'en')).toContain('STATUS:CONFIRMED')
	})
})
