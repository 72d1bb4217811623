import { expect, test } from './fixtures.ts'
import { DEMO, expectNoSeriousA11yViolations, loginAs } from './helpers.ts'

/**
 * Issue 14, the first steps of journey 3 (PRODUCT.md §1) with JavaScript, in
 * English: the admin opens the dashboard (figures over a period, SVG charts
 * with names, the ledger check), then finds the demo host by e-mail in the
 * search box and opens the host's admin page. Reads the seeded data only.
 */
test('admin sees the dashboard figures, finds host@example.com and opens the host page', async ({
	page,
	context,
	baseURL,
}) => {
	await loginAs(context, DEMO.admin, baseURL ?? '')
	await page.goto('/en/admin/dashboard?period=90d')
	await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
	await expect(page.getByTestId('period-showing')).toContainText('(90 days, Europe/Berlin)')
	// The figure-to-rows check reads a period that ends yesterday: other specs running beside this
	// one create orders today, between reading a figure and opening its rows.
	const berlinDay = (daysAgo: number) =>
		new Date(Date.now() - daysAgo * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' })
	await page.goto(`/en/admin/dashboard?period=custom&from=${berlinDay(90)}&to=${berlinDay(1)}`)
	await expect(page.getByTestId('period-invalid')).toHaveCount(0)
	await expect(page.getByTestId('figure-orders')).toHaveAttribute(
		'href',
		/^\/en\/admin\/orders\?createdAtFrom=/,
	)
	await expect(page.getByTestId('figure-orders')).toHaveText(/^[1-9][\d,]*$/)
	// Issue 31.11: a figure opens exactly its rows (same period, status set and booking date).
	for (const key of ['orders', 'bookedOrders']) {
		const figure = page.getByTestId(`figure-${key}`)
		const value = (await figure.textContent()) ?? ''
		await figure.click()
		await expect(page.getByTestId('table-error')).toHaveCount(0)
		await expect(page.getByTestId('table-total')).toHaveText(new RegExp(`^${value.replace(',', ',?')} `))
		await page.goBack()
	}
	await expect(page.getByRole('img', { name: 'Bookings by status' })).toBeVisible()
	await expect(page.getByRole('img', { name: 'Page views per day' })).toBeVisible()
	await expect(page.getByTestId('ledger-check')).toContainText('Debits and credits balance')
	await expect(page.getByTestId('ledger-banner')).toHaveCount(0)
	await expectNoSeriousA11yViolations(page)

	// A custom period with the end before the start: a message, the default period, no error page.
	await page.getByLabel('Period', { exact: true }).selectOption('custom')
	await page.getByLabel('From', { exact: true }).fill('2026-03-10')
	await page.getByLabel('To', { exact: true }).fill('2026-03-01')
	await page.getByRole('button', { name: 'Show' }).click()
	await expect(page.getByText('The end date is before the start date')).toBeVisible()
	await expect(page.getByTestId('period-invalid')).toBeVisible()

	await page.goto('/en/admin/search')
	await page.getByLabel('Search term').fill(DEMO.host)
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page).toHaveURL(/\/en\/admin\/search\?query=host%40example\.com/)
	const hit = page.getByTestId('search-user').filter({ hasText: DEMO.host }).first()
	await expect(hit).toContainText('Host')
	await expectNoSeriousA11yViolations(page)
	await hit.getByRole('link').click()
	await expect(page).toHaveURL(/\/en\/admin\/hosts\/[A-Za-z0-9_-]{16}$/)
	await expect(page.getByTestId('admin-user-detail')).toContainText(DEMO.host)
})
