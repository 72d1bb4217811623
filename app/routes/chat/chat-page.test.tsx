// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, test } from 'vitest'
import { users } from '#db/schema/users.ts'
import { acceptOrder } from '#app/models/booking/order-transitions.server.ts'
import { sendChatMessage } from '#app/models/chat/chat.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { bookingFixture, daysAhead, hourlySlot, placeOrder } from '#tests/helpers/booking.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { requestPage } from '#tests/helpers/route-table.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import ChatPage from './chat-page.tsx'

/**
 * The chat pages without JavaScript (issue 32): a third user gets 404 on every thread page and
 * never a line of it; sending is a form post that redirects back to the new message; message
 * text is inert — an <img onerror> stays text and a javascript: link is never a link.
 */
type Login = Awaited<ReturnType<typeof createLoggedInUser>>
const SECRET = 'Nur für den Gastgeber bestimmt'
const XSS = '<img src=x onerror=alert(1)> javascript:alert(2) https://example.org/info'
let guest: Login, host: Login, otherGuest: Login, otherHost: Login
let playroomId: string
let orderId: string

beforeAll(async () => {
	;[guest, host, otherGuest, otherHost] = await Promise.all([
		createLoggedInUser({ role: 'Customer' }),
		createLoggedInUser({ role: 'Owner' }),
		createLoggedInUser({ role: 'Customer' }),
		createLoggedInUser({ role: 'Owner' }),
	])
	const fixture = await bookingFixture({ hostId: host.user.id, instantBooking: false })
	playroomId = fixture.playroom.id
	const order = placeOrder({ ...fixture, guest: guest.user }, hourlySlot(daysAhead(10), 10), {
		now: Date.now() - 60_000,
	})
	orderId = order.id
	const caller = { id: guest.user.id, role: 'Customer' as const }
	sendChatMessage(caller, { playroomId, body: SECRET, clientMessageId: 'page-secret-1' })
	sendChatMessage(caller, { playroomId, body: XSS, clientMessageId: 'page-xss-1', orderId })
})

afterEach(() => cleanup())

async function render(path: string, cookie: string) {
	const page = await requestPage(path, { cookie })
	expect(page.status, path).toBe(200)
	cleanup()
	const Page = ChatPage as unknown as (props: { loaderData: unknown }) => React.ReactElement
	await renderWithApp(<Page loaderData={page.data} />, { path })
	return screen.getByTestId('chat-page')
}

