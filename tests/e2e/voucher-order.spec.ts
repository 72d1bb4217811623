import { expect, test } from './fixtures.ts'
import { DEMO, loginAs, outboxMessage } from './helpers.ts'

/**
 * Issue 33 (ADR 0168), JavaScript off: a family opens a playroom, chooses "Give as a gift
 * voucher", orders a 50 EUR voucher for that playroom paid by bank transfer, lands on the secret
 * link's page (awaiting payment); the admin records the transfer with the GV reference; the page
 * then shows the voucher and its balance, and the buyer's e-mail with the PDF is in the outbox.
 */
test.describe('gift voucher order without JavaScript', () => {
	test.use({ javaScriptEnabled: false, locale: 'en-GB' })

	test('buy a voucher for a playroom, the admin records the payment, the PDF is e-mailed', async ({
		browser,
		page,
		request,
		baseURL,
	}) => {
		const buyer = `voucher-e2e-${Math.random().toString(36).slice(2, 10)}@example.com`
		await page.goto('/en/playrooms/spielwiese-ehrenfeld')
		await page.getByTestId('give-voucher').click()
		await expect(page).toHaveURL(/\/en\/public\/voucher-orders\/new-voucher-order\?playroomId=/)

		// A first submit with a missing name: the summary at the top, the typed input kept.
		await page.getByLabel('€50').check()
		await page.getByLabel(/^Your e-mail address/).fill(buyer)
		await page.getByLabel(/^Child’s name/).fill('Mia')
		await page.getByRole('button', { name: 'Order voucher' }).click()
		await expect(page.getByTestId('form-alert')).toBeVisible()
		await expect(page.getByLabel(/^Child’s name/)).toHaveValue('Mia')
		await expect(page.getByLabel(/^Your e-mail address/)).toHaveValue(buyer)

		await page.getByLabel(/^Your name/).fill('Grandma Inge')
		await page.getByLabel(/^Greeting/).fill('Happy 6th birthday!')
		await page.getByRole('button', { name: 'Order voucher' }).click()
		await expect(page).toHaveURL(/\/en\/public\/voucher-orders\/[A-Za-z0-9_-]{16}\?token=/)
		await expect(page.getByTestId('voucher-order-status')).toHaveText('Awaiting your bank transfer')
		await expect(page.getByTestId('bank-instructions')).toBeVisible()
		const heading = await page.getByRole('heading', { level: 1 }).innerText()
		const code = /GV-[A-Z0-9]{6}/.exec(heading)?.[0] ?? ''
		expect(code).not.toBe('')
		const pageUrl = page.url()

		// The bare id is the ordinary 404.
		const bare = await request.get(pageUrl.replace(/\?.*$/, ''))
		expect(bare.status()).toBe(404)

		const adminContext = await browser.newContext({ javaScriptEnabled: false, locale: 'en-GB' })
		await loginAs(adminContext, DEMO.admin, baseURL ?? '')
		const admin = await adminContext.newPage()
		await admin.goto('/en/admin/paymentTransactions/new-control-transaction')
		await admin.getByLabel(/^Amount/).fill('50,00')
		await admin.getByLabel(/^Reference/).fill(`Voucher ${code.toLowerCase()} Inge`)
		await admin.getByRole('button', { name: 'Record transfer' }).click()
		await expect(admin.getByText(`Voucher order ${code} is paid`)).toBeVisible()
		await adminContext.close()

		await page.goto(pageUrl)
		await expect(page.getByTestId('voucher-order-status')).toHaveText('Paid – the voucher has been issued')
		await expect(page.getByTestId('voucher-balance')).toHaveText('€50.00')
		await expect(page.getByTestId('voucher-code')).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/)
		await expect(page.getByTestId('book-with-voucher')).toHaveAttribute(
			'href',
			/\/en\/playrooms\/spielwiese-ehrenfeld\?voucherCode=/,
		)

		const { attachments } = await outboxMessage(request, buyer, 'voucherOrder.paid')
		expect(attachments).toEqual([{ filename: `${code}.pdf`, contentType: 'application/pdf' }])
	})
})
