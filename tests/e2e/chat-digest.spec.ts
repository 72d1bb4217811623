import { randomBytes } from 'node:crypto'
import { expect, test } from './fixtures.ts'
import { database, DEMO, expectNoSidewaysScroll, loginAs } from './helpers.ts'

/**
 * Issue 32 (ADR 0164): on a 360 px phone without JavaScript the guest finds their notifications on
 * /guest/chatMessages (no longer on /guest/orders) and marks them read by a form post, and chooses
 * how often unread chat messages are e-mailed on the account page.
 */
test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } })

/** An unread notification for the demo guest (whatever the seed left unread). */
function unreadNotificationForDemoGuest(code: string) {
	const db = database()
	try {
		const guest = db.prepare('SELECT id FROM users WHERE email = ?').get(DEMO.guest) as { id: string }
		db.prepare(
			`INSERT INTO user_notifications (id, user_id, kind, params, dedupe_key, created_at)
			 VALUES (?, ?, 'RequestAccepted', ?, ?, ?)`,
		).run(
			randomBytes(12).toString('base64url'),
			guest.id,
			JSON.stringify({ code, playroom: 'Kletterhöhle E2E' }),
			`e2e:${code}`,
			Date.now(),
		)
	} finally {
		db.close()
	}
}

test('the guest’s notifications are on /guest/chatMessages and are marked read by a form post', async ({
	page,
	context,
	baseURL,
}) => {
	const code = `SZ-E2E${randomBytes(3).toString('hex').toUpperCase()}`
	unreadNotificationForDemoGuest(code)
	await loginAs(context, DEMO.guest, baseURL ?? '')
	await page.goto('/en/guest/chatMessages')
	const section = page.getByTestId('guest-notifications')
	await expect(section).toContainText(code)
	await expect(page.getByTestId('threads')).toBeVisible()
	await expectNoSidewaysScroll(page, '/en/guest/chatMessages')

	await page.goto('/en/guest/orders')
	await expect(page.getByTestId('guest-orders')).toBeVisible()
	await expect(page.getByTestId('guest-notifications')).toHaveCount(0)

	await page.goto('/en/guest/chatMessages')
	await section.getByRole('button', { name: 'Mark all as read' }).click()
	await expect(page).toHaveURL(`${baseURL}/en/guest/chatMessages`)
	await expect(page.getByTestId('guest-notifications')).toHaveCount(0)
})

test('the guest sets chat e-mails to "at most once an hour" by a plain form post', async ({
	page,
	context,
	baseURL,
}) => {
	await loginAs(context, DEMO.guest, baseURL ?? '')
	await page.goto('/en/guest/account/edit')
	const settings = page.locator('section', { has: page.getByRole('heading', { name: 'E-mail settings' }) })
	await settings.getByLabel('Unread chat messages by e-mail').selectOption('Hourly')
	await settings.getByRole('button', { name: 'Save' }).click()
	await expect(page.getByText('Your e-mail settings were saved.')).toBeVisible()
	await expect(page.getByLabel('Unread chat messages by e-mail')).toHaveValue('Hourly')
	await expectNoSidewaysScroll(page, '/en/guest/account/edit')
	// Back to the default, so other tests see the demo guest as seeded.
	await settings.getByLabel('Unread chat messages by e-mail').selectOption('Immediately')
	await settings.getByRole('button', { name: 'Save' }).click()
	await expect(page.getByLabel('Unread chat messages by e-mail')).toHaveValue('Immediately')
})
