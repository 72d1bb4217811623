import type { Page } from '@playwright/test'
import Database from 'better-sqlite3'
import { expect, test } from './fixtures.ts'
import { PLAYROOM_EDIT_TABS } from '#app/utils/slugs.ts'
import { DEMO, expectNoSidewaysScroll, loginAs, waitForHydration } from './helpers.ts'

/**
 * Issue 11: every public and guest page fits a phone. At 360, 390, 768 (tablet) and 1280 px,
 * in both languages, logged out and logged in (the demo guest, who has
 * orders; pages are only read), no page scrolls sideways. One test per
 * language, login state and part (a context with its login is reused for its pages;
 * each page is loaded once and resized through the widths); a viewport
 * screenshot of each page at 360 px is attached.
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
	'/public/voucher-orders/new-voucher-order',
	'/info/guest-faq',
	'/info/host-info',
	'/info/imprint',
	'/404',
]
const LOGGED_OUT_PAGES = ['/login', '/login?panel=forgot', '/auth/register-guest', '/auth/register-host']
const guestPages = (orderId: string) => [
	'/guest/orders',
	'/guest/orders?tab=vouchers',
	`/guest/orders/${orderId}`,
	`/public/playroomOrder/${orderId}/confirmation`,
	'/guest/account/edit',
	'/guest/chatMessages',
	'/support',
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

// One test per locale, login state and part of the site. Each page is loaded once and then shown at every width
// (the viewport resized, as a turned phone or a dragged window does): loading it once per width
// cost CI ~100 s of page loads for the same layouts.
for (const locale of ['de', 'en'] as const) {
	for (const [loggedIn, part] of [
		[false, 'public'],
		[false, 'account'],
		[true, 'public'],
		[true, 'account'],
	] as const) {
		test(`${locale}, ${loggedIn ? 'logged in' : 'logged out'}, ${part} pages: none scrolls sideways at ${WIDTHS.join(', ')} px`, async ({
			page,
			context,
			baseURL,
		}, testInfo) => {
			test.slow()
			if (loggedIn) await loginAs(context, DEMO.guest, baseURL ?? '')
			const prefix = locale === 'en' ? '/en' : ''
			const paths =
				part === 'public' ? PUBLIC_PAGES : loggedIn ? guestPages(guestOrderId()) : LOGGED_OUT_PAGES
			for (const path of paths) {
				const url = `${prefix}${path === '/' && prefix ? '' : path}`
				await page.setViewportSize({ width: WIDTHS[0], height: 800 })
				const response = await page.goto(url)
				expect(response?.status(), url).toBeLessThan(path === '/404' ? 500 : 400)
				await expectHeadingOrder(page, url)
				for (const width of WIDTHS) {
					await page.setViewportSize({ width, height: 800 })
					await expectNoSidewaysScroll(page, `${url} at ${width} px`)
					// The open menu is part of the layout too where there is one (the checkout has its own
					// header; from the md breakpoint on, 768 px included, the header shows the navigation).
					if (await page.getByTestId('site-menu-button').isVisible()) {
						await page.getByTestId('site-menu-button').click()
						await expect(page.getByTestId('site-menu-panel')).toBeVisible()
						await expectNoSidewaysScroll(page, `${url} at ${width} px, menu open`)
						await page.getByTestId('site-menu-button').click()
						await expect(page.getByTestId('site-menu')).not.toHaveAttribute('open')
					}
					// A picture of the phone width only: the wider layouts are checked by measurement, and
					// a screenshot per width cost CI ~30 s of PNG encoding for pictures nobody opened.
					if (width === WIDTHS[0])
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

/**
 * Issue 31.12: every host, owner and admin page — lists and details, the routes of app/routes.ts
 * with ids from the demo data — fits a 360 px phone in both languages: nothing is wider than the
 * viewport (tables scroll inside their own box). One test per area and language; the host's
 * calendar is checked apart (issue 31.7 rebuilds it for phones).
 */
type DemoIds = Record<
	| 'hostOrder'
	| 'hostPlayroom'
	| 'accessArea'
	| 'hostTemplate'
	| 'adminHost'
	| 'adminGuest'
	| 'adminOrder'
	| 'adminPlayroom'
	| 'platformTemplate'
	| 'payment'
	| 'supportThread'
	| 'voucherOrder'
	| 'hostVoucher'
	| 'adminVoucher'
	| 'payoutRun',
	string
