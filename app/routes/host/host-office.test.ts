import { describe, expect, test } from 'vitest'
import { bookingFixture, daysAhead, hourlySlot, placeOrder } from '#tests/helpers/booking.ts'
import { callApi } from '#tests/helpers/api.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { addTestPhotos, playroomRow } from '#tests/helpers/host-office.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { createSession } from '#app/models/accounts/session.server.ts'
import { loader as nextActivitiesLoader } from '#app/routes/api/next-activities.ts'
import {
	action as ownerPlayroomsAction,
	loader as ownerPlayroomsLoader,
} from '#app/routes/api/owner-playrooms.ts'
import { loader as statusLoader } from '#app/routes/api/status.ts'
import { loader as dashboardLoader } from './dashboard.tsx'
import { action as overviewAction, loader as overviewLoader } from './playroom-overview.tsx'
import { action as playroomsAction, loader as playroomsLoader } from './playrooms.tsx'

const owner = [roleGuard('Owner')]

async function hostWithPlayroom() {
	const host = await createLoggedInUser({ role: 'Owner' })
	const playroom = await createTestPlayroom({ hostId: host.user.id, status: 'Draft', publishedAt: null })
	addTestPhotos(playroom.id, 3)
	return { ...host, playroom }
}

describe('host back office: authorisation', () => {
	test("host B gets 404 on host A's overview, publishing actions and API; the row is unchanged", async () => {
		const a = await hostWithPlayroom()
		const b = await createLoggedInUser({ role: 'Owner' })
		const before = playroomRow(a.playroom.id)
		const params = { playroomId: a.playroom.id }
		const path = `/host/playrooms/${a.playroom.id}`

		expect(
			(await callRoute(overviewLoader as never, { path, cookie: b.cookie, params, middleware: owner }))
				.status,
		).toBe(404)
		for (const intent of ['publish', 'pause', 'unpause']) {
			const result = await callRoute(overviewAction as never, {
				path,
				cookie: b.cookie,
				params,
				form: { intent },
				middleware: owner,
			})
			expect(result.status, intent).toBe(404)
		}
		for (const endpoint of ['Publish', 'Pause', 'Unpause']) {
			const result = await callApi(ownerPlayroomsAction, 'Owner/Playrooms', endpoint, {
				json: { playroomId: a.playroom.id },
				cookie: b.cookie,
			})
			expect(result.status, endpoint).toBe(404)
		}
		const checklist = await callApi(ownerPlayroomsLoader, 'Owner/Playrooms', 'Checklist', {
			query: `playroomId=${a.playroom.id}`,
			cookie: b.cookie,
		})
		expect(checklist.status).toBe(404)
		expect(playroomRow(a.playroom.id)).toEqual(before)

		const list = await callRoute(playroomsLoader as never, {
			path: '/host/playrooms',
			cookie: b.cookie,
			middleware: owner,
		})
		expect((list.data as { playrooms: unknown[] }).playrooms).toEqual([])

		// The owner and an admin may.
		const own = await callRoute(overviewLoader as never, {
			path,
			cookie: a.cookie,
			params,
			middleware: owner,
		})
		expect(own.status).toBe(200)
		const admin = await createLoggedInUser({ role: 'Admin' })
		const published = await callApi(ownerPlayroomsAction, 'Owner/Playrooms', 'Publish', {
			json: { playroomId: a.playroom.id },
			cookie: admin.cookie,
		})
		expect(published.value).toEqual({ playroomId: a.playroom.id, status: 'Published' })
	})

	test('the API refuses publishing with the missing items translated', async () => {
		const host = await createLoggedInUser({ role: 'Owner' })
		const created = await callApi(ownerPlayroomsAction, 'Owner/Playrooms', 'Create', {
			json: { name: 'Hüpfburg Höhle', city: 'berlin' },
			cookie: host.cookie,
			language: 'en',
		})
		expect(created.status).toBe(200)
		const { playroomId } = created.value as { playroomId: string }
		expect(playroomRow(playroomId)).toMatchObject({
			hostId: host.user.id,
			status: 'Draft',
			citySlug: 'berlin',
		})
		const refused = await callApi(ownerPlayroomsAction, 'Owner/Playrooms', 'Publish', {
			json: { playroomId },
			cookie: host.cookie,
			language: 'en',
		})
		expect(refused.status).toBe(409)
		expect(refused.error?.name).toBe('PublishChecklistIncomplete')
		expect(refused.error?.fields?.checklist).toContain('Opening hours')
		const badCity = await callApi(ownerPlayroomsAction, 'Owner/Playrooms', 'Create', {
			json: { name: 'Irgendwo', city: 'atlantis' },
			cookie: host.cookie,
		})
		expect(badCity.status).toBe(400)
		// Any German town is accepted (issue 31.9); one that does not exist is named in the error.
		expect(badCity.error?.fields?.city).toEqual([
			'Einen Ort „atlantis“ in Deutschland kennen wir nicht. Prüfe die Schreibweise oder gib die Postleitzahl an.',
		])
	})
})

