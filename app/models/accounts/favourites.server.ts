import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { playrooms, favourites } from '#db/schema/catalogue.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import { loadCards } from '#app/models/catalogue/playroom-cards.server.ts'
import type { Caller } from '#app/models/catalogue/playrooms.server.ts'

/*
 * A user's favourite playrooms (spec §7 Playrooms: GetFavorites, AddFavorite,
 * MergeFavorites, RemoveFavorite); a visitor's live in the browser.
 */

/** Published favourites of a user, newest first. */
export function listFavoriteIds(userId: string, db: DbOrTx = getDb()): string[] {
	return db
		.select({ id: favourites.playroomId })
		.from(favourites)
		.innerJoin(playrooms, eq(playrooms.id, favourites.playroomId))
		.where(and(eq(favourites.userId, userId), eq(playrooms.status, 'Published')))
		.orderBy(sql`${favourites.createdAt} DESC`, asc(favourites.playroomId))
		.all()
		.map((f) => f.id)
}

/** GetFavorites: the stored list for a user, else the visitor's ids; published playrooms only, in list order. */
export function getFavoriteCards(
	caller: Caller,
	visitorIds: readonly string[],
	locale: Locale,
	db: DbOrTx = getDb(),
) {
	const ids = caller ? listFavoriteIds(caller.id, db) : [...new Set(visitorIds)]
	if (ids.length === 0) return []
	const published = new Set(
		db
			.select({ id: playrooms.id })
			.from(playrooms)
			.where(and(inArray(playrooms.id, ids), eq(playrooms.status, 'Published')))
			.all()
			.map((row) => row.id),
	)
	return loadCards(
		ids.filter((id) => published.has(id)),
		locale,
		{},
		db,
	)
}

/** Adds favourites (unknown or unpublished ids are ignored); returns the user's list. */
export function addFavorites(userId: string, playroomIds: readonly string[], db: DbOrTx = getDb()): string[] {
	const unique = [...new Set(playroomIds)]
	if (unique.length) {
		const existing = db
			.select({ id: playrooms.id })
			.from(playrooms)
			.where(and(inArray(playrooms.id, unique), eq(playrooms.status, 'Published')))
			.all()
		if (existing.length) {
			db.insert(favourites)
				.values(existing.map(({ id }) => ({ userId, playroomId: id })))
				.onConflictDoNothing()
				.run()
		}
	}
	return listFavoriteIds(userId, db)
}

export function removeFavorite(userId: string, playroomId: string, db: DbOrTx = getDb()): string[] {
	db.delete(favourites)
		.where(and(eq(favourites.userId, userId), eq(favourites.playroomId, playroomId)))
		.run()
	return listFavoriteIds(userId, db)
}
