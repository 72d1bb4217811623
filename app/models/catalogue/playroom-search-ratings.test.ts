import { describe, expect, test } from 'vitest'
import { ratings } from '#db/schema/orders.ts'
import { refreshAllPlayroomRatings } from '#app/models/ratings/rating-aggregates.server.ts'
import { searchParamsSchema } from '#app/schemas/catalogue.ts'
import { getDb } from '#app/utils/db.server.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { searchPlayrooms } from './playroom-search.server.ts'

/** Search by rating (issue 32, ADR 0160): the Bayesian rank, and the age-fit filter. */
const search = (query: Record<string, string>) =>
	searchPlayrooms(searchParamsSchema.parse({ perPage: '60', ...query }), null, 'de').items.map(
		(item) => item.id,
	)

async function ratedRoom(citySlug: string, stars: number[], ageFit: '3-5' | '9-12' | null = null) {
	const room = await createTestPlayroom({ citySlug, city: citySlug })
	for (const value of stars) {
		const order = await createTestOrder({
			playroomId: room.id,
			hostId: room.hostId,
			checkIn: new Date(Date.now() - 30 * 86_400_000),
			checkOut: new Date(Date.now() - 30 * 86_400_000 + 7_200_000),
			status: 'Completed',
		})
		getDb()
			.insert(ratings)
			.values({
				orderId: order.id,
				playroomId: room.id,
				guestId: order.guestId,
				stars: value,
				cleanliness: value,
				communication: value,
				value,
				ageFit,
				publishedAt: new Date(),
			})
			.run()
	}
	return room
}

describe('search by rating', () => {
	test('sort=rating: fifty ratings averaging 4.8 rank above one 5-star rating', async () => {
		const city = `bayes-${Date.now().toString(36)}`
		const single = await ratedRoom(city, [5])
		const many = await ratedRoom(
			city,
			Array.from({ length: 50 }, (_, i) => (i < 40 ? 5 : 4)),
		)
		// The platform's other ratings put its mean m where platforms are (about 4.3), below 4.8.
		await ratedRoom(
			`${city}-andere`,
			Array.from({ length: 20 }, () => 3),
		)
		refreshAllPlayroomRatings()
		expect(search({ city, sort: 'rating' })).toEqual([many.id, single.id])
	})

	test('ageFit filters to playrooms with a published rating for those ages', async () => {
		const city = `alter-${Date.now().toString(36)}`
		const small = await ratedRoom(city, [4], '3-5')
		const big = await ratedRoom(city, [4], '9-12')
		await ratedRoom(city, [4], null)
		refreshAllPlayroomRatings()
		expect(search({ city, ageFit: '3-5' })).toEqual([small.id])
		expect(search({ city, ageFit: '9-12' })).toEqual([big.id])
		expect(search({ city })).toHaveLength(3)
	})
})
