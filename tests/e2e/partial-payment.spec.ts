import { expect, test } from './fixtures.ts'
import { database, DEMO, expectNoSidewaysScroll, loginAs } from './helpers.ts'

/**
 * Issue 34 (ADR 0173), JavaScript off, German, 360 px wide: the admin records a bank transfer
 * smaller than the amount due for a demo order awaiting payment — the admin order page shows
 * "teilweise bezahlt" and the rest due — then records the rest without a booking code (unmatched)
 * and assigns it to the order from the payment's page, which confirms it. The order is familie5's
 * at the Südstadt playroom (app/seed/orders.server.ts), which no other spec uses.
 */
test.use({ javaScriptEnabled: false, locale: 'de-DE', viewport: { width: 360, height: 800 } })

type Row = { id: string; code: string; total: number }

function demoOrder(): Row {
	const db = database()
	try {
		const row = db
			.prepare(
				`SELECT o.id, o.code, o.total_amount - o.voucher_amount AS total FROM orders o
				JOIN users u ON u.id = o.guest_id JOIN playrooms p ON p.id = o.playroom_id
				WHERE u.email = 'familie5@example.com' AND p.playroom_url_path = 'spielwiese-suedstadt'
				AND o.status = 'AwaitingPayment' AND o.payment_status = 'Unpaid'`,
			)
			.get() as Row | undefined
		if (!row) throw new Error('no demo order of familie5 awaiting payment')
		return row
	} finally {
		db.close()
	}
}

function paymentIdOf(reference: string): string {
	const db = database()
	try {
		const row = db
			.prepare(`SELECT id FROM payment_transactions WHERE reference = ? AND order_id IS NULL`)
			.get(reference) as { id: string } | undefined
		if (!row) throw new Error(`no unmatched payment ${reference}`)
		return row.id
	} finally {
		db.close()
	}
}

const euros = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`

test('a partial transfer, then the rest unmatched and assigned', async ({ page, context, baseURL }) => {
	const order = demoOrder()
	const first = 5_000
	const rest = order.total - first
	expect(rest).toBeGreaterThan(0)
	await loginAs(context, DEMO.admin, baseURL ?? '')

	await page.goto('/admin/paymentTransactions/new-control-transaction')
	await page.getByLabel(/^Betrag/).fill(euros(first))
	await page.getByLabel(/^Verwendungszweck/).fill(`Anzahlung ${order.code}`)
	await page.getByLabel(/^Auftraggeber/).fill('Familie Fünf')
	await page.getByRole('button', { name: 'Überweisung erfassen' }).click()
	await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`))
	await expect(page.getByTestId('server-toast')).toContainText(`Teilzahlung für ${order.code} erfasst`)
	const facts = page.getByTestId('order-facts')
	await expect(facts).toContainText(/teilweise bezahlt/i)
	await expect(facts.getByTestId('amount-due')).toHaveText(new RegExp(`^${euros(rest)}\\s€$`))
	await expectNoSidewaysScroll(page, 'admin order page, partially paid')

	const reference = `Restzahlung Familie Fünf ${Math.random().toString(36).slice(2, 8)}`
	await page.goto('/admin/paymentTransactions/new-control-transaction')
	await page.getByLabel(/^Betrag/).fill(euros(rest))
	await page.getByLabel(/^Verwendungszweck/).fill(reference)
	await page.getByRole('button', { name: 'Überweisung erfassen' }).click()
	await expect(page.getByTestId('server-toast')).toContainText('ohne zuordenbaren Buchungscode')

	await page.goto(`/admin/paymentTransactions/${paymentIdOf(reference)}`)
	await page.getByLabel('Buchungscode, Name oder Betrag').fill(order.code)
	await page.getByRole('button', { name: 'Suchen' }).click()
	await expectNoSidewaysScroll(page, 'payment page with candidates')
	await page.getByRole('button', { name: `Zuordnen zu ${order.code}` }).click()
	await expect(page).toHaveURL(new RegExp(`/admin/orders/${order.id}$`))
	await expect(page.getByTestId('server-toast')).toContainText(`der Buchung ${order.code} zugeordnet`)
	await expect(page.getByTestId('order-facts')).toContainText('Bezahlt')
	await expect(page.getByTestId('order-facts')).not.toContainText(/teilweise bezahlt/i)
	await expect(page.getByTestId('order-status')).toHaveText('Bestätigt')
})
