import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { playroomPhotos, playrooms } from '#db/schema/catalogue.ts'
import type { FormActionData } from '#app/utils/form-actions.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { action } from './detail-information.tsx'

/**
 * Issue 31.3: uploading photos in the editor threw away the descriptions typed
 * but not saved. The upload button posts the descriptions' form with the
 * files: the photo is stored, the text is not saved, and the page's answer
 * hands the text back as typed for the form (`kept`; the page shows it:
 * photos-keep-text.test.tsx). Without JavaScript this is the page; with it
 * the same post goes by a fetcher (tests/e2e/editor-keeps-input.spec.ts).
 */
const typed = 'Frisch getippt, noch nicht gespeichert: **hell** und groß.'

describe('uploading photos keeps the unsaved descriptions', () => {
	test('the photo is stored, the text handed back as typed and not saved', async () => {
		const host = await createLoggedInUser({ role: 'Owner' })
		const { id } = await createTestPlayroom({ hostId: host.user.id, descriptionDe: 'Gespeichert.' })
		const bytes = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#88cc44' } })
			.png()
			.toBuffer()
		const answer = await callRoute(action as never, {
			path: `/host/playrooms/edit/${id}/detail-information`,
			cookie: host.cookie,
			params: { playroomId: id },
			form: {
				descriptionDe: typed,
				descriptionEn: 'Typed too.',
				features: ['ball-pit'],
				photoAction: 'upload',
				photos: new File([new Uint8Array(bytes)], 'raum.png', { type: 'image/png' }),
			},
		})
		expect(answer.status).toBe(200)
		const photos = getDb().select().from(playroomPhotos).where(eq(playroomPhotos.playroomId, id)).all()
		expect(photos).toHaveLength(1)
		const row = getDb().select().from(playrooms).where(eq(playrooms.id, id)).get()
		expect(row?.descriptionDe).toBe('Gespeichert.')
		const data = answer.data as FormActionData
		expect(data.notice).toBe('1 Foto hochgeladen.')
		expect(data.kept?.intent).toBe('detail')
		expect(data.kept?.result.initialValue).toMatchObject({
			descriptionDe: typed,
			descriptionEn: 'Typed too.',
			features: 'ball-pit',
		})
	})
})
