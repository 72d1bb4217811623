import type { Browser, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { DEMO, loginAs } from './helpers.ts'
import { answerConsent, createJourney3Data, euros, type Journey3Data } from './journey3-data.ts'

/**
 * Journey 3 of PRODUCT.md §1 (issue 14), end to end in English: the admin
 * reads the dashboard, finds a host by search, logs in as the host and comes
 * back, hides an abusive rating (gone from the public playroom page), records
 * the bank transfer that confirms an order and runs a background task —
 * with JavaScript; then the bank transfer without JavaScript, through the
 * duplicate warning. Each test makes its own host, playroom, orders and
 * rating (journey3-data.ts), so nothing here is shared with other specs.
 */

/** The public playroom page as an anonymous visitor sees it (the page cache included). */
async function publicPlayroomPage(browser: Browser, baseURL: string, data: Journey3Data) {
	const context = await browser.newContext({ baseURL, locale: 'en-GB' })
	await answerConsent(context, baseURL)
	const page = await context.newPage()
	await page.goto(`/en/playrooms/${data.playroom.urlPath}`)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.playroom.name)
	return { page, close: () => context.close() }
}

async function expectOrderConfirmed(page: Page, data: Journey3Data) {
	await expect(page).toHaveURL(new RegExp(`/en/admin/orders/${data.awaiting.id}$`))
	await expect(page.getByTestId('admin-order').getByTestId('order-status').first()).toHaveAttribute(
		'data-status',
		'Confirmed',
	)
	await expect(page.getByTestId('payments-table')).toContainText(data.awaiting.code)
	await expect(page.getByTestId('ledger-table').getByRole('row').nth(1)).toBeVisible()
}