describe('next activities and status', () => {
	test('a new host is asked to create the first playroom; once created, the item is gone', async () => {
		const host = await createLoggedInUser({ role: 'Owner' })
		const ask = async () =>
			(
				await callApi(nextActivitiesLoader, 'user/nextActivities', 'HostNextActivityData', {
					cookie: host.cookie,
				})
			).value as { nextActivities: { type: string; nextEntityId: string | null }[] }
		expect(await ask()).toEqual({ nextActivities: [{ type: 'CreateFirstPlayroom', nextEntityId: null }] })
		const dashboard = await callRoute(dashboardLoader as never, {
			path: '/host/dashboard',
			cookie: host.cookie,
			middleware: owner,
		})
		expect((dashboard.data as { activities: { path: string }[] }).activities[0]?.path).toBe(
			'/host/playrooms#new-playroom',
		)

		const created = await callRoute(playroomsAction as never, {
			path: '/host/playrooms',
			cookie: host.cookie,
			form: { name: 'Erster Raum', city: 'koeln' },
			middleware: owner,
		})
		expect(created.status).toBe(302)
		expect(created.location).toMatch(/^\/host\/playrooms\/edit\/[\w-]{16}\/basic-information$/)
		expect(await ask()).toEqual({ nextActivities: [] })

		const invalid = await callRoute(playroomsAction as never, {
			path: '/en/host/playrooms',
			cookie: host.cookie,
			form: { name: '', city: '' },
			middleware: owner,
		})
		expect(invalid.status).toBe(400)

		const guest = await createLoggedInUser({ role: 'Customer' })
		const forGuest = await callApi(nextActivitiesLoader, 'user/nextActivities', 'HostNextActivityData', {
			cookie: guest.cookie,
		})
		expect(forGuest.value).toEqual({ nextActivities: [] })
	})

	test('a new request is a NewOrders item, an unread notification (UnreadMessages) and counts in the Owner status; other roles get 403', async () => {
		const fixture = await bookingFixture({ instantBooking: false })
		const session = createSession({ userId: fixture.host.id, persistent: true })
		const cookie = `auth.token=${session.token}`
		const order = placeOrder(fixture, hourlySlot(daysAhead(3), 10), { now: Date.now() })
		expect(order.status).toBe('Requested')

		const status = await callApi(statusLoader, 'Owner/Status', 'Get', { cookie })
		expect(status.value).toEqual({
			unreadChatMessages: [],
			// The request's NewRequest notification in /host/messages (docs/subsystems/notifications.md).
			unreadMessageCount: 1,
			unreadChatMessageCount: 0,
			newOrderCount: 1,
			subscriptedModules: [],
		})
		const next = await callApi(nextActivitiesLoader, 'user/nextActivities', 'HostNextActivityData', {
			cookie,
		})
		expect(next.value).toEqual({
			nextActivities: [
				{ type: 'NewOrders', nextEntityId: order.id },
				{ type: 'UnreadMessages', nextEntityId: null },
			],
		})

		const wrongRole = await callApi(statusLoader, 'Customer/Status', 'Get', { cookie })
		expect(wrongRole.status).toBe(403)
		expect(wrongRole.body.success).toBe(false)
		expect((await callApi(statusLoader, 'Admin/Status', 'Get', { cookie })).status).toBe(403)
		expect((await callApi(statusLoader, 'Owner/Status', 'Get', {})).status).toBe(401)

		const guestSession = createSession({ userId: fixture.guest.id, persistent: true })
		const guestStatus = await callApi(statusLoader, 'Customer/Status', 'Get', {
			cookie: `auth.token=${guestSession.token}`,
		})
		expect(guestStatus.status).toBe(200)
		expect((guestStatus.value as { newOrderCount: number }).newOrderCount).toBe(0)
		const admin = await createLoggedInUser({ role: 'Admin' })
		const adminStatus = await callApi(statusLoader, 'Admin/Status', 'Get', { cookie: admin.cookie })
		expect((adminStatus.value as { newOrderCount: number }).newOrderCount).toBeGreaterThanOrEqual(1)
	})
})
