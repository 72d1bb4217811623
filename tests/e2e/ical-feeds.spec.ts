import { expect, test } from './fixtures.ts'
import { loginAs } from './helpers.ts'

/**
 * Issue 13, iCal export, without JavaScript: a demo host (gastgeber16, whom no other
 * spec uses) makes the export address of all playrooms on
 * /en/host/calendar/feeds, a calendar app fetches it (no session), a new
 * address makes the old one a 404.
 */
test.describe('iCal export without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('a host makes an export address, the .ics is served, regenerating retires the old one', async ({
		page,
		context,
		baseURL,
		playwright,
	}) => {
		await loginAs(context, 'gastgeber16@example.com', baseURL ?? '')
		await page.goto('/en/host/calendar/feeds')
		await expect(page.getByRole('heading', { level: 1, name: 'Connect calendars' })).toBeVisible()

		const all = page.getByTestId('export-all')
		await all.getByRole('button', { name: /Create (an|a new) export address/ }).click()
		const first = await all.getByLabel('Export address for All playrooms').inputValue()
		expect(first).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)

		// A calendar app: no cookies.
		const app = await playwright.request.newContext({ baseURL })
		const served = await app.get(new URL(first).pathname)
		expect(served.status()).toBe(200)
		expect(served.headers()['content-type']).toBe('text/calendar; charset=utf-8')
		expect(served.headers()['cache-control']).toBe('private, no-store')
		const body = await served.text()
		expect(body).toContain('BEGIN:VCALENDAR')
		expect(body).toContain('TZID:Europe/Berlin')

		await page.goto('/en/host/calendar/feeds')
		await all.getByRole('button', { name: 'Create a new export address (the old one stops working)' }).click()
		const second = await all.getByLabel('Export address for All playrooms').inputValue()
		expect(second).not.toBe(first)
		expect((await app.get(new URL(first).pathname)).status()).toBe(404)
		expect((await app.get(new URL(second).pathname)).status()).toBe(200)
		await app.dispose()
	})
})
