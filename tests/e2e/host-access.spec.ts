import { expect, test } from './fixtures.ts'
import { DEMO, expectNoSeriousA11yViolations, loginAs } from './helpers.ts'

/**
 * Issue 13 without JavaScript, in German: a host creates an access area with a
 * code for one of its playrooms, then a template text — an unknown
 * placeholder is refused with the valid ones listed, the preview shows the
 * sample booking. A demo host no other spec uses; the test removes what it made.
 */
const HOST = 'gastgeber16@example.com'

test.describe('access areas and template texts without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('a host creates an access area with a code and a template text', async ({
		page,
		context,
		baseURL,
	}) => {
		test.slow()
		await loginAs(context, HOST, baseURL ?? '')
		const name = `Schlüsselkasten ${Date.now()}`

		await page.goto('/host/accessAreas')
		const create = page.locator('#new-access-area-form')
		await create.getByLabel('Name').fill(name)
		await create.getByLabel('Art').selectOption('Keypad')
		await create.getByLabel('Anleitung (Deutsch)').fill('Tastenfeld links am Hoftor.')
		await create.getByRole('checkbox').first().check()
		await create.getByRole('button', { name: 'Zugang anlegen' }).click()
		await expect(page).toHaveURL(/\/host\/accessAreas\/[A-Za-z0-9_-]{16}$/)
		await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

		const codes = page.locator('#code-part-form')
		await codes.getByLabel('Code').fill('8421')
		await codes.getByLabel('Gültig ab').fill('2026-01-01')
		await codes.getByRole('button', { name: 'Code hinzufügen' }).click()
		await expect(page.getByTestId('code-part')).toContainText('8421')

		await page.goto('/host/accessAreas')
		await expect(page.getByTestId('access-area').filter({ hasText: name })).toContainText('Zahlenschloss')

		await page.goto('/host/templateTexts')
		const form = page.locator('#new-template-form')
		await form.getByLabel('Art').selectOption('Reminder')
		await form.getByLabel('Betreff').fill('Bis morgen, {{guestName}}!')
		await form.getByLabel('Text').fill('Wir sehen uns in {{playroomName}} um {{checkin}}.')
		await form.getByRole('button', { name: 'Vorlage anlegen' }).click()
		await expect(page.locator('#new-template-form')).toContainText('Unbekannte Platzhalter: {{checkin}}')
		await expect(page.locator('#new-template-form')).toContainText('{{checkIn}}')

		await page
			.locator('#new-template-form')
			.getByLabel('Text')
			.fill('Wir sehen uns in {{playroomName}} um {{checkIn}}.')
		await page.locator('#new-template-form').getByRole('button', { name: 'Vorlage anlegen' }).click()
		await expect(page).toHaveURL(/\/host\/templateTexts\/[A-Za-z0-9_-]{16}$/)
		const preview = page.getByTestId('template-preview')
		await expect(preview).toContainText('Bis morgen, Alex!')
		await expect(preview).toContainText('Wir sehen uns in Spielwiese Beispiel um')

		// Clean up: the demo host has no own template or area afterwards.
		await page.getByRole('button', { name: 'Vorlage löschen' }).click()
		await expect(page).toHaveURL(/\/host\/templateTexts$/)
		await page.goto('/host/accessAreas')
		await page.getByTestId('access-area').filter({ hasText: name }).getByRole('link').click()
		await page.getByRole('button', { name: 'Zugang löschen' }).click()
		await expect(page).toHaveURL(/\/host\/accessAreas$/)
		await expect(page.getByTestId('access-area').filter({ hasText: name })).toHaveCount(0)
	})
})

test.describe('access areas and template texts with JavaScript', () => {
	test('the demo host’s key box and template; the preview follows the typing (nothing saved)', async ({
		page,
		context,
		baseURL,
	}) => {
		await loginAs(context, DEMO.host, baseURL ?? '')
		await page.goto('/en/host/accessAreas')
		await expect(
			page.getByTestId('access-area').filter({ hasText: 'Schlüsselkasten Haustür' }),
		).toContainText('Key box')
		await expectNoSeriousA11yViolations(page)

		await page.goto('/en/host/templateTexts')
		await page
			.getByTestId('template-text')
			.getByRole('link', { name: /Booking confirmation/ })
			.click()
		await expect(page).toHaveURL(/\/en\/host\/templateTexts\/[A-Za-z0-9_-]{16}$/)
		const preview = page.getByTestId('template-preview')
		await expect(preview).toContainText('Juhu, Alex!')
		await page.getByLabel('Subject').fill('Hi {{guestName}}, code {{orderCode}}')
		await expect(preview).toContainText('Hi Alex, code SZ-ABC123')
		await expectNoSeriousA11yViolations(page)
	})
})
