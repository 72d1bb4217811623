import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm'
import { playrooms } from '#db/schema/catalogue.ts'
import { orders, ratings, type RatingAgeFit } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { refreshAllPlayroomRatings } from '#app/models/ratings/rating-aggregates.server.ts'
import { RATING_WINDOW_MS } from '#app/models/ratings/ratings.server.ts'
import type { SeedContext, SeedStep } from './types.ts'

/**
 * Demo ratings (issue 32, ADR 0160): the catalogue's ratings are published 14
 * days after their stay (younger ones are pending, without a reply); the demo
 * host gets a pending rating and a published one with a reply, and the demo
 * guest keeps a Completed stay of 3 days ago to rate.
 */
const DAY = 86_400_000
const AGE_FITS: (RatingAgeFit | null)[] = ['3-5', '6-8', '9-12', null]

/** The orders seed's extra plans (placed with its other demo orders of host@example.com). */
export const DEMO_RATING_PLANS = [
	{
		playroomPath: 'spielwiese-suedstadt',
		family: null,
		dayOffset: -3,
		status: 'Completed' as const,
		paymentMethod: 'BankTransfer' as const,
		adults: 2,
		children: 5,
	},
	{
		playroomPath: 'spielwiese-ehrenfeld',
		family: 4 as number | null,
		dayOffset: -5,
		status: 'Completed' as const,
		paymentMethod: 'BankTransfer' as const,
		adults: 2,
		children: 6,
	},
]

/** The issue-32 fields of a catalogue demo rating, derived from its id (no random draws). */
export function demoRatingExtras(orderId: string, stars: number, end: number, now: number) {
	const code = [...orderId].reduce((sum, char) => sum + char.charCodeAt(0), 0)
	const publishesAt = end + RATING_WINDOW_MS
	return {
		safety: Math.max(1, Math.min(5, stars + ((code % 3) - 1))),
		asDescribed: Math.max(1, Math.min(5, stars - (code % 2))),
		ageFit: AGE_FITS[code % AGE_FITS.length] ?? null,
		language: code % 5 === 0 ? ('en' as const) : ('de' as const),
		publishedAt: publishesAt <= now ? new Date(publishesAt) : null,
	}
}

function demoOrder(ctx: SeedContext, email: string, path: string, daysAgo: number) {
	const from = ctx.now.getTime() - (daysAgo + 1) * DAY
	const to = ctx.now.getTime() - (daysAgo - 1) * DAY
	return ctx.db
		.select({
			id: orders.id,
			guestId: orders.guestId,
			playroomId: orders.playroomId,
			checkOut: orders.checkOut,
		})
		.from(orders)
		.innerJoin(users, eq(users.id, orders.guestId))
		.innerJoin(playrooms, eq(playrooms.id, orders.playroomId))
		.where(
			and(
				eq(users.email, email),
				eq(playrooms.playroomUrlPath, path),
				eq(orders.status, 'Completed'),
				sql`${orders.checkOut} BETWEEN ${from} AND ${to}`,
			),
		)
		.get()
}

export const ratingsSeedStep: SeedStep = {
	name: 'ratings',
	run: (ctx) => {
		const { db } = ctx
		db.transaction((tx) => {
			// A pending rating has no reply yet; a published reply has its time.
			tx.update(ratings).set({ hostReply: null }).where(isNull(ratings.publishedAt)).run()
			tx.update(ratings)
				.set({ hostRepliedAt: sql`${ratings.publishedAt} + ${DAY}` })
				.where(and(isNotNull(ratings.hostReply), isNotNull(ratings.publishedAt)))
				.run()
			const pending = demoOrder(
				{ ...ctx, db: tx as never },
				'familie4@example.com',
				'spielwiese-ehrenfeld',
				5,
			)
			if (pending) {
				tx.insert(ratings)
					.values({
						orderId: pending.id,
						playroomId: pending.playroomId,
						guestId: pending.guestId,
						stars: 4,
						cleanliness: 5,
						safety: 4,
						asDescribed: 4,
						communication: 5,
						value: 4,
						ageFit: '6-8',
						comment:
							'Tolle Kletterwand, die Kinder wollten gar nicht mehr gehen. Die Heizung war etwas laut.',
						language: 'de',
						createdAt: new Date(ctx.now.getTime() - 2 * DAY),
					})
					.onConflictDoNothing()
					.run()
			}
			const past = demoOrder({ ...ctx, db: tx as never }, 'guest@example.com', 'spielwiese-ehrenfeld', 20)
			if (past) {
				const publishedAt = new Date(past.checkOut.getTime() + RATING_WINDOW_MS)
				tx.insert(ratings)
					.values({
						orderId: past.id,
						playroomId: past.playroomId,
						guestId: past.guestId,
						stars: 5,
						cleanliness: 5,
						safety: 5,
						asDescribed: 5,
						communication: 5,
						value: 4,
						ageFit: '3-5',
						comment: 'Perfect for our twins’ birthday: clean, safe and lots of space to run.',
						language: 'en',
						publishedAt,
						hostReply: 'Vielen Dank, kommt gern wieder!',
						hostRepliedAt: new Date(publishedAt.getTime() + DAY),
						createdAt: new Date(past.checkOut.getTime() + 2 * DAY),
					})
					.onConflictDoNothing()
					.run()
			}
			refreshAllPlayroomRatings(tx as never)
		})
		ctx.log('demo ratings: published with replies, one pending, one stay still to rate')
	},
}
