// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { findUserSupportThread, sendSupportMessage } from '#app/models/chat/support.server.ts'
import { bookingFixture, daysAhead, hourlySlot, placeOrder } from '#tests/helpers/booking.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { requestPage } from '#tests/helpers/route-table.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import AdminSupportPage from '../admin/support.tsx'
import AdminSupportThreadPage from '../admin/support-thread.tsx'
import SupportPage from './support-page.tsx'

/**
 * The support pages without JavaScript (issue 32, ADR 0163): /support for the user (form post →
 * redirect to the new message; a resubmitted form is one message), /admin/support and
 * /admin/support/:supportThreadId for admins (status, assign, orders, "login as"). A third user
 * never sees another's text; message text is inert in the user's page and the admin view.
 */
type Login = Awaited<ReturnType<typeof createLoggedInUser>>
const SECRET = 'Nur für den Support bestimmt'
const XSS = '<img src=x onerror=alert(1)> javascript:alert(2)'
let user: Login, stranger: Login, host: Login, admin: Login
let threadId: string
let orderId: string

beforeAll(async () => {
	;[user, stranger, host, admin] = await Promise.all([
		createLoggedInUser({ role: 'Customer', displayName: 'Familie Support' }),
		createLoggedInUser({ role: 'Customer' }),
		createLoggedInUser({ role: 'Owner' }),
		createLoggedInUser({ role: 'Admin' }),
	])
	const fixture = await bookingFixture({ instantBooking: false })
	orderId = placeOrder({ ...fixture, guest: user.user }, hourlySlot(daysAhead(10), 10), {
		now: Date.now() - 60_000,
	}).id
	const caller = { id: user.user.id, role: 'Customer' as const }
	threadId = sendSupportMessage(caller, 'user', { body: SECRET, clientMessageId: 'page-support-1' }).threadId
	sendSupportMessage(caller, 'user', { body: XSS, clientMessageId: 'page-support-xss' })
})

afterEach(() => cleanup())

async function render(
	Component: unknown,
	path: string,
	cookie: string,
	testId: string,
): Promise<HTMLElement> {
	const page = await requestPage(path, { cookie })
	expect(page.status, path).toBe(200)
	cleanup()
	const Page = Component as (props: { loaderData: unknown; params?: unknown }) => React.ReactElement
	await renderWithApp(<Page loaderData={page.data} />, { path })
	return screen.getByTestId(testId)
}

