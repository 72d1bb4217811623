import { expect, test } from './fixtures.ts'
import { database, DEMO, expectNoSidewaysScroll, loginAs } from './helpers.ts'

/**
 * Issue 34 (ADR 0176), JavaScript off, German, 360 px wide: a guest cancels a booking paid by bank
 * transfer and gives the account for the refund (a wrong IBAN first: refused, nothing changes); the
 * page says "Erstattung unterwegs". The admin opens the refunds due (/admin/paymentTransactions
 * ?refunds=due), sees the guest's IBAN on the payment's page and marks it as sent; the guest then
 * reads "Erstattet am …". The booking is familie3's paid one at the Südstadt playroom
 * (app/seed/refunds.server.ts), which no other spec uses.
 */
test.use({ javaScriptEnabled: false, locale: 'de-DE', viewport: { width: 360, height: 800 } })

const GUEST = 'familie3@example.com'

function demoOrder(): { id: string; code: string } {
	const db = database()
	try {
		const row = db
			.prepare(
				`SELECT o.id, o.code FROM orders o JOIN users u ON u.id = o.guest_id
				WHERE u.email = ? AND o.status = 'Confirmed' AND o.payment_method = 'BankTransfer'
				AND o.payment_status = 'Paid'`,
			)
			.get(GUEST) as { id: string; code: string } | undefined
		if (!row) throw new Error('no paid demo booking of familie3')
		return row
	} finally {
		db.close()
	}
}

function refundIdOf(orderId: string): string {
	const db = database()
	try {
		const row = db
			.prepare(`SELECT id FROM payment_transactions WHERE order_id = ? AND direction = 'Outgoing'`)
			.get(orderId) as { id: string } | undefined
		if (!row) throw new Error('no refund')
		return row.id
	} finally {
		db.close()
	}
}

test('a guest cancels with an IBAN, the admin marks the refund as sent, the guest sees the day', async ({
	page,
	context,
	baseURL,
}) => {
	const order = demoOrder()
	await loginAs(context, GUEST, baseURL ?? '')
	await page.goto(`/guest/orders/${order.id}?cancel=1`)
	const panel = page.getByTestId('cancel-refund-account')
	await panel.getByLabel('Kontoinhaber*in').fill('Familie Drei')
	await panel.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01')
	await page.getByTestId('cancel-confirm').click()
	await expect(page.getByRole('alert').filter({ hasText: 'Diese IBAN ist nicht gültig' })).toHaveCount(1)
	await expect(panel.getByLabel('Kontoinhaber*in')).toHaveValue('Familie Drei')
	await expectNoSidewaysScroll(page, 'cancel panel with the refund account')
	await panel.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00')
	await page.getByTestId('cancel-confirm').click()
	await expect(page.getByTestId('refund-amount')).toContainText('Erstattung unterwegs')
	await expect(page.getByTestId('refund-account-given')).toContainText('DE•• •••• •••• 3000')

	await context.clearCookies()
	await loginAs(context, DEMO.admin, baseURL ?? '')
	await page.goto('/admin/paymentTransactions?refunds=due')
	const row = page.getByTestId('payment-row').filter({ hasText: order.code })
	await expect(row).toHaveCount(1)
	await row.getByRole('link').first().click()
	await expect(page).toHaveURL(new RegExp(`/admin/paymentTransactions/${refundIdOf(order.id)}$`))
	await expect(page.getByTestId('refund-iban')).toHaveText('DE89 3704 0044 0532 0130 00')
	await expectNoSidewaysScroll(page, 'refund payment page')
	await page.getByRole('button', { name: 'Als gesendet markieren' }).click()
	await expect(page.getByTestId('server-toast')).toContainText('als gesendet markiert')
	await expect(page.getByTestId('refund-iban')).toHaveText('DE•• •••• •••• 3000')

	await context.clearCookies()
	await loginAs(context, GUEST, baseURL ?? '')
	await page.goto(`/guest/orders/${order.id}`)
	await expect(page.getByTestId('refund-amount')).toContainText(/^Erstattet am /)
	await expect(page.getByTestId('payment-status')).toContainText(/^Erstattet am /)
})
