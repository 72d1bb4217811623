import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { images, playroomPhotos } from '#db/schema/catalogue.ts'
import { getDb } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { translateValidationMessage } from '#app/utils/validation.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import * as detailTab from '#app/routes/host/editor/detail-information.tsx'
import { deletePhoto, listEditorPhotos, movePhoto, PHOTO_UPLOAD_LIMIT } from './host-photos.server.ts'
import {
	admitUploads,
	getImage,
	imageIdFor,
	MAX_IMAGES_ADMITTED,
} from '#app/models/catalogue/images.server.ts'

/**
 * Photo uploads of the editor (issue 12) through the page action, as the
 * browser sends them (multipart): content decides, not the file name; EXIF
 * (GPS) never survives; refused files leave nothing behind.
 */
async function setup() {
	const host = await createLoggedInUser({ role: 'Owner' })
	const { id } = await createTestPlayroom({ hostId: host.user.id, photos: [] })
	return { host, id }
}

function upload(id: string, cookie: string, files: File[], locale = '') {
	return callRoute(detailTab.action as never, {
		path: `${locale}/host/playrooms/edit/${id}/detail-information`,
		cookie,
		params: { playroomId: id },
		form: { intent: 'upload', photos: files },
	})
}

const file = (bytes: Buffer, name: string, type = 'image/jpeg') =>
	new File([new Uint8Array(bytes)], name, { type })
const imageDir = (bytes: Buffer) => path.join(getEnv().UPLOADS_DIR, 'img', imageIdFor(bytes))
const photoCount = (id: string) =>
	getDb().select().from(playroomPhotos).where(eq(playroomPhotos.playroomId, id)).all().length

async function jpegWithGps(seed: number) {
	return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: seed, g: 120, b: 200 } } })
		.jpeg()
		.withExifMerge({
			IFD3: {
				GPSLatitudeRef: 'N',
				GPSLatitude: '50/1 56/1 15/1',
				GPSLongitudeRef: 'E',
				GPSLongitude: '6/1 57/1 37/1',
			},
		})
		.toBuffer()
}

async function bombPng() {
	const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
		.png()
		.toBuffer()
	// IHDR is the first chunk: length (8–11), type (12–15), width (16–19), height (20–23), …, CRC (29–32).
	png.writeUInt32BE(30_000, 16)
	png.writeUInt32BE(30_000, 20)
	png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29)
	return png
}

function uploadErrors(result: { data: unknown }) {
	const error = (result.data as { result: { error?: Record<string, string[]> } }).result.error ?? {}
	return Object.values(error).flat()
}

describe('photo upload', () => {
	test('a JPEG with EXIF GPS is stored without any EXIF, and a PNG named .jpg works', async () => {
		const { host, id } = await setup()
		const jpeg = await jpegWithGps(10)
		expect((await sharp(jpeg).metadata()).exif).toBeDefined()
		const png = await sharp({ create: { width: 400, height: 300, channels: 4, background: '#88cc44' } })
			.png()
			.toBuffer()
		const result = await upload(id, host.cookie, [file(jpeg, 'urlaub.jpg'), file(png, 'renamed.jpg')])
		expect(result.status).toBe(302)
		const photos = listEditorPhotos(id)
		expect(photos).toHaveLength(2)
		for (const photo of photos) {
			const stored = path.join(getEnv().UPLOADS_DIR, photo.ogUrl.replace('/uploads/', ''))
			const metadata = await sharp(stored).metadata()
			expect(metadata.exif).toBeUndefined()
			expect(metadata.xmp).toBeUndefined()
		}
	})

	const refusals: [string, () => Promise<Buffer>, RegExp, RegExp][] = [
		[
			'a text file named .jpg',
			async () => Buffer.from('just some text, not an image\n'.repeat(20)),
			/kein unterstütztes Bild/,
			/not a supported image/,
		],
		[
			'a 20 MB file',
			async () => Buffer.concat([await jpegWithGps(30), Buffer.alloc(20 * 1024 * 1024, 1)]),
			/größer als 15 MB/,
			/larger than 15 MB/,
		],
		[
			'a decompression bomb',
			// A real PNG whose header claims 30000 × 30000 (900 megapixels): tiny file, huge image.
			bombPng,
			/zu viele Pixel/,
			/too many pixels/,
		],
	]
	for (const [name, make, de, en] of refusals) {
		test(`${name} is refused with a message in both languages and leaves no files`, async () => {
			const { host, id } = await setup()
			const bytes = await make()
			const good = await jpegWithGps(70 + name.length)
			for (const locale of ['', '/en']) {
				const result = await upload(id, host.cookie, [file(good, 'ok.jpg'), file(bytes, 'bad.jpg')], locale)
				expect(result.status).toBe(400)
				const [message] = uploadErrors(result)
				expect(translateValidationMessage(getFixedT('de'), message!)).toMatch(de)
				expect(translateValidationMessage(getFixedT('en'), message!)).toMatch(en)
			}
			expect(photoCount(id)).toBe(0)
			expect(fs.existsSync(imageDir(bytes))).toBe(false)
			expect(fs.existsSync(imageDir(good))).toBe(false)
		}, 60_000)
	}

	test('order, cover and delete; deleting removes the files no other photo shows', async () => {
		const { host, id } = await setup()
		const [a, b] = [await jpegWithGps(140), await jpegWithGps(141)]
		expect((await upload(id, host.cookie, [file(a, 'a.jpg'), file(b, 'b.jpg')])).status).toBe(302)
		const [first, second] = listEditorPhotos(id)
		movePhoto(host.user, id, second!.id, 'cover')
		expect(listEditorPhotos(id).map((p) => p.id)).toEqual([second!.id, first!.id])
		deletePhoto(host.user, id, first!.id)
		expect(fs.existsSync(imageDir(a))).toBe(false)
		expect(
			getDb()
				.select()
				.from(images)
				.where(eq(images.id, imageIdFor(a)))
				.get(),
		).toBeUndefined()
		expect(fs.existsSync(imageDir(b))).toBe(true)
	})
})

