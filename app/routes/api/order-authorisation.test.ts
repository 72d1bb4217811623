import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import {
	bookingFixture,
	daysAhead,
	hourlySlot,
	orderRow,
	paymentsOf,
	placeOrder,
} from '#tests/helpers/booking.ts'
import { callApi } from '#tests/helpers/api.ts'
import {
	configureFakeStripe,
	startFakeStripe,
	unconfigureStripe,
	type FakeStripe,
} from '#tests/helpers/fake-stripe.ts'
import { requestPage } from '#tests/helpers/route-table.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import * as adminOrders from './admin-orders.ts'
import * as customerOrders from './customer-orders.ts'
import * as ownerOrders from './owner-orders.ts'

/**
 * Issue 10, defect 10: every order endpoint and order page action authorises
 * before anything else. Someone else's order (and an unknown id) is a 404
 * envelope — also for a card payment while card payments are not set up,
 * which used to answer 400 CardNotAvailable and so told a stranger the order
 * existed and what it was waiting for. Nothing changes.
 */
const UNKNOWN = 'Zz9Zz9Zz9Zz9Zz9Z'
let fakeStripe: FakeStripe

type Login = Awaited<ReturnType<typeof createLoggedInUser>>
let guestA: Login, guestB: Login, hostA: Login, hostB: Login, admin: Login
let cardOrderId: string
let requestOrderId: string

beforeAll(async () => {
	;[guestA, guestB, hostA, hostB, admin] = await Promise.all([
		createLoggedInUser({ role: 'Customer', phoneNumber: '+49 170 5550101' }),
		createLoggedInUser({ role: 'Customer' }),
		createLoggedInUser({ role: 'Owner' }),
		createLoggedInUser({ role: 'Owner' }),
		createLoggedInUser({ role: 'Admin' }),
	])
	const now = { now: Date.now() - 60_000 }
	// Card is only offered while card payments are set up (then they are switched off, beforeEach).
	fakeStripe = await startFakeStripe()
	configureFakeStripe(fakeStripe)
	const instant = await bookingFixture({
		hostId: hostA.user.id,
		instantBooking: true,
		paymentMethods: ['Card', 'BankTransfer'],
	})
	cardOrderId = placeOrder(
		{ ...instant, guest: guestA.user },
		{ ...hourlySlot(daysAhead(15), 10), paymentMethod: 'Card' },
		now,
	).id
	const onRequest = await bookingFixture({ hostId: hostA.user.id, instantBooking: false })
	requestOrderId = placeOrder({ ...onRequest, guest: guestA.user }, hourlySlot(daysAhead(16), 10), now).id
	unconfigureStripe()
})
afterAll(() => fakeStripe.close())

// Card payments are not set up: the feature check must not come before the ownership check.
beforeEach(() => unconfigureStripe())
afterEach(() => unconfigureStripe())

type Handler = Parameters<typeof callApi>[0]
type Case = [family: string, endpoint: string, handler: Handler, body: 'query' | Record<string, unknown>]

const CUSTOMER: Case[] = [
	['Customer/Orders', 'Get', customerOrders.loader as Handler, 'query'],
	['Customer/Orders', 'CancellationQuote', customerOrders.loader as Handler, 'query'],
	['Customer/Orders', 'Cancel', customerOrders.action as Handler, {}],
	['Customer/Orders', 'PayByCard', customerOrders.action as Handler, {}],
]
const OWNER: Case[] = [
	['Owner/Orders', 'Get', ownerOrders.loader as Handler, 'query'],
	['Owner/Orders', 'Accept', ownerOrders.action as Handler, {}],
	['Owner/Orders', 'Decline', ownerOrders.action as Handler, { reason: 'Leider belegt' }],
	['Owner/Orders', 'Cancel', ownerOrders.action as Handler, { reason: 'Wasserschaden' }],
]
const ADMIN: Case[] = [
	['Admin/Orders', 'Get', adminOrders.loader as Handler, 'query'],
	['Admin/Orders', 'Cancel', adminOrders.action as Handler, { reason: 'Betrugsverdacht' }],
	[
		'Admin/Orders',
		'RecordBankTransfer',
		adminOrders.action as Handler,
		{ amount: 1_000, idempotencyKey: 'authorisation-0001' },
	],
]

function call([family, endpoint, handler, body]: Case, orderId: string, cookie: string) {
	return body === 'query'
		? callApi(handler, family, endpoint, { query: `orderId=${orderId}`, cookie })
		: callApi(handler, family, endpoint, { json: { orderId, ...body }, cookie })
}

describe('order API: foreign and unknown ids are a 404 envelope, before any other check', () => {
	test.each(CUSTOMER)('%s/%s: another guest', async (...testCase) => {
		for (const orderId of [cardOrderId, requestOrderId, UNKNOWN]) {
			const answer = await call(testCase, orderId, guestB.cookie)
			expect([answer.status, answer.body.success, answer.error?.name], orderId).toEqual([
				404,
				false,
				'NotFound',
			])
		}
	})

	test.each(OWNER)('%s/%s: another host', async (...testCase) => {
		for (const orderId of [cardOrderId, requestOrderId, UNKNOWN]) {
			const answer = await call(testCase, orderId, hostB.cookie)
			expect([answer.status, answer.body.success, answer.error?.name], orderId).toEqual([
				404,
				false,
				'NotFound',
			])
		}
	})

	test.each(ADMIN)('%s/%s: an unknown id', async (...testCase) => {
		const answer = await call(testCase, UNKNOWN, admin.cookie)
		expect([answer.status, answer.body.success, answer.error?.name]).toEqual([404, false, 'NotFound'])
	})

	test('nothing changed, and the owner still gets the feature answer', async () => {
		expect(orderRow(cardOrderId)?.status).toBe('AwaitingPayment')
		expect(orderRow(requestOrderId)?.status).toBe('Requested')
		expect(paymentsOf(cardOrderId)).toEqual([])
		const own = await call(CUSTOMER[3]!, cardOrderId, guestA.cookie)
		expect([own.status, own.error?.name]).toEqual([400, 'CardNotAvailable'])
	})
})

describe('order page actions: a card payment for someone else’s order is a 404', () => {
	test.each([
		['not set up', false],
		['set up', true],
	])('guest order page and confirmation page (card payments %s)', async (_label, setUp) => {
		if (setUp) configureFakeStripe(fakeStripe)
		for (const locale of ['', '/en']) {
			const detail = await requestPage(`${locale}/guest/orders/${cardOrderId}`, {
				cookie: guestB.cookie,
				form: { intent: 'payByCard' },
			})
			expect(detail.status).toBe(404)
			const confirmation = await requestPage(`${locale}/public/playroomOrder/${cardOrderId}/confirmation`, {
				cookie: guestB.cookie,
				form: { intent: 'payByCard' },
			})
			expect(confirmation.status).toBe(404)
			// A host (who can see the order) cannot pay it either, and learns nothing about card payments.
			const host = await requestPage(`${locale}/public/playroomOrder/${cardOrderId}/confirmation`, {
				cookie: hostA.cookie,
				form: { intent: 'payByCard' },
			})
			expect(host.status).toBe(404)
		}
		expect(paymentsOf(cardOrderId)).toEqual([])
	})

	test('the guest of the order is told that card payment is not set up (on the page, as a toast)', async () => {
		const own = await requestPage(`/en/guest/orders/${cardOrderId}`, {
			cookie: guestA.cookie,
			form: { intent: 'payByCard' },
		})
		expect(own.status).toBe(302)
		expect(own.location).toBe(`/en/guest/orders/${cardOrderId}`)
	})
})
