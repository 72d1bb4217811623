import { and, asc, eq, sql } from 'drizzle-orm'
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
} from '#db/schema/catalogue.ts'
import { ratings } from '#db/schema/orders.ts'
import { countedRating } from '#app/models/ratings/rating-aggregates.server.ts'
import { playroomViews, playroomWebsiteClicks } from '#db/schema/tracking.ts'
import { users, type UserRole } from '#db/schema/users.ts'
import { TIME_ZONE } from '#app/domain/berlin-time.ts'
import { distanceKm, latitudeBand } from '#app/domain/places.ts'
import { taxStatusOf, type TaxStatus } from '#app/domain/pricing.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, preparedQuery, type DbOrTx } from '#app/utils/db.server.ts'
import { cachedRead } from '#app/utils/read-cache.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import {
	loadCards,
	photoView,
	pick,
	textLanguage,
	type PhotoView,
	type PlayroomCard,
} from './playroom-cards.server.ts'

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
	// Every search form and search reads it: kept until the database changes (ADR 0123).
	return cachedRead(db, `features\n${locale}`, () =>
		preparedQuery(db, 'features.all', (d) =>
			d.select().from(features).orderBy(asc(features.position)).prepare(),
		)
			.all()
			.map((f) => ({ key: f.key, icon: f.icon, name: pick(locale, f.nameDe, f.nameEn) })),
	)
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
		.map((q) => {
			// A question and its answer are one text: both in the language the question is in.
			const lang = textLanguage(locale, q.questionDe, q.questionEn)
			return {
				id: q.id,
				lang,
				question: lang === 'en' ? q.questionEn : q.questionDe,
				answer: lang === 'en' ? q.answerEn : q.answerDe,
			}
		})
}

/** Titles of the extra pages (the text comes with PlayroomPage). */
export function getPlayroomPageList(playroomId: string, locale: Locale, db: DbOrTx = getDb()) {
	return db
		.select({ id: playroomPages.id, titleDe: playroomPages.titleDe, titleEn: playroomPages.titleEn })
		.from(playroomPages)
		.where(eq(playroomPages.playroomId, playroomId))
		.orderBy(asc(playroomPages.position))
		.all()
		.map((p) => ({
			id: p.id,
			lang: textLanguage(locale, p.titleDe, p.titleEn),
			title: pick(locale, p.titleDe, p.titleEn),
		}))
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
	const lang = textLanguage(locale, page.titleDe, page.titleEn)
	return {
		id: page.id,
		playroomId,
		lang,
		title: lang === 'en' ? page.titleEn : page.titleDe,
		text: lang === 'en' ? page.textEn : page.textDe,
	}
}

/**
 * The VAT status of a host (their `small_business` flag, paymentAndInvoice tab): what every
 * price of their playrooms says about VAT, and what an order freezes (ADR 0150).
 */
export function getHostTaxStatus(hostId: string, db: DbOrTx = getDb()): TaxStatus {
	const host = preparedQuery(db, 'users.smallBusiness', (d) =>
		d
			.select({ smallBusiness: users.smallBusiness })
			.from(users)
			.where(eq(users.id, sql.placeholder('id')))
			.prepare(),
	).get({ id: hostId })
	return taxStatusOf(host?.smallBusiness ?? false)
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

/**
 * The latest counted ratings of a playroom (published, not hidden; ADR 0160) with
 * the averages per criterion and the age-fit histogram.
 */
export function getRatingSummary(playroomId: string, locale: Locale, limit = 10, db: DbOrTx = getDb()) {
	const visible = () => and(eq(ratings.playroomId, sql.placeholder('playroomId')), countedRating)
	const averages = preparedQuery(db, 'ratings.averages', (d) =>
		d
			.select({
				count: sql<number>`count(*)`,
				stars: sql<number | null>`avg(${ratings.stars})`,
				cleanliness: sql<number | null>`avg(${ratings.cleanliness})`,
				safety: sql<number | null>`avg(${ratings.safety})`,
				asDescribed: sql<number | null>`avg(${ratings.asDescribed})`,
				communication: sql<number | null>`avg(${ratings.communication})`,
				value: sql<number | null>`avg(${ratings.value})`,
				fit3: sql<number>`coalesce(sum(${ratings.ageFit} = '3-5'), 0)`,
				fit6: sql<number>`coalesce(sum(${ratings.ageFit} = '6-8'), 0)`,
				fit9: sql<number>`coalesce(sum(${ratings.ageFit} = '9-12'), 0)`,
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
				language: ratings.language,
				hostReply: ratings.hostReply,
				createdAt: ratings.createdAt,
				guestName: users.displayName,
			})
			.from(ratings)
			.innerJoin(users, eq(users.id, ratings.guestId))
			.where(visible())
			.orderBy(sql`${ratings.createdAt} DESC`, ratings.id)
			.limit(sql.placeholder('limit'))
			.prepare(),
	).all({ playroomId, limit })
	return {
		count: averages?.count ?? 0,
		average: round(averages?.stars),
		cleanliness: round(averages?.cleanliness),
		safety: round(averages?.safety),
		asDescribed: round(averages?.asDescribed),
		communication: round(averages?.communication),
		value: round(averages?.value),
		ageFit: { '3-5': averages?.fit3 ?? 0, '6-8': averages?.fit6 ?? 0, '9-12': averages?.fit9 ?? 0 },
		latest: latest.map((r) => ({
			id: r.id,
			stars: r.stars,
			comment: r.comment,
			language: r.language ?? 'de',
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
	const taxStatus = getHostTaxStatus(row.hostId, db)
	const { latest, locale: _locale, ...rating } = getRatingSummary(row.id, locale, 10, db)
	return {
		id: row.id,
		playroomUrlPath: row.playroomUrlPath,
		customUrl: row.customUrl,
		name: row.name,
		description: pick(locale, row.descriptionDe, row.descriptionEn),
		/** The language of `description` (and of `rules`): the other one when the host wrote only that. */
		descriptionLang: textLanguage(locale, row.descriptionDe, row.descriptionEn),
		rules: pick(locale, row.rulesDe, row.rulesEn),
		rulesLang: textLanguage(locale, row.rulesDe, row.rulesEn),
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
		/** Whether the prices contain VAT or the host is a small business (§ 19 UStG; ADR 0150). */
		taxStatus,
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
	// The same for every visitor: kept until the database changes (ADR 0123).
	const key = `nearby\n${playroomId}\n${locale}\n${options.limit}\n${options.radiusKm}`
	return cachedRead(db, key, () => nearbyCards(origin, options, locale, db))
}

function nearbyCards(
	origin: { id: string; lat: number; lng: number },
	options: { limit: number; radiusKm: number },
	locale: Locale,
	db: DbOrTx,
): PlayroomCard[] {
	const playroomId = origin.id
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
