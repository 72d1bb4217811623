import { expect, test } from './fixtures.ts'
import { expectNoSeriousA11yViolations } from './helpers.ts'

/**
 * Catalogue core against the real server with the demo data: the public API,
 * generated photos served from UPLOADS_DIR, and the seeded content pages.
 * (The catalogue pages themselves come in phase 2.)
 */
test.describe('catalogue core', () => {
	test('Index finds Köln however it is typed, and photos are served with a long cache', async ({
		request,
	}) => {
		const counts: number[] = []
		for (const q of ['Köln', 'Koeln', 'Koln']) {
			const response = await request.get(`/api/Public/Playrooms/Index?q=${encodeURIComponent(q)}&perPage=60`)
			const body = await response.json()
			expect(body.success).toBe(true)
			counts.push(body.value.totalCount)
		}
		expect(counts[0]).toBeGreaterThanOrEqual(8)
		expect(new Set(counts).size).toBe(1)

		const detail = await (
			await request.get('/api/Public/Playrooms/Playroom?playroomUrlPath=spielwiese-ehrenfeld')
		).json()
		expect(detail.value.photos.length).toBeGreaterThanOrEqual(3)
		const photo = await request.get(detail.value.photos[0].url)
		expect(photo.status()).toBe(200)
		expect(photo.headers()['content-type']).toBe('image/webp')
		expect(photo.headers()['cache-control']).toContain('immutable')

		const bad = await request.get('/api/Public/Playrooms/Index?sort=cheap')
		expect(bad.status()).toBe(400)
		expect((await bad.json()).success).toBe(false)
	})

	test('content pages are rendered from the database in both languages', async ({ page }) => {
		await page.goto('/info/imprint')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Impressum')
		await expect(page).toHaveTitle(/Impressum/)
		await expectNoSeriousA11yViolations(page)
		await page.goto('/en/privacy-policy')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy')
		// The page's own headings (the first-visit consent banner, first in the body, has an h2 too).
		await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText(
			'1. Controller',
		)
		const missing = await page.goto('/en/info/nothing-here')
		expect(missing?.status()).toBe(404)
	})
})
