import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { paymentTransactions } from '#db/schema/payments.ts'
import { addDays, localDateOf } from '#app/domain/berlin-time.ts'
import { cancelOrder } from '#app/models/booking/order-transitions.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { translateValidationMessage } from '#app/utils/validation.ts'
import { callApi } from '#tests/helpers/api.ts'
import {
	accountBalance,
	bookingFixture,
	daysAhead,
	hourlySlot,
	idempotencyKey,
	ledgerOf,
	orderRow,
	paymentsOf,
	placeOrder,
	unbalancedJournals,
} from '#tests/helpers/booking.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { action as controlPageAction } from '../admin/control-transaction.tsx'
import { action as orderPageAction, loader as orderPageLoader } from '../admin/order-detail.tsx'
import { action as adminOrdersAction } from './admin-orders.ts'
import { action as adminPaymentsAction } from './admin-payments.ts'

/**
 * Issue 29 (ADR 0142): every entry point that records a bank transfer — the
 * API's RecordBankTransfer and RecordControlTransaction, the order page's
 * form, the control transaction page — books once per idempotency key, never
 * on a closed order, and refuses implausible booking dates.
 */
type Handler = Parameters<typeof callApi>[0]
const adminArea = [roleGuard('Admin')]
const en = getFixedT('en')
const today = localDateOf(Date.now())
let admin: Awaited<ReturnType<typeof createLoggedInUser>>

beforeAll(async () => {
	admin = await createLoggedInUser({ role: 'Admin' })
})

async function awaitingOrder(days: number) {
	const fixture = await bookingFixture({ instantBooking: true })
	const order = placeOrder(fixture, hourlySlot(daysAhead(days), 10), { now: Date.now() - 60_000 })
	expect(order.status).toBe('AwaitingPayment')
	return order
}

function recordBankTransfer(json: Record<string, unknown>) {
	return callApi(adminOrdersAction as Handler, 'Admin/Orders', 'RecordBankTransfer', {
		cookie: admin.cookie,
		language: 'en',
		json,
	})
}

function recordControlTransaction(json: Record<string, unknown>) {
	return callApi(adminPaymentsAction as Handler, 'Admin/Payments', 'RecordControlTransaction', {
		cookie: admin.cookie,
		language: 'en',
		json,
	})
}

function orderPage(orderId: string, form?: Record<string, string>) {
	const options = { path: `/en/admin/orders/${orderId}`, cookie: admin.cookie, params: { orderId } }
	return form
		? callRoute(orderPageAction as never, { ...options, form, middleware: adminArea })
		: callRoute(orderPageLoader as never, { ...options, middleware: adminArea })
}

function controlPage(form: Record<string, string>) {
	return callRoute(controlPageAction as never, {
		path: '/en/admin/paymentTransactions/new-control-transaction',
		cookie: admin.cookie,
		form,
		middleware: adminArea,
	})
}

/** The form's messages of a page action's answer, in English. */
function formMessages(answer: { data: unknown }, field = '') {
	const result = (answer.data as { result?: { error?: Record<string, string[] | null> } }).result
	return (result?.error?.[field] ?? []).map((message) => translateValidationMessage(en, message))
}

