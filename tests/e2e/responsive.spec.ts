import type { Page } from '@playwright/test'
import Database from 'better-sqlite3'
import { expect, test } from './fixtures.ts'
import { DEMO, expectNoSidewaysScroll, loginAs, waitForHydration } from './helpers.ts'

/**
 * Issue 11: every public and guest page fits a phone. At 360, 390, 768 (tablet) and 1280 px,
 * in both languages, logged out and logged in (the demo guest, who has
 * orders; pages are only read), no page scrolls sideways. One test per
 * language and login state (a context with its login is reused for all pages
 * and widths); a viewport screenshot of each page is attached.
 */
const WIDTHS = [360, 390, 768, 1280] as const

function guestOrderId(): string {
	const db = new Database(process.env.E2E_DATABASE ?? '', { readonly: true })
	try {
		const row = db
			.prepare('SELECT id FROM orders WHERE guest_id = (SELECT id FROM users WHERE email = ?) LIMIT 1')
			.get(DEMO.guest) as { id: string } | undefined
		if (!row) throw new Error('the demo guest has no order')
		return row.id
	} finally {
		db.close()
	}
}

const PUBLIC_PAGES = [
	'/',
	'/playrooms',
	'/playrooms?q=Köln',
	'/playrooms/spielwiese-ehrenfeld',
	'/playrooms/cities/koeln',
	'/public/playroomOrder/checkout?playroomUrlPath=spielwiese-ehrenfeld&bookingType=Hourly',
	'/info/guest-faq',
	'/info/host-info',
	'/info/imprint',
	'/404',
]
const LOGGED_OUT_PAGES = ['/login', '/login?panel=forgot', '/auth/register-guest', '/auth/register-host']
const guestPages = (orderId: string) => [
	'/guest/orders',
	`/guest/orders/${orderId}`,
	`/public/playroomOrder/${orderId}/confirmation`,
	'/guest/account/edit',
]

/** Heading levels never skip one going down (h1 → h3); Lighthouse's accessibility audit asks the same. */
async function expectHeadingOrder(page: Page, label: string) {
	const levels = await page.evaluate(() =>
		[...document.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6')].map((h) =>
			Number(h.tagName.slice(1)),
		),
	)
	const skips = levels.flatMap((level, i) =>
		i > 0 && level > (levels[i - 1] ?? 0) + 1 ? [`h${levels[i - 1]}→h${level}`] : [],
	)
	expect(skips, `${label}: heading levels ${levels.join(' ')}`).toEqual([])
}

// One test per locale, login state and width: every page at one width is a test of its own, so a
// loaded machine does not push a whole sweep past its time limit.
for (const locale of ['de', 'en'] as const) {
	for (const loggedIn of [false, true]) {
		for (const width of WIDTHS) {
			test(`${locale}, ${loggedIn ? 'logged in' : 'logged out'}: no page scrolls sideways at ${width} px`, async ({
				page,
				context,
				baseURL,
			}, testInfo) => {
				test.slow()
				if (loggedIn) await loginAs(context, DEMO.guest, baseURL ?? '')
				const prefix = locale === 'en' ? '/en' : ''
				const paths = [...PUBLIC_PAGES, ...(loggedIn ? guestPages(guestOrderId()) : LOGGED_OUT_PAGES)]
				{
					await page.setViewportSize({ width, height: 800 })
					for (const path of paths) {
						const url = `${prefix}${path === '/' && prefix ? '' : path}`
						const response = await page.goto(url)
						expect(response?.status(), url).toBeLessThan(path === '/404' ? 500 : 400)
						await expectNoSidewaysScroll(page, `${url} at ${width} px`)
						if (width === WIDTHS[0]) await expectHeadingOrder(page, url)
						// The open menu is part of the layout too where there is one (the checkout has its own
						// header; from the md breakpoint on, 768 px included, the header shows the navigation).
						if (await page.getByTestId('site-menu-button').isVisible()) {
							await page.getByTestId('site-menu-button').click()
							await expect(page.getByTestId('site-menu-panel')).toBeVisible()
							await expectNoSidewaysScroll(page, `${url} at ${width} px, menu open`)
						}
						await testInfo.attach(
							`${locale}-${loggedIn ? 'in' : 'out'}-${width}${path.replace(/\W+/g, '_')}.png`,
							{
								body: await page.screenshot(),
								contentType: 'image/png',
							},
						)
					}
				}
			})
		}
	}
}

test.describe('the phone menu', () => {
	test.use({ viewport: { width: 360, height: 800 } })

	test('is reachable and usable by keyboard', async ({ page, baseURL }) => {
		await page.goto('/en/info/guest-faq')
		const summary = page.getByTestId('site-menu-button')
		await expect(summary).toBeVisible()
		const link = page
			.getByRole('navigation', { name: 'Main navigation' })
			.getByRole('link', { name: 'Playrooms' })
		// The nav links are hidden until the menu opens.
		await expect(link).toBeHidden()
		await summary.focus()
		await page.keyboard.press('Enter')
		await expect(link).toBeVisible()
		await link.focus()
		await page.keyboard.press('Enter')
		await expect(page).toHaveURL(`${baseURL}/en/playrooms`)
		// A client-side navigation closes the menu.
		await expect(page.getByTestId('site-menu-panel')).toBeHidden()
	})

	test('a long display name is cut short, not widening the page', async ({ page, context, baseURL }) => {
		await loginAs(context, DEMO.guest, baseURL ?? '')
		await page.goto('/playrooms')
		// The name is changed in the DOM below: after React has hydrated it, or React would see a
		// text that it did not render.
		await waitForHydration(page)
		await page.getByTestId('site-menu-button').click()
		const name = page.getByTestId('account-name')
		await expect(name).toBeVisible()
		// Whatever the seed calls the guest, the name's box never leaves the viewport and truncates.
		await name.evaluate((element) => (element.textContent = 'Familie Schneider-Hohenzollern-Wittgenstein'))
		const box = await name.boundingBox()
		expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360)
		expect(await name.evaluate((element) => getComputedStyle(element).textOverflow)).toBe('ellipsis')
		await expectNoSidewaysScroll(page, 'long display name')
	})
})

test.describe('the phone menu without JavaScript', () => {
	test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 800 } })

	test('opens, and its language switch, theme toggle and login work', async ({ page, baseURL }) => {
		await page.goto('/playrooms')
		await page.getByTestId('site-menu-button').click()
		const panel = page.getByTestId('site-menu-panel')
		await panel.getByTestId('language-switch').click()
		await expect(page).toHaveURL(`${baseURL}/en/playrooms`)
		await page.getByTestId('site-menu-button').click()
		const before = await page.locator('html').getAttribute('data-color-mode')
		await panel.getByTestId('theme-toggle').click()
		await expect(page.locator('html')).not.toHaveAttribute('data-color-mode', before ?? '')
		await page.getByTestId('site-menu-button').click()
		await panel.getByTestId('login-link').click()
		await expect(page).toHaveURL(new RegExp(`^${baseURL}/en/login\\?redirect=`))
	})
})
