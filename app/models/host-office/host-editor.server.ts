import { and, asc, eq, ne, or } from 'drizzle-orm'
import {
	BOOKING_TYPES,
	features,
	playroomAdditions,
	playroomBookingTypes,
	playroomFeatures,
	playroomPages,
	playroomPathHistory,
	playroomQuestions,
	playrooms,
	type BookingType,
} from '#db/schema/catalogue.ts'
import type { BasicInformationInput, DetailInformationInput, PriceInput } from '#app/schemas/host-editor.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import { validationMessage } from '#app/utils/validation.ts'
import { setPlayroomFeatures, updatePlayroom } from '#app/models/catalogue/catalogue.server.ts'
import { lookupGermanPlace } from '#app/models/catalogue/german-places.server.ts'
import { requireManageablePlayroom, type ManagedPlayroom } from './playroom-access.server.ts'
import type { SessionUser } from '#app/models/accounts/session.server.ts'

/**
 * The host's playroom editor (issue 12, docs/subsystems/host-editor.md): one
 * read and one write per tab, shared by the page actions and the API. Every
 * write checks ownership first (requireManageablePlayroom: host or admin, 404
 * otherwise), runs in one IMMEDIATE transaction and keeps the search index in step.
 */
export type Editor = Pick<SessionUser, 'id' | 'role'> | null

export function fieldError(field: string, key: string, params?: Record<string, string | number>): AppError {
	return new AppError(400, 'ValidationError', {
		messageKey: 'hostEditor:errors.invalid',
		fields: { [field]: [validationMessage(key, params)] },
	})
}

/** Runs a write for a playroom the editor may manage; returns the playroom as it was before. */
export function write(
	editor: Editor,
	playroomId: string,
	work: (playroom: ManagedPlayroom, tx: DbOrTx) => void,
) {
	return immediateTransaction((tx) => {
		const playroom = requireManageablePlayroom(editor, playroomId, tx)
		work(playroom, tx)
		return playroom
	})
}

// ── basic-information ─────────────────────────────────────────────────────────
export function readBasicInformation(playroom: ManagedPlayroom) {
	return {
		name: playroom.name,
		playroomUrlPath: playroom.playroomUrlPath,
		customUrl: playroom.customUrl,
		placeType: playroom.placeType,
		serviceRadiusKm: playroom.serviceRadiusKm,
		street: playroom.street,
		postalCode: playroom.postalCode,
		city: playroom.city,
		stateSlug: playroom.stateSlug,
		lat: playroom.lat,
		lng: playroom.lng,
		sizeSqm: playroom.sizeSqm,
		maxGuests: playroom.maxGuests,
		websiteUrl: playroom.websiteUrl,
	}
}

/**
 * The place of an address (issue 31.9, ADR 0153): state and coordinates from the postal code
 * and town (any German town); a clear field error when they are unknown or do not belong together.
 */
export function placeOf(
	input: { postalCode?: string | null; city: string },
	fields = { postalCode: 'postalCode', city: 'city' },
) {
	const lookup = lookupGermanPlace({ postalCode: input.postalCode, town: input.city })
	if (lookup.ok) return lookup.place
	const towns = (lookup.towns ?? []).slice(0, 4).join(', ')
	if (lookup.error === 'postalCodeUnknown')
		throw fieldError(fields.postalCode, 'hostEditor:errors.place.postalCodeUnknown', {
			postalCode: input.postalCode ?? '',
		})
	if (lookup.error === 'townNotAtPostalCode')
		throw fieldError(fields.city, 'hostEditor:errors.place.townNotAtPostalCode', {
			town: input.city,
			postalCode: input.postalCode ?? '',
			towns,
		})
	if (lookup.error === 'townAmbiguous')
		throw fieldError(fields.city, 'hostEditor:errors.place.townAmbiguous', { towns })
	throw fieldError(fields.city, 'hostEditor:errors.place.townUnknown', { town: input.city })
}

/** Whether a path is free for this playroom: no other playroom uses it as path, custom URL or former path. */
function assertPathFree(path: string, playroomId: string, field: string, tx: DbOrTx) {
	const taken = tx
		.select({ id: playrooms.id })
		.from(playrooms)
		.where(
			and(
				ne(playrooms.id, playroomId),
				or(eq(playrooms.playroomUrlPath, path), eq(playrooms.customUrl, path)),
			),
		)
		.get()
	const former = tx
		.select({ playroomId: playroomPathHistory.playroomId })
		.from(playroomPathHistory)
		.where(eq(playroomPathHistory.urlPath, path))
		.get()
	if (taken || (former && former.playroomId !== playroomId))
		throw fieldError(field, 'hostEditor:errors.pathTaken')
}

