import { beforeAll, describe, expect, test } from 'vitest'
import { roleGuard } from '#app/utils/auth.server.ts'
import { callApi } from '#tests/helpers/api.ts'
import { localDateOf } from '#app/domain/berlin-time.ts'
import {
	bookingFixture,
	hourlySlot,
	idempotencyKey,
	orderRow,
	paymentsOf,
	placeOrder,
} from '#tests/helpers/booking.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { action as adminOrdersAction } from '../api/admin-orders.ts'
import { action as paymentsAction, loader as paymentsLoader } from '../api/admin-payments.ts'
import { action, loader } from './control-transaction.tsx'

const PATH = '/en/admin/paymentTransactions/new-control-transaction'
const adminArea = [roleGuard('Admin')]
let admin: Awaited<ReturnType<typeof createLoggedInUser>>

beforeAll(async () => {
	admin = await createLoggedInUser({ role: 'Admin' })
})

async function awaitingOrder(date: string) {
	const fixture = await bookingFixture({ instantBooking: true })
	return placeOrder(fixture, hourlySlot(date, 10), { now: Date.now() - 60_000 })
}

/** Today in Berlin: a booking date the orders placed just now accept. */
const today = localDateOf(Date.now())

/** Submits the form as a fresh render would: a new idempotency key unless the test gives one. */
function post(form: Record<string, string>, cookie = admin.cookie) {
	return callRoute(action as never, {
		path: PATH,
		cookie,
		form: { idempotencyKey: idempotencyKey(), ...form },
		middleware: adminArea,
	})
}

describe('control transaction page', () => {
	test('euros typed the German way confirm the order and lead to its admin page', async () => {
		const order = await awaitingOrder('2026-12-01')
		const euros = `${Math.floor(order.totalAmount / 100)},${String(order.totalAmount % 100).padStart(2, '0')}`
		const result = await post({
			amount: euros,
			bookingDate: today,
			reference: `Buchung ${order.code}`,
		})
		expect(result.status).toBe(302)
		expect(result.location).toBe(`/en/admin/orders/${order.id}`)
		expect(result.setCookies.join(';')).toContain('toast')
		expect(orderRow(order.id)?.status).toBe('Confirmed')
	})

	test('a duplicate shows the warning (409) and needs the tick', async () => {
		const order = await awaitingOrder('2026-12-02')
		const form = { amount: '10', bookingDate: today, reference: order.code }
		expect((await post(form)).status).toBe(302)
		const warned = await post(form)
		expect(warned.status).toBe(409)
		expect(warned.data).toMatchObject({ intent: 'record', duplicate: true })
		expect(paymentsOf(order.id)).toHaveLength(1)
		expect((await post({ ...form, confirmDuplicate: 'on' })).status).toBe(302)
		expect(paymentsOf(order.id)).toHaveLength(2)
	})

	test('bad input and a cancelled order come back as form errors, nothing written', async () => {
		const bad = await post({ amount: '12,3,4', bookingDate: today, reference: 'x' })
		expect(bad.status).toBe(400)
		const order = await awaitingOrder('2026-12-03')
		await callApi(adminOrdersAction as never, 'Admin/Orders', 'Cancel', {
			cookie: admin.cookie,
			json: { orderId: order.id, reason: 'Test' },
		})
		const refused = await post({ amount: '10', bookingDate: today, reference: order.code })
		expect(refused.status).toBe(409)
		expect(JSON.stringify(refused.data)).toContain('orderClosedCancelled')
		expect(paymentsOf(order.id).filter((p) => p.direction === 'Incoming')).toEqual([])
	})

	test('an unmatched reference is recorded and leads back to the form', async () => {
		const result = await post({ amount: '5', bookingDate: today, reference: 'Spende ohne Code' })
		expect(result.status).toBe(302)
		expect(result.location).toBe(PATH)
	})

	test('guests and hosts get 403, anonymous visitors the login page; the API 403/401', async () => {
		for (const role of ['Customer', 'Owner'] as const) {
			const { cookie } = await createLoggedInUser({ role })
			expect((await callRoute(loader as never, { path: PATH, cookie, middleware: adminArea })).status).toBe(
				403,
			)
			expect((await post({ amount: '5', bookingDate: today, reference: 'x' }, cookie)).status).toBe(403)
			const api = await callApi(paymentsAction as never, 'Admin/Payments', 'RecordControlTransaction', {
				cookie,
				json: { amount: 500, bookingDate: today, reference: 'x', idempotencyKey: idempotencyKey() },
			})
			expect(api.status).toBe(403)
		}
		expect((await callRoute(loader as never, { path: PATH, middleware: adminArea })).status).toBe(302)
		expect(
			(await callApi(paymentsLoader as never, 'Admin/Payments', 'MatchOrder', { query: 'reference=x' }))
				.status,
		).toBe(401)
	})
})

describe('/api/Admin/Payments', () => {
	test('RecordControlTransaction takes cents and answers with the outcome; MatchOrder previews', async () => {
		const order = await awaitingOrder('2026-12-04')
		const preview = await callApi(paymentsLoader as never, 'Admin/Payments', 'MatchOrder', {
			cookie: admin.cookie,
			query: `reference=${encodeURIComponent(order.code.toLowerCase())}`,
		})
		expect(preview.value).toMatchObject({ code: order.code, due: order.totalAmount })
		const recorded = await callApi(paymentsAction as never, 'Admin/Payments', 'RecordControlTransaction', {
			cookie: admin.cookie,
			json: { amount: 1_000, bookingDate: today, reference: order.code, idempotencyKey: idempotencyKey() },
		})
		expect(recorded.value).toMatchObject({
			outcome: 'matched',
			orderCode: order.code,
			status: 'AwaitingPayment',
			due: order.totalAmount - 1_000,
		})
		const invalid = await callApi(paymentsAction as never, 'Admin/Payments', 'RecordControlTransaction', {
			cookie: admin.cookie,
			json: { amount: '10,00', bookingDate: today, reference: order.code, idempotencyKey: idempotencyKey() },
		})
		expect(invalid.status).toBe(400)
	})
})
