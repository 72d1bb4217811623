import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp, { type Metadata } from 'sharp'
import { images, playroomPhotos, type ImageVariant } from '#db/schema/catalogue.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, immediateTransaction, type DbOrTx } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'

/**
 * The image pipeline for uploads and demo photos (docs/decisions/0023-images.md):
 * sharp decodes the upload (images only, ≤ 15 MB), applies the EXIF orientation,
 * and re-encodes it into responsive WebP sizes plus one JPEG (for Open Graph);
 * re-encoding drops every metadata block (EXIF, GPS, XMP). Files go to
 * UPLOADS_DIR/img/<id>/<width>.<ext> and are served under /uploads with a
 * one-year immutable cache — the id is a hash of the input, so a file never changes.
 *
 * Under load (ADR 0141): an upload is decoded once, shrunk to the largest
 * width needed, and every variant is made from those pixels. A process
 * handles one image at a time; the others wait in line, and a batch that
 * would make the line longer than MAX_IMAGES_ADMITTED is refused as busy.
 * sharp runs on libuv's four threads, which password hashing (argon2) shares,
 * so one image at a time leaves three of them to logins.
 */
export const IMAGE_WIDTHS = [320, 640, 1280] as const
export const OG_IMAGE_WIDTH = 1280
export const MAX_UPLOAD_MB = 15
const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024
const UPLOAD_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'heif'])
/** Larger pixel counts are refused before decoding (decompression bombs: tiny file, huge image). */
export const MAX_INPUT_PIXELS = 60_000_000
/** Images processed at once in this process; the rest wait their turn. */
const IMAGES_AT_ONCE = 1
/** Uploaded images admitted at once in this process (in work or waiting); a batch beyond it is refused as busy. */
export const MAX_IMAGES_ADMITTED = 40
/** The decode of one image is stopped after this (the largest ones take ~2 s on one thread). */
const DECODE_TIMEOUT_SECONDS = 30

// One libvips thread per image (sharp's own choice on glibc, made explicit), and no operation
// cache: the cache only helps when the same file is processed again, and it kept ~300 MB of
// freed pixels resident after four large images.
sharp.concurrency(1)
sharp.cache(false)

export type ProcessedImage = {
	id: string
	width: number
	height: number
	variants: ImageVariant[]
	/** The encoded variants, written by saveImage together with the row. */
	files: { name: string; data: Buffer }[]
}

export function imageIdFor(input: Buffer): string {
	return createHash('sha256').update(input).digest('base64url').slice(0, 16)
}

/** UPLOADS_DIR/img/<id>: an image's folder. */
export function imageDirectory(id: string): string {
	return path.join(getEnv().UPLOADS_DIR, 'img', id)
}

/** Names of files being written (see writeAtomically); the orphan clean-up removes stale ones. */
export const PARTIAL_FILE = /\.tmp$/

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

let processing = 0
const waiting: (() => void)[] = []
let admitted = 0

/** Runs `work` when it is its turn: at most IMAGES_AT_ONCE at a time, the others in arrival order. */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
	if (processing < IMAGES_AT_ONCE) processing++
	else await new Promise<void>((resolve) => waiting.push(resolve))
	try {
		return await work()
	} finally {
		// The turn passes straight to the next in line (or the place becomes free).
		const next = waiting.shift()
		if (next) next()
		else processing--
	}
}

/**
 * Admits a batch of `count` uploads to this process's line, or refuses it
 * with a translated 429 when the line is full (nothing has been done yet).
 * Call the returned function once the batch is done, however it ended.
 */
export function admitUploads(count: number): () => void {
	if (admitted + count > MAX_IMAGES_ADMITTED) {
		throw new AppError(429, 'TooManyRequests', {
			messageKey: 'catalogue:errors.imagesBusy',
			fields: { file: ['catalogue:errors.imagesBusy'] },
		})
	}
	admitted += count
	let done = false
	return () => {
		if (!done) admitted -= count
		done = true
	}
}

/**
 * Processes an image into its stored variants (in memory; saveImage writes
 * them). An image whose files are all on disk already (the same input has
 * been stored before: the demo photos on every seed) is read back instead of
 * made again. `allowSvg` is only for images the app renders itself (demo
 * photos); uploads must be raster images.
 */
