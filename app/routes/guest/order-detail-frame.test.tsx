// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { createSession } from '#app/models/accounts/session.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { bookingFixture, daysAhead, hourlySlot, placeOrder } from '#tests/helpers/booking.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import HostOrderPage, { loader as hostLoader } from '../host/order-detail.tsx'
import GuestOrderPage, { loader as guestLoader } from './order-detail.tsx'

/**
 * The order pages of the guest, the host and the owner area on the detail frame
 * (issue 30): the frame's header (title, status badge, actions), the same
 * sections as titled cards, and the same plain forms (they post without
 * JavaScript).
 */
async function render(Component: unknown, loaderData: unknown, path: string) {
	const Page = Component as (props: { loaderData: unknown }) => React.ReactElement
	return renderWithApp(<Page loaderData={loaderData} />, { path })
}

async function request() {
	const { user: host, cookie: hostCookie } = await createLoggedInUser({ role: 'Owner' })
	const fixture = await bookingFixture({ hostId: host.id, instantBooking: false })
	const order = placeOrder(fixture, hourlySlot(daysAhead(20), 10, 2), { now: Date.now() })
	const guestCookie = `auth.token=${createSession({ userId: fixture.guest.id, persistent: true }).token}`
	return { order, hostCookie, guestCookie }
}

const sectionTitles = (frame: HTMLElement) =>
	within(frame)
		.getAllByRole('heading', { level: 2 })
		.map((heading) => heading.textContent)

describe('order pages on the detail frame', () => {
	test('the host: header with badge, the answer with accept and decline forms, facts, contact, price, history', async () => {
		const { order, hostCookie } = await request()
		const path = `/host/orders/${order.id}`
		const page = await callRoute(hostLoader as never, {
			path,
			cookie: hostCookie,
			params: { orderId: order.id },
			middleware: [roleGuard('Owner')],
		})
		await render(HostOrderPage, page.data, path)
		const frame = screen.getByTestId('host-order')
		expect(within(frame).getByRole('heading', { level: 1 }).textContent).toBe(`Buchung ${order.code}`)
		expect(within(frame).getByTestId('order-status').textContent).toBe('Angefragt')
		expect(sectionTitles(frame)).toEqual(['Aktionen', 'Überblick', 'Kontakt des Gastes', 'Verlauf', 'Preis'])
		const answer = within(frame).getByTestId('answer-request')
		const accept = within(answer).getByTestId('accept').closest('form')
		expect(accept?.getAttribute('method')).toBe('post')
		expect((accept?.querySelector('input[name="intent"]') as HTMLInputElement).value).toBe('accept')
		const decline = within(answer).getByTestId('decline').closest('form')
		expect((decline?.querySelector('textarea[name="reason"]') as HTMLTextAreaElement).required).toBe(true)
		expect(frame.className).not.toContain('max-w-xl')
		// Cancelling starts with a plain link in the frame's actions.
		const cancel = within(frame).getByTestId('cancel-start')
		expect(cancel.getAttribute('href')).toBe(`${path}?cancel=1`)
		expect(within(frame).getByRole('banner').contains(cancel)).toBe(true)
	})

	test('the owner area: the same page in one phone-wide column; ?cancel=1 shows the cancel form', async () => {
		const { order, hostCookie } = await request()
		const path = `/owner/orders/${order.id}`
		const page = await callRoute(hostLoader as never, {
			path: `${path}?cancel=1`,
			cookie: hostCookie,
			params: { orderId: order.id },
			middleware: [roleGuard('Owner')],
		})
		await render(HostOrderPage, page.data, path)
		const frame = screen.getByTestId('host-order')
		expect(frame.className).toContain('max-w-xl')
		const panel = within(frame).getByTestId('cancel-panel')
		const form = within(panel).getByTestId('cancel-confirm').closest('form')
		expect((form?.querySelector('textarea[name="reason"]') as HTMLTextAreaElement).required).toBe(true)
		expect(within(panel).getByRole('link', { name: 'Nein, Buchung behalten' }).getAttribute('href')).toBe(
			path,
		)
		expect(within(frame).queryByTestId('cancel-start')).toBeNull()
	})

	test('the guest: facts, next steps, history, price and the actions section with the host contact; the cancel form', async () => {
		const { order, guestCookie } = await request()
		const path = `/guest/orders/${order.id}`
		const load = async (search = '') =>
			callRoute(guestLoader as never, {
				path: `${path}${search}`,
				cookie: guestCookie,
				params: { orderId: order.id },
				middleware: [roleGuard('Customer')],
			})
		await render(GuestOrderPage, (await load()).data, path)
		const frame = screen.getByTestId('guest-order')
		expect(within(frame).getByRole('heading', { level: 1 }).textContent).toBe(`Buchung ${order.code}`)
		expect(within(frame).getByTestId('order-status').textContent).toBe('Angefragt')
		expect(sectionTitles(frame)).toEqual(['Überblick', 'Wie geht es weiter?', 'Verlauf', 'Preis', 'Aktionen'])
		const actions = within(frame).getByTestId('order-actions')
		expect(within(actions).getByTestId('host-contact')).toBeTruthy()
		// "Cancel booking" lands on the refund panel, also without JavaScript (issue 31.15).
		expect(within(actions).getByTestId('cancel-start').getAttribute('href')).toBe(
			`${path}?cancel=1#cancel-panel-title`,
		)
		expect(within(frame).getByTestId('payment-after-acceptance')).toBeTruthy()
		cleanup()

		await render(GuestOrderPage, (await load('?cancel=1')).data, path)
		const panel = screen.getByTestId('cancel-panel')
		expect(panel.contains(document.getElementById('cancel-panel-title'))).toBe(true)
		const form = within(panel).getByTestId('cancel-confirm').closest('form')
		expect(form?.getAttribute('method')).toBe('post')
		expect((form?.querySelector('textarea[name="reason"]') as HTMLTextAreaElement).required).toBe(false)
	})

	test('the guest reads its message as its own, the host as the guest’s (issue 31.15)', async () => {
		const { user: host, cookie: hostCookie } = await createLoggedInUser({ role: 'Owner' })
		const fixture = await bookingFixture({ hostId: host.id, instantBooking: false })
		const message = 'Wir feiern den 5. Geburtstag.'
		const order = placeOrder(fixture, { ...hourlySlot(daysAhead(20), 10, 2), message }, { now: Date.now() })
		const guestCookie = `auth.token=${createSession({ userId: fixture.guest.id, persistent: true }).token}`
		const factsOf = async (
			Component: unknown,
			loader: unknown,
			path: string,
			cookie: string,
			role: 'Customer' | 'Owner',
		) => {
			const loaded = await callRoute(loader as never, {
				path,
				cookie,
				params: { orderId: order.id },
				middleware: [roleGuard(role)],
			})
			await render(Component, loaded.data, path)
			const text = screen.getByTestId('order-facts').textContent
			cleanup()
			return text
		}
		const guest = await factsOf(
			GuestOrderPage,
			guestLoader,
			`/guest/orders/${order.id}`,
			guestCookie,
			'Customer',
		)
		expect(guest).toContain(`Deine Nachricht${message}`)
		expect(guest).not.toContain('Nachricht des Gastes')
		const hostView = await factsOf(HostOrderPage, hostLoader, `/host/orders/${order.id}`, hostCookie, 'Owner')
		expect(hostView).toContain(`Nachricht des Gastes${message}`)
	})
})