export function saveBasicInformation(editor: Editor, playroomId: string, input: BasicInformationInput) {
	return write(editor, playroomId, (playroom, tx) => {
		assertPathFree(input.playroomUrlPath, playroomId, 'playroomUrlPath', tx)
		if (input.customUrl) {
			if (input.customUrl === input.playroomUrlPath)
				throw fieldError('customUrl', 'hostEditor:errors.pathTaken')
			assertPathFree(input.customUrl, playroomId, 'customUrl', tx)
		}
		const place = placeOf(input)
		// The pin: where the host put it (moved, or kept with an unchanged address), else the postal code's centroid.
		const pin = input.lat !== undefined && input.lng !== undefined ? { lat: input.lat, lng: input.lng } : null
		const pinMoved = pin !== null && (pin.lat !== playroom.lat || pin.lng !== playroom.lng)
		const addressChanged = input.postalCode !== playroom.postalCode || place.citySlug !== playroom.citySlug
		const coordinates = pin && (pinMoved || !addressChanged) ? pin : { lat: place.lat, lng: place.lng }
		if (input.playroomUrlPath !== playroom.playroomUrlPath) {
			tx.delete(playroomPathHistory).where(eq(playroomPathHistory.urlPath, input.playroomUrlPath)).run()
			tx.insert(playroomPathHistory)
				.values({ urlPath: playroom.playroomUrlPath, playroomId })
				.onConflictDoUpdate({ target: playroomPathHistory.urlPath, set: { playroomId } })
				.run()
		}
		updatePlayroom(
			playroomId,
			{
				name: input.name,
				playroomUrlPath: input.playroomUrlPath,
				customUrl: input.customUrl,
				placeType: input.placeType,
				serviceRadiusKm: input.placeType === 'Mobile' ? (input.serviceRadiusKm ?? null) : null,
				street: input.street,
				postalCode: input.postalCode,
				city: place.town,
				citySlug: place.citySlug,
				stateSlug: place.stateSlug,
				lat: coordinates.lat,
				lng: coordinates.lng,
				sizeSqm: input.sizeSqm ?? null,
				maxGuests: input.maxGuests,
				websiteUrl: input.websiteUrl,
			},
			tx,
		)
	})
}

/** The current path of a playroom that used to live at `urlPath` (301 after a slug change). */
export function formerPathTarget(urlPath: string, db: DbOrTx = getDb()): string | null {
	const row = db
		.select({ path: playrooms.playroomUrlPath })
		.from(playroomPathHistory)
		.innerJoin(playrooms, eq(playrooms.id, playroomPathHistory.playroomId))
		.where(eq(playroomPathHistory.urlPath, urlPath))
		.get()
	return row?.path ?? null
}

// ── detail-information ────────────────────────────────────────────────────────
export function readDetailInformation(playroom: ManagedPlayroom, db: DbOrTx = getDb()) {
	const ordered = <T extends { position: number }>(rows: T[]) => rows.sort((a, b) => a.position - b.position)
	return {
		descriptionDe: playroom.descriptionDe,
		descriptionEn: playroom.descriptionEn,
		features: db
			.select({ key: playroomFeatures.featureKey })
			.from(playroomFeatures)
			.where(eq(playroomFeatures.playroomId, playroom.id))
			.all()
			.map((f) => f.key),
		questions: ordered(
			db.select().from(playroomQuestions).where(eq(playroomQuestions.playroomId, playroom.id)).all(),
		).map((q) => ({
			questionDe: q.questionDe,
			questionEn: q.questionEn,
			answerDe: q.answerDe,
			answerEn: q.answerEn,
		})),
		pages: ordered(
			db.select().from(playroomPages).where(eq(playroomPages.playroomId, playroom.id)).all(),
		).map((p) => ({
			titleDe: p.titleDe,
			titleEn: p.titleEn,
			textDe: p.textDe,
			textEn: p.textEn,
		})),
	}
}

export function listFeatureCatalogue(db: DbOrTx = getDb()) {
	return db.select().from(features).orderBy(asc(features.position)).all()
}

