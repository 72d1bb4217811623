import type { APIRequestContext } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { createSessionToken, loginAs } from './helpers.ts'

/**
 * The slot waitlist without JavaScript (docs/subsystems/waitlist.md): one demo
 * family books a start through the API, another finds it taken on the playroom
 * page, joins the waitlist and sees the entry in the Waitlist tab of
 * /guest/orders. Data no other spec uses: the playroom
 * baellebad-paradies-sachsenhausen and the accounts familie7/familie8.
 */
const PLAYROOM = 'baellebad-paradies-sachsenhausen'
const BOOKER = 'familie7@example.com'
const WAITER = 'familie8@example.com'

function dateAhead(days: number) {
	return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
}

type Start = { start: string; localStart: string; durations: { end: string }[] }

/** Books the first free start (shortest stay) of the first open day 60+ days ahead through the API. */
async function bookFirstStart(request: APIRequestContext) {
	const headers = { Authorization: `Bearer ${createSessionToken(BOOKER)}` }
	let date = ''
	let start: Start | undefined
	for (let offset = 60; !start && offset < 75; offset++) {
		date = dateAhead(offset)
		const lists = await request.get(
			`/api/Public/Playrooms/AvailableLists?playroomUrlPath=${PLAYROOM}&checkIn=${date}&bookingType=Hourly`,
			{ headers },
		)
		start = ((await lists.json()) as { value: { starts: Start[] } }).value.starts[0]
	}
	expect(start, 'a free start 60–75 days ahead').toBeTruthy()
	const created = await request.post('/api/Customer/Orders/Create', {
		headers,
		data: {
			playroomUrlPath: PLAYROOM,
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
		const taken = await bookFirstStart(request)

		await loginAs(context, WAITER, baseURL ?? '')
		await page.goto(`/playrooms/${PLAYROOM}?bookingType=Hourly&date=${taken.date}`)
		const form = page.getByTestId('waitlist-join')
		await expect(form).toBeVisible()
		await form.getByLabel('Wunschzeit').selectOption(taken.start)
		await form.getByRole('button', { name: 'Auf die Warteliste' }).click()
		await expect(page.getByText('Sie stehen auf der Warteliste.')).toBeVisible()

		await page.goto('/guest/orders?tab=waiting')
		const row = page.getByTestId('waitlist-row').filter({ hasText: taken.time })
		await expect(row).toHaveCount(1)
		await expect(row.getByTestId('waitlist-status')).toHaveAttribute('data-status', 'Waiting')
		await expect(row.getByRole('button', { name: 'Warteliste verlassen' })).toBeVisible()
	})
})
