import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { DEMO, expectNoSeriousA11yViolations, loginAs, outboxLink, waitForHydration } from './helpers.ts'

/** Issue 3: accounts, tried the way a new user would — both languages, JavaScript on and off. */
const PASSWORD = 'Sandkasten-Wolke-73'

function uniqueEmail(prefix: string) {
	return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`
}

/** A confirmed guest made through the API (so tests never touch the shared demo accounts). */
async function createConfirmedGuest(request: APIRequestContext, lang: 'de' | 'en' = 'de') {
	const email = uniqueEmail('gast')
	const displayName = `Familie E2E ${Math.random().toString(36).slice(2, 8)}`
	const response = await request.post('/api/Auth/registerCustomer', {
		data: {
			email,
			password: PASSWORD,
			firstName: 'Eva',
			lastName: 'Tester',
			displayName,
			langPreference: lang,
			acceptTerms: true,
		},
	})
	expect(response.status()).toBe(200)
	await request.get(await outboxLink(request, email, 'confirmEmail'))
	return { email, displayName }
}

async function fillLogin(scope: Page | ReturnType<Page['locator']>, email: string, password: string) {
	await scope
		.getByLabel(/E-Mail-Adresse|E-mail address/)
		.first()
		.fill(email)
	await scope
		.getByLabel(/^(Passwort|Password)/)
		.first()
		.fill(password)
}

test.describe('registration and login with JavaScript', () => {
	test('a guest registers in German, confirms by e-mail, logs in with the modal and logs out', async ({
		page,
		baseURL,
	}) => {
		test.slow() // registration, e-mail, login and logout with two axe scans: 24–31 s on a slow 2-core machine
		const email = uniqueEmail('neu')
		await page.goto('/auth/register-guest')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Als Gast registrieren')
		await expectNoSeriousA11yViolations(page)

		// Live check: an address that is taken says so before submitting.
		await page.getByLabel('E-Mail-Adresse').fill(DEMO.guest)
		await page.getByRole('textbox', { name: 'Passwort', exact: true }).focus()
		await expect(page.getByText('Diese E-Mail-Adresse ist bereits registriert.')).toBeVisible()

		await page.getByLabel('E-Mail-Adresse').fill(email)
		await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(PASSWORD)
		await page.getByLabel('Vorname').fill('Mia')
		await page.getByLabel('Nachname').fill('Neumann')
		await page.getByLabel('Anzeigename').fill(`Familie Neumann ${Date.now()}`)
		await page.getByLabel(/Nutzungsbedingungen/).check()
		await page.getByRole('button', { name: 'Konto anlegen' }).click()
		await expect(page).toHaveURL(`${baseURL}/login`)
		await expect(page.getByText(/Fast geschafft!/)).toBeVisible()

		// Not confirmed yet: the login says why and offers to resend.
		await fillLogin(page.getByTestId('login-form'), email, PASSWORD)
		await page.getByRole('button', { name: 'Anmelden', exact: true }).last().click()
		await expect(page.getByTestId('form-alert')).toContainText('Bitte bestätige zuerst deine E-Mail-Adresse')
		await expect(page.getByTestId('resend-from-login')).toBeVisible()

		const link = await outboxLink(page.request, email, 'confirmEmail')
		expect(link.startsWith(`${baseURL}/auth/confirmEmail/`)).toBe(true)
		await page.goto(link)
		await expect(page.getByTestId('confirm-result')).toHaveText(/Deine E-Mail-Adresse ist bestätigt/)
		// The link works once.
		await page.reload()
		await expect(page.getByTestId('confirm-result')).toContainText('Dieser Link wurde bereits verwendet.')

		await page.goto('/playrooms')
		// The modal is the page's JavaScript (ADR 0124: it loads after the first paint).
		await waitForHydration(page)
		await page.evaluate(() => localStorage.setItem('sz:favourites', JSON.stringify(['AAAAAAAAAAAAAAAA'])))
		await page.getByTestId('login-link').click()
		const modal = page.locator('#modal-login')
		await expect(modal).toBeVisible()
		await expect(modal.getByRole('heading', { name: 'Anmelden' })).toBeVisible()
		await expectNoSeriousA11yViolations(page)
		await fillLogin(modal, email, PASSWORD)
		await modal.getByRole('button', { name: 'Anmelden', exact: true }).click()
		await expect(modal).toBeHidden()
		await expect(page).toHaveURL(`${baseURL}/playrooms`)
		await expect(page.getByTestId('account-menu')).toContainText('Familie Neumann')
		await expect(page.getByText(/du bist jetzt angemeldet/)).toBeVisible()
		// The tab connects to the realtime channel 1 s after login; a logout racing that
		// first handshake is refused with 401, which the browser logs as an error.
		await expect(page.getByTestId('realtime-status')).toHaveAttribute('data-status', 'Online')

		await page.getByTestId('account-menu').locator('summary').click()
		await page.getByRole('button', { name: 'Abmelden' }).click()
		await expect(page).toHaveURL(`${baseURL}/`)
		await expect(page.getByTestId('login-link')).toBeVisible()
		await expect.poll(() => page.evaluate(() => localStorage.getItem('sz:favourites'))).toBeNull()
		const cookies = await page.context().cookies()
		expect(cookies.find((c) => c.name === 'auth.token')).toBeUndefined()
	})

	test('the password strength hint is live: a weak password says why, own names count', async ({ page }) => {
		await page.goto('/auth/register-guest')
		// The hint is the page's JavaScript (ADR 0124: it loads after the first paint).
		await waitForHydration(page)
		const password = page.getByRole('textbox', { name: 'Passwort', exact: true })
		const strength = page.getByTestId('password-strength')
		await password.fill('password123')
		await expect(strength).toContainText('Passwortstärke: sehr schwach')
		await expect(strength).toContainText('Dieses Passwort ist sehr verbreitet.')
		await password.fill(PASSWORD)
		await expect(strength).toContainText('Passwortstärke: stark')
		await page.getByLabel('Vorname').fill('Quirin')
		await page.getByLabel('Nachname').fill('Falkenhorst')
		await password.fill('QuirinFalkenhorst1')
		await expect(strength).toContainText(
			'Das Passwort darf nicht aus deinem Namen oder deiner E-Mail-Adresse bestehen.',
		)
	})

	test('the modal: invalid submit warns and sends nothing, wrong password shows the alert, the backdrop does not close it', async ({
		page,
	}) => {
		await page.goto('/en/playrooms')
		await waitForHydration(page)
		await page.getByTestId('login-link').click()
		const modal = page.locator('#modal-login')
		await expect(modal).toBeVisible()
		const posts: string[] = []
		page.on('request', (request) => {
			if (request.method() === 'POST') posts.push(request.url())
		})
		await modal.getByRole('button', { name: 'Log in', exact: true }).click()
		await expect(page.getByText('Please check your input.')).toBeVisible()
		expect(posts).toEqual([])
		await expect(modal.getByText('Value is required').first()).toBeVisible()

		await fillLogin(modal, DEMO.guest, 'Wrong-Password-123')
		await modal.getByRole('button', { name: 'Log in', exact: true }).click()
		await expect(modal.getByTestId('form-alert')).toHaveText('E-mail address or password is wrong.')

		// A click on the backdrop (outside the dialog box) leaves it open; Escape closes it.
		await page.mouse.click(5, 5)
		await expect(modal).toBeVisible()
		const zIndex = await modal.evaluate((element) => getComputedStyle(element).zIndex)
		expect(zIndex).toBe('1055')

		// Forgot-password panel and back.
		await modal.getByTestId('forgot-link').click()
		await expect(modal.getByRole('heading', { name: 'Forgot password' })).toBeVisible()
		await modal.getByLabel('E-mail address').fill('nobody-here@example.test')
		await modal.getByRole('button', { name: 'Send link' }).click()
		await expect(
			page.getByText('If there is an account for this address, an e-mail with a link is on its way.'),
		).toBeVisible()
		await expect(modal.getByRole('heading', { name: 'Log in' })).toBeVisible()
		await page.keyboard.press('Escape')
		await expect(modal).toBeHidden()
	})

	test('a guard sends a visitor to the login page and back to the page after login', async ({
		page,
		request,
		baseURL,
	}) => {
		const { email } = await createConfirmedGuest(request)
		await page.goto('/en/guest/account/edit')
		await expect(page).toHaveURL(`${baseURL}/en/login?redirect=%2Fen%2Fguest%2Faccount%2Fedit`)
		await expect(page.getByText('Login required')).toBeVisible()
		await expectNoSeriousA11yViolations(page)
		await fillLogin(page.getByTestId('login-form'), email, PASSWORD)
		await page.getByTestId('login-form').getByRole('button', { name: 'Log in' }).click()
		await expect(page).toHaveURL(`${baseURL}/en/guest/account/edit`)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit account')
	})

	test('change e-mail and password in English; the old password stops working', async ({
		page,
		request,
		baseURL,
	}) => {
		const { email } = await createConfirmedGuest(request, 'en')
		await page.goto('/en/login?redirect=%2Fen%2Fguest%2Faccount%2Fedit')
		await fillLogin(page.getByTestId('login-form'), email, PASSWORD)
		await page.getByTestId('login-form').getByRole('button', { name: 'Log in' }).click()
		await expect(page).toHaveURL(`${baseURL}/en/guest/account/edit`)
		await expectNoSeriousA11yViolations(page)

		const newEmail = uniqueEmail('geaendert')
		const changeEmail = page.locator('section', {
			has: page.getByRole('heading', { name: 'Change e-mail address' }),
		})
		await changeEmail.getByLabel('New e-mail address').fill(newEmail)
		await changeEmail.getByLabel('Current password').fill(PASSWORD)
		await changeEmail.getByRole('button', { name: 'Change e-mail address' }).click()
		await expect(page.getByText(`We sent a confirmation link to ${newEmail}.`)).toBeVisible()
		await page.goto(await outboxLink(request, newEmail, 'changeEmail'))
		await expect(page.getByTestId('confirm-result')).toContainText(newEmail)

		await page.goto('/en/guest/account/edit')
		const changePassword = page.locator('section', {
			has: page.getByRole('heading', { name: 'Change password' }),
		})
		await changePassword.getByLabel('Current password').fill(PASSWORD)
		await changePassword
			.getByRole('textbox', { name: 'New password', exact: true })
			.fill('Neues-Baumhaus-2028')
		await changePassword.getByLabel('Repeat new password').fill('Neues-Baumhaus-2028')
		await changePassword.getByRole('button', { name: 'Change password' }).click()
		await expect(page.getByText('Your password was changed. All other sessions were ended.')).toBeVisible()
		// Still logged in here (the session was renewed).
		await expect(page.getByTestId('account-menu')).toBeVisible()

		const old = await request.post('/api/Auth/signin', { data: { username: newEmail, password: PASSWORD } })
		expect(old.status()).toBe(401)
		const fresh = await request.post('/api/Auth/signin', {
			data: { username: newEmail, password: 'Neues-Baumhaus-2028' },
		})
		expect(fresh.status()).toBe(200)
	})

	test('a guest deletes the account; it can no longer log in', async ({ page, request, baseURL }) => {
		const { email } = await createConfirmedGuest(request)
		await page.goto('/login?redirect=%2Fguest%2Faccount%2Fdelete')
		await fillLogin(page.getByTestId('login-form'), email, PASSWORD)
		await page.getByTestId('login-form').getByRole('button', { name: 'Anmelden' }).click()
		await expect(page).toHaveURL(`${baseURL}/guest/account/delete`)
		await expectNoSeriousA11yViolations(page)
		const form = page.getByTestId('delete-account-form')
		await form.getByLabel('Aktuelles Passwort').fill('Falsches-Passwort-9')
		await form.getByLabel(/endgültig löschen/).check()
		await form.getByRole('button', { name: 'Konto endgültig löschen' }).click()
		await expect(form.getByText('Das Passwort ist nicht richtig.').first()).toBeVisible()
		await form.getByLabel('Aktuelles Passwort').fill(PASSWORD)
		await form.getByRole('button', { name: 'Konto endgültig löschen' }).click()
		await expect(page).toHaveURL(`${baseURL}/`)
		await expect(page.getByText('Dein Konto wurde gelöscht.')).toBeVisible()
		await expect(page.getByTestId('login-link')).toBeVisible()
		const signin = await request.post('/api/Auth/signin', { data: { username: email, password: PASSWORD } })
		expect(signin.status()).toBe(401)
	})

	test('an admin impersonates a host and comes back', async ({ page, context, baseURL }) => {
		await loginAs(context, DEMO.admin, baseURL ?? '')
		await page.goto('/admin/hosts?q=host3%40example.com')
		await expect(page.getByTestId('user-row')).toHaveCount(1)
		await expectNoSeriousA11yViolations(page)
		await page.getByRole('button', { name: 'Als Spielscheune München anmelden' }).click()
		// Into the host's area (issue 31.10).
		await expect(page).toHaveURL(`${baseURL}/host/dashboard`)
		const banner = page.getByTestId('impersonation-banner')
		await expect(banner).toContainText('Du siehst Spielzimmer als Spielscheune München (host3@example.com).')
		await page.goto('/host/account/edit')
		await expect(banner).toBeVisible()
		await expect(page.getByTestId('impersonation-note')).toBeVisible()
		await expect(page.getByRole('heading', { name: 'Passwort ändern' })).toHaveCount(0)
		await page.goto('/admin/dashboard')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zugriff verweigert')
		await page.goto('/host/account/edit')
		await banner.getByRole('button', { name: 'Zurück zum Admin' }).click()
		await expect(page).toHaveURL(new RegExp(`${baseURL}/admin/hosts/[A-Za-z0-9_-]{16}$`))
		await expect(banner).toHaveCount(0)
		await expect(page.getByRole('heading', { level: 1 })).toContainText('Spielscheune München')
		await expect(page.getByRole('row').filter({ hasText: '127.0.0.1' }).first()).toBeVisible()
		const cookies = await context.cookies()
		expect(cookies.find((c) => c.name === 'auth.old_user')).toBeUndefined()
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('a host registers in English, confirms and logs in on the login page', async ({ page, baseURL }) => {
		const email = uniqueEmail('host')
		await page.goto('/en/auth/register-host')
		await page.getByRole('button', { name: 'Create account' }).click()
		await expect(page.getByText('Value is required').first()).toBeVisible()
		await page.getByLabel('E-mail address').fill(email)
		await page.getByRole('textbox', { name: 'Password', exact: true }).fill('password123')
		await page.getByLabel('First name').fill('Paul')
		await page.getByLabel('Last name').fill('Schmidt')
		await page.getByLabel('Display name').fill(`Toberaum Bonn ${Date.now()}`)
		await page.getByLabel('Company').fill('Toberaum Schmidt')
		await page.getByLabel(/terms of use/).check()
		await page.getByRole('button', { name: 'Create account' }).click()
		// Without JavaScript the server says why (issue 10: zxcvbn, in the page's language).
		await expect(page.getByText('This is a very common password.', { exact: true })).toBeVisible()
		await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
		await page.getByLabel(/terms of use/).check()
		await page.getByRole('button', { name: 'Create account' }).click()
		await expect(page).toHaveURL(`${baseURL}/en/login`)

		await page.goto(await outboxLink(page.request, email, 'confirmEmail'))
		await expect(page.getByTestId('confirm-result')).toHaveText(/Your e-mail address is confirmed/)

		await page.goto('/en')
		await page.getByTestId('login-link').click()
		await expect(page).toHaveURL(`${baseURL}/en/login?redirect=%2Fen`)
		await fillLogin(page.getByTestId('login-form'), email, PASSWORD)
		await page.getByTestId('login-form').getByRole('button', { name: 'Log in' }).click()
		await expect(page).toHaveURL(`${baseURL}/en`)
		await page.goto('/en/host/account/edit')
		await expect(page.getByRole('heading', { name: 'Invoice address' })).toBeVisible()
		await expect(page.getByLabel('Company')).toHaveValue('Toberaum Schmidt')

		await page.goto('/en/auth/logout')
		await page.getByRole('button', { name: 'Log out' }).click()
		await expect(page).toHaveURL(`${baseURL}/en`)
		await expect(page.getByTestId('login-link')).toBeVisible()
	})

	test('forgot and reset the password in German; the link works once', async ({ page, request, baseURL }) => {
		const { email } = await createConfirmedGuest(request)
		await page.goto('/login')
		await page.getByTestId('forgot-link').click()
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Passwort vergessen')
		await page.getByLabel('E-Mail-Adresse').fill(email)
		await page.getByRole('button', { name: 'Link anfordern' }).click()
		await expect(page).toHaveURL(`${baseURL}/login`)

		const link = await outboxLink(request, email, 'resetPassword')
		await page.goto(link)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Neues Passwort festlegen')
		await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill('Hüpfburg-Sterne-11')
		await page.getByLabel('Neues Passwort wiederholen').fill('Hüpfburg-Sterne-12')
		await page.getByRole('button', { name: 'Passwort speichern' }).click()
		await expect(page.getByText('Die Passwörter stimmen nicht überein.', { exact: true })).toBeVisible()
		await page.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill('Hüpfburg-Sterne-11')
		await page.getByLabel('Neues Passwort wiederholen').fill('Hüpfburg-Sterne-11')
		await page.getByRole('button', { name: 'Passwort speichern' }).click()
		await expect(page).toHaveURL(`${baseURL}/login`)

		await fillLogin(page.getByTestId('login-form'), email, 'Hüpfburg-Sterne-11')
		await page.getByTestId('login-form').getByRole('button', { name: 'Anmelden' }).click()
		// The login page without a target leads a guest to their area (issue 31.10).
		await expect(page).toHaveURL(`${baseURL}/guest/orders`)
		await expect(page.getByTestId('account-menu')).toBeVisible()

		await page.goto(link)
		await expect(page.getByTestId('reset-invalid')).toHaveText('Dieser Link wurde bereits verwendet.')
	})
})
