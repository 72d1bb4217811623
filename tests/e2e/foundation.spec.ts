import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { expectNoSeriousA11yViolations, loginAs, DEMO } from './helpers.ts'

/**
 * Clicks a preference control and waits until the save has settled: the server stored it and the
 * fetcher is done (the UI shows the new state optimistically meanwhile, then the stored one).
 * Going on earlier (a reload, the next click, the end of the test) aborts the request in flight,
 * which React Router reported as an unhandled "signal is aborted without reason".
 */
async function clickAndSave(page: Page, click: () => Promise<void>) {
	const saved = page.waitForResponse(
		(response) => response.url().includes('/resources/preferences') && response.request().method() === 'POST',
	)
	await click()
	await saved
	await routerSettled(page)
}

/** The hydrated router has no navigation, revalidation or fetcher in flight. */
async function routerSettled(page: Page) {
	await page.waitForFunction(() => {
		type RouterState = {
			navigation: { state: string }
			revalidation: string
			fetchers: Map<string, { state: string }>
		}
		const router = (window as { __reactRouterDataRouter?: { state: RouterState } }).__reactRouterDataRouter
		if (!router) return false
		const { navigation, revalidation, fetchers } = router.state
		return (
			navigation.state === 'idle' &&
			revalidation === 'idle' &&
			[...fetchers.values()].every((fetcher) => fetcher.state === 'idle')
		)
	})
}

