// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { countRefundsDue, markRefundSent } from '#app/models/booking/refunds.server.ts'
import { recordControlTransaction } from '#app/models/booking/control-transactions.server.ts'
import { localDateOf } from '#app/domain/berlin-time.ts'
import { recordBankTransfer } from '#app/models/booking/payments.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import {
	bookingFixture,
	daysAhead,
	hourlySlot,
	orderRow,
	paymentsOf,
	placeOrder,
} from '#tests/helpers/booking.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callApi } from '#tests/helpers/api.ts'
import * as customerOrders from '../api/customer-orders.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import GuestOrderPage, { action as guestAction, loader as guestLoader } from './order-detail.tsx'
import { loader as paymentsLoader } from '../admin/payment-transactions.tsx'
import PaymentDetailPage, {
	action as paymentAction,
	loader as paymentLoader,
} from '../admin/payment-detail.tsx'

/** Issue 34, ADR 0176: the guest's page says "on its way" until the refund is sent, then "refunded on". */
afterEach(cleanup)
type Page = (props: { loaderData: unknown }) => React.ReactElement
const nbsp = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ')
const IBAN = 'DE89 3704 0044 0532 0130 00'

async function paidOrder() {
	const admin = await createLoggedInUser({ role: 'Admin' })
	const guest = await createLoggedInUser({ role: 'Customer' })
	const fixture = await bookingFixture({ instantBooking: true })
	const order = placeOrder({ playroom: fixture.playroom, guest: guest.user }, hourlySlot(daysAhead(25), 10), {
		now: Date.now() - 60_000,
	})
	recordBankTransfer({ orderId: order.id, amount: order.totalAmount }, admin.user)
	return { admin, guest, order }
}

const guestArea = [roleGuard('Customer')]
const adminArea = [roleGuard('Admin')]

/** The admin's payment page's loader for one payment. */
const loadPayment = (id: string, cookie: string) =>
	callRoute(paymentLoader as never, {
		path: `/admin/paymentTransactions/${id}`,
		params: { paymentTransactionId: id },
		cookie,
		middleware: adminArea,
	})

async function renderGuest(orderId: string, cookie: string, locale: 'de' | 'en', actionData?: unknown) {
	const loaded = await callRoute(guestLoader as never, {
		path: `${locale === 'en' ? '/en' : ''}/guest/orders/${orderId}`,
		params: { orderId },
		cookie,
		middleware: guestArea,
	})
	expect(loaded.status).toBe(200)
	const View = GuestOrderPage as unknown as Page
	await renderWithApp(<View loaderData={loaded.data} />, { locale, actionData })
}