test.describe('journey 3: the admin operates the marketplace', () => {
	test.use({ locale: 'en-GB' })

	test('dashboard, search, login as the host and back, hide a rating, record a transfer, run a task', async ({
		page,
		context,
		browser,
		baseURL,
	}) => {
		test.setTimeout(90_000) // a whole journey of about twenty pages on a shared machine
		const base = baseURL ?? ''
		const data = createJourney3Data()
		await answerConsent(context, base)
		await loginAs(context, DEMO.admin, base)

		// The dashboard: figures and server-rendered charts.
		await page.goto('/en/admin/dashboard')
		await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
		await expect(page.getByTestId('figure-orders')).toHaveText(/^[1-9][\d,]*$/)
		await expect(page.getByRole('img', { name: 'Bookings by status' })).toBeVisible()
		await expect(page.getByTestId('ledger-check')).toBeVisible()

		// Search finds the host by name; the hit leads to the host's admin page.
		await page.goto('/en/admin/search')
		await page.getByLabel('Search term').fill(data.host.displayName)
		await page.getByRole('button', { name: 'Search' }).click()
		const hit = page.getByTestId('search-user').filter({ hasText: data.host.email })
		await expect(hit).toHaveCount(1)
		await hit.getByRole('link').first().click()
		await expect(page).toHaveURL(new RegExp(`/en/admin/hosts/${data.host.id}$`))
		await expect(page.getByTestId('admin-user-detail')).toContainText(data.host.email)

		// Login as the host: the host's area with the host's playroom, under the impersonation banner.
		await page.getByRole('button', { name: `Log in as ${data.host.displayName}` }).click()
		await expect(page.getByText(`You are now logged in as ${data.host.displayName}.`)).toBeVisible()
		await expect(page).toHaveURL(`${base}/en/host/dashboard`)
		const banner = page.getByTestId('impersonation-banner')
		await expect(banner).toContainText(`You are viewing Playrooms as ${data.host.displayName}`)
		await page.goto('/en/host/playrooms')
		await expect(page.getByRole('link', { name: `Overview of ${data.playroom.name}` })).toBeVisible()
		await expect(banner).toBeVisible()
		await banner.getByRole('button', { name: 'Back to admin' }).click()
		await expect(page.getByText('You are logged in as admin again.')).toBeVisible()
		await expect(page).toHaveURL(new RegExp(`/en/admin/hosts/${data.host.id}$`))
		await expect(page.getByTestId('impersonation-banner')).toHaveCount(0)
		// The visit is in the impersonation log, ended.
		const visit = page.getByRole('region', { name: 'Admin logins as this user' }).getByRole('row').nth(1)
		await expect(visit.getByRole('cell').nth(1)).not.toHaveText('–')
		await expect(visit).toContainText('127.0.0.1')

		// The abusive rating: on the public page, hidden with a reason, gone from the public page.
		const visitor = await publicPlayroomPage(browser, base, data)
		await expect(visitor.page.getByText(data.rating.comment)).toBeVisible()
		await page.goto(`/en/admin/playroomRatings?playroomId=${data.playroom.id}`)
		const row = page.getByTestId('rating-row').filter({ hasText: data.rating.comment })
		await expect(row).toHaveCount(1)
		// Issue 32: a reason from the fixed list (DSA Art. 17), the text explains it.
		await row.getByLabel(/^Reason \(required\)/).selectOption('Offensive')
		await row.getByRole('textbox', { name: /^Reason/ }).fill('Insults the host')
		await row.getByRole('button', { name: 'Hide' }).click()
		await expect(page.getByText('The rating is hidden and no longer counts.')).toBeVisible()
		await expect(row).toContainText('Insults the host')
		await expect(row.getByRole('button', { name: 'Show again' })).toBeVisible()
		await visitor.page.reload()
		await expect(visitor.page.getByRole('heading', { level: 1 })).toHaveText(data.playroom.name)
		await expect(visitor.page.getByText(data.rating.comment)).toHaveCount(0)
		await expect(visitor.page.getByText('No ratings yet')).toBeVisible()
		await visitor.close()

		// The bank transfer: the order is found while the reference is typed, then confirmed.
		await page.goto('/en/admin/paymentTransactions/new-control-transaction')
		await page.getByLabel(/^Amount/).fill(euros(data.awaiting.totalAmount))
		await page.getByLabel(/^Reference/).fill(`Booking ${data.awaiting.code} thank you`)
		await expect(page.getByTestId('control-transaction-preview')).toContainText(data.awaiting.code)
		await page.getByLabel(/^Payer/).fill(data.guest.displayName)
		await page.getByRole('button', { name: 'Record transfer' }).click()
		await expect(
			page.getByText(`Payment for ${data.awaiting.code} recorded; the order is confirmed.`),
		).toBeVisible()
		await expectOrderConfirmed(page, data)

		// Every task run, and "run now" for a task that touches nothing other specs use.
		await page.goto('/en/admin/backgroundTaskExecutions')
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		await page.getByTestId('run-session-cleanup').click()
		await expect(page.getByText(/“Delete expired sessions” ran \(\d+ items?\)\./)).toBeVisible()
		await expect(
			page.getByTestId('task-run-row').filter({ hasText: 'Delete expired sessions' }).first(),
		).toBeVisible()
	})

	test.describe('without JavaScript', () => {
		test.use({ javaScriptEnabled: false })

		test('the admin records a bank transfer in two parts, through the duplicate warning, and the order is confirmed', async ({
			page,
			context,
			baseURL,
		}) => {
			const base = baseURL ?? ''
			const data = createJourney3Data()
			await answerConsent(context, base)
			await loginAs(context, DEMO.admin, base)
			// Two equal halves (the second a cent more for an odd total is an overpayment of a cent).
			const half = Math.ceil(data.awaiting.totalAmount / 2)
			const record = async () => {
				await page.goto('/en/admin/paymentTransactions/new-control-transaction')
				await page.getByLabel(/^Amount/).fill(euros(half))
				await page.getByLabel(/^Reference/).fill(`Booking ${data.awaiting.code}`)
				await page.getByLabel(/^Payer/).fill(data.guest.displayName)
				await page.getByRole('button', { name: 'Record transfer' }).click()
			}
			await record()
			await expect(page).toHaveURL(new RegExp(`/en/admin/orders/${data.awaiting.id}$`))
			await expect(page.getByTestId('server-toast')).toContainText(
				`Partial payment for ${data.awaiting.code} recorded; still due:`,
			)
			await expect(page.getByTestId('admin-order').getByTestId('order-status').first()).toHaveAttribute(
				'data-status',
				'AwaitingPayment',
			)

			// The same transfer again: a warning that needs a tick, the form keeps what was typed.
			await record()
			const warning = page.getByTestId('duplicate-warning')
			await expect(warning).toContainText('This transfer has already been recorded')
			await expect(page.getByLabel(/^Amount/)).toHaveValue(euros(half))
			await warning.getByLabel('Yes, record this transfer again').check()
			await page.getByRole('button', { name: 'Record transfer' }).click()
			await expect(page.getByTestId('server-toast')).toContainText(
				half * 2 === data.awaiting.totalAmount
					? `Payment for ${data.awaiting.code} recorded; the order is confirmed.`
					: `Payment for ${data.awaiting.code} recorded; the overpayment of`,
			)
			await expectOrderConfirmed(page, data)
		})
	})
})
