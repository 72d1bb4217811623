import { expect, test } from 'vitest'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import * as price from './price.tsx'

/**
 * The price tab shows stored amounts the way the host types them in the
 * page's language: "55,50" in German, "55.50" in English (both are accepted).
 */
const AMOUNTS = {
	weekdayPrice: '40',
	weekendPrice: '55,50',
	guestsIncluded: '8',
	extraGuestFee: '3',
	cleaningFee: '20',
	deposit: '0',
}

test('stored amounts come back with a decimal comma in German and a point in English', async () => {
	const host = await createLoggedInUser({ role: 'Owner' })
	const { id } = await createTestPlayroom({ hostId: host.user.id })
	const path = (locale: string) => `${locale}/host/playrooms/edit/${id}/price`
	const saved = await callRoute(price.action as never, {
		path: path(''),
		cookie: host.cookie,
		params: { playroomId: id },
		form: Object.fromEntries(Object.entries(AMOUNTS).map(([key, value]) => [`prices.Hourly.${key}`, value])),
	})
	expect(saved.status).toBe(302)
	type Values = { values: { prices: Record<string, { weekdayPrice: string; weekendPrice: string }> } }
	for (const [locale, weekend] of [
		['', '55,50'],
		['/en', '55.50'],
	] as const) {
		const result = await callRoute(price.loader as never, {
			path: path(locale),
			cookie: host.cookie,
			params: { playroomId: id },
		})
		expect((result.data as Values).values.prices.Hourly).toMatchObject({
			weekdayPrice: '40',
			weekendPrice: weekend,
		})
	}
})