describe("the guest's refund", () => {
	test('a bad IBAN at cancellation is refused and nothing changes; a good one cancels and is kept', async () => {
		const { guest, order } = await paidOrder()
		const path = `/guest/orders/${order.id}`
		const bad = await callRoute(guestAction as never, {
			path,
			params: { orderId: order.id },
			cookie: guest.cookie,
			form: {
				intent: 'cancel',
				reason: '',
				refundAccountHolder: 'Kim Muster',
				refundIban: 'DE89 3704 0044 0532 0130 01',
			},
			middleware: guestArea,
		})
		expect(bad.status).toBe(400)
		expect(orderRow(order.id)?.status).toBe('Confirmed')
		expect(paymentsOf(order.id).filter((p) => p.direction === 'Outgoing')).toEqual([])
		// The cancel panel shows the message and keeps what was typed (no JavaScript needed).
		await renderGuest(order.id, guest.cookie, 'de', bad.data)
		expect(screen.getByRole('alert').textContent).toContain('Diese IBAN ist nicht gültig')
		expect((screen.getByTestId('refund-refundAccountHolder') as HTMLInputElement).value).toBe('Kim Muster')
		cleanup()

		const good = await callRoute(guestAction as never, {
			path,
			params: { orderId: order.id },
			cookie: guest.cookie,
			form: { intent: 'cancel', reason: '', refundAccountHolder: 'Kim Muster', refundIban: IBAN },
			middleware: guestArea,
		})
		expect(good.status).toBe(302)
		expect(paymentsOf(order.id).find((p) => p.direction === 'Outgoing')).toMatchObject({
			status: 'Pending',
			refundIban: 'DE89370400440532013000',
			refundAccountHolder: 'Kim Muster',
		})
	})

	test('labels in de and en: on its way with the amount, then refunded on the Berlin date', async () => {
		const { admin, guest, order } = await paidOrder()
		await callRoute(guestAction as never, {
			path: `/guest/orders/${order.id}`,
			params: { orderId: order.id },
			cookie: guest.cookie,
			form: { intent: 'cancel', reason: '' },
			middleware: guestArea,
		})
		const total = order.totalAmount
		const euros = `${Math.floor(total / 100)}`
		const cents = String(total % 100).padStart(2, '0')
		// Due without an account: the page asks for one.
		await renderGuest(order.id, guest.cookie, 'de')
		expect(nbsp(screen.getByTestId('refund-amount').textContent)).toBe(
			`Erstattung unterwegs: ${euros},${cents} €`,
		)
		expect(screen.getByTestId('payment-status').textContent).toBe('Erstattung unterwegs')
		expect(screen.getByTestId('refund-account-form')).toBeTruthy()
		cleanup()
		await renderGuest(order.id, guest.cookie, 'en')
		expect(nbsp(screen.getByTestId('refund-amount').textContent)).toBe(
			`Refund on its way: €${euros}.${cents}`,
		)
		expect(screen.getByTestId('payment-status').textContent).toBe('Refund on its way')
		cleanup()

		const given = await callRoute(guestAction as never, {
			path: `/guest/orders/${order.id}`,
			params: { orderId: order.id },
			cookie: guest.cookie,
			form: { intent: 'refundAccount', refundAccountHolder: 'Kim Muster', refundIban: IBAN },
			middleware: guestArea,
		})
		expect(given.status).toBe(302)
		const refund = paymentsOf(order.id).find((p) => p.direction === 'Outgoing')
		if (!refund) throw new Error('no refund')
		markRefundSent(refund.id, admin.user, { now: Date.parse('2026-11-27T23:30:00Z') })
		// 23:30 UTC is already the 28th in Berlin.
		await renderGuest(order.id, guest.cookie, 'de')
		expect(nbsp(screen.getByTestId('refund-amount').textContent)).toBe(
			`Erstattet am Sa., 28. November 2026: ${euros},${cents} €`,
		)
		expect(screen.getByTestId('payment-status').textContent).toBe('Erstattet am Sa., 28. November 2026')
		expect(screen.queryByTestId('refund-account-form')).toBeNull()
		cleanup()
		await renderGuest(order.id, guest.cookie, 'en')
		expect(screen.getByTestId('payment-status').textContent).toBe('Refunded on Sat, 28 November 2026')
	})
})

describe('the API', () => {
	test('Cancel takes the account (a bad IBAN is a 400, nothing changes); Get and Index say the refund', async () => {
		const { guest, order } = await paidOrder()
		type Handler = Parameters<typeof callApi>[0]
		const cancel = (body: Record<string, string>) =>
			callApi(customerOrders.action as Handler, 'Customer/Orders', 'Cancel', {
				json: { orderId: order.id, ...body },
				cookie: guest.cookie,
				language: 'en',
			})
		const bad = await cancel({ refundAccountHolder: 'Kim Muster', refundIban: 'DE00 1234' })
		expect(bad.status).toBe(400)
		expect(bad.error?.fields?.refundIban).toEqual(['This IBAN is not valid – please check it.'])
		expect(orderRow(order.id)?.status).toBe('Confirmed')
		expect((await cancel({ refundIban: IBAN })).status).toBe(400)
		expect((await cancel({ refundAccountHolder: 'Kim Muster', refundIban: IBAN })).status).toBe(200)
		const got = await callApi(customerOrders.loader as Handler, 'Customer/Orders', 'Get', {
			query: `orderId=${order.id}`,
			cookie: guest.cookie,
		})
		expect((got.value as { refund: unknown }).refund).toEqual({
			state: 'due',
			amount: order.totalAmount,
			sentAt: null,
			needsAccount: false,
			account: { holder: 'Kim Muster', iban: 'DE•• •••• •••• 3000' },
		})
		const list = await callApi(customerOrders.loader as Handler, 'Customer/Orders', 'Index', {
			query: 'tab=cancelled',
			cookie: guest.cookie,
		})
		expect((list.value as { items: { id: string; refund: string | null }[] }).items).toEqual([
			expect.objectContaining({ id: order.id, refund: 'due' }),
		])
	})
})

