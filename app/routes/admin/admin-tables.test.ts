import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { emailOutbox } from '#db/schema/platform.ts'
import { users } from '#db/schema/users.ts'
import { loader as adminOrdersApi, action as adminOrdersApiAction } from '#app/routes/api/admin-orders.ts'
import { loader as adminUserApi } from '#app/routes/api/admin-user.ts'
import { acceptOrder } from '#app/models/booking/order-transitions.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { callApi } from '#tests/helpers/api.ts'
import { bookingFixture, daysAhead, hourlySlot, orderRow, placeOrder } from '#tests/helpers/booking.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser, createTestUser } from '#tests/helpers/users.ts'
import { action as orderAction, loader as orderLoader } from './order-detail.tsx'
import { loader as ordersLoader } from './orders.tsx'
import { loader as usersLoader } from './users.tsx'

/**
 * Issue 14 through the routes: the same table definition behind the page and
 * the API, 400 envelope / translated page message for a bad table state,
 * 403 for guests and hosts, the order detail's actions.
 */
const adminArea = [roleGuard('Admin')]

async function awaitingPaymentOrder() {
	const fixture = await bookingFixture()
	const order = placeOrder(fixture, hourlySlot(daysAhead(20), 10), { now: Date.now() })
	acceptOrder(order.id, { id: fixture.host.id, role: 'Owner' })
	return { fixture, order: orderRow(order.id) as NonNullable<ReturnType<typeof orderRow>> }
}

describe('admin tables over HTTP', () => {
	test('Index answers the list shape; an unknown sort column or bad page is a translated 400 envelope', async () => {
		const { token } = await createLoggedInUser({ role: 'Admin' })
		await awaitingPaymentOrder()
		const ok = await callApi(adminOrdersApi, 'Admin/Orders', 'Index', {
			token,
			query: 'status=AwaitingPayment',
		})
		expect(ok.status).toBe(200)
		expect(ok.value).toMatchObject({ currentPage: 1, perPage: 25 })
		expect((ok.value as { totalCount: number }).totalCount).toBeGreaterThan(0)
		const unknown = await callApi(adminOrdersApi, 'Admin/Orders', 'Index', {
			token,
			query: 'sortCriterias=passwordHash:asc',
			language: 'en',
		})
		expect(unknown.status).toBe(400)
		expect(unknown.error?.name).toBe('ValidationError')
		expect(unknown.error?.fields?.sortCriterias).toEqual(['The list cannot be sorted by “passwordHash”.'])
		const badPage = await callApi(adminUserApi, 'Admin/User', 'CustomerIndex', {
			token,
			query: 'currentPage=-1',
		})
		expect(badPage.status).toBe(400)
		expect(badPage.error?.fields?.currentPage?.length).toBe(1)
	})

	test('guests and hosts get 403 on Index, Export and the actions', async () => {
		for (const role of ['Customer', 'Owner'] as const) {
			const { token } = await createLoggedInUser({ role })
			for (const [handler, family, endpoint] of [
				[adminOrdersApi, 'Admin/Orders', 'Index'],
				[adminOrdersApi, 'Admin/Orders', 'Export'],
				[adminUserApi, 'Admin/User', 'CustomerIndex'],
				[adminUserApi, 'Admin/User', 'OwnerExport'],
			] as const) {
				expect((await callApi(handler, family, endpoint, { token })).status, `${role} ${endpoint}`).toBe(403)
			}
			const resend = await callApi(adminOrdersApiAction, 'Admin/Orders', 'ResendConfirmation', {
				token,
				json: { orderId: 'AAAAAAAAAAAAAAAA' },
			})
			expect(resend.status).toBe(403)
		}
	})

	test('CustomerIndex: showOnlyImportedGuests, the CSV export of the same query', async () => {
		const { token } = await createLoggedInUser({ role: 'Admin' })
		const imported = await createTestUser({ role: 'Customer', lastName: 'Importwald', imported: true })
		await createTestUser({ role: 'Customer', lastName: 'Importwald' })
		const list = await callApi(adminUserApi, 'Admin/User', 'CustomerIndex', {
			token,
			query: 'tableFilter=importwald&showOnlyImportedGuests=true',
		})
		expect((list.value as { items: { id: string }[] }).items.map((i) => i.id)).toEqual([imported.id])
		const csv = await callRoute(adminUserApi, {
			path: '/api/Admin/User/CustomerExport?tableFilter=importwald&cols=email&cols=lastName',
			headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'en-GB' },
			params: { endpoint: 'CustomerExport' },
		})
		expect(csv.status).toBe(200)
		expect(csv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
	})

	test('Customer and Host answer one account of that role with its activity; another role or a bad id is no 500', async () => {
		const { token } = await createLoggedInUser({ role: 'Admin' })
		const guest = await createTestUser({ role: 'Customer', lastName: 'Detailguest' })
		const host = await createTestUser({ role: 'Owner', lastName: 'Detailhost' })
		const customer = await callApi(adminUserApi, 'Admin/User', 'Customer', {
			token,
			query: `customerUserId=${guest.id}`,
		})
		expect(customer.status).toBe(200)
		expect(customer.value).toMatchObject({ id: guest.id, lastName: 'Detailguest', history: [] })
		expect((customer.value as { activity: { sessions: unknown[] } }).activity.sessions).toEqual([])
		const owner = await callApi(adminUserApi, 'Admin/User', 'Host', { token, query: `hostUserId=${host.id}` })
		expect(owner.value).toMatchObject({ id: host.id, lastName: 'Detailhost' })
		// A host is not a customer: 404, as the detail page answers.
		const wrongRole = await callApi(adminUserApi, 'Admin/User', 'Customer', {
			token,
			query: `customerUserId=${host.id}`,
		})
		expect(wrongRole.status).toBe(404)
		const badId = await callApi(adminUserApi, 'Admin/User', 'Host', {
			token,
			query: 'hostUserId=%27%20OR%201',
		})
		expect(badId.status).toBe(400)
		const { token: guestToken } = await createLoggedInUser({ role: 'Customer' })
		const forbidden = await callApi(adminUserApi, 'Admin/User', 'Customer', {
			token: guestToken,
			query: `customerUserId=${guest.id}`,
		})
		expect(forbidden.status).toBe(403)
	})

	test('the page shows a translated message with status 400 for a bad table state, never a 500', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		const bad = await callRoute(ordersLoader as never, {
			path: '/en/admin/orders?sortCriterias=nope:asc',
			cookie,
			middleware: adminArea,
		})
		expect(bad.status).toBe(400)
		expect((bad.data as { error: string }).error).toBe('The list cannot be sorted by “nope”.')
		const badPage = await callRoute(usersLoader as never, {
			path: '/admin/guests?currentPage=abc',
			cookie,
			middleware: adminArea,
		})
		expect(badPage.status).toBe(400)
		expect((badPage.data as { error: string }).error).toBeTruthy()
		const good = await callRoute(usersLoader as never, {
			path: '/admin/guests?sortCriterias=lastName:asc,createdAt:desc&perPage=25',
			cookie,
			middleware: adminArea,
		})
		expect(good.status).toBe(200)
		expect((good.data as { perPage: number; error: null }).error).toBeNull()
	})
})

