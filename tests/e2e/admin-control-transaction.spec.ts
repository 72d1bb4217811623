import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { createSessionToken, DEMO, loginAs } from './helpers.ts'

/**
 * Issue 14 (ADR 0094), JavaScript off: the admin records the bank transfer of
 * an order awaiting payment on /admin/paymentTransactions/new-control-transaction
 * and sees it confirmed. The order is the demo guest's own, made through the
 * API on a day far ahead that no other spec books (a random one of the days 62–85; the booking spec uses days 45–60, and
 * the booking horizon ends before day 90).
 */
function farDay(days: number): string {
	return new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' })
}

async function call(request: APIRequestContext, email: string, path: string, data?: unknown) {
	const headers = { Authorization: `Bearer ${createSessionToken(email)}`, 'Accept-Language': 'en-GB' }
	const response =
		data === undefined ? await request.get(path, { headers }) : await request.post(path, { headers, data })
	expect(response.status()).toBe(200)
	return ((await response.json()) as { value: never }).value
}

type Starts = { starts: { start: string; durations: { minutes: number; end: string }[] }[] }

async function awaitingOrder(request: APIRequestContext) {
	const first = 62 + Math.floor(Math.random() * 20)
	let date = ''
	let starts: Starts['starts'] = []
	// The first open day from a random one (the playroom may be closed on some weekdays).
	for (let day = first; day < first + 4 && starts.length === 0; day++) {
		date = farDay(day)
		const lists: Starts = await call(
			request,
			DEMO.guest,
			`/api/Public/Playrooms/AvailableLists?playroomUrlPath=spielwiese-ehrenfeld&checkIn=${date}&bookingType=Hourly`,
		)
		starts = lists.starts.filter((item) => item.durations.some((d) => d.minutes === 120))
	}
	const start = starts[Math.floor(Math.random() * starts.length)]
	const end = start?.durations.find((d) => d.minutes === 120)?.end
	expect(start && end).toBeTruthy()
	const created: { orderId: string } = await call(request, DEMO.guest, '/api/Customer/Orders/Create', {
		playroomUrlPath: 'spielwiese-ehrenfeld',
		bookingType: 'Hourly',
		checkIn: start?.start,
		checkOut: end,
		adults: 2,
		children: 1,
		paymentMethod: 'BankTransfer',
		acceptTerms: true,
		idempotencyKey: `e2e-control-${date}-${Math.random().toString(36).slice(2, 10)}`,
	})
	const order: { code: string; totalAmount: number; status: string } = await call(
		request,
		DEMO.admin,
		`/api/Admin/Orders/Get?orderId=${created.orderId}`,
	)
	expect(order.status).toBe('AwaitingPayment')
	return { orderId: created.orderId, ...order }
}

test.describe('control transaction without JavaScript', () => {
	test.use({ javaScriptEnabled: false, locale: 'en-GB' })

	test('the admin records a bank transfer that confirms an order', async ({
		page,
		context,
		request,
		baseURL,
	}) => {
		const order = await awaitingOrder(request)
		await loginAs(context, DEMO.admin, baseURL ?? '')
		await page.goto('/en/admin/paymentTransactions/new-control-transaction')
		const euros = `${Math.floor(order.totalAmount / 100)},${String(order.totalAmount % 100).padStart(2, '0')}`
		await page.getByLabel(/^Amount/).fill(euros)
		await page.getByLabel(/^Reference/).fill(`Booking ${order.code.toLowerCase().replace('-', ' ')} thanks`)
		await page.getByLabel(/^Payer/).fill('Demo Guest')
		await page.getByRole('button', { name: 'Record transfer' }).click()
		await expect(page).toHaveURL(new RegExp(`/en/admin/orders/${order.orderId}$`))
		await expect(page.getByTestId('server-toast')).toContainText(
			`Payment for ${order.code} recorded; the order is confirmed.`,
		)
		const after: { status: string } = await call(
			request,
			DEMO.admin,
			`/api/Admin/Orders/Get?orderId=${order.orderId}`,
		)
		expect(after.status).toBe('Confirmed')
	})
})
