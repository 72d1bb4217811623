import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { expectNoSeriousA11yViolations, outboxLink, waitForHydration } from './helpers.ts'

/**
 * Issue 4, "Done means": the public catalogue as a new visitor tries it — in
 * German and English, with and without JavaScript — plus city/state pages,
 * 404s, bad input, SEO, and consent (necessary only keeps maps and analytics off).
 */
type Lang = 'de' | 'en'

const TEXT = {
	de: {
		where: 'Stadt, Ort oder Stichwort',
		date: 'Datum',
		guests: 'Gäste',
		sort: 'Sortieren nach',
		save: (name: string) => `${name} merken`,
		duration: 'Dauer',
		banner: 'Cookies und Datenschutz',
		necessaryOnly: 'Nur notwendige',
		acceptAll: 'Alle akzeptieren',
	},
	en: {
		where: 'City, place or keyword',
		date: 'Date',
		guests: 'Guests',
		sort: 'Sort by',
		save: (name: string) => `Save ${name}`,
		duration: 'Duration',
		banner: 'Cookies and privacy',
		necessaryOnly: 'Necessary only',
		acceptAll: 'Accept all',
	},
} as const

const prefix = (lang: Lang) => (lang === 'en' ? '/en' : '')

/** The coming Saturday (Europe/Berlin), at least tomorrow. */
function nextSaturday(): string {
	const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date())
	let day = new Date(`${today}T12:00:00Z`)
	do day = new Date(day.getTime() + 86_400_000)
	while (day.getUTCDay() !== 6)
	return day.toISOString().slice(0, 10)
}

type Card = { name: string; features: string[]; priceFrom: { amount: number } | null }

/** A feature that Köln playrooms free on the date for 8 guests have (the most common one), with its name. */
async function featureToFilter(request: APIRequestContext, date: string, lang: Lang) {
	const headers = { 'Accept-Language': lang === 'en' ? 'en-GB' : 'de-DE' }
	const index = await (
		await request.get(`/api/Public/Playrooms/Index?q=K%C3%B6ln&checkIn=${date}&guests=8&perPage=60`, {
			headers,
		})
	).json()
	const items = index.value.items as Card[]
	expect(items.length).toBeGreaterThan(0)
	const counts = new Map<string, number>()
	for (const item of items) for (const key of item.features) counts.set(key, (counts.get(key) ?? 0) + 1)
	const key = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? ''
	const list = (await (await request.get('/api/Public/Playrooms/FeatureList', { headers })).json()).value as {
		key: string
		name: string
	}[]
	return { key, name: list.find((f) => f.key === key)?.name ?? key }
}

const euros = (text: string) => Number(/(\d+(?:[.,]\d+)?)/.exec(text)?.[1]?.replace(',', '.') ?? NaN)

async function cardPrices(page: Page) {
	// allTextContents does not wait: without JavaScript the new document may still be streaming in.
	await expect(page.getByTestId('playroom-card').first().locator('p.mt-auto')).toBeVisible()
	await page.waitForLoadState('load')
	const texts = await page.getByTestId('playroom-card').locator('p.mt-auto').allTextContents()
	return texts.map(euros)
}

async function searchKoeln(page: Page, lang: Lang, saturday: string) {
	const t = TEXT[lang]
	await page.goto(prefix(lang) || '/')
	const form = page.getByTestId('search-form')
	await form.getByLabel(t.where).fill('Köln')
	await form.getByLabel(t.date).fill(saturday)
	await form.getByLabel(t.guests).fill('8')
	await form.getByTestId('search-submit').click()
	await expect(page).toHaveURL(
		new RegExp(`${prefix(lang)}/playrooms/search\\?q=K%C3%B6ln&checkIn=${saturday}&guests=8`),
	)
}

async function filterAndSort(page: Page, featureName: string, featureKey: string) {
	const form = page.getByTestId('search-form')
	await form.getByRole('checkbox', { name: featureName, exact: true }).check()
	await form.locator('select[name="sort"]').selectOption('price')
	await form.getByTestId('search-submit').click()
	await expect(page).toHaveURL(new RegExp(`features=${featureKey}`))
	await expect(page).toHaveURL(/sort=price/)
	const prices = await cardPrices(page)
	expect(prices.length).toBeGreaterThan(0)
	expect(prices).toEqual([...prices].sort((a, b) => a - b))
}

