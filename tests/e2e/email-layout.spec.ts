import { expect, test } from './fixtures.ts'

/**
 * Issue 31.16 (ADR 0156): the branded e-mail layout as a mail client shows it,
 * through the dev outbox preview (`/api/Dev/Outbox?…&view=html`): at 360 px
 * it fits, the logo is served from PUBLIC_URL, and a client in dark mode gets
 * the dark tokens.
 */
test.use({ viewport: { width: 360, height: 740 } })

const cases = [
	{ lang: 'de', heading: 'Willkommen bei Spielzimmer, Eva!', button: 'E-Mail-Adresse bestätigen' },
	{ lang: 'en', heading: 'Welcome to Playrooms, Eva!', button: 'Confirm e-mail address' },
] as const

for (const c of cases) {
	test(`a confirmation e-mail (${c.lang}) in the preview: fits 360 px, logo, dark mode`, async ({
		page,
		request,
	}) => {
		const email = `layout-${c.lang}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`
		const response = await request.post('/api/Auth/registerCustomer', {
			data: {
				email,
				password: 'Sandkasten-Wolke-73',
				firstName: 'Eva',
				lastName: 'Tester',
				displayName: `Familie Layout ${Math.random().toString(36).slice(2, 8)}`,
				langPreference: c.lang,
				acceptTerms: true,
			},
		})
		expect(response.status()).toBe(200)
		const preview = `/api/Dev/Outbox?to=${encodeURIComponent(email)}&view=html`
		await expect.poll(async () => (await request.get(preview)).status()).toBe(200)

		await page.emulateMedia({ colorScheme: 'light' })
		await page.goto(preview)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.heading)
		const button = page.getByRole('link', { name: c.button })
		await expect(button).toBeVisible()
		await expect(button).toHaveCSS('background-color', 'rgb(109, 40, 217)')
		const logo = page.locator('img[src$="/email-logo.png"]')
		await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96)
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
		const card = page.locator('.sz-card')
		await expect(card).toHaveCSS('background-color', 'rgb(255, 255, 255)')

		await page.emulateMedia({ colorScheme: 'dark' })
		// The whole page, not only the body behind react-email's wrapping table.
		await expect(page.locator('body > table > tbody > tr > td').first()).toHaveCSS(
			'background-color',
			'rgb(16, 16, 24)',
		)
		await expect(
			page.getByRole('link', { name: c.lang === 'de' ? 'Spielzimmer' : 'Playrooms' }).nth(1),
		).toHaveCSS('color', 'rgb(242, 242, 247)')
		await expect(card).toHaveCSS('background-color', 'rgb(26, 26, 37)')
		await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('color', 'rgb(242, 242, 247)')
		await expect(button).toHaveCSS('background-color', 'rgb(167, 139, 250)')
	})
}
