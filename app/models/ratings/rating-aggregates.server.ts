import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { playrooms } from '#db/schema/catalogue.ts'
import { ratings } from '#db/schema/orders.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'

/**
 * The denormalised rating figures of a playroom (issue 32, ADR 0160): average,
 * count, the Bayesian rank search sorts by, and the age-fit counts its filter
 * reads. Only published ratings an admin has not hidden count. Every write
 * that changes what counts (publish, hide, show) calls `refreshPlayroomRating`
 * in its transaction.
 */

/** C of the Bayesian average: a playroom's ratings weigh against this many ratings at the platform mean. */
export const RATING_PRIOR_WEIGHT = 5
/** m while the platform has no counted rating yet. */
export const RATING_DEFAULT_MEAN = 4

/** A rating counts when it is published and not hidden. */
export const countedRating = and(isNotNull(ratings.publishedAt), eq(ratings.hidden, false))

/** (C·m + sum) / (C + n): one 5-star rating does not beat fifty 4.8s. */
export function bayesianRank(sum: number, n: number, platformMean: number, weight = RATING_PRIOR_WEIGHT) {
	if (n === 0) return null
	return Math.round(((weight * platformMean + sum) / (weight + n)) * 10_000) / 10_000
}

/** m: the mean of every counted rating on the platform. */
export function platformMeanRating(db: DbOrTx = getDb()) {
	const row = db
		.select({ mean: sql<number | null>`avg(${ratings.stars})` })
		.from(ratings)
		.where(countedRating)
		.get()
	return row?.mean == null ? RATING_DEFAULT_MEAN : Number(row.mean)
}

/** Recomputes average, count, rank and age-fit counts of one playroom from its counted ratings. */
export function refreshPlayroomRating(playroomId: string, db: DbOrTx = getDb(), mean?: number) {
	const stats = db
		.select({
			total: sql<number>`count(*)`,
			sum: sql<number | null>`sum(${ratings.stars})`,
			fit3: sql<number>`coalesce(sum(${ratings.ageFit} = '3-5'), 0)`,
			fit6: sql<number>`coalesce(sum(${ratings.ageFit} = '6-8'), 0)`,
			fit9: sql<number>`coalesce(sum(${ratings.ageFit} = '9-12'), 0)`,
		})
		.from(ratings)
		.where(and(eq(ratings.playroomId, playroomId), countedRating))
		.get()
	const total = Number(stats?.total ?? 0)
	const sum = Number(stats?.sum ?? 0)
	db.update(playrooms)
		.set({
			ratingCount: total,
			ratingAverage: total > 0 ? Math.round((sum / total) * 100) / 100 : null,
			ratingRank: bayesianRank(sum, total, mean ?? platformMeanRating(db)),
			ageFit3to5: Number(stats?.fit3 ?? 0),
			ageFit6to8: Number(stats?.fit6 ?? 0),
			ageFit9to12: Number(stats?.fit9 ?? 0),
		})
		.where(eq(playrooms.id, playroomId))
		.run()
}

/**
 * Every rated playroom's figures again: m moves with each published rating, so
 * the publish task re-ranks all of them (a few hundred rows) once per run.
 */
export function refreshAllPlayroomRatings(db: DbOrTx = getDb()) {
	const mean = platformMeanRating(db)
	const ids = db.selectDistinct({ id: ratings.playroomId }).from(ratings).all()
	for (const { id } of ids) refreshPlayroomRating(id, db, mean)
	return ids.length
}
