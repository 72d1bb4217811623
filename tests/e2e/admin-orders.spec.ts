import { randomBytes } from 'node:crypto'
import { expect, test } from './fixtures.ts'
import { database, DEMO, loginAs } from './helpers.ts'

/**
 * Issue 14 without JavaScript: the admin filters the order table by status
 * (a GET form: the URL holds the state), opens an order and records the bank
 * transfer that confirms it. The order is this test's own: a copy of a demo
 * AwaitingPayment order on a date ~300 days ahead, so no other spec meets it.
 */
function createAwaitingPaymentOrder(): { id: string; code: string } {
	const db = database()
	try {
		const template = db
			.prepare(
				`SELECT * FROM orders WHERE status = 'AwaitingPayment' AND payment_method = 'BankTransfer' LIMIT 1`,
			)
			.get() as Record<string, unknown> | undefined
		if (!template) throw new Error('no demo AwaitingPayment order to copy')
		const id = randomBytes(12).toString('base64url')
		const code = `SZ-E${randomBytes(4).toString('hex').slice(0, 5).toUpperCase()}`
		const now = Date.now()
		const checkIn = now + 300 * 86_400_000 + Math.floor(Math.random() * 20) * 86_400_000
		const row = {
			...template,
			id,
			code,
			idempotency_key: id,
			check_in: checkIn,
			check_out: checkIn + 2 * 3_600_000,
			payment_deadline: now + 3 * 86_400_000,
			payment_status: 'Unpaid',
			created_at: now,
			updated_at: now,
		}
		const columns = Object.keys(row)
		db.prepare(
			`INSERT INTO orders (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
		).run(row)
		db.prepare(
			`INSERT INTO order_status_history (id, order_id, from_status, to_status, actor_role, created_at)
			VALUES (?, ?, NULL, 'AwaitingPayment', 'System', ?)`,
		).run(randomBytes(12).toString('base64url'), id, now)
		return { id, code }
	} finally {
		db.close()
	}
}

test.describe('admin orders without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('an admin filters by status, opens an order and records the bank transfer that confirms it', async ({
		page,
		context,
		baseURL,
	}) => {
		const order = createAwaitingPaymentOrder()
		await loginAs(context, DEMO.admin, baseURL ?? '')
		await page.goto('/admin/orders')
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('AwaitingPayment')
		await page.getByRole('searchbox', { name: 'Suche' }).fill(order.code)
		await page.getByTestId('table-apply').click()
		await expect(page).toHaveURL(/status=AwaitingPayment/)
		await expect(page).toHaveURL(new RegExp(`tableFilter=${order.code}`))
		await expect(page.getByTestId('order-row')).toHaveCount(1)
		await expect(page.getByTestId('order-row').getByTestId('order-status')).toHaveAttribute(
			'data-status',
			'AwaitingPayment',
		)

		// The status filter alone: every row awaits payment.
		await page.goto('/admin/orders?status=AwaitingPayment&perPage=100')
		const statuses = await page
			.getByTestId('order-row')
			.getByTestId('order-status')
			.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-status')))
		expect(statuses.length).toBeGreaterThan(0)
		expect(new Set(statuses)).toEqual(new Set(['AwaitingPayment']))

		await page.goto(`/admin/orders?tableFilter=${order.code}`)
		await page.getByRole('link', { name: order.code }).click()
		await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`))
		await expect(page.getByTestId('admin-order').getByTestId('order-status').first()).toHaveAttribute(
			'data-status',
			'AwaitingPayment',
		)
		await expect(page.getByTestId('status-history')).toBeVisible()
		await page.getByTestId('record-transfer-submit').click()
		await expect(page.getByText(/Die Überweisung über .* ist erfasst\./)).toBeVisible()
		await expect(page.getByTestId('admin-order').getByTestId('order-status').first()).toHaveAttribute(
			'data-status',
			'Confirmed',
		)
		await expect(page.getByTestId('payments-table')).toContainText(order.code)
		await expect(page.getByTestId('ledger-table')).toBeVisible()
	})

	test('an unknown sort column shows a translated message, not an error page', async ({
		page,
		context,
		baseURL,
	}) => {
		await loginAs(context, DEMO.admin, baseURL ?? '')
		const response = await page.goto('/en/admin/orders?sortCriterias=secret:asc')
		expect(response?.status()).toBe(400)
		await expect(page.getByTestId('table-error')).toContainText('The list cannot be sorted by “secret”.')
	})
})
