import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, test, vi } from 'vitest'
import { AppError } from '#app/utils/app-error.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { getImage, imageUrls, processImage, saveImage, storeUploadedImage } from './images.server.ts'

/** A 1600×1200 JPEG with EXIF (camera, orientation 6 = rotate 90°) like a phone photo. */
async function phoneJpeg() {
	return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 120, b: 40 } } })
		.withMetadata({ orientation: 6, exif: { IFD0: { Make: 'Spielkamera', Model: 'GPS-Leak 3000' } } })
		.jpeg()
		.toBuffer()
}

/** EXIF that makes an input unlike any earlier run's, so no stored files of it exist (they would be read back). */
const unique = () => ({ IFD0: { ImageDescription: randomUUID() } })

describe('image pipeline', () => {
	test('re-encodes into responsive WebP sizes plus a JPEG, applies the orientation, strips EXIF', async () => {
		const input = await phoneJpeg()
		expect((await sharp(input).metadata()).exif).toBeDefined()
		const id = await storeUploadedImage(input)
		const stored = getImage(id)
		expect(stored).toMatchObject({ width: 1200, height: 1600 })
		expect(stored?.variants.map((v) => [v.format, v.width, v.height])).toEqual([
			['webp', 320, 427],
			['webp', 640, 853],
			['webp', 1200, 1600],
			['jpeg', 1200, 1600],
		])
		for (const variant of stored?.variants ?? []) {
			const file = path.join(getEnv().UPLOADS_DIR, variant.url.replace('/uploads/', ''))
			const metadata = await sharp(fs.readFileSync(file)).metadata()
			expect(metadata.exif).toBeUndefined()
			expect(metadata.orientation ?? 1).toBe(1)
			expect(metadata.format).toBe(variant.format)
			expect(metadata.width).toBe(variant.width)
		}
		const urls = imageUrls(stored?.variants ?? [])
		expect(urls.srcset).toContain('320w')
		expect(urls.ogUrl).toMatch(/\.jpg$/)
		// The same upload is stored once.
		expect(await storeUploadedImage(input)).toBe(id)
	})

	test('refuses what is not a raster image, and SVG unless the app made it', async () => {
		const svg = Buffer.from(
			'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
		)
		for (const input of [Buffer.from('not an image at all'), svg]) {
			const error = await processImage(input).catch((e: unknown) => e)
			expect(error).toBeInstanceOf(AppError)
			expect((error as AppError).messageKey).toBe('catalogue:errors.imageNotSupported')
		}
		await expect(processImage(svg, { allowSvg: true })).resolves.toMatchObject({ width: 10 })
	})

	test('decodes an upload once and derives every variant from it; stored files are read back (ADR 0141)', async () => {
		const input = await sharp({
			create: { width: 3000, height: 2000, channels: 3, background: { r: 30, g: 140, b: 90 } },
		})
			.withExif(unique())
			.jpeg({ progressive: true })
			.toBuffer()
		// Every sharp pipeline ends in toBuffer(); one whose input is the upload's own bytes decodes them.
		// (A clone copies its input, so the pipelines are told by their input's content, not its identity.)
		const toBuffer = vi.spyOn(sharp.prototype, 'toBuffer')
		const decodes = () =>
			toBuffer.mock.contexts.filter((pipeline) => {
				const bytes = (pipeline as { options: { input: { buffer?: Uint8Array } } }).options.input.buffer
				return bytes?.byteLength === input.length && Buffer.from(bytes).equals(input)
			}).length
		const image = await processImage(input)
		expect(decodes()).toBe(1)
		expect(image.variants.map((v) => [v.format, v.width, v.height])).toEqual([
			['webp', 320, 213],
			['webp', 640, 427],
			['webp', 1280, 853],
			['jpeg', 1280, 853],
		])
		// Once its files are stored, the same input is read back from them, not decoded again.
		saveImage(image)
		const again = await processImage(input)
		expect(decodes()).toBe(1)
		expect(again.variants).toEqual(image.variants)
		expect(again.files.map((file) => file.data)).toEqual(image.files.map((file) => file.data))
	})

	test('processes one image at a time; the others wait their turn', async () => {
		const inputs = await Promise.all(
			[1, 2, 3].map((n) =>
				sharp({ create: { width: 1500, height: 1000, channels: 3, background: { r: n * 60, g: 20, b: 20 } } })
					.withExif(unique())
					.jpeg()
					.toBuffer(),
			),
		)
		const toBuffer = sharp.prototype.toBuffer
		let active = 0
		let most = 0
		vi.spyOn(sharp.prototype, 'toBuffer').mockImplementation(function (this: unknown, ...args: unknown[]) {
			most = Math.max(most, ++active)
			return (toBuffer.apply(this, args as never) as Promise<unknown>).finally(() => active--)
		} as typeof toBuffer)
		const images = await Promise.all(inputs.map((input) => processImage(input)))
		expect(images.map((image) => image.width)).toEqual([1500, 1500, 1500])
		expect(most).toBe(1)
	})

	test('refuses uploads over 15 MB', async () => {
		const error = await processImage(Buffer.alloc(15 * 1024 * 1024 + 1)).catch((e: unknown) => e)
		expect((error as AppError).messageKey).toBe('catalogue:errors.imageTooLarge')
	})
})
