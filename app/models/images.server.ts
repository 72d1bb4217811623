import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp, { type Metadata } from 'sharp'
import { images, playroomPhotos, type ImageVariant } from '#db/schema/catalogue.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'

/**
 * The image pipeline for uploads and demo photos (docs/decisions/0023-images.md):
 * sharp decodes the upload (images only, ≤ 15 MB), applies the EXIF orientation,
 * and re-encodes it into responsive WebP sizes plus one JPEG (for Open Graph);
 * re-encoding drops every metadata block (EXIF, GPS, XMP). Files go to
 * UPLOADS_DIR/img/<id>/<width>.<ext> and are served under /uploads with a
 * one-year immutable cache — the id is a hash of the input, so a file never changes.
 */
export const IMAGE_WIDTHS = [320, 640, 1280] as const
export const OG_IMAGE_WIDTH = 1280
export const MAX_UPLOAD_MB = 15
const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024
const UPLOAD_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'heif'])
/** Larger pixel counts are refused before decoding (decompression bombs: tiny file, huge image). */
export const MAX_INPUT_PIXELS = 60_000_000

export type ProcessedImage = { id: string; width: number; height: number; variants: ImageVariant[] }

export function imageIdFor(input: Buffer): string {
	return createHash('sha256').update(input).digest('base64url').slice(0, 16)
}

function writeAtomically(file: string, data: Buffer) {
	fs.mkdirSync(path.dirname(file), { recursive: true })
	const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
	fs.writeFileSync(temporary, data)
	fs.renameSync(temporary, file)
}

function notAnImage(): never {
	throw new AppError(400, 'ValidationError', {
		messageKey: 'catalogue:errors.imageNotSupported',
		fields: { file: ['catalogue:errors.imageNotSupported'] },
	})
}

/**
 * Checks an upload by its content (never its name or declared type): size,
 * a decodable header of an allowed raster format, and the pixel count.
 * Throws a translated 400; writes nothing.
 */
export async function inspectImage(input: Buffer, options: { allowSvg?: boolean } = {}): Promise<Metadata> {
	if (input.length > MAX_UPLOAD_BYTES) {
		throw new AppError(400, 'ValidationError', {
			messageKey: 'catalogue:errors.imageTooLarge',
			params: { max: MAX_UPLOAD_MB },
			fields: { file: [`catalogue:errors.imageTooLarge?max=${MAX_UPLOAD_MB}`] },
		})
	}
	let metadata: Metadata
	try {
		// Only the header is read here (no pixels decoded), so the pixel count is checked below with its own message.
		metadata = await sharp(input, { limitInputPixels: false }).metadata()
	} catch {
		notAnImage()
	}
	const format = metadata.format ?? ''
	if (!(UPLOAD_FORMATS.has(format) || (options.allowSvg && format === 'svg'))) notAnImage()
	if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
		throw new AppError(400, 'ValidationError', {
			messageKey: 'catalogue:errors.imageTooManyPixels',
			fields: { file: ['catalogue:errors.imageTooManyPixels'] },
		})
	}
	return metadata
}

/**
 * Processes an image into its stored variants. `allowSvg` is only for images the
 * app renders itself (demo photos); uploads must be raster images.
 */
export async function processImage(
	input: Buffer,
	options: { allowSvg?: boolean } = {},
): Promise<ProcessedImage> {
	await inspectImage(input, options)
	try {
		return await encodeVariants(input)
	} catch (error) {
		// A header that passed but a body that does not decode (truncated, corrupt).
		if (error instanceof AppError) throw error
		notAnImage()
	}
}

async function encodeVariants(input: Buffer): Promise<ProcessedImage> {
	const id = imageIdFor(input)
	const directory = path.join(getEnv().UPLOADS_DIR, 'img', id)
	// rotate() without an angle applies the EXIF orientation; the outputs carry no metadata.
	const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate()
	const oriented = await source.clone().metadata()
	const swap = (oriented.orientation ?? 1) >= 5
	const originalWidth = (swap ? oriented.height : oriented.width) ?? 0
	const originalHeight = (swap ? oriented.width : oriented.height) ?? 0
	if (!originalWidth || !originalHeight) notAnImage()

	const widths = [...new Set(IMAGE_WIDTHS.map((w) => Math.min(w, originalWidth)))]
	const outputs: { width: number; format: 'webp' | 'jpeg' }[] = [
		...widths.map((width) => ({ width, format: 'webp' as const })),
		{ width: Math.min(OG_IMAGE_WIDTH, originalWidth), format: 'jpeg' },
	]
	const variants: ImageVariant[] = []
	for (const output of outputs) {
		const extension = output.format === 'webp' ? 'webp' : 'jpg'
		const file = path.join(directory, `${output.width}.${extension}`)
		const height = Math.round((originalHeight * output.width) / originalWidth)
		if (!fs.existsSync(file)) {
			const pipeline = source.clone().resize({ width: output.width, withoutEnlargement: true })
			const data =
				output.format === 'webp'
					? await pipeline.webp({ quality: 78, effort: 3 }).toBuffer()
					: await pipeline.jpeg({ quality: 80, mozjpeg: true }).toBuffer()
			writeAtomically(file, data)
		}
		variants.push({
			url: `/uploads/img/${id}/${output.width}.${extension}`,
			width: output.width,
			height,
			format: output.format,
			bytes: fs.statSync(file).size,
		})
	}
	return { id, width: originalWidth, height: originalHeight, variants }
}

/** Records a processed image (once per id). */
export function saveImage(image: ProcessedImage, db: DbOrTx = getDb()) {
	db.insert(images)
		.values({ id: image.id, width: image.width, height: image.height, variants: image.variants })
		.onConflictDoNothing()
		.run()
	return image.id
}

export async function storeUploadedImage(input: Buffer, db: DbOrTx = getDb()): Promise<string> {
	return saveImage(await processImage(input), db)
}

/**
 * Removes an image (row and files) when no photo shows it any more. Returns
 * whether it was removed. Call after the referencing rows are gone.
 */
export function removeImageIfUnused(id: string, db: DbOrTx = getDb()): boolean {
	const used = db
		.select({ id: playroomPhotos.id })
		.from(playroomPhotos)
		.where(eq(playroomPhotos.imageId, id))
		.get()
	if (used) return false
	db.delete(images).where(eq(images.id, id)).run()
	fs.rmSync(path.join(getEnv().UPLOADS_DIR, 'img', id), { recursive: true, force: true })
	return true
}

export function getImage(id: string, db: DbOrTx = getDb()) {
	return db.select().from(images).where(eq(images.id, id)).get() ?? null
}

/** The URL fields the API gives for an image: the largest WebP, a srcset, the JPEG for Open Graph. */
export function imageUrls(variants: readonly ImageVariant[]) {
	const webp = variants.filter((v) => v.format === 'webp').sort((a, b) => a.width - b.width)
	const largest = webp[webp.length - 1]
	return {
		url: largest?.url ?? variants[0]?.url ?? '',
		srcset: webp.map((v) => `${v.url} ${v.width}w`).join(', '),
		ogUrl: variants.find((v) => v.format === 'jpeg')?.url ?? largest?.url ?? '',
		width: largest?.width ?? 0,
		height: largest?.height ?? 0,
	}
}