test.describe('app shell', () => {
	test('the German home page has the header, lang, hreflang and canonical', async ({ page, baseURL }) => {
		await page.goto('/')
		await expect(page).toHaveURL(`${baseURL}/`)
		await expect(page.locator('html')).toHaveAttribute('lang', 'de')
		await expect(page.getByRole('link', { name: 'Spielzimmer' })).toBeVisible()
		await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).first()).toBeVisible()
		await expect(page.getByTestId('language-switch')).toHaveAttribute('aria-label', 'Switch to English')
		await expect(page.getByTestId('login-link')).toHaveText('Anmelden')
		await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`)
		await expect(page.locator('link[hreflang="en"]')).toHaveAttribute('href', `${baseURL}/en`)
		await expect(page.locator('link[hreflang="x-default"]')).toHaveAttribute('href', `${baseURL}/`)
		await expectNoSeriousA11yViolations(page)
	})

	test('the English home page', async ({ page }) => {
		await page.goto('/en')
		await expect(page.locator('html')).toHaveAttribute('lang', 'en')
		await expect(page.getByRole('link', { name: 'Playrooms' }).first()).toBeVisible()
		await expect(page.getByTestId('login-link')).toHaveText('Log in')
		await expectNoSeriousA11yViolations(page)
	})

	test('an English browser is sent to /en on its first visit to /', async ({ browser, baseURL }) => {
		const context = await browser.newContext({
			locale: 'en-GB',
			extraHTTPHeaders: { 'Accept-Language': 'en-GB,en' },
		})
		const page = await context.newPage()
		await page.goto(`${baseURL}/`)
		await expect(page).toHaveURL(`${baseURL}/en`)
		const cookies = await context.cookies()
		expect(cookies.find((c) => c.name === 'i18n_redirected')?.value).toBe('en')
		expect(cookies.find((c) => c.name === 'culture')?.value).toBe('en-US')
		await context.close()
	})

	test('the language switch keeps the page, both ways', async ({ page, baseURL }) => {
		await page.goto('/playrooms/search?city=koeln')
		await page.getByTestId('language-switch').click()
		await expect(page).toHaveURL(`${baseURL}/en/playrooms/search?city=koeln`)
		await expect(page.locator('html')).toHaveAttribute('lang', 'en')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search playrooms')
		await page.getByTestId('language-switch').click()
		await expect(page).toHaveURL(`${baseURL}/playrooms/search?city=koeln`)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spielräume suchen')
		// The choice is remembered for the next visit to "/".
		await page.goto('/en')
		await page.getByTestId('language-switch').click()
		await page.goto('/')
		await expect(page).toHaveURL(`${baseURL}/`)
	})

	test('dark mode is the default; the toggle persists across reloads', async ({ page }) => {
		await page.goto('/')
		await expect(page.locator('html')).toHaveClass(/dark/)
		await clickAndSave(page, () => page.getByTestId('theme-toggle').click())
		await expect(page.locator('html')).not.toHaveClass(/dark/)
		await page.reload()
		await expect(page.locator('html')).not.toHaveClass(/dark/)
		await expectNoSeriousA11yViolations(page)
		await clickAndSave(page, () => page.getByTestId('theme-toggle').click())
		await expect(page.locator('html')).toHaveClass(/dark/)
		await page.reload()
		await expect(page.locator('html')).toHaveClass(/dark/)
	})

	test('unknown paths show the translated 404 page', async ({ page }) => {
		const german = await page.goto('/nicht-da')
		expect(german?.status()).toBe(404)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden')
		await expect(page.getByRole('link', { name: 'Zurück zur Startseite' })).toHaveAttribute('href', '/')
		await expect(page.getByRole('link', { name: 'Seite neu laden' })).toBeVisible()
		await expectNoSeriousA11yViolations(page)
		const english = await page.goto('/en/does-not-exist')
		expect(english?.status()).toBe(404)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
	})

	test('/de/... redirects to the bare German path', async ({ page, baseURL }) => {
		await page.goto('/de/playrooms')
		await expect(page).toHaveURL(`${baseURL}/playrooms`)
	})
})

test.describe('guards', () => {
	test('an anonymous visitor of /guest/orders is sent to the login page with redirect=', async ({
		page,
		baseURL,
	}) => {
		await page.goto('/guest/orders')
		await expect(page).toHaveURL(`${baseURL}/login?redirect=%2Fguest%2Forders`)
		// The toast arrives through the flash cookie; sonner is loaded for it on demand.
		await expect(page.getByText('Login benötigt')).toBeVisible()
		await page.goto('/en/host/dashboard')
		await expect(page).toHaveURL(`${baseURL}/en/login?redirect=%2Fen%2Fhost%2Fdashboard`)
	})

	test('a guest is refused the admin area with the 403 page', async ({ page, context, baseURL }) => {
		await loginAs(context, DEMO.guest, baseURL ?? '')
		const response = await page.goto('/admin/dashboard')
		expect(response?.status()).toBe(403)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zugriff verweigert')
		await page.goto('/guest/orders')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meine Buchungen')
	})

	test('artefact paths redirect to their parent page or 404', async ({ page, context, baseURL }) => {
		await loginAs(context, DEMO.host, baseURL ?? '')
		await page.goto('/host/vouchers/HostVoucherCreateCard')
		await expect(page).toHaveURL(`${baseURL}/host/vouchers`)
		await page.goto('/en/host/calendar/CalendarSync')
		await expect(page).toHaveURL(`${baseURL}/en/host/calendar`)
		await page.goto('/host/playrooms/edit/AAAAAAAAAAAAAAAA')
		await expect(page).toHaveURL(`${baseURL}/host/playrooms/edit/AAAAAAAAAAAAAAAA/basic-information`)
		await page.goto('/host/playrooms/edit')
		await expect(page).toHaveURL(`${baseURL}/`)
	})
})

test.describe('role area layout', () => {
	test('sidebar can be minimised and hidden, and remembers it', async ({ page, context, baseURL }) => {
		await loginAs(context, DEMO.admin, baseURL ?? '')
		await page.goto('/admin/dashboard')
		const sidebar = page.getByTestId('area-sidebar')
		await expect(sidebar).toHaveAttribute('data-minimized', 'false')
		await expect(page.getByRole('navigation', { name: 'Brotkrumennavigation' })).toContainText('Übersicht')
		// Each state is checked once the save has settled, i.e. as the server now renders it.
		await clickAndSave(page, () => page.getByRole('button', { name: 'Seitenleiste verkleinern' }).click())
		await expect(sidebar).toHaveAttribute('data-minimized', 'true')
		await clickAndSave(page, () => page.getByRole('button', { name: 'Seitenleiste ausblenden' }).click())
		await expect(sidebar).toBeHidden()
		await page.reload()
		await expect(sidebar).toBeHidden()
		await clickAndSave(page, () => page.getByRole('button', { name: 'Seitenleiste einblenden' }).click())
		await expect(sidebar).toHaveAttribute('data-minimized', 'true')
		await page.reload()
		await expect(sidebar).toHaveAttribute('data-minimized', 'true')
	})

	test('a logged-in tab opens the realtime channel and shows Online', async ({ page, context, baseURL }) => {
		await loginAs(context, DEMO.host, baseURL ?? '')
		await page.goto('/host/dashboard')
		await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-status', 'Online', {
			timeout: 10_000,
		})
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('pages render, the theme toggle and the language switch work', async ({ page, baseURL }) => {
		await page.goto('/playrooms')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spielräume')
		await expect(page.locator('html')).toHaveClass(/dark/)
		await page.getByTestId('theme-toggle').click()
		await expect(page).toHaveURL(`${baseURL}/playrooms`)
		await expect(page.locator('html')).not.toHaveClass(/dark/)
		await page.getByTestId('language-switch').click()
		await expect(page).toHaveURL(`${baseURL}/en/playrooms`)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Playrooms')
	})
})
