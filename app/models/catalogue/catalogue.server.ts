import { and, eq, sql } from 'drizzle-orm'
import {
	features,
	playroomAdditions,
	playroomBookingTypes,
	playroomFeatures,
	playroomOpeningHours,
	playroomPages,
	playroomPhotos,
	playroomQuestions,
	playrooms,
} from '#db/schema/catalogue.ts'
import { indexText } from '#app/domain/search-text.ts'
import { stateBySlug } from '#app/domain/places.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'

/**
 * Playroom writes. Every function that changes what search sees (name,
 * descriptions, address, features, status) ends with `reindexPlayroom` in the
 * same transaction, so the FTS index never lags behind (docs/subsystems/catalogue.md).
 * The host editor (later) builds on these.
 */
export type PlayroomInput = typeof playrooms.$inferInsert & {
	features?: string[]
	photos?: Omit<typeof playroomPhotos.$inferInsert, 'playroomId' | 'position'>[]
	questions?: Omit<typeof playroomQuestions.$inferInsert, 'playroomId' | 'position'>[]
	pages?: Omit<typeof playroomPages.$inferInsert, 'playroomId' | 'position'>[]
	bookingTypes?: Omit<typeof playroomBookingTypes.$inferInsert, 'playroomId'>[]
	additions?: Omit<typeof playroomAdditions.$inferInsert, 'playroomId' | 'position'>[]
	openingHours?: Omit<typeof playroomOpeningHours.$inferInsert, 'playroomId' | 'id'>[]
}

/** Inserts a playroom with all its parts and indexes it. Call inside a transaction for atomicity. */
export function createPlayroom(input: PlayroomInput, db: DbOrTx = getDb()): string {
	const {
		features: featureKeys = [],
		photos = [],
		questions = [],
		pages = [],
		bookingTypes = [],
		additions = [],
		openingHours = [],
		...row
	} = input
	const { id } = db.insert(playrooms).values(row).returning({ id: playrooms.id }).get()
	const owned = <T extends object>(rows: T[]) => rows.map((r) => ({ ...r, playroomId: id }))
	const ordered = <T extends object>(rows: T[]) =>
		rows.map((r, position) => ({ ...r, playroomId: id, position }))
	const featureRows = featureKeys.map((featureKey) => ({ playroomId: id, featureKey }))
	if (featureRows.length) db.insert(playroomFeatures).values(featureRows).run()
	if (photos.length) db.insert(playroomPhotos).values(ordered(photos)).run()
	if (questions.length) db.insert(playroomQuestions).values(ordered(questions)).run()
	if (pages.length) db.insert(playroomPages).values(ordered(pages)).run()
	if (bookingTypes.length) db.insert(playroomBookingTypes).values(owned(bookingTypes)).run()
	if (additions.length) db.insert(playroomAdditions).values(ordered(additions)).run()
	if (openingHours.length) db.insert(playroomOpeningHours).values(owned(openingHours)).run()
	reindexPlayroom(id, db)
	return id
}

/** Changes playroom columns (status, texts, address …) and keeps the search index in step. */
export function updatePlayroom(
	playroomId: string,
	patch: Partial<Omit<typeof playrooms.$inferInsert, 'id'>>,
	db: DbOrTx = getDb(),
) {
	const next = { ...patch }
	if (patch.status === 'Published' && !patch.publishedAt) {
		const current = db
			.select({ publishedAt: playrooms.publishedAt })
			.from(playrooms)
			.where(eq(playrooms.id, playroomId))
			.get()
		next.publishedAt = current?.publishedAt ?? new Date()
	}
	db.update(playrooms).set(next).where(eq(playrooms.id, playroomId)).run()
	reindexPlayroom(playroomId, db)
}

/**
 * Takes every public playroom of a host off the catalogue (status Paused), e.g.
 * when the host deletes the account. Returns how many were paused.
 */
export function pauseHostPlayrooms(hostId: string, db: DbOrTx = getDb()): number {
	const published = db
		.select({ id: playrooms.id })
		.from(playrooms)
		.where(and(eq(playrooms.hostId, hostId), eq(playrooms.status, 'Published')))
		.all()
	for (const { id } of published) updatePlayroom(id, { status: 'Paused' }, db)
	return published.length
}

/** Replaces the features of a playroom and reindexes it. */
export function setPlayroomFeatures(
	playroomId: string,
	featureKeys: readonly string[],
	db: DbOrTx = getDb(),
) {
	db.delete(playroomFeatures).where(eq(playroomFeatures.playroomId, playroomId)).run()
	if (featureKeys.length) {
		db.insert(playroomFeatures)
			.values([...new Set(featureKeys)].map((featureKey) => ({ playroomId, featureKey })))
			.run()
	}
	reindexPlayroom(playroomId, db)
}

/** Writes the playroom's row of the FTS index from its current data (or removes it). */
export function reindexPlayroom(playroomId: string, db: DbOrTx = getDb()) {
	db.run(sql`DELETE FROM playroom_search WHERE playroom_id = ${playroomId}`)
	const row = db
		.select({
			name: playrooms.name,
			descriptionDe: playrooms.descriptionDe,
			descriptionEn: playrooms.descriptionEn,
			street: playrooms.street,
			postalCode: playrooms.postalCode,
			city: playrooms.city,
			stateSlug: playrooms.stateSlug,
		})
		.from(playrooms)
		.where(eq(playrooms.id, playroomId))
		.get()
	if (!row) return
	const featureNames = db
		.select({ nameDe: features.nameDe, nameEn: features.nameEn })
		.from(playroomFeatures)
		.innerJoin(features, eq(features.key, playroomFeatures.featureKey))
		.where(eq(playroomFeatures.playroomId, playroomId))
		.all()
	const state = stateBySlug(row.stateSlug)
	db.run(sql`INSERT INTO playroom_search (playroom_id, name, description, place, features) VALUES (
		${playroomId},
		${indexText(row.name)},
		${indexText(`${row.descriptionDe} ${row.descriptionEn}`)},
		${indexText(`${row.street} ${row.postalCode} ${row.city} ${state ? `${state.nameDe} ${state.nameEn}` : row.stateSlug}`)},
		${indexText(featureNames.map((f) => `${f.nameDe} ${f.nameEn}`).join(' '))}
	)`)
}

export function reindexAllPlayrooms(db: DbOrTx = getDb()) {
	for (const { id } of db.select({ id: playrooms.id }).from(playrooms).all()) reindexPlayroom(id, db)
}

/** The rating figures live with the ratings (app/models/ratings/, ADR 0160); kept importable from here. */
export { refreshPlayroomRating } from '#app/models/ratings/rating-aggregates.server.ts'