export async function processImage(
	input: Buffer,
	options: { allowSvg?: boolean } = {},
): Promise<ProcessedImage> {
	const metadata = await inspectImage(input, options)
	const id = imageIdFor(input)
	const swap = (metadata.orientation ?? 1) >= 5
	const original = {
		width: (swap ? metadata.height : metadata.width) ?? 0,
		height: (swap ? metadata.width : metadata.height) ?? 0,
	}
	if (!original.width || !original.height) notAnImage()
	const stored = await storedVariants(id, original)
	if (stored) return stored
	try {
		return await inTurn(() => encodeVariants(input, id, original))
	} catch (error) {
		// A header that passed but a body that does not decode (truncated, corrupt), or one too slow to decode.
		if (error instanceof AppError) throw error
		if (error instanceof Error && error.message.startsWith('timeout')) {
			throw new AppError(400, 'ValidationError', {
				messageKey: 'catalogue:errors.imageTooSlow',
				fields: { file: ['catalogue:errors.imageTooSlow'] },
			})
		}
		notAnImage()
	}
}

type Size = { width: number; height: number }
type Output = { name: string; width: number; format: 'webp' | 'jpeg' }

/** The files of an image `width` pixels wide (oriented): the WebP widths and the Open Graph JPEG, never enlarged. */
function variantOutputs(width: number): Output[] {
	const widths = [...new Set(IMAGE_WIDTHS.map((w) => Math.min(w, width)))]
	const og = Math.min(OG_IMAGE_WIDTH, width)
	return [
		...widths.map((w) => ({ name: `${w}.webp`, width: w, format: 'webp' as const })),
		{ name: `${og}.jpg`, width: og, format: 'jpeg' as const },
	]
}

function variant(id: string, output: Output, size: Size, data: Buffer): ImageVariant {
	return {
		url: `/uploads/img/${id}/${output.name}`,
		width: size.width,
		height: size.height,
		format: output.format,
		bytes: data.length,
	}
}

/** The image as its files on disk make it, when every one of them is there (each is written whole or not at all). */
async function storedVariants(id: string, original: Size): Promise<ProcessedImage | null> {
	const variants: ImageVariant[] = []
	const files: ProcessedImage['files'] = []
	for (const output of variantOutputs(original.width)) {
		let data: Buffer
		try {
			data = fs.readFileSync(path.join(imageDirectory(id), output.name))
		} catch {
			return null
		}
		// The file's header only (no pixels decoded).
		const { width, height } = await sharp(data).metadata()
		files.push({ name: output.name, data })
		variants.push(variant(id, output, { width, height }, data))
	}
	return { id, ...original, variants, files }
}

async function encodeVariants(input: Buffer, id: string, original: Size): Promise<ProcessedImage> {
	const largest = Math.max(...IMAGE_WIDTHS, OG_IMAGE_WIDTH)
	// The one decode: rotate() without an angle applies the EXIF orientation, the pixels are shrunk
	// to the largest width any variant needs (JPEG shrinks while decoding) and kept as 8-bit sRGB.
	const { data: pixels, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
		.rotate()
		.resize({ width: largest, withoutEnlargement: true })
		.timeout({ seconds: DECODE_TIMEOUT_SECONDS })
		.raw({ depth: 'uchar' })
		.toBuffer({ resolveWithObject: true })
	const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }
	const variants: ImageVariant[] = []
	const files: ProcessedImage['files'] = []
	for (const output of variantOutputs(info.width)) {
		// The outputs carry no metadata (sharp writes none unless asked to).
		const pipeline = sharp(pixels, raw).resize({ width: output.width, withoutEnlargement: true })
		const { data, info: encoded } =
			output.format === 'webp'
				? await pipeline.webp({ quality: 78, effort: 3 }).toBuffer({ resolveWithObject: true })
				: await pipeline.jpeg({ quality: 80, mozjpeg: true }).toBuffer({ resolveWithObject: true })
		files.push({ name: output.name, data })
		variants.push(variant(id, output, encoded, data))
	}
	return { id, ...original, variants, files }
}

/**
 * Writes an image's files, then records it (once per id). Call it in the
 * IMMEDIATE transaction that adds what shows the image: the row then never
 * exists without its complete files, and the orphan clean-up (which checks
 * for the row in a transaction of its own) never removes files a committed
 * row needs. A crash before the commit leaves a folder without a row, which
 * that clean-up removes.
 */
export function saveImage(image: ProcessedImage, db: DbOrTx = getDb()) {
	const directory = imageDirectory(image.id)
	for (const file of image.files) writeAtomically(path.join(directory, file.name), file.data)
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
export function removeImageIfUnused(id: string): boolean {
	// In one IMMEDIATE transaction, so an upload of the same image that commits its row meanwhile
	// either comes before (the image is used) or after (saveImage writes the files again).
	return immediateTransaction((tx) => {
		const used = tx
			.select({ id: playroomPhotos.id })
			.from(playroomPhotos)
			.where(eq(playroomPhotos.imageId, id))
			.get()
		if (used) return false
		tx.delete(images).where(eq(images.id, id)).run()
		fs.rmSync(imageDirectory(id), { recursive: true, force: true })
		return true
	})
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
