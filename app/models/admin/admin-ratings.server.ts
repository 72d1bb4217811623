import { count, eq } from 'drizzle-orm'
import { playrooms } from '#db/schema/catalogue.ts'
import { ratings, type RatingHideReason } from '#db/schema/orders.ts'
import { users, type UserRole } from '#db/schema/users.ts'
import { AppError } from '#app/utils/app-error.ts'
import {
	defineDataTable,
	runTableQuery,
	type ListPage,
	type TableQuery,
} from '#app/utils/data-table.server.ts'
import { immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import { changedFields, recordAdminAudit } from '#app/models/platform/audit-log.server.ts'
import { deliverSoon } from '#app/models/accounts/account-emails.server.ts'
import { refreshPlayroomRating } from '#app/models/ratings/rating-aggregates.server.ts'
import { queueHiddenStatement } from '#app/models/ratings/rating-emails.server.ts'
import { assertAdmin } from '#app/utils/assert-admin.ts'

/**
 * The admin's ratings (issue 14, ADR 0096): the rating data table and
 * hide / unhide with a reason. A hidden rating is neither shown nor counted:
 * the playroom's denormalised average is recomputed in the same transaction.
 */
const EXCERPT = 120

const rowColumns = {
	id: ratings.id,
	stars: ratings.stars,
	comment: ratings.comment,
	hidden: ratings.hidden,
	hiddenReason: ratings.hiddenReason,
	hiddenReasonCode: ratings.hiddenReasonCode,
	createdAt: ratings.createdAt,
	playroomId: ratings.playroomId,
	playroomName: playrooms.name,
	guestId: ratings.guestId,
	guestName: users.displayName,
}

function selectRows(db: DbOrTx) {
	return db
		.select(rowColumns)
		.from(ratings)
		.innerJoin(playrooms, eq(playrooms.id, ratings.playroomId))
		.innerJoin(users, eq(users.id, ratings.guestId))
}

type AdminRatingRow = ReturnType<ReturnType<typeof selectRows>['all']>[number]

function excerpt(text: string | null) {
	if (!text) return ''
	return text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1).trimEnd()}…` : text
}

function toItem(row: AdminRatingRow) {
	return {
		id: row.id,
		stars: row.stars,
		excerpt: excerpt(row.comment),
		hidden: row.hidden,
		hiddenReason: row.hiddenReason,
		hiddenReasonCode: row.hiddenReasonCode,
		createdAt: row.createdAt.getTime(),
		playroomId: row.playroomId,
		playroomName: row.playroomName,
		guestId: row.guestId,
		guestName: row.guestName,
	}
}
export type AdminRatingItem = ReturnType<typeof toItem>

export const ratingTable = defineDataTable({
	id: 'ratings',
	csvFile: 'admin:table.files.ratings',
	columns: {
		playroom: { label: 'admin:ratings.columns.playroom', csv: (item: AdminRatingItem) => item.playroomName },
		guest: { label: 'admin:ratings.columns.guest', csv: (item) => item.guestName },
		stars: {
			label: 'admin:ratings.columns.stars',
			sort: ratings.stars,
			csv: (item, _t, format) => format.integer(item.stars),
		},
		comment: { label: 'admin:ratings.columns.comment', csv: (item) => item.excerpt },
		hidden: {
			label: 'admin:ratings.columns.hidden',
			csv: (item, t) => t(item.hidden ? 'admin:table.yes' : 'admin:table.no'),
		},
		createdAt: {
			label: 'admin:ratings.columns.createdAt',
			sort: ratings.createdAt,
			csv: (item, _t, format) => format.instant(new Date(item.createdAt).getTime()),
			csvTime: true,
		},
		actions: { label: 'admin:ratings.columns.actions' },
	},
	filters: {
		hidden: { kind: 'flag', column: ratings.hidden, label: 'admin:ratings.filters.hidden' },
		playroomId: { kind: 'id', column: ratings.playroomId, label: 'admin:ratings.filters.playroomId' },
	},
	search: [ratings.comment, playrooms.name, users.displayName],
	defaultSort: 'createdAt:desc',
	tiebreaker: ratings.id,
	defaultPerPage: 25,
	rows: (db: DbOrTx) => selectRows(db).$dynamic(),
	count: (db: DbOrTx, { searching }) => {
		const query = db.select({ n: count() }).from(ratings).$dynamic()
		return searching
			? query
					.innerJoin(playrooms, eq(playrooms.id, ratings.playroomId))
					.innerJoin(users, eq(users.id, ratings.guestId))
			: query
	},
	toItem,
})

export function listAdminRatings(actor: { role: UserRole }, query: TableQuery): ListPage<AdminRatingItem> {
	assertAdmin(actor)
	return runTableQuery(ratingTable, query)
}

/**
 * Hides a rating (a reason from RATING_HIDE_REASONS is required, a free text
 * optional) or shows it again (a reason text is required). Hiding e-mails the
 * author a statement of reasons (DSA Art. 17) in their language, in the same
 * transaction; the playroom's figures follow at once.
 */
export function setRatingHidden(
	actor: { id: string; role: UserRole },
	ratingId: string,
	hidden: boolean,
	reason: string | null,
	reasonCode: RatingHideReason | null = null,
) {
	assertAdmin(actor)
	if (hidden && !reasonCode)
		throw new AppError(400, 'ValidationError', { fields: { reasonCode: ['validation.required'] } })
	const emailId = immediateTransaction((tx) => {
		const rating = tx
			.select({
				playroomId: ratings.playroomId,
				hidden: ratings.hidden,
				hiddenReason: ratings.hiddenReason,
				hiddenReasonCode: ratings.hiddenReasonCode,
			})
			.from(ratings)
			.where(eq(ratings.id, ratingId))
			.get()
		if (!rating) throw new AppError(404)
		const next = { hidden, hiddenReason: reason, hiddenReasonCode: hidden ? reasonCode : null }
		tx.update(ratings).set(next).where(eq(ratings.id, ratingId)).run()
		recordAdminAudit(tx, {
			admin: actor,
			action: hidden ? 'rating.hide' : 'rating.unhide',
			entityType: 'rating',
			entityId: ratingId,
			changes: changedFields(rating, next),
			reason: [reasonCode, reason].filter(Boolean).join(': '),
		})
		refreshPlayroomRating(rating.playroomId, tx)
		return hidden && !rating.hidden && reasonCode
			? queueHiddenStatement(tx, ratingId, reasonCode, reason)
			: null
	})
	deliverSoon([emailId])
}