async function expectCheckoutLink(page: Page, lang: Lang, playroomUrlPath: string, saturday: string) {
	const url = new URL(page.url())
	expect(url.pathname).toBe(`${prefix(lang)}/public/playroomOrder/checkout`)
	const params = Object.fromEntries(url.searchParams)
	expect(params).toMatchObject({ playroomUrlPath, guests: '8' })
	expect(['Hourly', 'Daily', 'Overnight']).toContain(params.bookingType)
	const checkIn = new Date(params.checkIn ?? '')
	const checkOut = new Date(params.checkOut ?? '')
	expect(params.checkIn).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
	expect(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(checkIn)).toBe(saturday)
	expect(checkOut.getTime()).toBeGreaterThan(checkIn.getTime())
}

for (const lang of ['de', 'en'] as const) {
	test(`with JavaScript (${lang}): search Köln for next Saturday for 8 guests, filter, sort by price, open, start times, favourite, reload`, async ({
		page,
		request,
	}) => {
		test.slow() // search, filter, sort, detail page, favourite and reload: ~30 s on a slow 2-core machine
		const t = TEXT[lang]
		const saturday = nextSaturday()
		const feature = await featureToFilter(request, saturday, lang)
		await searchKoeln(page, lang, saturday)
		await filterAndSort(page, feature.name, feature.key)
		await expectNoSeriousA11yViolations(page)

		const card = page.getByTestId('playroom-card').first()
		const name = (await card.getByRole('heading').textContent()) ?? ''
		await card.getByRole('link').click()
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
		await expect(page).toHaveURL(new RegExp(`date=${saturday}&guests=8`))
		const detailUrl = page.url()
		const playroomUrlPath = new URL(detailUrl).pathname.split('/').pop() ?? ''
		const starts = page.getByTestId('start-times').getByRole('link')
		await expect(starts.first()).toBeVisible()
		await expectNoSeriousA11yViolations(page)

		const heart = page.getByRole('button', { name: t.save(name) }).first()
		await expect(heart).toHaveAttribute('aria-pressed', 'false')
		await heart.click()
		await expect(heart).toHaveAttribute('aria-pressed', 'true')
		await page.reload()
		await expect(page.getByRole('button', { name: t.save(name) }).first()).toHaveAttribute(
			'aria-pressed',
			'true',
		)

		await page.getByTestId('favourites-link').click()
		await expect(page.getByTestId('playroom-card').filter({ hasText: name })).toBeVisible()
		await page.reload()
		await expect(page.getByTestId('playroom-card').filter({ hasText: name })).toBeVisible()
		await page.goto(detailUrl)

		await page.getByTestId('start-times').getByRole('link').first().click()
		const form = page.getByTestId('checkout-form')
		await expect(form).toBeVisible()
		await expect(page.getByTestId('playroom-guests-form').getByLabel(t.guests)).toHaveValue('8')
		await form.getByLabel(t.duration).selectOption({ index: 0 })
		await form.getByTestId('book-button').click()
		await expect(page).toHaveURL(/\/public\/playroomOrder\/checkout\?/)
		await expectCheckoutLink(page, lang, playroomUrlPath, saturday)
	})
}

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	for (const lang of ['de', 'en'] as const) {
		test(`(${lang}) the same journey with forms and links; the heart stores the favourite in the account after login`, async ({
			page,
			request,
		}) => {
			const t = TEXT[lang]
			const saturday = nextSaturday()
			const feature = await featureToFilter(request, saturday, lang)
			const email = await confirmedGuest(request)
			await searchKoeln(page, lang, saturday)
			await filterAndSort(page, feature.name, feature.key)

			const card = page.getByTestId('playroom-card').first()
			const name = (await card.getByRole('heading').textContent()) ?? ''
			await card.getByRole('link').click()
			await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
			const detailUrl = page.url()
			const playroomUrlPath = new URL(detailUrl).pathname.split('/').pop() ?? ''
			await expect(page.getByTestId('start-times').getByRole('link').first()).toBeVisible()

			// A visitor's heart leads to the login and back; then it stores the favourite.
			await page
				.getByRole('button', { name: t.save(name) })
				.first()
				.click()
			await expect(page).toHaveURL(/\/login\?redirect=/)
			await page
				.getByTestId('login-form')
				.getByLabel(/E-Mail-Adresse|E-mail address/)
				.fill(email)
			await page
				.getByTestId('login-form')
				.getByLabel(/^(Passwort|Password)/)
				.fill(PASSWORD)
			await page
				.getByTestId('login-form')
				.getByRole('button', { name: lang === 'en' ? 'Log in' : 'Anmelden' })
				.click()
			await expect(page).toHaveURL(detailUrl)
			const heart = page.getByRole('button', { name: t.save(name) }).first()
			await expect(heart).toHaveAttribute('aria-pressed', 'false')
			await heart.click()
			await expect(page).toHaveURL(detailUrl)
			await page.reload()
			await expect(page.getByRole('button', { name: t.save(name) }).first()).toHaveAttribute(
				'aria-pressed',
				'true',
			)
			await page.goto(`${prefix(lang)}/playrooms?onlyFavorites=true`)
			await expect(page.getByTestId('playroom-card').filter({ hasText: name })).toBeVisible()

			await page.goto(detailUrl)
			await page.getByTestId('start-times').getByRole('link').first().click()
			const form = page.getByTestId('checkout-form')
			await form.getByLabel(t.duration).selectOption({ index: 0 })
			await form.getByTestId('book-button').click()
			await expectCheckoutLink(page, lang, playroomUrlPath, saturday)
		})
	}

	test('the gallery, month navigation and booking types are links', async ({ page }) => {
		await page.goto('/playrooms/spielwiese-ehrenfeld')
		await expect(page.getByText(/^Foto 1 von \d+$/)).toBeVisible()
		await page.getByRole('link', { name: 'Nächstes Foto' }).click()
		await expect(page.getByText(/^Foto 2 von \d+$/)).toBeVisible()
		const month = await page.getByTestId('calendar-month').textContent()
		await page.getByRole('link', { name: 'Nächster Monat' }).click()
		await expect(page.getByTestId('calendar-month')).not.toHaveText(month ?? '')
		await expect(page).toHaveURL(/month=\d{4}-\d{2}/)
	})
})

