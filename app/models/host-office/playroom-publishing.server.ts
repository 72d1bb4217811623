import { and, count, eq } from 'drizzle-orm'
import {
	playroomBookingTypes,
	playroomOpeningHours,
	playroomPhotos,
	playrooms,
	type PlayroomStatus,
} from '#db/schema/catalogue.ts'
import { orders } from '#db/schema/orders.ts'
import type { ChecklistItem, ChecklistKey } from '#app/schemas/host-office.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import { validationMessage } from '#app/utils/validation.ts'
import { reindexPlayroom, updatePlayroom } from '#app/models/catalogue/catalogue.server.ts'
import { removeImageIfUnused } from '#app/models/catalogue/images.server.ts'
import { requireManageablePlayroom } from './playroom-access.server.ts'
import type { SessionUser } from '#app/models/accounts/session.server.ts'

/**
 * Publishing a playroom (issue 12, docs/subsystems/host-office.md): the
 * completeness checklist, Publish / Pause / Unpause. Draft → Published and
 * Paused → Published need a complete checklist; Published → Paused always
 * works; Blocked (set by an admin) is never left from here. A status change
 * goes through `updatePlayroom`, which reindexes search in the same
 * transaction; the POST that runs it empties the page cache (server/page-cache.ts),
 * so search, city/state pages and the sitemap show the change at once.
 */
export const MIN_PHOTOS = 3

type Caller = Pick<SessionUser, 'id' | 'role'>

const hasText = (value: string | null | undefined) => Boolean(value && value.trim())

/**
 * What a playroom still lacks before it may be published, one item per
 * requirement, in a fixed order. The editor shows the same list.
 */
export function publishChecklist(playroomId: string, db: DbOrTx = getDb()): ChecklistItem[] {
	const playroom = db.select().from(playrooms).where(eq(playrooms.id, playroomId)).get()
	if (!playroom) throw new AppError(404)
	const photoCount =
		db.select({ n: count() }).from(playroomPhotos).where(eq(playroomPhotos.playroomId, playroomId)).get()
			?.n ?? 0
	const enabledTypes = db
		.select()
		.from(playroomBookingTypes)
		.where(and(eq(playroomBookingTypes.playroomId, playroomId), eq(playroomBookingTypes.enabled, true)))
		.all()
	const unpriced = enabledTypes.filter((type) => type.weekdayPrice <= 0 || type.weekendPrice <= 0)
	const openingRanges =
		db
			.select({ n: count() })
			.from(playroomOpeningHours)
			.where(eq(playroomOpeningHours.playroomId, playroomId))
			.get()?.n ?? 0
	const hasCoordinates =
		Number.isFinite(playroom.lat) &&
		Number.isFinite(playroom.lng) &&
		!(playroom.lat === 0 && playroom.lng === 0)
	const hasAddress =
		hasText(playroom.city) &&
		(playroom.placeType === 'Mobile' || (hasText(playroom.street) && hasText(playroom.postalCode)))
	const item = (key: ChecklistKey, done: boolean, params?: Record<string, string | number>) => ({
		key,
		done,
		message: validationMessage(`hostOffice:checklist.${key}`, params),
	})
	return [
		item('photos', photoCount >= MIN_PHOTOS, { min: MIN_PHOTOS, count: photoCount }),
		// One language is enough (issue 31.5): the other locale's page shows it with a note.
		item('descriptions', hasText(playroom.descriptionDe) || hasText(playroom.descriptionEn)),
		item('prices', enabledTypes.length > 0 && unpriced.length === 0),
		item('openingHours', openingRanges > 0),
		item('address', hasAddress && hasCoordinates),
	]
}

export function missingItems(checklist: readonly ChecklistItem[]): ChecklistItem[] {
	return checklist.filter((item) => !item.done)
}

function checklistRefusal(missing: readonly ChecklistItem[]): AppError {
	return new AppError(409, 'PublishChecklistIncomplete', {
		messageKey: 'hostOffice:errors.checklistIncomplete',
		params: { count: missing.length },
		fields: { checklist: missing.map((entry) => entry.message) },
	})
}

function statusConflict(status: PlayroomStatus): AppError {
	return status === 'Blocked'
		? new AppError(409, 'PlayroomBlocked', { messageKey: 'hostOffice:errors.blocked' })
		: new AppError(409, 'InvalidPlayroomStatus', {
				messageKey: 'hostOffice:errors.invalidStatus',
				params: { status },
			})
}

export type PublishingResult = { playroomId: string; status: PlayroomStatus }

function transition(
	caller: Caller,
	playroomId: string,
	from: readonly PlayroomStatus[],
	to: PlayroomStatus,
	needsChecklist: boolean,
): PublishingResult {
	return immediateTransaction((tx) => {
		const playroom = requireManageablePlayroom(caller, playroomId, tx)
		if (playroom.status === to) return { playroomId, status: to }
		if (!from.includes(playroom.status)) throw statusConflict(playroom.status)
		if (needsChecklist) {
			const missing = missingItems(publishChecklist(playroomId, tx))
			if (missing.length) throw checklistRefusal(missing)
		}
		updatePlayroom(playroomId, { status: to }, tx)
		return { playroomId, status: to }
	})
}

/** Draft or Paused → Published, only with a complete checklist; Blocked is refused. */
export function publishPlayroom(caller: Caller, playroomId: string): PublishingResult {
	return transition(caller, playroomId, ['Draft', 'Paused'], 'Published', true)
}

/** Published → Paused: off search, city/state pages and the sitemap; bookings stay. */
export function pausePlayroom(caller: Caller, playroomId: string): PublishingResult {
	return transition(caller, playroomId, ['Published'], 'Paused', false)
}

/** Paused → Published; the checklist is checked again (the playroom may have changed meanwhile). */
export function unpausePlayroom(caller: Caller, playroomId: string): PublishingResult {
	return transition(caller, playroomId, ['Paused'], 'Published', true)
}

/**
 * Deletes a Draft its host no longer wants (issue 31.10): the playroom and what
 * hangs on it (photos, texts, prices, hours, blocks, feeds, favourites — the
 * foreign keys cascade) and its search entry go in one transaction; then the
 * images' files, where no other photo shows them. Only a Draft, and never one
 * with orders (their records stay, §147 AO): anything else is a 409.
 */
export function deleteDraftPlayroom(caller: Caller, playroomId: string): { name: string } {
	const { name, imageIds } = immediateTransaction((tx) => {
		const playroom = requireManageablePlayroom(caller, playroomId, tx)
		if (playroom.status !== 'Draft') {
			throw new AppError(409, 'PlayroomNotDraft', { messageKey: 'hostOffice:errors.deleteNotDraft' })
		}
		const hasOrders = tx.select({ id: orders.id }).from(orders).where(eq(orders.playroomId, playroomId)).get()
		if (hasOrders) {
			throw new AppError(409, 'PlayroomHasOrders', { messageKey: 'hostOffice:errors.deleteHasOrders' })
		}
		const photos = tx
			.select({ imageId: playroomPhotos.imageId })
			.from(playroomPhotos)
			.where(eq(playroomPhotos.playroomId, playroomId))
			.all()
		tx.delete(playrooms).where(eq(playrooms.id, playroomId)).run()
		reindexPlayroom(playroomId, tx) // takes the gone playroom out of the search index
		return { name: playroom.name, imageIds: [...new Set(photos.map((photo) => photo.imageId))] }
	})
	for (const imageId of imageIds) removeImageIfUnused(imageId)
	return { name }
}