>

function demoIds(): DemoIds {
	const db = new Database(process.env.E2E_DATABASE ?? '', { readonly: true })
	try {
		const one = (query: string, ...params: unknown[]) => {
			const row = db.prepare(query).get(...params) as { id: string } | undefined
			if (!row) throw new Error(`no demo row for ${query}`)
			return row.id
		}
		const host = one('SELECT id FROM users WHERE email = ?', DEMO.host)
		return {
			hostOrder: one('SELECT id FROM orders WHERE host_id = ? ORDER BY created_at DESC LIMIT 1', host),
			hostPlayroom: one("SELECT id FROM playrooms WHERE host_id = ? AND status = 'Published' LIMIT 1", host),
			accessArea: one('SELECT id FROM access_areas WHERE host_id = ? LIMIT 1', host),
			hostTemplate: one('SELECT id FROM template_texts WHERE host_id = ? LIMIT 1', host),
			adminHost: host,
			adminGuest: one('SELECT id FROM users WHERE email = ?', DEMO.guest),
			// The order with the most behind it (payments, ledger rows, e-mails): the widest page.
			adminOrder: one(
				`SELECT o.id FROM orders o ORDER BY (SELECT count(*) FROM money_transactions m WHERE m.order_id = o.id) DESC LIMIT 1`,
			),
			adminPlayroom: one("SELECT id FROM playrooms WHERE host_id = ? AND status = 'Published' LIMIT 1", host),
			platformTemplate: one('SELECT id FROM template_texts WHERE host_id IS NULL LIMIT 1'),
			payment: one('SELECT id FROM payment_transactions ORDER BY length(reference) DESC LIMIT 1'),
			supportThread: one(
				"SELECT id FROM conversations WHERE kind = 'Support' ORDER BY last_message_id LIMIT 1",
			),
			// The paid one (its voucher, its e-mails with the PDF): the widest voucher order page.
			voucherOrder: one("SELECT id FROM voucher_orders WHERE status = 'Paid' LIMIT 1"),
			hostVoucher: one('SELECT id FROM vouchers WHERE issuer_host_id = ? LIMIT 1', host),
			// The voucher with the most transactions: the widest transaction table.
			adminVoucher: one(
				'SELECT v.id FROM vouchers v ORDER BY (SELECT count(*) FROM voucher_transactions t WHERE t.voucher_id = v.id) DESC LIMIT 1',
			),
			// The run with the most payouts: the widest payout table.
			payoutRun: one('SELECT id FROM payout_runs ORDER BY payout_count DESC LIMIT 1'),
		}
	} finally {
		db.close()
	}
}

const AREA_PAGES: Record<'host' | 'owner' | 'admin', { login: string; paths: (ids: DemoIds) => string[] }> = {
	host: {
		login: DEMO.host,
		paths: (ids) => [
			'/host/dashboard',
			'/host/account/edit',
			'/host/orders',
			`/host/orders/${ids.hostOrder}`,
			'/host/playrooms',
			`/host/playrooms/${ids.hostPlayroom}`,
			...PLAYROOM_EDIT_TABS.map((tab) => `/host/playrooms/edit/${ids.hostPlayroom}/${tab}`),
			'/host/accessAreas',
			`/host/accessAreas/${ids.accessArea}`,
			'/host/templateTexts',
			`/host/templateTexts/${ids.hostTemplate}`,
			'/host/calendar/feeds',
			'/host/messages',
			'/host/chatMessages',
			`/host/chatMessages?guestId=${ids.adminGuest}`,
			'/host/modules',
			'/host/modules/telegramModule',
			'/host/modules/socialMediaModule',
			'/host/modules/lastMinuteDiscountModule',
			'/host/vouchers',
			'/host/vouchers/x',
			`/host/vouchers/${ids.hostVoucher}`,
			'/host/payouts',
			'/host/invoices',
			'/host/playroomRatings',
		],
	},
	owner: {
		login: DEMO.host,
		paths: (ids) => [
			'/owner/orders',
			`/owner/orders/${ids.hostOrder}`,
			'/owner/chatMessages',
			'/owner/chatMessages/x',
			`/owner/chatMessages/${ids.adminGuest}`,
		],
	},
	admin: {
		login: DEMO.admin,
		paths: (ids) => [
			'/admin/dashboard',
			'/admin/search?query=Spielwiese',
			'/admin/account/edit',
			'/admin/hosts',
			`/admin/hosts/${ids.adminHost}`,
			'/admin/guests',
			`/admin/guests/${ids.adminGuest}`,
			'/admin/admins',
			'/admin/orders',
			`/admin/orders/${ids.adminOrder}`,
			`/admin/orders/${ids.adminOrder}?cancel=1`,
			'/admin/support',
			`/admin/support/${ids.supportThread}`,
			'/admin/migration',
			'/admin/invoices',
			'/admin/vouchers',
			'/admin/vouchers/x',
			`/admin/vouchers/${ids.adminVoucher}`,
			'/admin/voucherOrders',
			`/admin/voucherOrders/${ids.voucherOrder}`,
			'/admin/payouts',
			'/admin/payouts/balances',
			`/admin/payouts/${ids.payoutRun}`,
			'/admin/playrooms',
			`/admin/playrooms/${ids.adminPlayroom}`,
			'/admin/playroomRatings',
			'/admin/templateTexts',
			`/admin/templateTexts/${ids.platformTemplate}`,
			'/admin/moneyTransactions',
			'/admin/moduleSubscriptions',
			'/admin/moduleSubscriptions/x',
			'/admin/paymentTransactions',
			'/admin/paymentTransactions/new-control-transaction',
			`/admin/paymentTransactions/${ids.payment}`,
			'/admin/backgroundTaskExecutions',
			'/admin/exports',
			// An admin in the host's editor (on behalf of the host).
			`/host/playrooms/edit/${ids.hostPlayroom}/basic-information`,
		],
	},
}

