import { expect, test } from './fixtures.ts'
import { database, DEMO, loginAs, waitForHydration } from './helpers.ts'

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

/**
 * The address tab's draggable pin (issue 31.9, ADR 0153): once the host has allowed maps (here on a
 * public playroom page), the editor's address tab shows the map with the pin at the playroom's
 * coordinates; dragging the pin writes latitude and longitude into the still visible fields.
 */
test('the editor’s address tab shows a map with a draggable pin after consent', async ({
	page,
	context,
	baseURL,
}) => {
	await loginAs(context, DEMO.host, baseURL!)
	const db = database()
	const playroom = db
		.prepare(
			"SELECT p.id, p.lat, p.lng FROM playrooms p JOIN users u ON u.id = p.host_id WHERE u.email = ? AND p.lat IS NOT NULL AND p.status = 'Published' LIMIT 1",
		)
		.get(DEMO.host) as { id: string; lat: number; lng: number }
	db.close()

	await page.goto('/playrooms/spielwiese-ehrenfeld')
	const publicMap = page.getByTestId('results-map')
	await publicMap.scrollIntoViewIfNeeded()
	await publicMap.getByTestId('map-allow').click()
	await expect(publicMap.locator('canvas.maplibregl-canvas')).toBeVisible()

	await page.goto(`/en/host/playrooms/edit/${playroom.id}/basic-information`)
	await waitForHydration(page)
	const pinMap = page.getByRole('group', { name: 'Map: your playroom’s pin (draggable)' })
	await pinMap.scrollIntoViewIfNeeded()
	const canvas = pinMap.locator('canvas.maplibregl-canvas')
	await expect(canvas).toBeVisible()
	expect(await canvas.evaluate((c: HTMLCanvasElement) => c.width > 0 && c.height > 0)).toBe(true)
	await expect(page.getByText('Drag the pin to the entrance.', { exact: false })).toBeVisible()

	const lat = page.getByLabel('Latitude')
	const lng = page.getByLabel('Longitude')
	await expect(lat).toHaveValue(String(playroom.lat))
	const marker = pinMap.locator('.maplibregl-marker')
	const box = (await marker.boundingBox())!
	await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
	await page.mouse.down()
	await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 30, { steps: 8 })
	await page.mouse.up()
	// Dragged down and to the right: further south and east than before.
	await expect.poll(async () => Number(await lat.inputValue())).toBeLessThan(playroom.lat)
	expect(Number(await lng.inputValue())).toBeGreaterThan(playroom.lng)
	await expect(page.getByText('Unsaved changes')).toBeVisible()
})
