import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { playroomPhotos } from '#db/schema/catalogue.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { imageIdFor } from '#app/models/catalogue/images.server.ts'
import * as photosApi from '#app/routes/api/host-playroom-photos.ts'
import * as detailTab from '#app/routes/host/editor/detail-information.tsx'
import { AppError } from './app-error.ts'
import { getDb } from './db.server.ts'
import { getEnv } from './env.server.ts'
import { MAX_FORM_PARTS, readFormData } from './multipart.server.ts'

/**
 * Issue 29 (Hardening II): a multipart body of 400,000 tiny parts (26 MB,
 * within the upload routes' byte limit) kept the event loop busy for seconds
 * while the platform parser split it, twice (the form-body check and the
 * action). The parts are counted while the body streams in and the body is
 * refused at the first part over MAX_FORM_PARTS (ADR 0141).
 */
const MANY = 400_000

const photo = () =>
	sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 250, g: 20, b: 120 } } })
		.jpeg()
		.toBuffer()

/**
 * A request with the form already encoded, as a server receives it. (A FormData body is encoded
 * by undici while it is read; cancelling it half-way makes Node 24's undici enqueue into the
 * closed stream, an unhandled rejection of its own.)
 */
async function request(form: FormData | URLSearchParams) {
	const encoded = new Response(form)
	return new Request('http://localhost/x', {
		method: 'POST',
		body: await encoded.arrayBuffer(),
		headers: { 'Content-Type': encoded.headers.get('Content-Type') ?? '' },
	})
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
	const start = performance.now()
	const result = await work()
	return [result, performance.now() - start]
}

describe('form parts', () => {
	test('a form within the part limit is read as before', async () => {
		const form = new FormData()
		for (let i = 0; i < MAX_FORM_PARTS; i++) form.append(`f${i}`, String(i))
		const read = await readFormData(await request(form))
		expect([...read.keys()]).toHaveLength(MAX_FORM_PARTS)
		const encoded = new URLSearchParams(Array.from({ length: MAX_FORM_PARTS }, (_, i) => [`f${i}`, 'x']))
		const urlEncoded = await readFormData(
			new Request('http://localhost/x', { method: 'POST', body: encoded }),
			1024 * 1024,
		)
		expect([...urlEncoded.keys()]).toHaveLength(MAX_FORM_PARTS)
	})

	test('one part more, multipart or URL-encoded, is a translated 400', async () => {
		const form = new FormData()
		for (let i = 0; i <= MAX_FORM_PARTS; i++) form.append('f', 'x')
		const encoded = new URLSearchParams(Array.from({ length: MAX_FORM_PARTS + 1 }, () => ['f', 'x']))
		for (const body of [form, encoded]) {
			const error = await readFormData(await request(body), 1024 * 1024).catch((e: unknown) => e)
			expect(error).toBeInstanceOf(AppError)
			expect(error).toMatchObject({ status: 400, messageKey: 'hostEditor:errors.tooManyParts' })
		}
	})

	test(`${MANY.toLocaleString('en')} parts are refused at the first one over the limit, quickly`, async () => {
		const boundary = 'grenze4711'
		const part = `--${boundary}\r\nContent-Disposition: form-data; name="f"\r\n\r\nx\r\n`
		const body = Buffer.from(`${part.repeat(MANY)}--${boundary}--\r\n`)
		let offset = 0
		// As a socket delivers it: 64 KB at a time.
		const stream = new ReadableStream<Uint8Array>({
			pull(controller) {
				if (offset >= body.length) return controller.close()
				controller.enqueue(new Uint8Array(body.subarray(offset, offset + 65_536)))
				offset += 65_536
			},
		})
		const [error, ms] = await timed(() =>
			readFormData(
				new Request('http://localhost/x', {
					method: 'POST',
					headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
					body: stream,
					duplex: 'half',
				} as RequestInit),
			).catch((e: unknown) => e),
		)
		expect(error).toMatchObject({ status: 400, messageKey: 'hostEditor:errors.tooManyParts' })
		// The platform parser took ~3 s for this body (twice per page request); counting stops early.
		expect(ms).toBeLessThan(1_000)
		expect(offset).toBeLessThan(body.length / 100)
	})

	test(`${MANY.toLocaleString('en')} parts before a photo: 400 in both languages, nothing stored (page and API)`, async () => {
		const host = await createLoggedInUser({ role: 'Owner' })
		const { id } = await createTestPlayroom({ hostId: host.user.id, photos: [] })
		const bytes = await photo()
		const manyParts = () => ({
			f: Array.from({ length: MANY }, () => 'x'),
			intent: 'upload',
			photos: [new File([new Uint8Array(bytes)], 'echt.jpg', { type: 'image/jpeg' })],
		})
		const page = await callRoute(detailTab.action as never, {
			path: `/host/playrooms/edit/${id}/detail-information`,
			cookie: host.cookie,
			params: { playroomId: id },
			form: manyParts(),
		})
		expect(page.status).toBe(400)
		const messages: string[] = []
		for (const language of ['de-DE', 'en-GB']) {
			const api = await callRoute(photosApi.action as never, {
				path: `/api/Owner/Playrooms/${id}/Photos`,
				headers: { 'Accept-Language': language },
				cookie: host.cookie,
				params: { playroomId: id },
				form: manyParts(),
			})
			expect(api.status).toBe(400)
			const envelope = api.json as { success: boolean; error: string }
			expect(envelope.success).toBe(false)
			messages.push((JSON.parse(envelope.error) as { message: string }).message)
		}
		expect(messages[0]).toMatch(new RegExp(`höchstens ${MAX_FORM_PARTS} Felder`))
		expect(messages[1]).toMatch(new RegExp(`at most ${MAX_FORM_PARTS} fields`))
		expect(getDb().select().from(playroomPhotos).where(eq(playroomPhotos.playroomId, id)).all()).toEqual([])
		expect(fs.existsSync(path.join(getEnv().UPLOADS_DIR, 'img', imageIdFor(bytes)))).toBe(false)
	}, 120_000)
})