const PASSWORD = 'Rutsche-Regenbogen-58'

/** A confirmed guest made through the API, so tests never share the demo accounts' favourites. */
async function confirmedGuest(request: APIRequestContext) {
	const email = `fav-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.test`
	const response = await request.post('/api/Auth/registerCustomer', {
		data: {
			email,
			password: PASSWORD,
			firstName: 'Fia',
			lastName: 'Favorit',
			displayName: `Familie Favorit ${Math.random().toString(36).slice(2, 8)}`,
			acceptTerms: true,
		},
	})
	expect(response.status()).toBe(200)
	const link = await outboxLink(request, email, 'confirmEmail')
	await request.get(link)
	return email
}

test('a city page and a state page list the right playrooms, with neighbouring cities', async ({
	page,
	request,
}) => {
	const koeln = (await (await request.get('/api/Public/Playrooms/Index?city=koeln&perPage=60')).json()).value
	await page.goto('/playrooms/cities/koeln')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Spielräume in Köln')
	await expect(page.getByTestId('result-count')).toHaveText(`${koeln.totalCount} Spielräume`)
	const names = await page.getByTestId('playroom-card').getByRole('heading').allTextContents()
	expect(names.sort()).toEqual((koeln.items as Card[]).map((c) => c.name).sort())
	await expect(
		page.getByRole('navigation', { name: 'Städte in der Nähe' }).getByRole('link').first(),
	).toContainText('Düsseldorf')
	await expectNoSeriousA11yViolations(page)

	const nrw = (
		await (await request.get('/api/Public/Playrooms/Index?state=nordrhein-westfalen&perPage=60')).json()
	).value
	await page.goto('/en/playrooms/states/nordrhein-westfalen')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Playrooms in North Rhine-Westphalia')
	await expect(page.getByTestId('result-count')).toHaveText(`${nrw.totalCount} playrooms`)
	const cities = await page.getByTestId('playroom-card').locator('p.text-ink-muted').first().textContent()
	expect(['Köln', 'Düsseldorf', 'Dortmund', 'Essen'].some((city) => cities?.includes(city))).toBe(true)
	await page.getByRole('link', { name: 'Page 2' }).click()
	await expect(page).toHaveURL(/page=2/)
	await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
})

