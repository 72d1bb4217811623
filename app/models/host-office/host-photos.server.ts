import { asc, eq, and, count, gt } from 'drizzle-orm'
import { images, playroomPhotos, playrooms } from '#db/schema/catalogue.ts'
import { MAX_PHOTOS } from '#app/schemas/host-editor.ts'
import { AppError, isAppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { validationMessage } from '#app/utils/validation.ts'
import { fieldError, write, type Editor } from './host-editor.server.ts'
import {
	admitUploads,
	imageUrls,
	inspectImage,
	MAX_UPLOAD_MB,
	processImage,
	removeImageIfUnused,
	saveImage,
	type ProcessedImage,
} from '#app/models/catalogue/images.server.ts'
import { requireManageablePlayroom } from './playroom-access.server.ts'

/**
 * The photos of a playroom in the editor (issue 12): upload several at once,
 * reorder, alt texts, delete, cover (= first position). Every upload goes
 * through the shared image pipeline (images.server.ts: checked by content,
 * re-encoded, EXIF stripped); a batch is all or nothing. A host may add
 * PHOTO_UPLOAD_LIMIT.photos photos in any PHOTO_UPLOAD_LIMIT.minutes minutes
 * (counted in the database, so it holds across processes; ADR 0141).
 */
export type UploadedFile = { name: string; bytes: Buffer }

/** Photos a host may add within the window (all their playrooms together; × RATE_LIMIT_FACTOR). */
export const PHOTO_UPLOAD_LIMIT = { photos: 60, minutes: 10 } as const

const REASONS: Record<string, string> = {
	'catalogue:errors.imageTooLarge': 'hostEditor:errors.photoTooLarge',
	'catalogue:errors.imageTooManyPixels': 'hostEditor:errors.photoTooManyPixels',
	'catalogue:errors.imageTooSlow': 'hostEditor:errors.photoTooSlow',
}

function rejectedFile(file: UploadedFile, error: unknown): never {
	if (!isAppError(error)) throw error
	const key = REASONS[error.messageKey] ?? 'hostEditor:errors.photoNotImage'
	const message = validationMessage(key, { file: file.name.slice(0, 80), max: MAX_UPLOAD_MB })
	throw new AppError(400, 'ValidationError', {
		messageKey: key,
		params: { file: file.name, max: MAX_UPLOAD_MB },
		fields: { photos: [message] },
	})
}

function photoRows(playroomId: string, db: DbOrTx) {
	return db
		.select()
		.from(playroomPhotos)
		.where(eq(playroomPhotos.playroomId, playroomId))
		.orderBy(asc(playroomPhotos.position), asc(playroomPhotos.createdAt))
		.all()
}

export function listEditorPhotos(playroomId: string, db: DbOrTx = getDb()) {
	return db
		.select({ photo: playroomPhotos, variants: images.variants })
		.from(playroomPhotos)
		.innerJoin(images, eq(images.id, playroomPhotos.imageId))
		.where(eq(playroomPhotos.playroomId, playroomId))
		.orderBy(asc(playroomPhotos.position), asc(playroomPhotos.createdAt))
		.all()
		.map(({ photo, variants }) => ({
			id: photo.id,
			altDe: photo.altDe,
			altEn: photo.altEn,
			...imageUrls(variants),
		}))
}

function uploadLimit() {
	return Math.max(1, Math.round(PHOTO_UPLOAD_LIMIT.photos * getEnv().RATE_LIMIT_FACTOR))
}

/** Photos added to the host's playrooms within the window (by anyone: the host or an admin for them). */
function recentUploads(hostId: string, db: DbOrTx) {
	const since = new Date(Date.now() - PHOTO_UPLOAD_LIMIT.minutes * 60_000)
	return (
		db
			.select({ n: count() })
			.from(playroomPhotos)
			.innerJoin(playrooms, eq(playrooms.id, playroomPhotos.playroomId))
			.where(and(eq(playrooms.hostId, hostId), gt(playroomPhotos.createdAt, since)))
			.get()?.n ?? 0
	)
}

/** Photos of each host being processed in this process (not yet in the database). */
const inFlight = new Map<string, number>()

function rateLimited(): AppError {
	const params = { max: uploadLimit(), minutes: PHOTO_UPLOAD_LIMIT.minutes }
	return new AppError(429, 'TooManyRequests', {
		messageKey: 'hostEditor:errors.photoRateLimited',
		params,
		fields: { photos: [validationMessage('hostEditor:errors.photoRateLimited', params)] },
	})
}

function busy(): AppError {
	return new AppError(429, 'TooManyRequests', {
		messageKey: 'hostEditor:errors.photosBusy',
		fields: { photos: ['hostEditor:errors.photosBusy'] },
	})
}

/**
 * Adds photos after the existing ones. Nothing is stored unless every file is
 * a valid image; nothing is processed when the host is over the upload limit
 * or this process's image line is full (ADR 0141).
 */
export async function addPhotos(editor: Editor, playroomId: string, files: readonly UploadedFile[]) {
	const { hostId } = requireManageablePlayroom(editor, playroomId)
	if (files.length === 0) throw fieldError('photos', 'validation.required')
	const tooMany = () => fieldError('photos', 'hostEditor:errors.tooManyPhotos', { max: MAX_PHOTOS })
	if (photoRows(playroomId, getDb()).length + files.length > MAX_PHOTOS) throw tooMany()
	for (const file of files)
		await inspectImage(file.bytes).catch((error: unknown) => rejectedFile(file, error))
	const pending = inFlight.get(hostId) ?? 0
	if (recentUploads(hostId, getDb()) + pending + files.length > uploadLimit()) throw rateLimited()
	let release: () => void
	try {
		release = admitUploads(files.length)
	} catch {
		throw busy()
	}
	inFlight.set(hostId, pending + files.length)
	const processed: ProcessedImage[] = []
	try {
		for (const file of files)
			processed.push(await processImage(file.bytes).catch((error: unknown) => rejectedFile(file, error)))
		return immediateTransaction((tx) => {
			requireManageablePlayroom(editor, playroomId, tx)
			const existing = photoRows(playroomId, tx)
			if (existing.length + processed.length > MAX_PHOTOS) throw tooMany()
			// Again with what other processes have added meanwhile (the check above saw only this one's).
			if (recentUploads(hostId, tx) + processed.length > uploadLimit()) throw rateLimited()
			const next = existing.reduce((max, photo) => Math.max(max, photo.position + 1), 0)
			return processed.map((image, index) => {
				// The files are written here, in the transaction that commits the rows naming them.
				saveImage(image, tx)
				return tx
					.insert(playroomPhotos)
					.values({ playroomId, imageId: image.id, position: next + index })
					.returning({ id: playroomPhotos.id })
					.get().id
			})
		})
	} catch (error) {
		// Files a failed transaction wrote (or an earlier failed batch left) that no photo shows go again.
		for (const image of processed) removeImageIfUnused(image.id)
		throw error
	} finally {
		release()
		const left = (inFlight.get(hostId) ?? 0) - files.length
		if (left > 0) inFlight.set(hostId, left)
		else inFlight.delete(hostId)
	}
}

function requirePhoto(playroomId: string, photoId: string, db: DbOrTx) {
	const photo = db
		.select()
		.from(playroomPhotos)
		.where(and(eq(playroomPhotos.id, photoId), eq(playroomPhotos.playroomId, playroomId)))
		.get()
	if (!photo) throw new AppError(404)
	return photo
}

/** Writes positions 0…n-1 in the given order. */
function renumber(ids: readonly string[], db: DbOrTx) {
	ids.forEach((id, position) =>
		db.update(playroomPhotos).set({ position }).where(eq(playroomPhotos.id, id)).run(),
	)
}

export function updatePhotoAlt(
	editor: Editor,
	playroomId: string,
	photoId: string,
	alt: { altDe: string; altEn: string },
) {
	return write(editor, playroomId, (_playroom, tx) => {
		requirePhoto(playroomId, photoId, tx)
		tx.update(playroomPhotos).set(alt).where(eq(playroomPhotos.id, photoId)).run()
	})
}

/** Moves a photo one place up or down, or to the front (the cover). */
export function movePhoto(
	editor: Editor,
	playroomId: string,
	photoId: string,
	move: 'up' | 'down' | 'cover',
) {
	return write(editor, playroomId, (_playroom, tx) => {
		requirePhoto(playroomId, photoId, tx)
		const ids = photoRows(playroomId, tx).map((p) => p.id)
		const from = ids.indexOf(photoId)
		const to =
			move === 'cover' ? 0 : move === 'up' ? Math.max(0, from - 1) : Math.min(ids.length - 1, from + 1)
		ids.splice(from, 1)
		ids.splice(to, 0, photoId)
		renumber(ids, tx)
	})
}

/** Sets the whole order (API); the list must name every photo of the playroom once. */
export function reorderPhotos(editor: Editor, playroomId: string, photoIds: readonly string[]) {
	return write(editor, playroomId, (_playroom, tx) => {
		const ids = photoRows(playroomId, tx).map((p) => p.id)
		if (
			photoIds.length !== ids.length ||
			new Set(photoIds).size !== ids.length ||
			photoIds.some((id) => !ids.includes(id))
		) {
			throw fieldError('photoIds', 'hostEditor:errors.photoOrder')
		}
		renumber(photoIds, tx)
	})
}

/** Deletes a photo; its image files go too when no other photo shows the same image. */
export function deletePhoto(editor: Editor, playroomId: string, photoId: string) {
	let imageId = ''
	write(editor, playroomId, (_playroom, tx) => {
		imageId = requirePhoto(playroomId, photoId, tx).imageId
		tx.delete(playroomPhotos).where(eq(playroomPhotos.id, photoId)).run()
		renumber(
			photoRows(playroomId, tx).map((p) => p.id),
			tx,
		)
	})
	removeImageIfUnused(imageId)
}
