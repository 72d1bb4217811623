import { expect, test } from './fixtures.ts'

/**
 * Maps out of the box (issue 31.17, ADR 0153): the server runs with MAP_STYLE_URL pointing at the
 * local style of tests/e2e/global-setup.ts (the default is OpenFreeMap's public style; its unit
 * tests are in app/utils/env.server.test.ts and server/security.test.ts). After consent the map
 * loads that style and draws it (MapLibre's canvas); nothing is fetched from anywhere else.
 */
test('the playroom page offers the map; after consent it renders from the configured style', async ({
	page,
	baseURL,
}) => {
	const requests: string[] = []
	page.on('request', (request) => requests.push(request.url()))
	await page.goto('/playrooms/spielwiese-ehrenfeld')
	const map = page.getByTestId('results-map')
	await map.scrollIntoViewIfNeeded()
	const styleRequest = page.waitForRequest((request) => request.url().endsWith('/style.json'))
	await map.getByTestId('map-allow').click()
	expect(new URL((await styleRequest).url()).port).toBe(process.env.E2E_MAP_PORT)
	const canvas = map.locator('[data-testid="map-live"] canvas.maplibregl-canvas')
	await expect(canvas).toBeVisible()
	expect(await canvas.evaluate((c: HTMLCanvasElement) => c.width > 0 && c.height > 0)).toBe(true)
	const local = (url: string) =>
		url.startsWith(baseURL ?? '') || url.startsWith('http://127.0.0.1:') || /^(data|blob):/.test(url)
	expect(requests.filter((url) => !local(url))).toEqual([])
})
