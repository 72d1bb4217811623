import { expect, test } from './fixtures.ts'
import { DEMO, expectNoSidewaysScroll, loginAs } from './helpers.ts'

/**
 * Issue 34 "E-mail health" (ADR 0175), JavaScript off, German, phone width: the e2e server runs
 * without SMTP_URL, so every admin page says that delivery is not configured and how many e-mails
 * wait; the banner opens the e-mail log, a message shows its text part, and "resend" queues a copy.
 */
test.describe('e-mail health without JavaScript', () => {
	test.use({ javaScriptEnabled: false, locale: 'de-DE', viewport: { width: 360, height: 800 } })

	test('the banner, the e-mail log and resend', async ({ page, context, baseURL }) => {
		await loginAs(context, DEMO.admin, baseURL ?? '')
		await page.goto('/admin/orders')
		const banner = page.getByTestId('email-health-banner')
		await expect(banner).toContainText('Der E-Mail-Versand ist nicht eingerichtet (SMTP_URL fehlt)')
		await banner.getByRole('link', { name: 'E-Mail-Protokoll öffnen' }).click()
		await expect(page).toHaveURL(/\/admin\/backgroundTaskExecutions\/emails\?status=stored$/)
		await expectNoSidewaysScroll(page, 'e-mail log')
		const rows = page.getByTestId('email-row')
		await expect(rows.first()).toContainText('Gespeichert (nicht versandt)')
		await rows.first().getByRole('link').click()
		await expect(page).toHaveURL(/\/admin\/backgroundTaskExecutions\/emails\/[\w-]{16}$/)
		const first = page.url()
		await expect(page.getByTestId('email-body')).not.toBeEmpty()
		await expectNoSidewaysScroll(page, 'e-mail detail')
		await page.getByTestId('email-resend').click()
		await expect(page.getByTestId('server-toast')).toContainText(
			'Eine Kopie der E-Mail wurde zum Versand angelegt.',
		)
		expect(page.url()).not.toBe(first)
		await expect(page.getByTestId('admin-email')).toContainText('Gespeichert (nicht versandt)')
	})
})
