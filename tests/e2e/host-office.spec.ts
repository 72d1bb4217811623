import { expect, test } from './fixtures.ts'
import { outboxLink } from './helpers.ts'

/**
 * Issue 12, journey 2 of PRODUCT.md §1 up to "publish", without JavaScript,
 * in German: register as host, confirm through the outbox link, the
 * dashboard asks for the first playroom, create it, land in the editor URL,
 * open the overview, try to publish and see what is missing. Its own user:
 * no shared demo data is changed.
 */
const PASSWORD = 'Sandkasten-Wolke-73'

test.describe('host back office without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('a new host registers, creates the first playroom and sees the publishing checklist', async ({
		page,
		baseURL,
	}) => {
		test.slow() // a whole journey on a shared 2-core machine
		const email = `gastgeber-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`
		await page.goto('/auth/register-host')
		await page.getByLabel('E-Mail-Adresse').fill(email)
		await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(PASSWORD)
		await page.getByLabel('Vorname').fill('Greta')
		await page.getByLabel('Nachname').fill('Gastgeber')
		await page.getByLabel('Anzeigename').fill(`Tobehaus ${Date.now()}`)
		await page.getByLabel(/Nutzungsbedingungen/).check()
		await page.getByRole('button', { name: 'Konto anlegen' }).click()
		await expect(page).toHaveURL(`${baseURL}/login`)

		await page.goto(await outboxLink(page.request, email, 'confirmEmail'))
		await expect(page.getByTestId('confirm-result')).toBeVisible()

		await page.goto('/login?redirect=%2Fhost%2Fdashboard')
		const login = page.getByTestId('login-form')
		await login.getByLabel('E-Mail-Adresse').fill(email)
		await login.getByLabel(/^Passwort/).fill(PASSWORD)
		await login.getByRole('button', { name: 'Anmelden' }).click()
		await expect(page).toHaveURL(`${baseURL}/host/dashboard`)

		const next = page.getByTestId('next-activities')
		await expect(next.getByRole('link', { name: 'Lege deinen ersten Spielraum an' })).toBeVisible()
		await next.getByRole('link', { name: 'Lege deinen ersten Spielraum an' }).click()
		await expect(page).toHaveURL(`${baseURL}/host/playrooms#new-playroom`)

		// An empty submit keeps the user on the page with messages in German.
		await page.getByRole('button', { name: 'Spielraum anlegen' }).click()
		await expect(page.getByText('Wert ist erforderlich', { exact: true })).toHaveCount(2)
		const name = `Tobehaus Nippes ${Date.now()}`
		await page.getByLabel('Name des Spielraums').fill(name)
		await page.getByLabel(/^Ort\b/).fill('Köln')
		await page.getByRole('button', { name: 'Spielraum anlegen' }).click()
		await expect(page).toHaveURL(/\/host\/playrooms\/edit\/[\w-]{16}\/basic-information$/)
		const playroomId = new URL(page.url()).pathname.split('/')[4] ?? ''

		await page.goto('/host/dashboard')
		await expect(page.getByTestId('no-next-activities')).toBeVisible()
		await expect(page.getByRole('img', { name: /Auslastung der letzten 30 Tage/ })).toBeVisible()

		await page.goto('/host/playrooms')
		await expect(page.getByTestId('host-playroom')).toHaveCount(1)
		await expect(page.getByTestId('playroom-status')).toHaveText('Entwurf')
		await page.getByRole('link', { name: `Übersicht von ${name}` }).click()
		await expect(page).toHaveURL(`${baseURL}/host/playrooms/${playroomId}`)
		await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

		await page.getByRole('button', { name: 'Veröffentlichen' }).click()
		const refused = page.getByTestId('publish-refused')
		await expect(refused).toContainText('Der Spielraum kann noch nicht veröffentlicht werden')
		for (const item of [
			'Mindestens 3 Fotos (bisher 0)',
			'Eine Beschreibung (auf Deutsch oder Englisch)',
			'Ein Preis für jede angebotene Buchungsart',
			'Öffnungszeiten',
		]) {
			await expect(refused.getByText(item)).toBeVisible()
		}
		await expect(page.getByTestId('playroom-status')).toHaveText('Entwurf')

		// Issue 31.10: an open item leads to the field that completes it.
		await refused.getByRole('link', { name: 'Eine Beschreibung (auf Deutsch oder Englisch)' }).click()
		await expect(page).toHaveURL(
			`${baseURL}/host/playrooms/edit/${playroomId}/detail-information#detail-information-descriptionDe`,
		)
		// Issue 31.1 and 31.5: German only, in Markdown; the editor keeps the checklist in sight.
		await page
			.getByLabel('Beschreibung (Deutsch)')
			.fill('Unser Raum hat **85 m²** und:\n\n- ein Bällebad\n- eine Kletterwand')
		await page.getByRole('button', { name: 'Speichern', exact: true }).click()
		await expect(page).toHaveURL(`${baseURL}/host/playrooms/edit/${playroomId}/detail-information`)
		const panel = page.getByTestId('editor-publish-panel')
		await expect(panel).toContainText('Noch 4 Punkte offen')
		await expect(panel.getByRole('link', { name: 'Öffnungszeiten' })).toHaveAttribute(
			'href',
			`/host/playrooms/edit/${playroomId}/availability#availability-hours.d1`,
		)

		// The draft's public page is marked as a preview and shows the Markdown as the editor's preview did.
		await page.setViewportSize({ width: 390, height: 800 })
		await page.getByRole('link', { name: 'Öffentliche Vorschau' }).click()
		await expect(page.getByTestId('preview-banner')).toContainText('Vorschau eines Entwurfs')
		const description = page.getByTestId('playroom-description')
		await expect(description.locator('strong')).toHaveText('85 m²')
		await expect(description.locator('li')).toHaveText(['ein Bällebad', 'eine Kletterwand'])
		expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false)

		// Issue 31.10: the draft can be deleted, after asking.
		await page.goto(`/host/playrooms/${playroomId}`)
		await page.getByTestId('delete-draft').getByText('Entwurf löschen').click()
		await page.getByRole('button', { name: 'Ja, Entwurf endgültig löschen' }).click()
		await expect(page).toHaveURL(`${baseURL}/host/playrooms`)
		await expect(page.getByTestId('host-playroom')).toHaveCount(0)
	})
})