for (const locale of ['de', 'en'] as const) {
	for (const [area, { login, paths }] of Object.entries(AREA_PAGES)) {
		test(`${locale}, ${area}: every page fits 360 px`, async ({ page, context, baseURL }, testInfo) => {
			test.slow()
			await loginAs(context, login, baseURL ?? '')
			await page.setViewportSize({ width: 360, height: 800 })
			const prefix = locale === 'en' ? '/en' : ''
			// Every page is checked (soft), so one run names all that do not fit.
			for (const path of paths(demoIds())) {
				const url = `${prefix}${path}`
				const response = await page.goto(url)
				expect.soft(response?.status(), url).toBeLessThan(path.endsWith('/x') ? 500 : 400)
				const { scrollWidth, innerWidth } = await page.evaluate(() => ({
					scrollWidth: document.documentElement.scrollWidth,
					innerWidth: window.innerWidth,
				}))
				expect
					.soft(scrollWidth, `${url}: document width ${scrollWidth} > viewport ${innerWidth}`)
					.toBeLessThanOrEqual(innerWidth)
				await testInfo.attach(`${locale}-${area}${path.replace(/\W+/g, '_')}.png`, {
					body: await page.screenshot(),
					contentType: 'image/png',
				})
			}
		})
	}
}

test.describe('the host calendar at 360 px', () => {
	test('fits 360 px', async ({ page, context, baseURL }) => {
		await loginAs(context, DEMO.host, baseURL ?? '')
		await page.setViewportSize({ width: 360, height: 800 })
		for (const view of ['', '?view=week']) {
			await page.goto(`/host/calendar${view}`)
			await expectNoSidewaysScroll(page, `/host/calendar${view} at 360 px`)
		}
	})
})

test.describe('the admin sections on a phone', () => {
	test.use({ viewport: { width: 360, height: 800 }, javaScriptEnabled: false })

	test('are behind one control that names the current section, and open as a list that fits', async ({
		page,
		context,
		baseURL,
	}) => {
		await loginAs(context, DEMO.admin, baseURL ?? '')
		await page.goto('/en/admin/orders')
		const menu = page.getByTestId('area-menu')
		await expect(menu).toBeVisible()
		await expect(menu.getByTestId('area-menu-button')).toContainText('Bookings')
		const link = menu.getByRole('link', { name: 'Payments' })
		await expect(link).toBeHidden()
		await menu.getByTestId('area-menu-button').click()
		await expect(link).toBeVisible()
		await expectNoSidewaysScroll(page, 'admin sections open')
		const box = await menu.boundingBox()
		expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360)
		await link.click()
		await expect(page).toHaveURL(/\/en\/admin\/paymentTransactions$/)
	})
})