describe("the admin's refunds queue", () => {
	test('?refunds=due lists exactly the due refunds; the payment page shows the IBAN and marks it sent', async () => {
		const { admin, guest, order } = await paidOrder()
		await callRoute(guestAction as never, {
			path: `/guest/orders/${order.id}`,
			params: { orderId: order.id },
			cookie: guest.cookie,
			form: { intent: 'cancel', reason: '', refundAccountHolder: 'Kim Muster', refundIban: IBAN },
			middleware: guestArea,
		})
		const refund = paymentsOf(order.id).find((p) => p.direction === 'Outgoing')
		if (!refund) throw new Error('no refund')
		const list = async () => {
			const loaded = await callRoute(paymentsLoader as never, {
				path: '/admin/paymentTransactions?refunds=due&perPage=100',
				cookie: admin.cookie,
				middleware: adminArea,
			})
			expect(loaded.status).toBe(200)
			const page = loaded.data as {
				totalCount: number
				items: { id: string; direction: string; status: string }[]
			}
			// The dashboard's number is the list's (countRefundsDue behind the link).
			expect(page.totalCount).toBe(countRefundsDue())
			return page.items
		}
		const due = await list()
		expect(due.map((row) => row.id)).toContain(refund.id)
		expect(due.every((row) => row.direction === 'Outgoing' && row.status === 'Pending')).toBe(true)

		const params = { paymentTransactionId: refund.id }
		const path = `/admin/paymentTransactions/${refund.id}`
		const loaded = await loadPayment(params.paymentTransactionId, admin.cookie)
		const View = PaymentDetailPage as unknown as Page
		await renderWithApp(<View loaderData={loaded.data} />, { locale: 'de' })
		expect(screen.getByTestId('refund-iban').textContent).toBe(IBAN)
		expect(screen.getByTestId('refund-mark-sent')).toBeTruthy()
		cleanup()
		const sent = await callRoute(paymentAction as never, {
			path,
			params,
			cookie: admin.cookie,
			form: { intent: 'markSent' },
			middleware: adminArea,
		})
		expect(sent.status).toBe(302)
		expect((await list()).map((row) => row.id)).not.toContain(refund.id)
		const after = await loadPayment(params.paymentTransactionId, admin.cookie)
		await renderWithApp(<View loaderData={after.data} />, { locale: 'en' })
		expect(screen.getByTestId('refund-iban').textContent).toBe('DE•• •••• •••• 3000')
		expect(screen.queryByTestId('refund-mark-sent')).toBeNull()
		const owed = await callRoute(paymentsLoader as never, {
			path: '/admin/paymentTransactions?refunds=due,failed&perPage=100',
			cookie: admin.cookie,
			middleware: adminArea,
		})
		expect(owed.status).toBe(200)
		const invalid = await callRoute(paymentsLoader as never, {
			path: '/admin/paymentTransactions?refunds=soon',
			cookie: admin.cookie,
			middleware: adminArea,
		})
		expect(invalid.status).toBe(400)
	})

	test('an unmatched transfer is sent back from its page: a bad IBAN is refused, then a due refund', async () => {
		const { admin } = await paidOrder()
		const reference = `Unbekannt ${Math.random().toString(36).slice(2, 8)}`
		const unmatched = recordControlTransaction(
			{ amount: 4_200, bookingDate: localDateOf(Date.now()), reference },
			admin.user,
		)
		if (unmatched.outcome !== 'unmatched') throw new Error('expected unmatched')
		const params = { paymentTransactionId: unmatched.paymentId }
		const path = `/admin/paymentTransactions/${unmatched.paymentId}`
		const loaded = await loadPayment(params.paymentTransactionId, admin.cookie)
		const key = (loaded.data as { refundActions: { refundUnmatchedKey: string } }).refundActions
			.refundUnmatchedKey
		const post = (refundIban: string) =>
			callRoute(paymentAction as never, {
				path,
				params,
				cookie: admin.cookie,
				form: { intent: 'refundUnmatched', idempotencyKey: key, refundAccountHolder: 'Fuchs', refundIban },
				middleware: adminArea,
			})
		const bad = await post('DE89 3704 0044 0532 0130 01')
		expect(bad.status).toBe(400)
		const View = PaymentDetailPage as unknown as Page
		await renderWithApp(<View loaderData={loaded.data} />, { locale: 'de', actionData: bad.data })
		expect(screen.getByTestId('refundUnmatched-refused').textContent).toContain('Diese IBAN ist nicht gültig')
		cleanup()
		const good = await post(IBAN)
		expect(good.status).toBe(302)
		const refundId = good.location?.split('/').at(-1) ?? ''
		const refund = await loadPayment(refundId, admin.cookie)
		expect((refund.data as { payment: unknown }).payment).toMatchObject({
			direction: 'Outgoing',
			status: 'Pending',
			orderId: null,
			amount: 4_200,
			refundIban: 'DE89370400440532013000',
			refundOf: unmatched.paymentId,
		})
		expect((await post(IBAN)).location).toBe(good.location)
	})
})
