import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { DEMO, loginAs } from './helpers.ts'

/**
 * Issue 31.14 and 31.10 on a phone (390 × 844) without JavaScript: results come first on the result
 * pages (the filters behind one control), the playroom page has a sticky price-and-book bar; a
 * login lands in the user's area, the home page does not invite a host to register, and the
 * registration's terms are linked. At 1280 px the filters stay open and the bar is gone.
 */
const PHONE = { width: 390, height: 844 }

/** The first visit's consent notice is fixed at the bottom: answer it (its no-JS form) first. */
async function necessaryCookiesOnly(page: Page) {
	await page.goto('/info/imprint')
	await page.getByTestId('consent-notice').getByRole('button', { name: 'Nur notwendige' }).click()
	await expect(page.getByTestId('consent-notice')).toHaveCount(0)
}

async function firstCardTop(page: Page) {
	const box = await page.getByTestId('playroom-card').first().boundingBox()
	if (!box) throw new Error('no result card')
	return box.y
}

test.describe('on a phone without JavaScript', () => {
	test.use({ javaScriptEnabled: false, viewport: PHONE })

	for (const path of [
		'/playrooms',
		'/playrooms/search?guests=4&bookingType=Hourly',
		'/playrooms/cities/koeln',
	]) {
		test(`${path}: the first result is on the first screen; the filters open from one control`, async ({
			page,
		}) => {
			await page.goto(path)
			expect(await firstCardTop(page)).toBeLessThan(PHONE.height)
			const form = page.getByTestId('search-form')
			await expect(form).toBeHidden()
			const toggle = page.getByTestId('filter-toggle')
			await expect(toggle).toHaveText(path.includes('guests=4') ? 'Filter (2)' : 'Filter')
			await toggle.click()
			await expect(form).toBeVisible()
			await form.getByLabel('Gäste').fill('3')
			await form.getByTestId('search-submit').click()
			await expect(page).toHaveURL(/guests=3/)
			// After the search the results come first again, the control counts the filter.
			await expect(page.getByTestId('search-form')).toBeHidden()
			await expect(page.getByTestId('filter-toggle')).toContainText('Filter (')
			expect(await firstCardTop(page)).toBeLessThan(PHONE.height)
		})
	}

	test('the playroom page has a sticky price-and-book bar that leads to the booking panel', async ({
		page,
	}) => {
		await necessaryCookiesOnly(page)
		await page.goto('/playrooms/spielwiese-ehrenfeld')
		const bar = page.getByTestId('book-bar')
		await expect(bar).toBeVisible()
		await expect(bar).toContainText(/^ab .*€ \/ Stunde/)
		const book = bar.getByRole('link', { name: 'Jetzt buchen' })
		await expect(book).toHaveAttribute('href', '#booking')
		// Fixed at the bottom of the screen.
		const barBox = await bar.boundingBox()
		expect(Math.round((barBox?.y ?? 0) + (barBox?.height ?? 0))).toBe(PHONE.height)
		await book.click()
		await expect(page).toHaveURL(/#booking$/)
		await expect(page.getByTestId('booking-panel')).toBeInViewport()
		// It covers nothing: at the end of the page the footer's last line is above the bar.
		await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
		const footerBottom = await page
			.locator('footer')
			.last()
			.evaluate((footer) => {
				const texts = [...footer.querySelectorAll('a, p, li')].map((el) => el.getBoundingClientRect().bottom)
				return Math.max(...texts)
			})
		const barTop = (await bar.boundingBox())?.y ?? 0
		expect(footerBottom).toBeLessThanOrEqual(barTop)
	})

	test('the login page lands a host in the host area; the home page leads there instead of inviting to register', async ({
		page,
		baseURL,
	}) => {
		await page.goto('/login')
		const form = page.getByTestId('login-form')
		await form.getByLabel('E-Mail-Adresse').fill(DEMO.host)
		await form
			.getByLabel(/^Passwort/)
			.first()
			.fill(DEMO.password)
		await form.getByRole('button', { name: 'Anmelden', exact: true }).click()
		await expect(page).toHaveURL(`${baseURL}/host/dashboard`)

		await page.goto('/')
		const main = page.locator('main')
		await expect(main.locator('a[href="/auth/register-host"]')).toHaveCount(0)
		await expect(main.getByTestId('home-host-area')).toHaveAttribute('href', '/host/dashboard')
	})

	test('the registration links its terms of use and privacy policy (new tab), and both pages exist', async ({
		page,
		request,
	}) => {
		for (const [path, terms, privacy, title] of [
			['/auth/register-guest', '/info/terms', '/privacy-policy', 'Nutzungsbedingungen'],
			['/en/auth/register-host', '/en/info/terms', '/en/privacy-policy', 'Terms of use'],
		] as const) {
			await page.goto(path)
			const termsLink = page.getByTestId('terms-link')
			await expect(termsLink).toHaveAttribute('href', terms)
			await expect(termsLink).toHaveAttribute('target', '_blank')
			await expect(page.getByTestId('privacy-link')).toHaveAttribute('href', privacy)
			const answer = await request.get(terms)
			expect(answer.status()).toBe(200)
			expect(await answer.text()).toContain(`<h1`)
			expect(await answer.text()).toContain(title)
			expect((await request.get(privacy)).status()).toBe(200)
		}
	})
})

test.describe('on a desktop', () => {
	test('the filters stay open without a control; the playroom page has no bar', async ({
		page,
		context,
		baseURL,
	}) => {
		await page.goto('/playrooms')
		await expect(page.getByTestId('search-form')).toBeVisible()
		await expect(page.getByTestId('filter-toggle')).toBeHidden()
		await page.goto('/playrooms/spielwiese-ehrenfeld')
		await expect(page.getByTestId('book-bar')).toBeHidden()
		// A logged-in host's home page has no invitation to register either.
		await loginAs(context, DEMO.host, baseURL ?? '')
		await page.goto('/')
		await expect(page.getByTestId('home-host-area')).toBeVisible()
		await expect(page.locator('main a[href="/auth/register-host"]')).toHaveCount(0)
	})
})