describe('admin order detail', () => {
	test('record a bank transfer confirms the order; the e-mails of the order are listed; resend adds one', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		const { order } = await awaitingPaymentOrder()
		const path = `/admin/orders/${order.id}`
		const params = { orderId: order.id }
		const before = await callRoute(orderLoader as never, { path, cookie, params, middleware: adminArea })
		expect(before.status).toBe(200)
		const detail = before.data as {
			emails: { subject: string }[]
			canRecordTransfer: boolean
			transferKey: string
		}
		expect(detail.canRecordTransfer).toBe(true)
		expect(detail.emails.length).toBeGreaterThan(0)

		const invalid = await callRoute(orderAction as never, {
			path,
			cookie,
			params,
			middleware: adminArea,
			form: { intent: 'recordTransfer', amount: '12,345' },
		})
		expect(invalid.status).toBe(400)
		expect(orderRow(order.id)?.status).toBe('AwaitingPayment')

		const amount = (order.totalAmount / 100).toFixed(2).replace('.', ',')
		const recorded = await callRoute(orderAction as never, {
			path,
			cookie,
			params,
			middleware: adminArea,
			form: { intent: 'recordTransfer', amount, reference: order.code, idempotencyKey: detail.transferKey },
		})
		expect(recorded.status).toBe(302)
		expect(orderRow(order.id)).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid' })

		const after = (await callRoute(orderLoader as never, { path, cookie, params, middleware: adminArea }))
			.data as {
			payments: { amount: number; provider: string }[]
			ledger: unknown[]
			order: { history: unknown[] }
		}
		expect(after.payments).toEqual([
			expect.objectContaining({ amount: order.totalAmount, provider: 'BankTransfer' }),
		])
		expect(after.ledger.length).toBeGreaterThan(0)
		expect(after.order.history.length).toBeGreaterThanOrEqual(3)

		const mailsBefore = getDb()
			.select()
			.from(emailOutbox)
			.where(eq(emailOutbox.orderId, order.id))
			.all().length
		const resent = await callRoute(orderAction as never, {
			path,
			cookie,
			params,
			middleware: adminArea,
			form: { intent: 'resend' },
		})
		expect(resent.status).toBe(302)
		const mails = getDb().select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id)).all()
		expect(mails.length).toBe(mailsBefore + 1)
		const guest = getDb().select().from(users).where(eq(users.id, order.guestId)).get()
		expect(mails.at(-1)).toMatchObject({ template: 'order.confirmed', to: guest?.email })
	})

	test('cancel needs a reason and refunds in full', async () => {
		const { cookie } = await createLoggedInUser({ role: 'Admin' })
		const { order } = await awaitingPaymentOrder()
		const path = `/admin/orders/${order.id}`
		const params = { orderId: order.id }
		const call = (form: Record<string, string>) =>
			callRoute(orderAction as never, { path, cookie, params, middleware: adminArea, form })
		expect((await call({ intent: 'cancel', reason: '' })).status).toBe(400)
		expect(orderRow(order.id)?.status).toBe('AwaitingPayment')
		expect((await call({ intent: 'cancel', reason: 'Raum nicht verfügbar' })).status).toBe(302)
		expect(orderRow(order.id)).toMatchObject({ status: 'Cancelled', cancelledByRole: 'Admin' })
	})
})
