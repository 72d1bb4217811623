// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { recordControlTransaction } from '#app/models/booking/control-transactions.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { bookingFixture, hourlySlot, idempotencyKey, orderRow, placeOrder } from '#tests/helpers/booking.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { localDateOf } from '#app/domain/berlin-time.ts'
import GuestOrderPage, { loader as guestLoader } from '../guest/order-detail.tsx'
import HostOrderPage, { loader as hostLoader } from '../host/order-detail.tsx'
import AdminOrderPage, { loader as adminOrderLoader } from './order-detail.tsx'
import PaymentDetailPage, { action as paymentAction, loader as paymentLoader } from './payment-detail.tsx'

/** Issue 34 (ADR 0173): the pages say "partially paid" and what is still due; an unmatched transfer is assigned. */
afterEach(cleanup)
type Page = (props: { loaderData: unknown }) => React.ReactElement
const today = localDateOf(Date.now())
const nbsp = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ')

async function partiallyPaid() {
	const admin = await createLoggedInUser({ role: 'Admin' })
	const guest = await createLoggedInUser({ role: 'Customer', phoneNumber: '+49 170 5550102' })
	const host = await createLoggedInUser({ role: 'Owner' })
	const fixture = await bookingFixture({ instantBooking: true, hostId: host.user.id })
	const order = placeOrder({ playroom: fixture.playroom, guest: guest.user }, hourlySlot('2026-12-14', 10), {
		now: Date.now() - 60_000,
	})
	recordControlTransaction({ amount: 1_000, bookingDate: today, reference: order.code }, admin.user)
	expect(orderRow(order.id)?.paymentStatus).toBe('PartiallyPaid')
	return { admin, guest, host, order, due: order.totalAmount - 1_000 }
}

describe('a partially paid order', () => {
	test('the guest, host and admin pages show "partially paid" and the amount due', async () => {
		const { admin, guest, host, order, due } = await partiallyPaid()
		const dueDe = `${Math.floor(due / 100)},${String(due % 100).padStart(2, '0')} €`
		const dueEn = `€${Math.floor(due / 100)}.${String(due % 100).padStart(2, '0')}`
		const pages = [
			{
				Page: GuestOrderPage,
				loader: guestLoader,
				base: '/guest/orders',
				cookie: guest.cookie,
				role: 'Customer',
			},
			{ Page: HostOrderPage, loader: hostLoader, base: '/host/orders', cookie: host.cookie, role: 'Owner' },
			{
				Page: AdminOrderPage,
				loader: adminOrderLoader,
				base: '/admin/orders',
				cookie: admin.cookie,
				role: 'Admin',
			},
		] as const
		for (const { Page, loader, base, cookie, role } of pages) {
			for (const locale of ['de', 'en'] as const) {
				const loaded = await callRoute(loader as never, {
					path: `${locale === 'en' ? '/en' : ''}${base}/${order.id}`,
					params: { orderId: order.id },
					cookie,
					middleware: [roleGuard(role)],
				})
				expect(loaded.status, `${base} ${locale}`).toBe(200)
				const View = Page as unknown as Page
				await renderWithApp(<View loaderData={loaded.data} />, { locale })
				const facts = within(screen.getByTestId('order-facts'))
				expect(facts.getByText(locale === 'de' ? 'Teilweise bezahlt' : 'Partially paid')).toBeTruthy()
				expect(facts.getByText(locale === 'de' ? 'Noch offen' : 'Still due')).toBeTruthy()
				expect(nbsp(facts.getByTestId('amount-due').textContent)).toBe(locale === 'de' ? dueDe : dueEn)
				cleanup()
			}
		}
	})
})

describe('an unmatched transfer on its admin page', () => {
	test('the search finds the order, its button assigns the transfer once; the page then offers no form', async () => {
		const { admin, order, due } = await partiallyPaid()
		const reference = `Überweisung ${Math.random().toString(36).slice(2, 8)}`
		const unmatched = recordControlTransaction({ amount: due, bookingDate: today, reference }, admin.user)
		if (unmatched.outcome !== 'unmatched') throw new Error('expected unmatched')
		const path = `/admin/paymentTransactions/${unmatched.paymentId}`
		const params = { paymentTransactionId: unmatched.paymentId }
		const adminArea = [roleGuard('Admin')]
		const loaded = await callRoute(paymentLoader as never, {
			path: `${path}?q=${order.code}`,
			params,
			cookie: admin.cookie,
			middleware: adminArea,
		})
		const View = PaymentDetailPage as unknown as Page
		await renderWithApp(<View loaderData={loaded.data} />, { locale: 'de' })
		const candidates = within(screen.getByTestId('assign-candidates'))
		const button = candidates.getByRole('button', { name: `Zuordnen zu ${order.code}` })
		expect(button.getAttribute('name')).toBe('orderId')
		expect(button.getAttribute('value')).toBe(order.id)
		cleanup()

		const key = (loaded.data as { assign: { idempotencyKey: string } }).assign.idempotencyKey
		const assigned = await callRoute(paymentAction as never, {
			path,
			params,
			cookie: admin.cookie,
			form: { orderId: order.id, idempotencyKey: key },
			middleware: adminArea,
		})
		expect(assigned.status).toBe(302)
		expect(assigned.location).toBe(`/admin/orders/${order.id}`)
		expect(orderRow(order.id)).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid' })

		const again = await callRoute(paymentAction as never, {
			path,
			params,
			cookie: admin.cookie,
			form: { orderId: order.id, idempotencyKey: idempotencyKey() },
			middleware: adminArea,
		})
		expect(again.status).toBe(409)
		const after = await callRoute(paymentLoader as never, {
			path,
			params,
			cookie: admin.cookie,
			middleware: adminArea,
		})
		expect((after.data as { assign: unknown }).assign).toBeNull()
		await renderWithApp(<View loaderData={after.data} />, { locale: 'de', actionData: again.data })
		expect(nbsp(screen.getByTestId('assign-refused').textContent)).toContain(
			`Diese Überweisung ist bereits der Buchung ${order.code} zugeordnet.`,
		)
		expect(screen.queryByTestId('assign-candidates')).toBeNull()
	})
})
