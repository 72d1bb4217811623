// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { sessions, users } from '#db/schema/users.ts'
import { createSession } from '#app/models/accounts/session.server.ts'
import { getSessionUser, roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser, createTestUser } from '#tests/helpers/users.ts'
import UserDetailPage, { action, loader } from './user-detail.tsx'

/** Issue 14: the admin user page shows bookings, playrooms and sessions; "End all sessions" logs the user out. */
const adminArea = [roleGuard('Admin')]

function userRow(userId: string) {
	return getDb().select().from(users).where(eq(users.id, userId)).get()!
}

function sessionRows(userId: string) {
	return getDb().select().from(sessions).where(eq(sessions.userId, userId)).all()
}

async function render(path: string, params: Record<string, string>, cookie: string) {
	const result = await callRoute(loader as never, { path, params, cookie, middleware: adminArea })
	expect(result.status).toBe(200)
	const Page = UserDetailPage as unknown as (props: { loaderData: unknown }) => React.ReactElement
	return renderWithApp(<Page loaderData={result.data} />, { locale: 'en' })
}

describe('admin user detail', () => {
	test('a guest page lists the bookings and the sessions, linked to their admin pages', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		const room = await createTestPlayroom({ name: `Gastraum ${Date.now()}` })
		const order = await createTestOrder({
			playroomId: room.id,
			hostId: room.hostId,
			checkIn: new Date('2026-07-01T10:00:00Z'),
			checkOut: new Date('2026-07-01T12:00:00Z'),
		})
		createSession({ userId: order.guestId, persistent: true, ip: '203.0.113.9', userAgent: 'Firefox/140' })
		await render(`/en/admin/guests/${order.guestId}`, { guestUserId: order.guestId }, cookie)
		const orders = within(screen.getByTestId('user-orders-table'))
		expect(orders.getByRole('link', { name: order.code }).getAttribute('href')).toBe(
			`/en/admin/orders/${order.id}`,
		)
		expect(orders.getByText(room.input.name)).toBeTruthy()
		const live = within(screen.getByTestId('user-sessions-table'))
		expect(live.getByText('Firefox/140')).toBeTruthy()
		expect(live.getByText('203.0.113.9')).toBeTruthy()
		expect(live.getByText('Remember me')).toBeTruthy()
		expect(screen.getByRole('button', { name: 'End all sessions' })).toBeTruthy()
		expect(screen.queryByTestId('user-playrooms')).toBeNull()
	})

	test('a host page lists the playrooms with links; no sessions means no end button', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		const host = await createTestUser({ role: 'Owner' })
		const room = await createTestPlayroom({ hostId: host.id, name: `Hostraum ${Date.now()}` })
		await render(`/en/admin/hosts/${host.id}`, { hostUserId: host.id }, cookie)
		const rooms = within(screen.getByTestId('user-playrooms-table'))
		expect(rooms.getByRole('link', { name: room.input.name }).getAttribute('href')).toBe(
			`/en/admin/playrooms/${room.id}`,
		)
		expect(screen.getByText('No active sessions.')).toBeTruthy()
		expect(screen.queryByRole('button', { name: 'End all sessions' })).toBeNull()
	})

	test('end all sessions deletes the rows; the old cookie is then anonymous', async () => {
		const { cookie: adminCookie, user: admin } = await createLoggedInUser({ role: 'Admin' })
		const { user: guest, cookie: guestCookie } = await createLoggedInUser()
		createSession({ userId: guest.id, persistent: false })
		const whoAmI = (args: { context: never }) => ({ user: getSessionUser(args.context)?.id ?? null })
		expect((await callRoute(whoAmI as never, { path: '/', cookie: guestCookie })).data).toEqual({
			user: guest.id,
		})
		expect(sessionRows(guest.id)).toHaveLength(2)

		const result = await callRoute(action as never, {
			path: `/admin/guests/${guest.id}`,
			params: { guestUserId: guest.id },
			cookie: adminCookie,
			form: { intent: 'endSessions' },
			middleware: adminArea,
		})
		expect(result.status).toBe(302)
		expect(result.location).toBe(`/admin/guests/${guest.id}`)
		expect(sessionRows(guest.id)).toHaveLength(0)
		// The admin's own session is untouched.
		expect(sessionRows(admin.id)).toHaveLength(1)
		expect((await callRoute(whoAmI as never, { path: '/', cookie: guestCookie })).data).toEqual({
			user: null,
		})
	})

	test('confirm e-mail, set password and delete are plain form posts that redirect with a toast', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		const guest = await createTestUser({ emailConfirmedAt: null })
		createSession({ userId: guest.id, persistent: true })
		const post = (form: Record<string, string>) =>
			callRoute(action as never, {
				path: `/en/admin/guests/${guest.id}`,
				params: { guestUserId: guest.id },
				cookie,
				form,
				middleware: adminArea,
			})
		const confirmed = await post({ intent: 'confirmEmail' })
		expect(confirmed.status).toBe(302)
		expect(confirmed.setCookies.some((c) => c.startsWith('sz_toast='))).toBe(true)
		expect(userRow(guest.id).emailConfirmedAt).not.toBeNull()

		const before = userRow(guest.id).passwordHash
		const weak = await post({ intent: 'setPassword', newPassword: '123' })
		expect(weak.status).toBe(400)
		expect(userRow(guest.id).passwordHash).toBe(before)
		const set = await post({ intent: 'setPassword', newPassword: 'Wolkenschaukel-Regen-77' })
		expect(set.status).toBe(302)
		expect(userRow(guest.id).passwordHash).not.toBe(before)

		expect((await post({ intent: 'delete' })).status).toBe(400)
		const deleted = await post({ intent: 'delete', confirm: 'on' })
		expect(deleted.status).toBe(302)
		expect(deleted.location).toBe('/en/admin/guests')
		expect(userRow(guest.id).deletedAt).not.toBeNull()
	})

	test('a host or a guest gets 403 on the page and on "end all sessions"', async () => {
		const target = await createLoggedInUser()
		for (const role of ['Owner', 'Customer'] as const) {
			const { cookie } = await createLoggedInUser({ role })
			const page = await callRoute(loader as never, {
				path: `/admin/guests/${target.user.id}`,
				params: { guestUserId: target.user.id },
				cookie,
				middleware: adminArea,
			})
			expect(page.status).toBe(403)
			const post = await callRoute(action as never, {
				path: `/admin/guests/${target.user.id}`,
				params: { guestUserId: target.user.id },
				cookie,
				form: { intent: 'endSessions' },
				middleware: adminArea,
			})
			expect(post.status).toBe(403)
		}
		expect(sessionRows(target.user.id)).toHaveLength(1)
	})
})
