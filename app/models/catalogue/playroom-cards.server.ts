import { and, asc, eq, sql } from 'drizzle-orm'
import {
	features,
	images,
	playroomBookingTypes,
	playroomFeatures,
	playroomPhotos,
	playrooms,
	type BookingType,
	type ImageVariant,
} from '#db/schema/catalogue.ts'
import type { LocalDate } from '#app/domain/berlin-time.ts'
import { createStayPricer, type CardPriceSettings } from '#app/domain/card-price.ts'
import { distanceKm } from '#app/domain/places.ts'
import { getDb, inJsonList, preparedQuery, type DbOrTx } from '#app/utils/db.server.ts'
import { cachedRead } from '#app/utils/read-cache.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import { markdownToText } from './content.server.ts'
import { imageUrls } from './images.server.ts'
import type { PlayroomRow } from './playrooms.server.ts'

/**
 * Playroom cards (docs/subsystems/catalogue.md §API): the summary of a
 * playroom that search, favourites, nearby and the city pages show — name,
 * short text, first photo, rating, features and the "from" price — read for
 * many ids at once with prepared queries (ADR 0112).
 */
/**
 * The language a bilingual text is shown in: the page's, or the other one when
 * the host wrote only that (one language is enough, issue 31.5). The page marks
 * such a fallback ("Only available in German").
 */
export const textLanguage = (locale: Locale, de: string, en: string): Locale =>
	locale === 'en' ? (en || !de ? 'en' : 'de') : de || !en ? 'de' : 'en'
export const pick = (locale: Locale, de: string, en: string) =>
	textLanguage(locale, de, en) === 'en' ? en : de

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

export function photoView(
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

/**
 * What a card in a list shows — the PlayroomCard component and the map's
 * markers — and so what a list page sends as loader data (ADR 0121: the rows
 * travel in the page's HTML and in every client navigation's data).
 */
export type CardView = Pick<
	PlayroomCard,
	| 'id'
	| 'playroomUrlPath'
	| 'name'
	| 'placeType'
	| 'city'
	| 'lat'
	| 'lng'
	| 'maxGuests'
	| 'instantBooking'
	| 'safetyChecked'
	| 'rating'
	| 'priceFrom'
	| 'distanceKm'
> & { image: Omit<PhotoView, 'id' | 'ogUrl'> | null }

export function cardView(card: PlayroomCard): CardView {
	const { image } = card
	return {
		id: card.id,
		playroomUrlPath: card.playroomUrlPath,
		name: card.name,
		placeType: card.placeType,
		city: card.city,
		lat: card.lat,
		lng: card.lng,
		maxGuests: card.maxGuests,
		instantBooking: card.instantBooking,
		safetyChecked: card.safetyChecked,
		rating: card.rating,
		priceFrom: card.priceFrom,
		image: image
			? { url: image.url, srcset: image.srcset, width: image.width, height: image.height, alt: image.alt }
			: null,
		...(card.distanceKm !== undefined ? { distanceKm: card.distanceKm } : {}),
	}
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

/** The rows behind the cards of `ids` (public data: cached until the database changes, ADR 0121). */
function readCardRows(ids: readonly string[], db: DbOrTx) {
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
	return { rows, types, featureRows, firstPhotos }
}

/** Cards for the given ids, in that order (ids that do not exist are skipped). */
export function loadCards(
	ids: readonly string[],
	locale: Locale,
	options: CardOptions = {},
	db: DbOrTx = getDb(),
): PlayroomCard[] {
	if (ids.length === 0) return []
	const { rows, types, featureRows, firstPhotos } = cachedRead(db, `cards:${JSON.stringify(ids)}`, () =>
		readCardRows(ids, db),
	)
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
			shortDescription: shorten(markdownToText(pick(locale, row.descriptionDe, row.descriptionEn))),
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