const euros = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`

describe('RecordBankTransfer through the API route', () => {
	test('20 identical concurrent calls record exactly one payment and no overpayment refund', async () => {
		const order = await awaitingOrder(30)
		const body = { orderId: order.id, amount: order.totalAmount, idempotencyKey: idempotencyKey() }
		const answers = await Promise.all(Array.from({ length: 20 }, () => recordBankTransfer(body)))
		expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200))
		const ids = new Set(
			answers.map((answer) => (answer.value as { paymentTransactionId: string }).paymentTransactionId),
		)
		expect(ids.size).toBe(1)
		expect(paymentsOf(order.id).map((p) => [p.direction, p.amount, p.status])).toEqual([
			['Incoming', order.totalAmount, 'Succeeded'],
		])
		expect(orderRow(order.id)).toMatchObject({ status: 'Confirmed', paymentStatus: 'Paid' })
		expect(accountBalance(order.id, 'PlatformBank')).toBe(order.totalAmount)
		expect(unbalancedJournals()).toEqual([])
	})

	test('a repeat answers like the first; the key for another amount is a 409; no key is a 400', async () => {
		const order = await awaitingOrder(31)
		const body = { orderId: order.id, amount: 1_000, idempotencyKey: idempotencyKey() }
		const first = await recordBankTransfer(body)
		const again = await recordBankTransfer(body)
		expect([first.status, again.status]).toEqual([200, 200])
		expect(again.value).toEqual(first.value)
		const reused = await recordBankTransfer({ ...body, amount: 2_000 })
		expect([reused.status, reused.error?.name, reused.error?.message]).toEqual([
			409,
			'IdempotencyKeyReused',
			'This form was already used for another transfer. Please reload the page.',
		])
		const keyless = await recordBankTransfer({ orderId: order.id, amount: 1_000 })
		expect([keyless.status, Object.keys(keyless.error?.fields ?? {})]).toEqual([400, ['idempotencyKey']])
		expect(paymentsOf(order.id)).toHaveLength(1)
	})
})

describe('the order page form', () => {
	test('the same rendered key submitted twice records one payment; both answers are the success redirect', async () => {
		const order = await awaitingOrder(32)
		const page = await orderPage(order.id)
		const { transferKey } = page.data as { transferKey: string }
		expect(transferKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/)
		const form = { intent: 'recordTransfer', amount: euros(order.totalAmount), idempotencyKey: transferKey }
		const [first, second] = await Promise.all([orderPage(order.id, form), orderPage(order.id, form)])
		expect([first?.status, second?.status]).toEqual([302, 302])
		expect(second?.location).toBe(first?.location)
		expect(paymentsOf(order.id)).toHaveLength(1)
		expect(orderRow(order.id)?.status).toBe('Confirmed')
		// The next render has a new key: a second real transfer is booked as another payment.
		const next = ((await orderPage(order.id)).data as { transferKey: string }).transferKey
		expect(next).not.toBe(transferKey)
	})
})

describe('closed orders: one 409 on every path, nothing booked', () => {
	test('a cancelled order: RecordBankTransfer, the control transaction (API and page) and the order page form', async () => {
		const order = await awaitingOrder(33)
		cancelOrder(order.id, { id: admin.user.id, role: 'Admin' }, 'Gast hat abgesagt')
		const ledgerBefore = ledgerOf(order.id).length
		const message = `Order ${order.code} is cancelled: the transfer was not recorded.`

		const api = await recordBankTransfer({
			orderId: order.id,
			amount: 1_000,
			idempotencyKey: idempotencyKey(),
		})
		expect([api.status, api.error?.name, api.error?.message]).toEqual([409, 'OrderClosed', message])

		const control = await recordControlTransaction({
			amount: 1_000,
			bookingDate: today,
			reference: order.code,
			idempotencyKey: idempotencyKey(),
		})
		expect([control.status, control.error?.name, control.error?.message]).toEqual([
			409,
			'OrderClosed',
			message,
		])

		const form = await orderPage(order.id, {
			intent: 'recordTransfer',
			amount: '10,00',
			idempotencyKey: idempotencyKey(),
		})
		expect([form.status, formMessages(form)]).toEqual([409, [message]])

		const page = await controlPage({
			amount: '10,00',
			bookingDate: today,
			reference: order.code,
			idempotencyKey: idempotencyKey(),
		})
		expect([page.status, formMessages(page)]).toEqual([409, [message]])

		expect(paymentsOf(order.id).filter((p) => p.direction === 'Incoming')).toEqual([])
		expect(ledgerOf(order.id)).toHaveLength(ledgerBefore)
		expect(orderRow(order.id)?.status).toBe('Cancelled')
	})
})

describe('the booking date of a control transaction', () => {
	function storedWith(reference: string) {
		return getDb()
			.select()
			.from(paymentTransactions)
			.where(sql`${paymentTransactions.reference} = ${reference}`)
			.all()
	}

	test('1970 and 9999 are a translated 400 through the API and the page; nothing is stored', async () => {
		const order = await awaitingOrder(34)
		const unmatched = `Miete ${Math.random().toString(36).slice(2, 8)}`
		for (const reference of [order.code, unmatched]) {
			for (const bookingDate of ['1970-01-01', '9999-12-31']) {
				const api = await recordControlTransaction({
					amount: 1_000,
					bookingDate,
					reference,
					idempotencyKey: idempotencyKey(),
				})
				expect([api.status, api.error?.name], `${reference} ${bookingDate}`).toEqual([400, 'ValidationError'])
				const [apiMessage] = api.error?.fields?.bookingDate ?? []
				// A sentence, not a key: the general date range (ADR 0143) or this model's bound, whichever says no first.
				expect(apiMessage, bookingDate).toMatch(/^(The|Order) [^:?=]+$/)
				const page = await controlPage({
					amount: '10,00',
					bookingDate,
					reference,
					idempotencyKey: idempotencyKey(),
				})
				expect(page.status).toBe(400)
				expect(formMessages(page, 'bookingDate')).toEqual([apiMessage])
			}
		}
		expect(paymentsOf(order.id)).toEqual([])
		expect(storedWith(unmatched)).toEqual([])
	})

	test('inside the general date range but implausible for the transfer: tomorrow, weeks before the order', async () => {
		const order = await awaitingOrder(35)
		const cases = [
			[addDays(today, 1), 'The booking date cannot be in the future.'],
			[
				addDays(today, -30),
				`The booking date is more than a week before order ${order.code} was placed. Please check the date.`,
			],
		] as const
		for (const [bookingDate, message] of cases) {
			const api = await recordControlTransaction({
				amount: 1_000,
				bookingDate,
				reference: order.code,
				idempotencyKey: idempotencyKey(),
			})
			expect([api.status, api.error?.message, api.error?.fields?.bookingDate]).toEqual([
				400,
				message,
				[message],
			])
			const page = await controlPage({
				amount: '10,00',
				bookingDate,
				reference: order.code,
				idempotencyKey: idempotencyKey(),
			})
			// Said once, at the field.
			expect([page.status, formMessages(page), formMessages(page, 'bookingDate')]).toEqual([
				400,
				[],
				[message],
			])
		}
		expect(paymentsOf(order.id)).toEqual([])
		const ok = await recordControlTransaction({
			amount: 1_000,
			bookingDate: today,
			reference: order.code,
			idempotencyKey: idempotencyKey(),
		})
		expect(ok.value).toMatchObject({ outcome: 'matched', orderCode: order.code })
	})
})
