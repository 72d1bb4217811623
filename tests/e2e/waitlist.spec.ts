import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { createSessionToken, database, loginAs } from './helpers.ts'

/**
 * The slot waitlist without JavaScript (docs/subsystems/waitlist.md): one demo
 * family books a start through the API, another finds it taken on the playroom
 * page, joins the waitlist and sees the entry in the Waitlist tab of
 * /guest/orders. Data no other spec uses: a playroom in Frankfurt and the
 * accounts familie7/familie8. The playroom is looked up, not named: the demo
 * catalogue's generated names depend on the day the database was seeded (the
 * seeded orders, relative to today, draw from the same random stream).
 */
function frankfurtHourlyPlayroom(): string {
	const db = database()
	try {
		const row = db
			.prepare(
				`SELECT p.playroom_url_path AS path FROM playrooms p
				 JOIN playroom_booking_types b ON b.playroom_id = p.id AND b.booking_type = 'Hourly' AND b.enabled
				 WHERE p.city_slug = 'frankfurt-am-main' AND p.status = 'Published' AND p.place_type = 'FixedPlace'
				 ORDER BY p.playroom_url_path LIMIT 1`,
			)
			.get() as { path: string } | undefined
		if (!row) throw new Error('no published hourly playroom in Frankfurt in the demo data')
		return row.path
	} finally {
		db.close()
	}
}
const BOOKER = 'familie7@example.com'
const WAITER = 'familie8@example.com'

function dateAhead(days: number) {
	return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

type Start = { start: string; localStart: string; durations: { end: string }[] }

/** Books the first free start (shortest stay) of the first open day 60+ days ahead through the API. */
async function bookFirstStart(request: APIRequestContext, playroom: string) {
	const headers = { Authorization: `Bearer ${createSessionToken(BOOKER)}` }
	let date = ''
	let start: Start | undefined
	for (let offset = 60; !start && offset < 75; offset++) {
		date = dateAhead(offset)
		const lists = await request.get(
			`/api/Public/Playrooms/AvailableLists?playroomUrlPath=${playroom}&checkIn=${date}&bookingType=Hourly`,
			{ headers },
		)
		start = ((await lists.json()) as { value: { starts: Start[] } }).value.starts[0]
	}
	expect(start, 'a free start 60–75 days ahead').toBeTruthy()
	const created = await request.post('/api/Customer/Orders/Create', {
		headers,
		data: {
			playroomUrlPath: playroom,
			bookingType: 'Hourly',
			checkIn: start?.start,
			checkOut: start?.durations[0]?.end,
			adults: 2,
			children: 2,
			paymentMethod: 'BankTransfer',
			acceptTerms: true,
			idempotencyKey: `e2e-waitlist-${date}-${Math.random().toString(36).slice(2, 10)}`,
		},
	})
	expect(created.status()).toBe(200)
	return { date, start: start?.start ?? '', time: start?.localStart.slice(11, 16) ?? '' }
}

test.describe('slot waitlist without JavaScript', () => {
	test.use({ javaScriptEnabled: false, locale: 'de-DE' })

	test('a guest joins the waitlist for a taken start and sees it in /guest/orders', async ({
		page,
		context,
		request,
		baseURL,
	}) => {
		const playroom = frankfurtHourlyPlayroom()
		const taken = await bookFirstStart(request, playroom)

		await loginAs(context, WAITER, baseURL ?? '')
		await page.goto(`/playrooms/${playroom}?bookingType=Hourly&date=${taken.date}`)
		const form = page.getByTestId('waitlist-join')
		await expect(form).toBeVisible()
		await form.getByLabel('Wunschzeit').selectOption(taken.start)
		await form.getByRole('button', { name: 'Auf die Warteliste' }).click()
		await expect(page.getByText('Du stehst auf der Warteliste.')).toBeVisible()

		await page.goto('/guest/orders?tab=waiting')
		const row = page.getByTestId('waitlist-row').filter({ hasText: taken.time })
		await expect(row).toHaveCount(1)
		await expect(row.getByTestId('waitlist-status')).toHaveAttribute('data-status', 'Waiting')
		await expect(row.getByRole('button', { name: 'Warteliste verlassen' })).toBeVisible()
	})
})
