import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import {
	features,
	images,
	playroomAdditions,
	playroomBookingTypes,
	playroomFeatures,
	playroomOpeningHours,
	playroomPages,
	playroomPhotos,
	playroomQuestions,
	playrooms,
	favourites,
	type BookingType,
	type ImageVariant,
} from '#db/schema/catalogue.ts'
import { ratings } from '#db/schema/orders.ts'
import { playroomViews, playroomWebsiteClicks } from '#db/schema/tracking.ts'
import { users, type UserRole } from '#db/schema/users.ts'
import { TIME_ZONE, type LocalDate } from '#app/domain/berlin-time.ts'
import { createStayPricer, type CardPriceSettings } from '#app/domain/card-price.ts'
import { distanceKm, latitudeBand } from '#app/domain/places.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, inJsonList, preparedQuery, type DbOrTx } from '#app/utils/db.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import { imageUrls } from './images.server.ts'

/**
 * Public reads of the catalogue (docs/subsystems/catalogue.md §API): cards,
 * the detail, its parts, nearby playrooms, favourites and tracking.
 * Visibility: Published playrooms are public; Draft, Paused and Blocked ones
 * are 404 for everyone but their host and admins.
 */
export type Caller = { id: string; role: UserRole } | null

export type PlayroomRow = typeof playrooms.$inferSelect

export function playroomNotFound(): AppError {
	return new AppError(404, 'NotFound', { messageKey: 'catalogue:errors.playroomNotFound' })
}

export function canSeePlayroom(caller: Caller, playroom: Pick<PlayroomRow, 'status' | 'hostId'>): boolean {
	return playroom.status === 'Published' || caller?.role === 'Admin' || caller?.id === playroom.hostId
}

/** The playroom named by id or url path, if the caller may see it; otherwise 404. */
export function findVisiblePlayroom(
	ref: { playroomId?: string; playroomUrlPath?: string },
	caller: Caller,
	db: DbOrTx = getDb(),
): PlayroomRow {
	const row = ref.playroomId
		? preparedQuery(db, 'playrooms.byId', (d) =>
				d
					.select()
					.from(playrooms)
					.where(eq(playrooms.id, sql.placeholder('id')))
					.prepare(),
			).get({ id: ref.playroomId })
		: preparedQuery(db, 'playrooms.byUrlPath', (d) =>
				d
					.select()
					.from(playrooms)
					.where(eq(playrooms.playroomUrlPath, sql.placeholder('path')))
					.prepare(),
			).get({ path: ref.playroomUrlPath ?? '' })
	if (!row || (ref.playroomId && ref.playroomUrlPath && row.playroomUrlPath !== ref.playroomUrlPath)) {
		throw playroomNotFound()
	}
	if (!canSeePlayroom(caller, row)) throw playroomNotFound()
	return row
}

const pick = (locale: Locale, de: string, en: string) => (locale === 'en' ? en || de : de || en)

