// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, test } from 'vitest'
import { userNotifications } from '#db/schema/conversations.ts'
import { acceptOrder } from '#app/models/booking/order-transitions.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { bookingFixture, daysAhead, hourlySlot, placeOrder } from '#tests/helpers/booking.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { createSession } from '#app/models/accounts/session.server.ts'
import ChatPage, { loader as chatPageLoader } from '../chat/chat-page.tsx'
import GuestOrdersPage, { loader as guestOrdersLoader } from '../guest/orders.tsx'
import { action as notificationsAction } from '../resources/notifications.ts'
import HostMessagesPage, { loader as messagesLoader } from './messages.tsx'

/**
 * Issue 32: the host inbox /host/messages and the guest's notifications on /guest/chatMessages,
 * through the real loaders and the plain form post (no JavaScript).
 */
afterEach(cleanup)

const hostArea = [roleGuard('Owner')]
const guestArea = [roleGuard('Customer')]

async function scenario() {
	const fixture = await bookingFixture({ instantBooking: false, name: 'Tobeland Süd' })
	const order = placeOrder(fixture, hourlySlot(daysAhead(4), 10), { now: Date.now() })
	const cookie = `auth.token=${createSession({ userId: fixture.host.id, persistent: true }).token}`
	return { fixture, order, cookie }
}

async function renderInbox(path: string, cookie: string, locale: 'de' | 'en') {
	const page = await callRoute(messagesLoader as never, { path, cookie, middleware: hostArea })
	expect(page.status).toBe(200)
	const Page = HostMessagesPage as unknown as (props: { loaderData: unknown }) => React.ReactElement
	await renderWithApp(<Page loaderData={page.data} />, { locale, path })
}

describe('/host/messages', () => {
	test('shows the new request in German and English, unread, linking to its order', async () => {
		const { order, cookie } = await scenario()
		await renderInbox('/host/messages', cookie, 'de')
		const [row] = screen.getAllByTestId('notification-row')
		expect(row?.dataset.read).toBe('false')
		expect(row?.textContent).toContain(`Neue Buchungsanfrage ${order.code} für Tobeland Süd`)
		expect(screen.getByRole('link', { name: /Neue Buchungsanfrage/ }).getAttribute('href')).toBe(
			`/host/orders/${order.id}`,
		)
		expect(screen.getByRole('button', { name: 'Alle als gelesen markieren' })).toBeTruthy()
		cleanup()

		await renderInbox('/en/host/messages', cookie, 'en')
		expect(screen.getByTestId('notification-row').textContent).toContain(
			`New booking request ${order.code} for Tobeland Süd`,
		)
		expect(screen.getByRole('link', { name: /New booking request/ }).getAttribute('href')).toBe(
			`/en/host/orders/${order.id}`,
		)
	})

	test('mark read works by a plain form post; another user gets 404 and nothing changes', async () => {
		const { fixture, cookie } = await scenario()
		const [row] = getDb()
			.select()
			.from(userNotifications)
			.where(eq(userNotifications.userId, fixture.host.id))
			.all()
		if (!row) throw new Error('no notification')
		const form = { intent: 'read', notificationId: row.id, redirectTo: '/en/host/messages' }

		const stranger = await createLoggedInUser({ role: 'Owner' })
		const refused = await callRoute(notificationsAction as never, {
			path: '/resources/notifications',
			cookie: stranger.cookie,
			form,
		})
		expect(refused.status).toBe(404)
		const guestCookie = `auth.token=${createSession({ userId: fixture.guest.id, persistent: true }).token}`
		expect(
			(
				await callRoute(notificationsAction as never, {
					path: '/resources/notifications',
					cookie: guestCookie,
					form,
				})
			).status,
		).toBe(404)
		expect(
			getDb().select().from(userNotifications).where(eq(userNotifications.id, row.id)).get()?.readAt,
		).toBeNull()

		const marked = await callRoute(notificationsAction as never, {
			path: '/resources/notifications',
			cookie,
			form,
		})
		expect(marked.status).toBe(302)
		expect(marked.location).toBe('/en/host/messages')
		expect(
			getDb().select().from(userNotifications).where(eq(userNotifications.id, row.id)).get()?.readAt,
		).not.toBeNull()

		await renderInbox('/en/host/messages', cookie, 'en')
		expect(screen.getByTestId('notification-row').dataset.read).toBe('true')
		expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull()
	})

	test('empty state; a guest cannot open the inbox', async () => {
		const host = await createLoggedInUser({ role: 'Owner' })
		await renderInbox('/en/host/messages', host.cookie, 'en')
		expect(screen.getByTestId('notifications-empty').textContent).toContain('No messages')
		const guest = await createLoggedInUser({ role: 'Customer' })
		const refused = await callRoute(messagesLoader as never, {
			path: '/en/host/messages',
			cookie: guest.cookie,
			middleware: hostArea,
		})
		expect(refused.status).not.toBe(200)
	})
})

describe('the guest’s notifications on /guest/chatMessages', () => {
	test('the accepted request shows above the threads, not on /guest/orders; "mark all read" clears it', async () => {
		const { fixture, order } = await scenario()
		acceptOrder(order.id, { id: fixture.host.id, role: 'Owner' })
		const cookie = `auth.token=${createSession({ userId: fixture.guest.id, persistent: true }).token}`
		const load = () =>
			callRoute(chatPageLoader as never, { path: '/guest/chatMessages', cookie, middleware: guestArea })
		const Page = ChatPage as unknown as (props: { loaderData: unknown }) => React.ReactElement
		await renderWithApp(<Page loaderData={(await load()).data} />, {
			locale: 'de',
			path: '/guest/chatMessages',
		})
		const section = screen.getByTestId('guest-notifications')
		expect(section.textContent).toContain(`Deine Anfrage ${order.code} für Tobeland Süd wurde angenommen.`)
		// The mark-read forms post to /resources/notifications and come back here.
		const back = section.querySelector('input[name="redirectTo"]') as HTMLInputElement | null
		expect(back?.value).toBe('/guest/chatMessages')
		expect(section.querySelector('form')?.getAttribute('action')).toBe('/resources/notifications')
		cleanup()

		// /guest/orders no longer shows them.
		const orders = await callRoute(guestOrdersLoader as never, {
			path: '/guest/orders',
			cookie,
			middleware: guestArea,
		})
		const OrdersPage = GuestOrdersPage as unknown as (props: { loaderData: unknown }) => React.ReactElement
		await renderWithApp(<OrdersPage loaderData={orders.data} />, { locale: 'de', path: '/guest/orders' })
		expect(screen.queryByTestId('guest-notifications')).toBeNull()
		cleanup()

		const marked = await callRoute(notificationsAction as never, {
			path: '/resources/notifications',
			cookie,
			form: { intent: 'readAll', redirectTo: '/guest/chatMessages' },
		})
		expect(marked.status).toBe(302)
		expect(marked.location).toBe('/guest/chatMessages')
		await renderWithApp(<Page loaderData={(await load()).data} />, {
			locale: 'de',
			path: '/guest/chatMessages',
		})
		expect(screen.queryByTestId('guest-notifications')).toBeNull()
		expect(screen.getByTestId('chat-page')).toBeTruthy()
	})
})
