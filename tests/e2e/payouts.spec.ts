import { readFile } from 'node:fs/promises'
import { expect, test } from './fixtures.ts'
import { DEMO, expectNoSidewaysScroll, loginAs } from './helpers.ts'

/**
 * Issue 34 (ADR 0177), without JavaScript, in German, at phone width: the admin credits a demo host
 * (gastgeber14, whom no other spec uses) so that someone is due, creates a payout run by hand and
 * downloads its SEPA file — a pain.001 with the run's MsgId and the run's total as CtrlSum.
 */
const HOST = 'gastgeber14@example.com'

test.describe('payout run and SEPA file', () => {
	test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } })

	test('an admin creates a payout run and downloads the SEPA file', async ({ page, context, baseURL }) => {
		await loginAs(context, DEMO.admin, baseURL ?? '')

		await page.goto('/admin/payouts/balances')
		const option = page.locator('select[name="hostId"] option', { hasText: HOST })
		await page.locator('select[name="hostId"]').selectOption((await option.getAttribute('value')) ?? '')
		await page.getByLabel('Betrag in € (z. B. 12,50 oder -5)').fill('42,17')
		await page.getByLabel('Grund').fill('E2E: Kulanz')
		await page.getByRole('button', { name: 'Korrektur buchen' }).click()
		await expect(page.getByTestId('host-balances')).toBeVisible()

		await page.goto('/admin/payouts')
		await expect(page.getByTestId('payout-preview')).toContainText('erhalten')
		await expectNoSidewaysScroll(page, '/admin/payouts')
		await page.getByRole('button', { name: 'Auszahlungslauf anlegen' }).click()
		await expect(page).toHaveURL(/\/admin\/payouts\/[A-Za-z0-9_-]{16}$/)
		await expect(page.getByTestId('payout-row').first()).toBeVisible()
		const total = ((await page.getByTestId('run-total').textContent()) ?? '').replace(/[^\d,]/g, '')
		const reference =
			(await page.getByTestId('payout-run-facts-list').locator('.font-mono').first().textContent()) ?? ''
		expect(reference).toMatch(/^SZP-\d{8}-[A-Z0-9]{6}$/)
		await expectNoSidewaysScroll(page, 'payout run')

		const waiting = page.waitForEvent('download')
		await page.getByRole('link', { name: 'SEPA-Datei herunterladen' }).click()
		const file = await waiting
		expect(file.suggestedFilename()).toMatch(/^sepa-auszahlungen-\d{4}-\d{2}-\d{2}\.xml$/)
		const xml = await readFile((await file.path()) ?? '', 'utf8')
		expect(xml).toContain(`<MsgId>${reference}</MsgId>`)
		expect(xml).toContain(`<CtrlSum>${total.replace(',', '.')}</CtrlSum>`)

		// The run waits in the list of runs still to execute.
		await page.goto('/admin/payouts?status=Created')
		await expect(page.getByRole('link', { name: reference })).toBeVisible()
	})
})