describe('chat pages', () => {
	test('a third user gets 404 on every thread page and no foreign text', async () => {
		const paths: [string, Login][] = [
			[`/host/chatMessages?guestId=${guest.user.id}`, otherHost],
			[`/owner/chatMessages/${guest.user.id}`, otherHost],
			[`/en/owner/chatMessages/${guest.user.id}`, otherHost],
		]
		for (const [path, who] of paths) {
			const result = await requestPage(path, { cookie: who.cookie })
			expect(result.status, path).toBe(404)
			expect(JSON.stringify(result.data ?? null)).not.toContain(SECRET)
			const posted = await requestPage(path, {
				cookie: who.cookie,
				form: { body: 'Hallo', clientMessageId: 'stranger-01' },
			})
			expect(posted.status, path).toBe(404)
		}
		// Another guest naming the same host gets their own (empty) thread with that host, never this one.
		const own = await requestPage(`/guest/chatMessages?hostId=${host.user.id}`, { cookie: otherGuest.cookie })
		expect(own.status).toBe(200)
		expect(JSON.stringify(own.data)).not.toContain(SECRET)
		expect((own.data as { thread: { messages: unknown[] } }).thread.messages).toEqual([])
		for (const [path, who] of [
			['/guest/chatMessages', otherGuest],
			['/host/chatMessages', otherHost],
		] as const) {
			const list = await requestPage(path, { cookie: who.cookie })
			expect(list.status).toBe(200)
			expect(JSON.stringify(list.data)).not.toContain(SECRET)
		}
	})

	test('the host sees the thread in the list and the thread with an order chip; text stays inert', async () => {
		const list = await render('/host/chatMessages?filter=unread', host.cookie)
		expect(within(list).getAllByTestId('chat-thread')).toHaveLength(1)
		const frame = await render(`/host/chatMessages?guestId=${guest.user.id}`, host.cookie)
		const html = frame.innerHTML
		expect(frame.querySelector('img')).toBeNull()
		expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
		expect(frame.querySelector('a[href^="javascript:"]')).toBeNull()
		// Before a confirmed order the URL is masked, with the explanation.
		expect(html).not.toContain('example.org')
		expect(within(frame).getByTestId('chat-masked-notice')).toBeTruthy()
		const chips = within(frame).getAllByTestId('order-chip')
		expect(chips.some((chip) => chip.getAttribute('href') === `/host/orders/${orderId}`)).toBe(true)
		// Opening the thread read it.
		const again = await requestPage('/host/chatMessages?filter=unread', { cookie: host.cookie })
		expect((again.data as { threads: unknown[] }).threads).toHaveLength(0)
	})

	test('after confirmation http(s) links are clickable, javascript: never', async () => {
		const fixture = await bookingFixture({ instantBooking: true })
		const g = await createLoggedInUser({ role: 'Customer' })
		placeOrder(
			{ ...fixture, guest: g.user },
			{ ...hourlySlot(daysAhead(11), 10), paymentMethod: 'OnSite' },
			{
				now: Date.now() - 60_000,
			},
		)
		sendChatMessage(
			{ id: g.user.id, role: 'Customer' },
			{ playroomId: fixture.playroom.id, body: XSS, clientMessageId: 'page-xss-2' },
		)
		const frame = await render(`/guest/chatMessages?hostId=${fixture.host.id}`, g.cookie)
		const links = [...frame.querySelectorAll('[data-testid="chat-message"] a')].map((a) =>
			a.getAttribute('href'),
		)
		expect(links).toEqual(['https://example.org/info'])
		expect(frame.querySelector('img')).toBeNull()
		expect(frame.innerHTML).toContain('javascript:alert(2)')
	})

	test('the guest’s list names the host’s playrooms; phone and address only after confirmation', async () => {
		const list = await render('/guest/chatMessages', guest.cookie)
		const playrooms = within(list).getByTestId('chat-thread-playrooms')
		expect(playrooms.querySelector('a')?.getAttribute('href')).toMatch(/^\/playrooms\//)
		// The pair's only order is a request: no contact details yet, on either side.
		const before = await requestPage(`/guest/chatMessages?hostId=${host.user.id}`, { cookie: guest.cookie })
		expect((before.data as { thread: { contact: unknown } }).thread.contact).toBeNull()

		const fixture = await bookingFixture({ instantBooking: true })
		getDb().update(users).set({ phoneNumber: '+49 221 5550199' }).where(eq(users.id, fixture.host.id)).run()
		const g = await createLoggedInUser({ role: 'Customer' })
		placeOrder(
			{ ...fixture, guest: g.user },
			{ ...hourlySlot(daysAhead(12), 10), paymentMethod: 'OnSite' },
			{ now: Date.now() - 60_000 },
		)
		const frame = await render(`/guest/chatMessages?hostId=${fixture.host.id}`, g.cookie)
		const contact = within(frame).getByTestId('chat-contact')
		expect(contact.querySelector('a[href="tel:+492215550199"]')?.textContent).toBe('+49 221 5550199')
		expect(contact.textContent).toContain('Teststraße 1, 50667')
	})

	test('the host’s quick replies: a link that loads the thread with the text prefilled, not sent', async () => {
		const path = `/host/chatMessages?guestId=${guest.user.id}`
		const frame = await render(path, host.cookie)
		const links = within(within(frame).getByTestId('chat-quick-replies')).getAllByRole('link')
		expect(links).toHaveLength(2)
		const href = links[0]?.getAttribute('href') ?? ''
		expect(href).toContain('draft=')
		const followed = await render(href.replace(/#.*$/, ''), host.cookie)
		const textarea = followed.querySelector('textarea')
		expect(textarea?.value).toContain(host.user.displayName)
		// Nothing was sent: the guest has no new unread message from the host.
		const status = await requestPage('/guest/chatMessages?filter=unread', { cookie: guest.cookie })
		expect(JSON.stringify(status.data)).not.toContain(textarea?.value.slice(0, 20) ?? 'x')
		// Guests get no quick replies.
		const guestView = await requestPage(`/guest/chatMessages?hostId=${host.user.id}`, { cookie: guest.cookie })
		expect((guestView.data as { thread: { quickReplies: unknown[] } }).thread.quickReplies).toEqual([])
	})

	test('sending is a form post that redirects back to the new message; the same form twice is one message', async () => {
		const path = `/owner/chatMessages/${guest.user.id}`
		const form = { body: 'Gern, bis dann!', clientMessageId: 'owner-form-0001' }
		const first = await requestPage(path, { cookie: host.cookie, form })
		expect(first.status).toBe(302)
		expect(first.location).toMatch(new RegExp(`^/owner/chatMessages/${guest.user.id}#message-\\d+$`))
		const second = await requestPage(path, { cookie: host.cookie, form })
		expect(second.location).toBe(first.location)
		const frame = await render(`/guest/chatMessages?hostId=${host.user.id}`, guest.cookie)
		const mine = within(frame)
			.getAllByTestId('chat-message')
			.filter((item) => item.textContent?.includes('Gern, bis dann!'))
		expect(mine).toHaveLength(1)
		expect(mine[0]?.id).toBe(first.location?.split('#')[1])
		// A post from a guest with a playroom id opens the thread and lands in it.
		const empty = await requestPage(`/guest/chatMessages?playroomId=${playroomId}`, {
			cookie: guest.cookie,
			form: { body: '', clientMessageId: 'guest-form-0001' },
		})
		expect(empty.status).toBe(400)
		const asked = await requestPage(`/guest/chatMessages?playroomId=${playroomId}`, {
			cookie: guest.cookie,
			form: { body: 'Noch eine Frage', clientMessageId: 'guest-form-0002' },
		})
		expect(asked.location).toMatch(new RegExp(`^/guest/chatMessages\\?hostId=${host.user.id}#message-\\d+$`))
		acceptOrder(orderId, { id: host.user.id, role: 'Owner' })
	})

	test('"contact host" of a visitor goes through login and back to the thread', async () => {
		const path = `/guest/chatMessages?playroomId=${playroomId}`
		const anonymous = await requestPage(path)
		expect(anonymous.status).toBe(302)
		expect(anonymous.location).toBe(`/login?redirect=${encodeURIComponent(path)}`)
	})
	test('a question typed on the playroom page goes through login and arrives prefilled, not sent (ADR 0162)', async () => {
		const draft = 'Habt ihr einen Wickeltisch? <img src=x onerror=alert(1)> Grüße'
		const path = `/guest/chatMessages?playroomId=${playroomId}&draft=${encodeURIComponent(draft)}`
		const anonymous = await requestPage(path)
		expect(anonymous.status).toBe(302)
		expect(anonymous.location).toBe(`/login?redirect=${encodeURIComponent(path)}`)
		const before = await requestPage(`/guest/chatMessages?hostId=${host.user.id}`, { cookie: guest.cookie })
		const count = (before.data as { thread: { messages: unknown[] } }).thread.messages.length
		const frame = await render(path, guest.cookie)
		const box = within(frame).getByRole('textbox', { name: 'Nachricht' }) as HTMLTextAreaElement
		expect(box.value).toBe(draft)
		expect(frame.querySelector('img')).toBeNull()
		const after = await requestPage(`/guest/chatMessages?hostId=${host.user.id}`, { cookie: guest.cookie })
		expect((after.data as { thread: { messages: unknown[] } }).thread.messages).toHaveLength(count)
		// At most one message long.
		const long = await requestPage(
			`/guest/chatMessages?playroomId=${playroomId}&draft=${'x'.repeat(5_000)}`,
			{
				cookie: guest.cookie,
			},
		)
		expect((long.data as { thread: { draft: string } }).thread.draft).toHaveLength(4_000)
	})
})