test('unknown slugs and playrooms are the 404 page; nonsense parameters are named, never an error', async ({
	page,
}) => {
	for (const path of [
		'/playrooms/cities/bonn',
		'/en/playrooms/states/hamburg',
		'/playrooms/kein-spielraum-hier',
		'/en/playrooms/id/AAAAAAAAAAAAAAAA',
	]) {
		const response = await page.goto(path)
		expect(response?.status(), path).toBe(404)
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Seite nicht gefunden|Page not found/)
	}
	const response = await page.goto('/playrooms/search?checkIn=31.02.2026&page=abc&guests=viele&sort=billig')
	expect(response?.status()).toBe(200)
	await expect(page.getByTestId('search-notices')).toHaveText(
		'Diese Angaben konnten wir nicht verwenden und haben sie ignoriert: Datum, Seite, Gäste, Sortierung.',
	)
	await page.goto('/en/playrooms?page=999')
	// Issue 11: corrected to the last page, and said.
	await expect(page.getByTestId('search-notices')).toContainText('here is the last page')
	await expect(page.getByTestId('no-results')).toHaveCount(0)
	await page.goto('/en/playrooms/spielwiese-ehrenfeld?date=yesterday&guests=9999')
	await expect(page.getByTestId('search-notices')).toHaveText(
		'We could not use these values and ignored them: date, guests.',
	)
	const moved = await page.request.get('/playrooms/id/AAAAAAAAAAAAAAAA', { maxRedirects: 0 })
	expect(moved.status()).toBe(404)
	const vanity = await page.request.get('/spielwiese', { maxRedirects: 0 })
	expect(vanity.headers().location).toBe('/playrooms/spielwiese-ehrenfeld')
})

test('SEO: title, description, Open Graph, JSON-LD, canonical and hreflang; sitemap.xml and robots.txt', async ({
	page,
	request,
	baseURL,
}) => {
	await page.goto('/en/playrooms/spielwiese-ehrenfeld')
	await expect(page).toHaveTitle('Spielwiese Ehrenfeld – Köln | Playrooms')
	await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
		'content',
		'Spielwiese Ehrenfeld – Köln',
	)
	await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
		'content',
		/\/uploads\/img\/.+\.jpg$/,
	)
	await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
		'href',
		`${baseURL}/en/playrooms/spielwiese-ehrenfeld`,
	)
	await expect(page.locator('link[hreflang="de"]')).toHaveAttribute(
		'href',
		`${baseURL}/playrooms/spielwiese-ehrenfeld`,
	)
	const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}')
	const business = jsonLd['@graph'][0]
	expect(business).toMatchObject({ '@type': 'LocalBusiness', name: 'Spielwiese Ehrenfeld' })
	expect(business.aggregateRating.ratingValue).toBeGreaterThan(0)
	expect(business.makesOffer[0].priceCurrency).toBe('EUR')

	const sitemap = await (await request.get('/sitemap.xml')).text()
	expect(sitemap).toContain(`<loc>${baseURL}/en/playrooms/cities/koeln</loc>`)
	expect(sitemap).toContain(`<loc>${baseURL}/privacy-policy</loc>`)
	expect(sitemap.match(/<loc>[^<]*\/playrooms\/spielwiese-ehrenfeld<\/loc>/g)).toHaveLength(2)
	const robots = await (await request.get('/robots.txt')).text()
	expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
})

test('the gallery follows the keyboard', async ({ page }) => {
	await page.goto('/playrooms/spielwiese-ehrenfeld')
	// The arrow keys are the page's JavaScript (ADR 0124: it loads after the first paint).
	await waitForHydration(page)
	await page.getByRole('link', { name: 'Nächstes Foto' }).focus()
	await page.keyboard.press('ArrowRight')
	await expect(page.getByText(/^Foto 2 von \d+$/)).toBeVisible()
	await page.keyboard.press('ArrowLeft')
	await page.keyboard.press('ArrowLeft')
	await expect(page.getByText(/^Foto (\d+) von \1$/)).toBeVisible()
})

