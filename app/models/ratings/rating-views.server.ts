import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { playrooms } from '#db/schema/catalogue.ts'
import { orders, ratings } from '#db/schema/orders.ts'
import { users, type UserRole } from '#db/schema/users.ts'
import { RATING_SUB_SCORES, type RatingSubScore } from '#app/schemas/ratings.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import { countedRating } from './rating-aggregates.server.ts'
import { publishesAt, ratingRefusal, REPLY_EDIT_MS } from './ratings.server.ts'

/**
 * What each side sees of ratings (issue 32, ADR 0160). The content of a
 * rating (stars, sub-scores, comment) leaves this module only when it is
 * published — for the host too; before that the host learns that it arrived
 * and when it will be published.
 */
type Caller = { id: string; role: UserRole }

export const PUBLIC_RATINGS_PER_PAGE = 10

const contentColumns = {
	id: ratings.id,
	stars: ratings.stars,
	cleanliness: ratings.cleanliness,
	safety: ratings.safety,
	asDescribed: ratings.asDescribed,
	communication: ratings.communication,
	value: ratings.value,
	ageFit: ratings.ageFit,
	comment: ratings.comment,
	language: ratings.language,
	hostReply: ratings.hostReply,
	hostRepliedAt: ratings.hostRepliedAt,
	publishedAt: ratings.publishedAt,
	createdAt: ratings.createdAt,
}

type ContentRow = { [K in keyof typeof contentColumns]: (typeof contentColumns)[K]['_']['data'] | null }

function content(row: ContentRow) {
	return {
		id: row.id as string,
		stars: row.stars as number,
		scores: Object.fromEntries(
			RATING_SUB_SCORES.map((key) => [key, (row[key] as number | null) ?? null]),
		) as Record<RatingSubScore, number | null>,
		ageFit: row.ageFit,
		comment: row.comment,
		language: row.language ?? 'de',
		hostReply: row.hostReply,
		hostRepliedAt: row.hostRepliedAt?.getTime() ?? null,
		createdAt: (row.createdAt as Date).getTime(),
	}
}
export type RatingContent = ReturnType<typeof content>

/** The guest's order page: can they rate, until when, and their own rating. */
export function guestRatingState(orderId: string, caller: Caller, now = Date.now(), db: DbOrTx = getDb()) {
	const order = db
		.select({ guestId: orders.guestId, status: orders.status, checkOut: orders.checkOut })
		.from(orders)
		.where(eq(orders.id, orderId))
		.get()
	if (!order || order.guestId !== caller.id) throw new AppError(404)
	const own = db.select(contentColumns).from(ratings).where(eq(ratings.orderId, orderId)).get()
	const refusal = ratingRefusal(order, Boolean(own), now)
	if (!own && order.status !== 'Completed') return null
	return {
		canRate: refusal === null,
		refusal: refusal && !own ? refusal.messageKey : null,
		until: publishesAt(order.checkOut).getTime(),
		own: own ? { ...content(own), published: own.publishedAt !== null } : null,
	}
}

/** The host's order page: whether a rating arrived, and its content once published. */
export function hostOrderRating(orderId: string, caller: Caller, db: DbOrTx = getDb()) {
	const row = db
		.select({
			...contentColumns,
			hostId: orders.hostId,
			checkOut: orders.checkOut,
			note: ratings.hostPrivateNote,
		})
		.from(ratings)
		.innerJoin(orders, eq(orders.id, ratings.orderId))
		.where(eq(ratings.orderId, orderId))
		.get()
	if (!row || caller.role !== 'Owner' || row.hostId !== caller.id) return null
	return {
		id: row.id,
		arrivedAt: row.createdAt.getTime(),
		publishesAt: publishesAt(row.checkOut).getTime(),
		note: row.note,
		published: row.publishedAt ? content(row) : null,
	}
}

/** The host's ratings page: every rating of their playrooms, pending ones without content. */
export function listHostRatings(caller: Caller, now = Date.now(), db: DbOrTx = getDb()) {
	if (caller.role !== 'Owner') throw new AppError(403)
	const rows = db
		.select({
			...contentColumns,
			hidden: ratings.hidden,
			playroomId: ratings.playroomId,
			playroomName: playrooms.name,
			orderId: orders.id,
			orderCode: orders.code,
			checkOut: orders.checkOut,
			guestName: users.displayName,
		})
		.from(ratings)
		.innerJoin(orders, eq(orders.id, ratings.orderId))
		.innerJoin(playrooms, eq(playrooms.id, ratings.playroomId))
		.innerJoin(users, eq(users.id, ratings.guestId))
		.where(eq(orders.hostId, caller.id))
		.orderBy(desc(ratings.createdAt), asc(ratings.id))
		.all()
	const items = rows.map((row) => {
		const base = {
			id: row.id,
			playroomId: row.playroomId,
			playroomName: row.playroomName,
			orderId: row.orderId,
			orderCode: row.orderCode,
			guestName: row.guestName,
			arrivedAt: row.createdAt.getTime(),
			publishesAt: publishesAt(row.checkOut).getTime(),
			hidden: row.hidden,
		}
		if (!row.publishedAt) return { ...base, published: null }
		const repliedAt = row.hostRepliedAt?.getTime() ?? null
		return {
			...base,
			published: content(row),
			canReply: repliedAt === null || now <= repliedAt + REPLY_EDIT_MS,
			replyEditableUntil: repliedAt === null ? null : repliedAt + REPLY_EDIT_MS,
		}
	})
	return { items, playrooms: hostPlayroomFigures(caller.id, now, db) }
}
export type HostRatingItem = ReturnType<typeof listHostRatings>['items'][number]