describe('support pages', () => {
	test('a visitor is sent through login; a third user sees only their own (empty) thread', async () => {
		const anonymous = await requestPage('/en/support')
		expect(anonymous.status).toBe(302)
		expect(anonymous.location).toBe(`/en/login?redirect=${encodeURIComponent('/en/support')}`)
		const own = await requestPage('/support', { cookie: stranger.cookie })
		expect(own.status).toBe(200)
		expect(JSON.stringify(own.data)).not.toContain(SECRET)
		expect((own.data as { thread: { messages: unknown[] } }).thread.messages).toEqual([])
		// The admin pages: 403 for everyone but admins, with nothing of the thread.
		for (const who of [user, stranger, host]) {
			for (const path of ['/admin/support', `/admin/support/${threadId}`, `/en/admin/support/${threadId}`]) {
				const result = await requestPage(path, { cookie: who.cookie })
				expect(result.status, path).toBe(403)
				expect(JSON.stringify(result.data ?? null)).not.toContain(SECRET)
				const posted = await requestPage(path, {
					cookie: who.cookie,
					form: { body: 'Ich bin Admin', clientMessageId: 'stranger-0001' },
				})
				expect(posted.status, path).toBe(403)
			}
		}
	})

	test('the user writes by form post and lands on the new message; the same form twice is one message', async () => {
		const form = { body: 'Meine zweite Frage', clientMessageId: 'support-form-0001' }
		const first = await requestPage('/support', { cookie: user.cookie, form })
		expect(first.status).toBe(302)
		expect(first.location).toMatch(/^\/support#message-\d+$/)
		const second = await requestPage('/support', { cookie: user.cookie, form })
		expect(second.location).toBe(first.location)
		const empty = await requestPage('/support', {
			cookie: user.cookie,
			form: { body: ' ', clientMessageId: 'support-form-0002' },
		})
		expect(empty.status).toBe(400)
		const frame = await render(SupportPage, '/support', user.cookie, 'support-page')
		const mine = within(frame)
			.getAllByTestId('chat-message')
			.filter((item) => item.textContent?.includes('Meine zweite Frage'))
		expect(mine).toHaveLength(1)
		expect(mine[0]?.id).toBe(first.location?.split('#')[1])
		// Inert: the text is text, no element and no javascript: link.
		expect(frame.querySelector('img')).toBeNull()
		expect(frame.innerHTML).toContain('&lt;img src=x onerror=alert(1)&gt;')
		expect(frame.querySelector('a[href^="javascript:"]')).toBeNull()
		expect(within(frame).getByTestId('chat-load-new')).toBeTruthy()
		// The first post of a user without a thread creates it.
		const hostPost = await requestPage('/en/support', {
			cookie: host.cookie,
			form: { body: 'Frage vom Gastgeber', clientMessageId: 'support-form-host' },
		})
		expect(hostPost.location).toMatch(/^\/en\/support#message-\d+$/)
		expect(findUserSupportThread(host.user.id)?.supportStatus).toBe('Open')
	})

	test('the admin list shows status, unread count and last message; the thread page answers, sets status and assigns', async () => {
		const list = await render(AdminSupportPage, '/admin/support?status=Open', admin.cookie, 'admin-support')
		const row = within(list)
			.getAllByTestId('support-row')
			.find((item) => item.textContent?.includes('Familie Support'))
		expect(row?.textContent).toContain('3 ungelesen')
		expect(row?.querySelector('img')).toBeNull()
		const path = `/admin/support/${threadId}`
		const frame = await render(AdminSupportThreadPage, path, admin.cookie, 'admin-support-thread')
		expect(frame.querySelector('img')).toBeNull()
		expect(frame.innerHTML).toContain('&lt;img src=x onerror=alert(1)&gt;')
		expect(frame.querySelector('a[href^="javascript:"]')).toBeNull()
		// "Login as" the user (impersonation) and their orders beside the thread.
		expect(
			frame.querySelector(`form[action="/resources/impersonation"] input[value="${user.user.id}"]`),
		).not.toBeNull()
		expect(
			within(frame).getByTestId('user-orders').querySelector(`a[href="/admin/orders/${orderId}"]`),
		).not.toBeNull()
		// Opening the thread read it for every admin.
		const after = await requestPage('/admin/support?status=Open', { cookie: admin.cookie })
		const items = (after.data as { items: { id: string; unreadCount: number }[] }).items
		expect(items.find((item) => item.id === threadId)?.unreadCount).toBe(0)
		// The answer, then status and assignment by plain forms.
		const answer = await requestPage(path, {
			cookie: admin.cookie,
			form: { body: 'Wir kümmern uns darum.', clientMessageId: 'admin-form-0001' },
		})
		expect(answer.location).toMatch(new RegExp(`^/admin/support/${threadId}#message-\\d+$`))
		expect(findUserSupportThread(user.user.id)?.supportStatus).toBe('Waiting')
		const resolved = await requestPage(path, {
			cookie: admin.cookie,
			form: { intent: 'status', status: 'Resolved' },
		})
		expect(resolved.status).toBe(302)
		const assigned = await requestPage(path, {
			cookie: admin.cookie,
			form: { intent: 'assign', adminId: admin.user.id },
		})
		expect(assigned.status).toBe(302)
		expect(findUserSupportThread(user.user.id)).toMatchObject({
			supportStatus: 'Resolved',
			assignedAdminId: admin.user.id,
		})
		// Both changes are in the admin change log of the thread page.
		const logged = await render(AdminSupportThreadPage, path, admin.cookie, 'admin-support-thread')
		const history = within(logged).getByTestId('audit-history')
		expect(history.textContent).toContain('Status der Support-Anfrage geändert')
		expect(history.textContent).toContain('Erledigt')
		expect(history.textContent).toContain('Support-Anfrage zugewiesen')
		// The user sees the answer.
		const userFrame = await render(SupportPage, '/support', user.cookie, 'support-page')
		expect(userFrame.textContent).toContain('Wir kümmern uns darum.')
		expect(userFrame.textContent).toContain('Erledigt')
	})
})
