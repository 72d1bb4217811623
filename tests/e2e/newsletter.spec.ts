import { expect, test } from './fixtures.ts'
import { database, expectNoSidewaysScroll, loginAs, outboxMessages, waitForHydration } from './helpers.ts'

/**
 * The newsletter prompt (issue 33, spec §2/§4, ADR 0169): a logged-in demo guest with personal
 * offers off sees the modal, activates it and gets the toast and the welcome voucher's e-mail;
 * without JavaScript the banner leads to /newsletter, whose forms work as plain posts.
 */
const NO_COOKIES = { cookies: [], origins: [] }
test.use({ storageState: NO_COOKIES })

function setOffers(email: string, on: boolean) {
	const db = database()
	try {
		db.prepare('UPDATE users SET allow_email_for_personal_offers = ? WHERE email = ?').run(on ? 1 : 0, email)
	} finally {
		db.close()
	}
}

function consentsOf(email: string) {
	const db = database()
	try {
		return db
			.prepare(
				'SELECT c.action, c.source FROM newsletter_consents c JOIN users u ON u.id = c.user_id WHERE u.email = ?',
			)
			.all(email) as { action: string; source: string }[]
	} finally {
		db.close()
	}
}

test('a guest with offers off: the modal, activate with the toast, the welcome e-mail in the outbox', async ({
	page,
	context,
	baseURL,
	request,
}) => {
	const email = 'guest2@example.com'
	setOffers(email, false)
	await loginAs(context, email, baseURL!)
	await page.goto('/playrooms')
	await waitForHydration(page)
	const modal = page.getByRole('dialog', { name: 'Dein Willkommensgutschein' })
	await expect(modal).toBeVisible()
	await expect(modal.getByRole('img', { name: 'Willkommensgutschein über 10 €' })).toBeVisible()
	// Not closable by the backdrop nor by Escape.
	await page.mouse.click(3, 3)
	await page.keyboard.press('Escape')
	await expect(modal).toBeVisible()

	await modal.getByRole('button', { name: 'Newsletter aktivieren' }).click()
	await expect(page.getByText('Newsletter aktiviert. Schön, dass du dabei bist!')).toBeVisible()
	await expect(modal).toBeHidden()
	expect(consentsOf(email)).toEqual([{ action: 'Consent', source: 'Modal' }])

	await expect
		.poll(async () =>
			(await outboxMessages(request, email))
				.filter((m) => m.template === 'newsletterWelcome')
				.map((m) => m.subject),
		)
		.toEqual(['Dein Willkommensgutschein: 10 € Rabatt'])

	// Activated: the next page has no prompt.
	await page.goto('/playrooms')
	await waitForHydration(page)
	await expect(page.getByTestId('newsletter-modal')).toHaveCount(0)
})

test('"no, thanks" in the modal hides it and keeps it away for a year', async ({
	page,
	context,
	baseURL,
}) => {
	const email = 'guest5@example.com'
	setOffers(email, false)
	await loginAs(context, email, baseURL!)
	await page.goto('/playrooms')
	await waitForHydration(page)
	const modal = page.getByTestId('newsletter-modal')
	await modal.getByRole('button', { name: 'Nein, danke' }).click()
	await expect(modal).toHaveCount(0)
	await expect
		.poll(async () => (await context.cookies()).find((c) => c.name === 'dismissed'))
		.toMatchObject({ value: 'true' })
	const cookie = (await context.cookies()).find((c) => c.name === 'dismissed')!
	expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(31536000 - 120)
	await page.reload()
	await waitForHydration(page)
	await expect(page.getByTestId('newsletter-modal')).toHaveCount(0)
	expect(consentsOf(email)).toEqual([])
})

test('without JavaScript: the banner, /newsletter, activate as a plain form', async ({
	browser,
	baseURL,
}) => {
	const email = 'guest3@example.com'
	setOffers(email, false)
	const context = await browser.newContext({
		javaScriptEnabled: false,
		storageState: NO_COOKIES,
		viewport: { width: 360, height: 800 },
	})
	await loginAs(context, email, baseURL!)
	const page = await context.newPage()
	await page.goto(`${baseURL}/playrooms`)
	const banner = page.getByTestId('newsletter-banner')
	await expect(banner).toBeVisible()
	await banner.getByRole('link', { name: 'Zum Newsletter' }).click()
	await expect(page).toHaveURL(`${baseURL}/newsletter`)
	await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible()
	await expectNoSidewaysScroll(page, '/newsletter at 360 px')
	await page.getByRole('button', { name: 'Newsletter aktivieren' }).click()
	await expect(page).toHaveURL(`${baseURL}/`)
	await expect(page.getByText('Newsletter aktiviert. Schön, dass du dabei bist!')).toBeVisible()
	await expect(page.getByTestId('newsletter-banner')).toHaveCount(0)
	expect(consentsOf(email)).toEqual([{ action: 'Consent', source: 'Page' }])
	await context.close()
})