export function saveDetailInformation(editor: Editor, playroomId: string, input: DetailInformationInput) {
	return write(editor, playroomId, (_playroom, tx) => {
		const known = new Set(listFeatureCatalogue(tx).map((f) => f.key))
		if (input.features.some((key) => !known.has(key))) throw fieldError('features', 'validation.choice')
		tx.update(playrooms)
			.set({ descriptionDe: input.descriptionDe, descriptionEn: input.descriptionEn })
			.where(eq(playrooms.id, playroomId))
			.run()
		tx.delete(playroomQuestions).where(eq(playroomQuestions.playroomId, playroomId)).run()
		if (input.questions.length) {
			tx.insert(playroomQuestions)
				.values(input.questions.map((q, position) => ({ ...q, playroomId, position })))
				.run()
		}
		tx.delete(playroomPages).where(eq(playroomPages.playroomId, playroomId)).run()
		if (input.pages.length) {
			tx.insert(playroomPages)
				.values(input.pages.map((p, position) => ({ ...p, playroomId, position })))
				.run()
		}
		setPlayroomFeatures(playroomId, input.features, tx)
	})
}

// ── price ─────────────────────────────────────────────────────────────────────
export function readBookingTypes(playroomId: string, db: DbOrTx = getDb()) {
	return db
		.select()
		.from(playroomBookingTypes)
		.where(eq(playroomBookingTypes.playroomId, playroomId))
		.all()
		.sort((a, b) => BOOKING_TYPES.indexOf(a.bookingType) - BOOKING_TYPES.indexOf(b.bookingType))
}

export function readAdditions(playroomId: string, db: DbOrTx = getDb()) {
	return db
		.select()
		.from(playroomAdditions)
		.where(and(eq(playroomAdditions.playroomId, playroomId), eq(playroomAdditions.active, true)))
		.orderBy(asc(playroomAdditions.position))
		.all()
}

export function readPrice(playroom: ManagedPlayroom, db: DbOrTx = getDb()) {
	const enabled = readBookingTypes(playroom.id, db).filter((t) => t.enabled)
	return {
		enabledTypes: enabled.map((t) => t.bookingType),
		prices: Object.fromEntries(
			enabled.map((t) => [
				t.bookingType,
				{
					weekdayPrice: t.weekdayPrice,
					weekendPrice: t.weekendPrice,
					guestsIncluded: t.guestsIncluded,
					extraGuestFee: t.extraGuestFee,
					cleaningFee: t.cleaningFee,
					deposit: t.deposit,
				},
			]),
		) as Partial<Record<BookingType, PriceInput['prices']['Hourly']>>,
		extras: readAdditions(playroom.id, db).map((a) => ({
			id: a.id,
			nameDe: a.nameDe,
			nameEn: a.nameEn,
			price: a.price,
			unit: a.unit,
			maxQuantity: a.maxQuantity,
		})),
	}
}

export function savePrice(editor: Editor, playroomId: string, input: PriceInput) {
	return write(editor, playroomId, (playroom, tx) => {
		const enabled = readBookingTypes(playroomId, tx).filter((t) => t.enabled)
		for (const type of enabled) {
			const prices = input.prices[type.bookingType]
			if (!prices) throw fieldError(`prices.${type.bookingType}.weekdayPrice`, 'validation.required')
			if (prices.guestsIncluded > playroom.maxGuests) {
				throw fieldError(`prices.${type.bookingType}.guestsIncluded`, 'validation.maxValue', {
					max: playroom.maxGuests,
				})
			}
		}
		for (const type of enabled) {
			const prices = input.prices[type.bookingType]
			tx.update(playroomBookingTypes)
				.set({ ...prices })
				.where(
					and(
						eq(playroomBookingTypes.playroomId, playroomId),
						eq(playroomBookingTypes.bookingType, type.bookingType),
					),
				)
				.run()
		}
		// Extras keep their ids by position (orders name them); surplus rows are deactivated, not deleted.
		const current = tx
			.select({ id: playroomAdditions.id })
			.from(playroomAdditions)
			.where(eq(playroomAdditions.playroomId, playroomId))
			.orderBy(asc(playroomAdditions.position))
			.all()
		input.extras.forEach((extra, position) => {
			const existing = current[position]
			if (existing) {
				tx.update(playroomAdditions)
					.set({ ...extra, position, active: true })
					.where(eq(playroomAdditions.id, existing.id))
					.run()
			} else
				tx.insert(playroomAdditions)
					.values({ ...extra, position, playroomId })
					.run()
		})
		for (const surplus of current.slice(input.extras.length)) {
			tx.update(playroomAdditions).set({ active: false }).where(eq(playroomAdditions.id, surplus.id)).run()
		}
	})
}
