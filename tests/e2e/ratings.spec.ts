import { expect, test } from './fixtures.ts'
import { database, DEMO, loginAs } from './helpers.ts'

/**
 * Ratings (issue 32, docs/subsystems/ratings.md): the demo guest rates the
 * Completed stay the demo data leaves open for it (Spielwiese Südstadt, 3 days
 * ago); the host sees only that a rating arrived, writes the private note, which
 * publishes it; the playroom page then shows the new average and the comment.
 */
function rateableOrder() {
	const db = database()
	try {
		return db
			.prepare(
				`SELECT o.id, p.playroom_url_path AS path FROM orders o
				 JOIN users u ON u.id = o.guest_id JOIN playrooms p ON p.id = o.playroom_id
				 LEFT JOIN ratings r ON r.order_id = o.id
				 WHERE u.email = ? AND o.status = 'Completed' AND r.id IS NULL
				 AND o.check_out > ? ORDER BY o.check_out DESC LIMIT 1`,
			)
			.get(DEMO.guest, Date.now() - 14 * 86_400_000) as { id: string; path: string } | undefined
	} finally {
		db.close()
	}
}

function figures(path: string) {
	const db = database()
	try {
		return db
			.prepare(
				'SELECT rating_average AS average, rating_count AS count FROM playrooms WHERE playroom_url_path = ?',
			)
			.get(path) as { average: number | null; count: number }
	} finally {
		db.close()
	}
}

test('the demo guest rates a completed stay; once published the playroom page shows the new average', async ({
	browser,
	baseURL,
}) => {
	const order = rateableOrder()
	if (!order) throw new Error('the demo data has no stay left for guest@ to rate')
	const before = figures(order.path)
	const comment = `Wonderful afternoon <b>${Date.now().toString(36)}</b>`

	const guest = await browser.newContext()
	await loginAs(guest, DEMO.guest, baseURL ?? '')
	const guestPage = await guest.newPage()
	await guestPage.goto(`/en/guest/orders/${order.id}`)
	const form = guestPage.getByTestId('rating-form')
	await form.getByLabel('Overall impression (1–5 stars)').selectOption('1')
	for (const label of ['Cleanliness', 'Safety for children', 'As described', 'Communication', 'Value']) {
		await form.getByLabel(label, { exact: true }).selectOption('2')
	}
	await form.getByLabel('Which ages is it great for? (optional)').selectOption('6-8')
	await form.getByLabel('Your comment (optional)').fill(comment)
	await form.getByRole('button', { name: 'Send rating' }).click()
	await expect(guestPage.getByTestId('own-rating-state')).toContainText('Will be published on')
	await guest.close()

	const host = await browser.newContext()
	await loginAs(host, DEMO.host, baseURL ?? '')
	const hostPage = await host.newPage()
	await hostPage.goto(`/en/host/orders/${order.id}`)
	await expect(hostPage.getByTestId('rating-arrived')).toBeVisible()
	await expect(hostPage.getByText(comment)).toHaveCount(0)
	await hostPage.getByTestId('host-note-form').getByLabel('Note').fill('Friendly family, left the room tidy.')
	await hostPage.getByRole('button', { name: 'Save note' }).click()
	await expect(hostPage.getByText(comment)).toBeVisible()
	await host.close()

	const after = figures(order.path)
	expect(after.count).toBe(before.count + 1)
	const visitor = await browser.newPage()
	await visitor.goto(`/en/playrooms/${order.path}`)
	const section = visitor.locator('section[aria-labelledby="ratings"]')
	const summary = section.getByTestId('rating-summary')
	// Stars from 3 ratings on; before that "New" and the count.
	if (after.count >= 3) await expect(summary).toContainText(`${after.average?.toFixed(1)} out of 5 stars`)
	else await expect(summary).toContainText('New')
	await expect(summary).toContainText(`${after.count} rating`)
	await expect(section.getByText(comment)).toBeVisible()
	await visitor.close()
})