test.describe('consent', () => {
	// Only the cookies the site sets: not the dismissed newsletter prompt every context starts with.
	test.use({ storageState: { cookies: [], origins: [] } })
	test('"necessary only" keeps maps and analytics off: no map or tracking requests, no non-essential cookies', async ({
		page,
		context,
		baseURL,
	}) => {
		const requests: string[] = []
		page.on('request', (request) => requests.push(request.url()))
		await page.goto('/playrooms/cities/koeln')
		const banner = page.getByRole('dialog', { name: TEXT.de.banner })
		await expect(banner).toBeVisible()
		await expectNoSeriousA11yViolations(page)
		await banner.getByRole('button', { name: TEXT.de.necessaryOnly }).click()
		await expect(banner).toBeHidden()

		await page.getByTestId('playroom-card').first().getByRole('link').click()
		await expect(page.getByTestId('booking-panel')).toBeVisible()
		await expect(page.getByTestId('map-placeholder')).toBeVisible()
		await page.reload()
		await expect(page.getByRole('dialog', { name: TEXT.de.banner })).toBeHidden()

		const cookies = await context.cookies()
		const necessary = ['cc_cookie', 'culture', 'i18n_redirected']
		expect(cookies.map((c) => c.name).filter((name) => !necessary.includes(name))).toEqual([])
		const record = JSON.parse(decodeURIComponent(cookies.find((c) => c.name === 'cc_cookie')?.value ?? '{}'))
		expect(record).toMatchObject({ categories: ['necessary'], revision: 1, rfc_cookie: true })
		expect(Object.keys(record).sort()).toEqual(
			[
				'categories',
				'consent_date',
				'consent_uuid',
				'data',
				'last_consent_update',
				'level',
				'revision',
				'rfc_cookie',
			].sort(),
		)
		const consentCookie = cookies.find((c) => c.name === 'cc_cookie')
		expect(consentCookie?.sameSite).toBe('Lax')
		expect(consentCookie?.path).toBe('/')
		const days = ((consentCookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000
		expect(days).toBeGreaterThan(181)
		expect(days).toBeLessThanOrEqual(182)
		expect(await page.evaluate(() => Object.keys(window.localStorage))).toEqual([])

		// The map's consent gate (results-map-island) is our own code and may load; the map itself
		// (results-map.client, MapLibre, the style and tiles) and any tracking must not.
		expect(requests.filter((url) => /TraceEvent|TrackEvent|maplibre|results-map\.client/.test(url))).toEqual(
			[],
		)
		expect(requests.filter((url) => !url.startsWith(baseURL ?? ''))).toEqual([])
	})

	test.describe('without JavaScript', () => {
		test.use({ javaScriptEnabled: false })

		test('the banner is in the page; "necessary only" stores the consent and the next page has no banner', async ({
			page,
			context,
		}) => {
			await page.goto('/playrooms/cities/koeln')
			const banner = page.getByRole('dialog', { name: TEXT.de.banner })
			await expect(banner).toBeVisible()
			await banner.getByRole('button', { name: TEXT.de.necessaryOnly }).click()
			await expect(page).toHaveURL(/\/playrooms\/cities\/koeln$/)
			await expect(page.getByRole('dialog', { name: TEXT.de.banner })).toHaveCount(0)
			const consentCookie = (await context.cookies()).find((c) => c.name === 'cc_cookie')
			expect(JSON.parse(decodeURIComponent(consentCookie?.value ?? '{}'))).toMatchObject({
				categories: ['necessary'],
				revision: 1,
				rfc_cookie: true,
			})
			expect(consentCookie).toMatchObject({ sameSite: 'Lax', path: '/', httpOnly: false })

			await page.getByTestId('playroom-card').first().getByRole('link').click()
			await expect(page.getByTestId('booking-panel')).toBeVisible()
			await expect(page.getByRole('dialog', { name: TEXT.de.banner })).toHaveCount(0)
		})
	})

	test('"accept all" starts the page_view trace; the footer link reopens the settings with the cookie table (en)', async ({
		page,
	}) => {
		const traces: { pageUrl: string; eventType: string }[] = []
		page.on('request', (request) => {
			if (request.url().endsWith('/api/Events/TraceEvent')) traces.push(request.postDataJSON())
		})
		await page.goto('/en/playrooms')
		await page
			.getByRole('dialog', { name: TEXT.en.banner })
			.getByRole('button', { name: TEXT.en.acceptAll })
			.click()
		await expect.poll(() => traces.map((t) => t.pageUrl)).toEqual(['/en/playrooms'])
		await page.getByTestId('playroom-card').first().getByRole('link').click()
		await expect.poll(() => traces.length).toBe(2)
		expect(traces[1]).toMatchObject({
			eventType: 'page_view',
			pageUrl: expect.stringMatching(/^\/en\/playrooms\/[a-z0-9-]+$/),
		})

		await page.getByTestId('consent-settings-link').click()
		const settings = page.getByRole('dialog', { name: 'Cookie settings' })
		await expect(settings).toBeVisible()
		for (const text of [
			'Chat provider',
			'Product analytics service',
			'Web analytics service',
			'Behaviour analytics service',
			'1 day to 1 month',
			'1 day / 10 months',
		]) {
			await expect(settings.getByText(text, { exact: true }).first()).toBeAttached()
		}
		await expectNoSeriousA11yViolations(page)
	})
})