function shorten(text: string, max = 180): string {
	const plain = text.replace(/\s+/g, ' ').trim()
	if (plain.length <= max) return plain
	const cut = plain.slice(0, max)
	return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).trimEnd()} …`
}

export type PhotoView = {
	id: string
	url: string
	srcset: string
	ogUrl: string
	width: number
	height: number
	alt: string
}

function photoView(
	photo: { id: string; altDe: string; altEn: string; variants: ImageVariant[] },
	locale: Locale,
): PhotoView {
	return { id: photo.id, ...imageUrls(photo.variants), alt: pick(locale, photo.altDe, photo.altEn) }
}

const PRICE_UNITS: Record<BookingType, 'hour' | 'day' | 'night'> = {
	Hourly: 'hour',
	Daily: 'day',
	Overnight: 'night',
}

export type PlayroomCard = {
	id: string
	playroomUrlPath: string
	name: string
	shortDescription: string
	placeType: PlayroomRow['placeType']
	serviceRadiusKm: number | null
	city: string
	citySlug: string
	stateSlug: string
	lat: number
	lng: number
	maxGuests: number
	sizeSqm: number | null
	instantBooking: boolean
	/** The host ticked every item of the child-safety checklist (issue 12). */
	safetyChecked: boolean
	rating: { average: number | null; count: number }
	/**
	 * The lowest weekday/weekend price per unit of the offered (or filtered)
	 * booking types; with a guest count (a search's), the lowest total of the
	 * shortest stay for those guests from the price engine (`stay` says which).
	 */
	priceFrom: {
		amount: number
		bookingType: BookingType
		unit: 'hour' | 'day' | 'night'
		stay?: { quantity: number; guests: number }
	} | null
	bookingTypes: BookingType[]
	features: string[]
	image: PhotoView | null
	publishedAt: string | null
	distanceKm?: number
}

export type CardOptions = {
	bookingType?: BookingType
	origin?: { lat: number; lng: number }
	/** A search's guest count (and date): the card then shows the price for them. */
	guests?: { guests: number; date?: LocalDate; now: number }
}

/** The enabled booking types' price settings of the given playrooms, in one query. */
export function loadCardPriceSettings(
	ids: readonly string[],
	db: DbOrTx = getDb(),
): (CardPriceSettings & { playroomId: string })[] {
	if (ids.length === 0) return []
	const t = playroomBookingTypes
	return preparedQuery(db, 'playroomBookingTypes.cardPrices', (d) =>
		d
			.select({
				playroomId: t.playroomId,
				bookingType: t.bookingType,
				weekdayPrice: t.weekdayPrice,
				weekendPrice: t.weekendPrice,
				guestsIncluded: t.guestsIncluded,
				extraGuestFee: t.extraGuestFee,
				cleaningFee: t.cleaningFee,
				deposit: t.deposit,
				minHours: t.minHours,
				minNights: t.minNights,
				checkInMinute: t.checkInMinute,
				checkOutMinute: t.checkOutMinute,
			})
			.from(t)
			.where(and(inJsonList(t.playroomId, 'ids'), eq(t.enabled, true)))
			.prepare(),
	).all({ ids: JSON.stringify(ids) })
}

/** The playroom columns a card shows (not the whole row: texts of both languages are long). */
const cardColumns = {
	id: playrooms.id,
	playroomUrlPath: playrooms.playroomUrlPath,
	name: playrooms.name,
	descriptionDe: playrooms.descriptionDe,
	descriptionEn: playrooms.descriptionEn,
	placeType: playrooms.placeType,
	serviceRadiusKm: playrooms.serviceRadiusKm,
	city: playrooms.city,
	citySlug: playrooms.citySlug,
	stateSlug: playrooms.stateSlug,
	lat: playrooms.lat,
	lng: playrooms.lng,
	maxGuests: playrooms.maxGuests,
	sizeSqm: playrooms.sizeSqm,
	instantBooking: playrooms.instantBooking,
	safetyChecked: playrooms.safetyChecked,
	ratingAverage: playrooms.ratingAverage,
	ratingCount: playrooms.ratingCount,
	publishedAt: playrooms.publishedAt,
}

/** Cards for the given ids, in that order (ids that do not exist are skipped). */
export function loadCards(
	ids: readonly string[],
	locale: Locale,
	options: CardOptions = {},
	db: DbOrTx = getDb(),
): PlayroomCard[] {
	if (ids.length === 0) return []
	const idList = { ids: JSON.stringify(ids) }
	const rows = preparedQuery(db, 'playrooms.cards', (d) =>
		d.select(cardColumns).from(playrooms).where(inJsonList(playrooms.id, 'ids')).prepare(),
	).all(idList)
	const types = loadCardPriceSettings(ids, db)
	const featureRows = preparedQuery(db, 'playroomFeatures.cards', (d) =>
		d
			.select({ playroomId: playroomFeatures.playroomId, key: playroomFeatures.featureKey })
			.from(playroomFeatures)
			.innerJoin(features, eq(features.key, playroomFeatures.featureKey))
			.where(inJsonList(playroomFeatures.playroomId, 'ids'))
			.orderBy(asc(features.position))
			.prepare(),
	).all(idList)
	const firstPhotos = preparedQuery(db, 'playroomPhotos.cards', (d) =>
		d
			.select({
				id: playroomPhotos.id,
				playroomId: playroomPhotos.playroomId,
				altDe: playroomPhotos.altDe,
				altEn: playroomPhotos.altEn,
				variants: images.variants,
			})
			.from(playroomPhotos)
			.innerJoin(images, eq(images.id, playroomPhotos.imageId))
			.where(
				and(
					inJsonList(playroomPhotos.playroomId, 'ids'),
					sql`${playroomPhotos.position} = (SELECT MIN(position) FROM playroom_photos p2 WHERE p2.playroom_id = ${playroomPhotos.playroomId})`,
				),
			)
			.prepare(),
	).all(idList)
	const byId = new Map(rows.map((row) => [row.id, row]))
	const stayPrice = options.guests
		? createStayPricer({ ...options.guests, bookingType: options.bookingType })
		: undefined
	const cards: PlayroomCard[] = []
	for (const id of ids) {
		const row = byId.get(id)
		if (!row) continue
		const offered = types.filter((t) => t.playroomId === id)
		const priced = options.bookingType
			? offered.filter((t) => t.bookingType === options.bookingType)
			: offered
		let priceFrom: PlayroomCard['priceFrom'] = null
		if (options.guests) {
			const stay = stayPrice?.(priced, row.maxGuests)
			if (stay) {
				const { amount, bookingType, unit, quantity, guests } = stay
				priceFrom = { amount, bookingType, unit, stay: { quantity, guests } }
			}
		} else {
			for (const type of priced) {
				const amount = Math.min(type.weekdayPrice, type.weekendPrice)
				if (!priceFrom || amount < priceFrom.amount) {
					priceFrom = { amount, bookingType: type.bookingType, unit: PRICE_UNITS[type.bookingType] }
				}
			}
		}
		const photo = firstPhotos.find((p) => p.playroomId === id)
		cards.push({
			id,
			playroomUrlPath: row.playroomUrlPath,
			name: row.name,
			shortDescription: shorten(pick(locale, row.descriptionDe, row.descriptionEn)),
			placeType: row.placeType,
			serviceRadiusKm: row.serviceRadiusKm,
			city: row.city,
			citySlug: row.citySlug,
			stateSlug: row.stateSlug,
			lat: row.lat,
			lng: row.lng,
			maxGuests: row.maxGuests,
			sizeSqm: row.sizeSqm,
			instantBooking: row.instantBooking,
			safetyChecked: row.safetyChecked,
			rating: { average: row.ratingAverage, count: row.ratingCount },
			priceFrom,
			bookingTypes: (['Hourly', 'Daily', 'Overnight'] as const).filter((t) =>
				offered.some((o) => o.bookingType === t),
			),
			features: featureRows.filter((f) => f.playroomId === id).map((f) => f.key),
			image: photo ? photoView(photo, locale) : null,
			publishedAt: row.publishedAt?.toISOString() ?? null,
			...(options.origin ? { distanceKm: Math.round(distanceKm(options.origin, row) * 10) / 10 } : {}),
		})
	}
	return cards
}

export function getPlayroomPhotos(playroomId: string, locale: Locale, db: DbOrTx = getDb()): PhotoView[] {
	return preparedQuery(db, 'playroomPhotos.ofPlayroom', (d) =>
		d
			.select({
				id: playroomPhotos.id,
				altDe: playroomPhotos.altDe,
				altEn: playroomPhotos.altEn,
				variants: images.variants,
			})
			.from(playroomPhotos)
			.innerJoin(images, eq(images.id, playroomPhotos.imageId))
			.where(eq(playroomPhotos.playroomId, sql.placeholder('playroomId')))
			.orderBy(asc(playroomPhotos.position))
			.prepare(),
	)
		.all({ playroomId })
		.map((photo) => photoView(photo, locale))
}

export type FeatureView = { key: string; icon: string; name: string }

/** The whole feature catalogue (FeatureList). */
export function getFeatureList(locale: Locale, db: DbOrTx = getDb()): FeatureView[] {
	return preparedQuery(db, 'features.all', (d) =>
		d.select().from(features).orderBy(asc(features.position)).prepare(),
	)
		.all()
		.map((f) => ({ key: f.key, icon: f.icon, name: pick(locale, f.nameDe, f.nameEn) }))
}

export function getPlayroomFeatures(playroomId: string, locale: Locale, db: DbOrTx = getDb()): FeatureView[] {
	return preparedQuery(db, 'playroomFeatures.ofPlayroom', (d) =>
		d
			.select({ key: features.key, icon: features.icon, nameDe: features.nameDe, nameEn: features.nameEn })
			.from(playroomFeatures)
			.innerJoin(features, eq(features.key, playroomFeatures.featureKey))
			.where(eq(playroomFeatures.playroomId, sql.placeholder('playroomId')))
			.orderBy(asc(features.position))
			.prepare(),
	)
		.all({ playroomId })
		.map((f) => ({ key: f.key, icon: f.icon, name: pick(locale, f.nameDe, f.nameEn) }))
}

export function getPlayroomQuestions(playroomId: string, locale: Locale, db: DbOrTx = getDb()) {
	return preparedQuery(db, 'playroomQuestions.ofPlayroom', (d) =>
		d
			.select()
			.from(playroomQuestions)
			.where(eq(playroomQuestions.playroomId, sql.placeholder('playroomId')))
			.orderBy(asc(playroomQuestions.position))
			.prepare(),
	)
		.all({ playroomId })
		.map((q) => ({
			id: q.id,
			question: pick(locale, q.questionDe, q.questionEn),
			answer: pick(locale, q.answerDe, q.answerEn),
		}))
}

/** Titles of the extra pages (the text comes with PlayroomPage). */
export function getPlayroomPageList(playroomId: string, locale: Locale, db: DbOrTx = getDb()) {
	return db
		.select({ id: playroomPages.id, titleDe: playroomPages.titleDe, titleEn: playroomPages.titleEn })
		.from(playroomPages)
		.where(eq(playroomPages.playroomId, playroomId))
		.orderBy(asc(playroomPages.position))
		.all()
		.map((p) => ({ id: p.id, title: pick(locale, p.titleDe, p.titleEn) }))
}

export function getPlayroomPage(
	playroomId: string,
	playroomPageId: string,
	caller: Caller,
	locale: Locale,
	db: DbOrTx = getDb(),
) {
	findVisiblePlayroom({ playroomId }, caller, db)
	const page = db
		.select()
		.from(playroomPages)
		.where(and(eq(playroomPages.id, playroomPageId), eq(playroomPages.playroomId, playroomId)))
		.get()
	if (!page) throw new AppError(404, 'NotFound', { messageKey: 'catalogue:errors.playroomPageNotFound' })
	return {
		id: page.id,
		playroomId,
		title: pick(locale, page.titleDe, page.titleEn),
		text: pick(locale, page.textDe, page.textEn),
	}
}

export function getBookingTypeSettings(playroomId: string, db: DbOrTx = getDb()) {
	return preparedQuery(db, 'playroomBookingTypes.enabled', (d) =>
		d
			.select()
			.from(playroomBookingTypes)
			.where(
				and(
					eq(playroomBookingTypes.playroomId, sql.placeholder('playroomId')),
					eq(playroomBookingTypes.enabled, true),
				),
			)
			.prepare(),
	)
		.all({ playroomId })
		.sort(
			(a, b) =>
				['Hourly', 'Daily', 'Overnight'].indexOf(a.bookingType) -
				['Hourly', 'Daily', 'Overnight'].indexOf(b.bookingType),
		)
		.map(({ playroomId: _playroomId, enabled: _enabled, ...rest }) => rest)
}

export function getAdditions(playroomId: string, locale: Locale, db: DbOrTx = getDb()) {
	return preparedQuery(db, 'playroomAdditions.active', (d) =>
		d
			.select()
			.from(playroomAdditions)
			.where(
				and(
					eq(playroomAdditions.playroomId, sql.placeholder('playroomId')),
					eq(playroomAdditions.active, true),
				),
			)
			.orderBy(asc(playroomAdditions.position))
			.prepare(),
	)
		.all({ playroomId })
		.map((a) => ({
			id: a.id,
			name: pick(locale, a.nameDe, a.nameEn),
			nameDe: a.nameDe,
			nameEn: a.nameEn,
			price: a.price,
			unit: a.unit,
			maxQuantity: a.maxQuantity,
		}))
}

export function getOpeningHours(playroomId: string, db: DbOrTx = getDb()) {
	return preparedQuery(db, 'playroomOpeningHours.ofPlayroom', (d) =>
		d
			.select({
				weekday: playroomOpeningHours.weekday,
				openMinute: playroomOpeningHours.openMinute,
				closeMinute: playroomOpeningHours.closeMinute,
			})
			.from(playroomOpeningHours)
			.where(eq(playroomOpeningHours.playroomId, sql.placeholder('playroomId')))
			.orderBy(asc(playroomOpeningHours.weekday), asc(playroomOpeningHours.openMinute))
			.prepare(),
	).all({ playroomId })
}

/** The latest visible ratings of a playroom with the averages per criterion. */
export function getRatingSummary(playroomId: string, locale: Locale, limit = 10, db: DbOrTx = getDb()) {
	const visible = () => and(eq(ratings.playroomId, sql.placeholder('playroomId')), eq(ratings.hidden, false))
	const averages = preparedQuery(db, 'ratings.averages', (d) =>
		d
			.select({
				count: sql<number>`count(*)`,
				stars: sql<number | null>`avg(${ratings.stars})`,
				cleanliness: sql<number | null>`avg(${ratings.cleanliness})`,
				communication: sql<number | null>`avg(${ratings.communication})`,
				value: sql<number | null>`avg(${ratings.value})`,
			})
			.from(ratings)
			.where(visible())
			.prepare(),
	).get({ playroomId })
	const round = (value: number | null | undefined) => (value == null ? null : Math.round(value * 100) / 100)
	const latest = preparedQuery(db, 'ratings.latest', (d) =>
		d
			.select({
				id: ratings.id,
				stars: ratings.stars,
				comment: ratings.comment,
				hostReply: ratings.hostReply,
				createdAt: ratings.createdAt,
				guestName: users.displayName,
			})
			.from(ratings)
			.innerJoin(users, eq(users.id, ratings.guestId))
			.where(visible())
			.orderBy(sql`${ratings.createdAt} DESC`)
			.limit(sql.placeholder('limit'))
			.prepare(),
	).all({ playroomId, limit })
	return {
		count: averages?.count ?? 0,
		average: round(averages?.stars),
		cleanliness: round(averages?.cleanliness),
		communication: round(averages?.communication),
		value: round(averages?.value),
		latest: latest.map((r) => ({
			id: r.id,
			stars: r.stars,
			comment: r.comment,
			hostReply: r.hostReply,
			guestName: r.guestName,
			createdAt: r.createdAt.toISOString(),
		})),
		locale,
	}
}

/** Playroom?playroomUrlPath — everything the detail page shows. */
export function getPlayroomDetail(
	ref: { playroomId?: string; playroomUrlPath?: string },
	caller: Caller,
	locale: Locale,
	db: DbOrTx = getDb(),
) {
	const row = findVisiblePlayroom(ref, caller, db)
	const host = db
		.select({ id: users.id, displayName: users.displayName })
		.from(users)
		.where(eq(users.id, row.hostId))
		.get()
	const { latest, locale: _locale, ...rating } = getRatingSummary(row.id, locale, 10, db)
	return {
		id: row.id,
		playroomUrlPath: row.playroomUrlPath,
		customUrl: row.customUrl,
		name: row.name,
		description: pick(locale, row.descriptionDe, row.descriptionEn),
		rules: pick(locale, row.rulesDe, row.rulesEn),
		placeType: row.placeType,
		serviceRadiusKm: row.serviceRadiusKm,
		address: {
			street: row.street,
			postalCode: row.postalCode,
			city: row.city,
			citySlug: row.citySlug,
			stateSlug: row.stateSlug,
		},
		lat: row.lat,
		lng: row.lng,
		sizeSqm: row.sizeSqm,
		maxGuests: row.maxGuests,
		hasWebsite: Boolean(row.websiteUrl),
		instantBooking: row.instantBooking,
		safetyChecked: row.safetyChecked,
		minChildAge: row.minChildAge,
		maxChildAge: row.maxChildAge,
		cancellationPolicy: row.cancellationPolicy,
		paymentMethods: row.paymentMethods,
		status: row.status,
		host: host ?? null,
		rating,
		ratings: latest,
		features: getPlayroomFeatures(row.id, locale, db),
		photos: getPlayroomPhotos(row.id, locale, db),
		questions: getPlayroomQuestions(row.id, locale, db),
		pages: getPlayroomPageList(row.id, locale, db),
		bookingTypes: getBookingTypeSettings(row.id, db),
		additions: getAdditions(row.id, locale, db),
		availability: {
			timeZone: TIME_ZONE,
			slotMinutes: row.slotMinutes,
			bufferMinutes: row.bufferMinutes,
			leadTimeHours: row.leadTimeHours,
			horizonDays: row.horizonDays,
			openingHours: getOpeningHours(row.id, db),
		},
		createdAt: row.createdAt.toISOString(),
		publishedAt: row.publishedAt?.toISOString() ?? null,
	}
}

/** CustomUrl: a vanity path → the canonical url path (published playrooms only). */
export function resolveCustomUrl(customUrl: string, caller: Caller, db: DbOrTx = getDb()) {
	const row = db.select().from(playrooms).where(eq(playrooms.customUrl, customUrl)).get()
	if (!row || !canSeePlayroom(caller, row)) throw playroomNotFound()
	return { playroomId: row.id, playroomUrlPath: row.playroomUrlPath }
}

/** The url path a page path names as a custom URL ("/spielwiese", any case), or null. */
export function customUrlTarget(path: string, caller: Caller, db: DbOrTx = getDb()): string | null {
	const customUrl = path.toLowerCase()
	if (!customUrl || customUrl.length > 120 || customUrl.includes('/')) return null
	const row = db.select().from(playrooms).where(eq(playrooms.customUrl, customUrl)).get()
	return row && canSeePlayroom(caller, row) ? row.playroomUrlPath : null
}

/** The nearest published playrooms to one playroom (excluding it), by distance. */
export function getNearbyPlayrooms(
	playroomId: string,
	options: { limit: number; radiusKm: number },
	caller: Caller,
	locale: Locale,
	db: DbOrTx = getDb(),
): PlayroomCard[] {
	const origin = findVisiblePlayroom({ playroomId }, caller, db)
	const band = latitudeBand(origin.lat, options.radiusKm)
	const candidates = db
		.select({ id: playrooms.id, lat: playrooms.lat, lng: playrooms.lng })
		.from(playrooms)
		.where(
			and(
				eq(playrooms.status, 'Published'),
				sql`${playrooms.lat} BETWEEN ${band.min} AND ${band.max}`,
				sql`${playrooms.id} <> ${playroomId}`,
			),
		)
		.all()
		.map((c) => ({ id: c.id, distance: distanceKm(origin, c) }))
		.filter((c) => c.distance <= options.radiusKm)
		.sort((a, b) => a.distance - b.distance || a.id.localeCompare(b.id))
		.slice(0, options.limit)
	return loadCards(
		candidates.map((c) => c.id),
		locale,
		{ origin },
		db,
	)
}

// --- Favourites -------------------------------------------------------------

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

// --- Tracking ---------------------------------------------------------------

/** PlayroomPageView: counts one view of a visible playroom. */
export function countPageView(playroomUrlPath: string, caller: Caller, db: DbOrTx = getDb()) {
	const row = findVisiblePlayroom({ playroomUrlPath }, caller, db)
	db.insert(playroomViews)
		.values({ playroomId: row.id, userId: caller?.id ?? null })
		.run()
	return { playroomId: row.id }
}

/** RedirectToPlayroomWebsite: counts a click and gives the host's website. */
export function countWebsiteClick(playroomUrlPath: string, caller: Caller, db: DbOrTx = getDb()) {
	const row = findVisiblePlayroom({ playroomUrlPath }, caller, db)
	if (!row.websiteUrl) throw new AppError(404, 'NotFound', { messageKey: 'catalogue:errors.noWebsite' })
	db.insert(playroomWebsiteClicks)
		.values({ playroomId: row.id, userId: caller?.id ?? null })
		.run()
	return { playroomId: row.id, url: row.websiteUrl }
}
