import { expect, test } from './fixtures.ts'
import { DEMO, expectNoSeriousA11yViolations, expectNoSidewaysScroll, loginAs } from './helpers.ts'

/**
 * Issue 32: the host inbox /host/messages on a phone without JavaScript — the demo host's
 * notifications, unread ones first marked, and "mark as read" by a plain form post
 * (docs/subsystems/notifications.md).
 */
test.describe('the host inbox without JavaScript', () => {
	test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } })

	test('shows the notifications and marks one read by a form post', async ({ page, context, baseURL }) => {
		await loginAs(context, DEMO.host, baseURL ?? '')
		await page.goto('/en/host/messages')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications')
		const unread = page.locator('[data-testid="notification-row"][data-read="false"]')
		const before = await unread.count()
		expect(before).toBeGreaterThan(0)
		await expect(page.getByTestId('notification-row').first()).toContainText(/SZ-/)
		await expectNoSidewaysScroll(page, '/en/host/messages')

		await unread.first().getByRole('button', { name: 'Mark as read' }).click()
		await expect(page).toHaveURL(`${baseURL}/en/host/messages`)
		await expect(unread).toHaveCount(before - 1)
	})
})

test('the host inbox has no serious accessibility violations', async ({ page, context, baseURL }) => {
	await loginAs(context, DEMO.host, baseURL ?? '')
	await page.goto('/host/messages')
	await expect(page.getByTestId('notification-row').first()).toBeVisible()
	await expectNoSeriousA11yViolations(page)
})
