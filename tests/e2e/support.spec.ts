import { expect, test } from './fixtures.ts'
import { DEMO, loginAs, waitForHydration } from './helpers.ts'

/**
 * The support chat (issue 32, ADR 0163): the demo guest writes to support without JavaScript on
 * a phone (the link in the site chrome, a form post that lands on the new message), an admin
 * answers in the admin back office, and the guest sees the answer — with JavaScript through the
 * widget's unread badge, without it on the next page load.
 */
test('a guest asks support without JavaScript, an admin answers, the guest sees it', async ({
	browser,
	baseURL,
}) => {
	const question = `Frage an den Support ${Date.now()}`
	const answer = `Antwort vom Support ${Date.now()}`

	const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } })
	await loginAs(noJs, DEMO.guest, baseURL ?? '')
	const guestPage = await noJs.newPage()
	await guestPage.goto('/en/playrooms')
	await guestPage.getByTestId('site-menu-button').click()
	await guestPage.getByTestId('account-menu').locator('summary').click()
	await guestPage.getByTestId('support-link').click()
	await expect(guestPage).toHaveURL(/\/en\/support$/)
	await expect(guestPage.getByRole('heading', { level: 1 })).toHaveText('Help from Spielzimmer support')
	await guestPage.getByLabel('Message').fill(question)
	await guestPage.getByRole('button', { name: 'Send' }).click()
	await expect(guestPage).toHaveURL(/\/en\/support#message-\d+$/)
	await expect(guestPage.getByTestId('chat-message').filter({ hasText: question })).toHaveCount(1)
	const overflow = await guestPage.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
	expect(overflow).toBe(false)

	const adminContext = await browser.newContext()
	await loginAs(adminContext, DEMO.admin, baseURL ?? '')
	const admin = await adminContext.newPage()
	await admin.goto('/en/admin/support?status=Open')
	const row = admin.getByTestId('support-row').filter({ hasText: question })
	await expect(row).toHaveCount(1)
	await expect(row).toContainText('unread')
	await row.getByRole('link').first().click()
	await expect(admin).toHaveURL(/\/en\/admin\/support\/[A-Za-z0-9_-]{16}$/)
	await expect(admin.getByTestId('chat-message').filter({ hasText: question })).toHaveCount(1)
	await expect(admin.getByRole('button', { name: /Log in as/ })).toBeVisible()
	await admin.getByLabel('Message').fill(answer)
	await admin.getByRole('button', { name: 'Send' }).click()
	await expect(admin.getByTestId('chat-message').filter({ hasText: answer })).toHaveCount(1)
	await expect(admin.getByTestId('admin-support-thread')).toContainText('Waiting for the user')

	// With JavaScript the widget on every page shows the unread answer and leads to the thread.
	const withJs = await browser.newContext()
	await loginAs(withJs, DEMO.guest, baseURL ?? '')
	const guestJs = await withJs.newPage()
	await guestJs.goto('/en/playrooms')
	// The consent notice sits over the corner until it is answered.
	await guestJs.getByRole('button', { name: 'Necessary only' }).click()
	await expect(guestJs.getByTestId('support-widget-unread')).toHaveText('1')
	await guestJs.getByTestId('support-widget').click()
	await expect(guestJs).toHaveURL(/\/en\/support$/)
	await expect(guestJs.getByTestId('chat-message').filter({ hasText: answer })).toHaveCount(1)

	// With JavaScript on both sides the thread is live: the admin's next answer (sent as JSON from the
	// admin page) appears in the guest's open thread without a reload, and the guest's reply in the
	// admin's.
	await waitForHydration(guestJs)
	await waitForHydration(admin)
	await guestJs.evaluate(() => Object.assign(window, { __sameDocument: true }))
	const liveAnswer = `Live-Antwort ${Date.now()}`
	await admin.getByLabel('Message').fill(liveAnswer)
	await admin.getByRole('button', { name: 'Send' }).click()
	await expect(guestJs.getByTestId('chat-message').filter({ hasText: liveAnswer })).toHaveCount(1, {
		timeout: 10_000,
	})
	const liveReply = `Danke, verstanden ${Date.now()}`
	await guestJs.getByLabel('Message').fill(liveReply)
	await guestJs.getByRole('button', { name: 'Send' }).click()
	await expect(admin.getByTestId('chat-message').filter({ hasText: liveReply })).toHaveCount(1, {
		timeout: 10_000,
	})
	expect(await guestJs.evaluate(() => '__sameDocument' in window)).toBe(true)

	// Without JavaScript the page shows it on the next load.
	await guestPage.goto('/en/support')
	await expect(guestPage.getByTestId('chat-message').filter({ hasText: answer })).toHaveCount(1)
	for (const context of [noJs, adminContext, withJs]) await context.close()
})