describe('per-host upload limit (ADR 0141)', () => {
	/** Small distinct JPEGs: each is processed like any upload, only quickly. */
	const smallJpegs = (count: number, seed: number) =>
		Promise.all(
			Array.from({ length: count }, (_, i) =>
				sharp({
					create: { width: 64, height: 48, channels: 3, background: { r: seed, g: i * 4, b: 255 - i * 4 } },
				})
					.jpeg()
					.toBuffer(),
			),
		)
	const files = (buffers: Buffer[]) => buffers.map((bytes, i) => file(bytes, `klein-${i}.jpg`))

	test('the upload past the limit within the window is refused in both languages and writes nothing', async () => {
		const { photos: max, minutes } = PHOTO_UPLOAD_LIMIT
		const host = await createLoggedInUser({ role: 'Owner' })
		const rooms = await Promise.all(
			[1, 2, 3].map(() => createTestPlayroom({ hostId: host.user.id, photos: [] })),
		)
		// The limit counts the host's photos across all of their playrooms (30 is the most one playroom takes).
		const first = await smallJpegs(max, 11)
		for (let start = 0, room = 0; start < max; start += 30, room++) {
			const batch = files(first.slice(start, start + 30))
			expect((await upload(rooms[room]!.id, host.cookie, batch)).status).toBe(302)
		}
		const [extra] = await smallJpegs(1, 99)
		const target = rooms[2]!.id
		for (const locale of ['', '/en']) {
			const refused = await upload(target, host.cookie, files([extra!]), locale)
			expect(refused.status).toBe(429)
			const [message] = uploadErrors(refused)
			expect(translateValidationMessage(getFixedT('de'), message!)).toMatch(
				new RegExp(`höchstens ${max} Fotos in ${minutes} Minuten`),
			)
			expect(translateValidationMessage(getFixedT('en'), message!)).toMatch(
				new RegExp(`at most ${max} photos in ${minutes} minutes`),
			)
		}
		expect(photoCount(target)).toBe(0)
		expect(fs.existsSync(imageDir(extra!))).toBe(false)
		expect(getImage(imageIdFor(extra!))).toBeNull()

		// Another host is not affected.
		const other = await setup()
		expect((await upload(other.id, other.host.cookie, files([extra!]))).status).toBe(302)

		// Once the window has passed, the host may upload again.
		const earlier = new Date(Date.now() - (minutes + 1) * 60_000)
		for (const room of rooms)
			getDb()
				.update(playroomPhotos)
				.set({ createdAt: earlier })
				.where(eq(playroomPhotos.playroomId, room.id))
				.run()
		expect((await upload(target, host.cookie, files([extra!]))).status).toBe(302)
		expect(photoCount(target)).toBe(1)
	}, 120_000)
})

describe('the image line of a process (ADR 0141)', () => {
	test('a batch that would make the line too long is refused as busy in both languages and writes nothing', async () => {
		const { host, id } = await setup()
		const bytes = await jpegWithGps(222)
		// Other uploads hold every place in the line.
		const release = admitUploads(MAX_IMAGES_ADMITTED)
		try {
			for (const locale of ['', '/en']) {
				const refused = await upload(id, host.cookie, [file(bytes, 'warten.jpg')], locale)
				expect(refused.status).toBe(429)
				const [message] = uploadErrors(refused)
				expect(translateValidationMessage(getFixedT('de'), message!)).toMatch(
					/Gerade werden sehr viele Fotos verarbeitet/,
				)
				expect(translateValidationMessage(getFixedT('en'), message!)).toMatch(
					/Very many photos are being processed/,
				)
			}
			expect(photoCount(id)).toBe(0)
			expect(fs.existsSync(imageDir(bytes))).toBe(false)
		} finally {
			release()
		}
		expect((await upload(id, host.cookie, [file(bytes, 'jetzt.jpg')])).status).toBe(302)
		expect(photoCount(id)).toBe(1)
	})
})