const MONTHS = 12

/** Per playroom of the host: counted ratings' sub-score averages and per-month averages of the last 12 months. */
function hostPlayroomFigures(hostId: string, now: number, db: DbOrTx) {
	const averages = db
		.select({
			playroomId: playrooms.id,
			name: playrooms.name,
			count: sql<number>`count(${ratings.id})`,
			stars: sql<number | null>`avg(${ratings.stars})`,
			cleanliness: sql<number | null>`avg(${ratings.cleanliness})`,
			safety: sql<number | null>`avg(${ratings.safety})`,
			asDescribed: sql<number | null>`avg(${ratings.asDescribed})`,
			communication: sql<number | null>`avg(${ratings.communication})`,
			value: sql<number | null>`avg(${ratings.value})`,
		})
		.from(playrooms)
		.leftJoin(ratings, and(eq(ratings.playroomId, playrooms.id), countedRating))
		.where(eq(playrooms.hostId, hostId))
		.groupBy(playrooms.id)
		.orderBy(asc(playrooms.name))
		.all()
	const since = new Date(now - MONTHS * 31 * 86_400_000)
	const monthly = db
		.select({
			playroomId: ratings.playroomId,
			month: sql<string>`strftime('%Y-%m', ${ratings.createdAt} / 1000, 'unixepoch')`,
			average: sql<number>`avg(${ratings.stars})`,
		})
		.from(ratings)
		.innerJoin(playrooms, eq(playrooms.id, ratings.playroomId))
		.where(and(eq(playrooms.hostId, hostId), countedRating, sql`${ratings.createdAt} >= ${since.getTime()}`))
		.groupBy(ratings.playroomId, sql`2`)
		.all()
	const round = (value: number | null) => (value == null ? null : Math.round(Number(value) * 10) / 10)
	return averages.map((row) => ({
		playroomId: row.playroomId,
		name: row.name,
		count: Number(row.count),
		stars: round(row.stars),
		scores: Object.fromEntries(RATING_SUB_SCORES.map((key) => [key, round(row[key])])) as Record<
			RatingSubScore,
			number | null
		>,
		trend: monthsBack(now, MONTHS).map((month) => {
			const hit = monthly.find((m) => m.playroomId === row.playroomId && m.month === month)
			return { month, average: hit ? round(hit.average) : null }
		}),
	}))
}

function monthsBack(now: number, count: number) {
	const date = new Date(now)
	const months: string[] = []
	for (let i = count - 1; i >= 0; i--) {
		const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - i, 1))
		months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`)
	}
	return months
}

/** The playroom page and GET /api/Public/Playrooms/Ratings: counted ratings, newest first, with the summary. */
export function publicPlayroomRatings(playroomId: string, page = 1, db: DbOrTx = getDb()) {
	const playroom = db
		.select({
			id: playrooms.id,
			status: playrooms.status,
			ratingAverage: playrooms.ratingAverage,
			ratingCount: playrooms.ratingCount,
			ageFit3to5: playrooms.ageFit3to5,
			ageFit6to8: playrooms.ageFit6to8,
			ageFit9to12: playrooms.ageFit9to12,
		})
		.from(playrooms)
		.where(eq(playrooms.id, playroomId))
		.get()
	if (!playroom || playroom.status !== 'Published') throw new AppError(404)
	const where = and(eq(ratings.playroomId, playroomId), countedRating)
	const subScores = db
		.select(
			Object.fromEntries(
				RATING_SUB_SCORES.map((key) => [key, sql<number | null>`round(avg(${ratings[key]}), 1)`]),
			) as Record<RatingSubScore, ReturnType<typeof sql<number | null>>>,
		)
		.from(ratings)
		.where(where)
		.get()
	const perPage = PUBLIC_RATINGS_PER_PAGE
	const rows = db
		.select({ ...contentColumns, guestName: users.displayName })
		.from(ratings)
		.innerJoin(users, eq(users.id, ratings.guestId))
		.where(where)
		.orderBy(desc(ratings.createdAt), asc(ratings.id))
		.limit(perPage)
		.offset((page - 1) * perPage)
		.all()
	return {
		average: playroom.ratingAverage,
		count: playroom.ratingCount,
		subScores: subScores as Record<RatingSubScore, number | null>,
		ageFit: { '3-5': playroom.ageFit3to5, '6-8': playroom.ageFit6to8, '9-12': playroom.ageFit9to12 },
		items: rows.map((row) => ({ ...content(row), guestName: row.guestName })),
		totalCount: playroom.ratingCount,
		currentPage: page,
		perPage,
	}
}
export type PublicPlayroomRatings = ReturnType<typeof publicPlayroomRatings>
