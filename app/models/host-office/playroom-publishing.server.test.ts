import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { createPageCache } from '#server/page-cache.ts'
import { playroomBookingTypes, playroomOpeningHours } from '#db/schema/catalogue.ts'
import { addTestPhotos, playroomRow } from '#tests/helpers/host-office.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser, createTestUser } from '#tests/helpers/users.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { isAppError, type AppError } from '#app/utils/app-error.ts'
import { translateValidationMessage } from '#app/utils/validation.ts'
import { searchParamsSchema } from '#app/schemas/catalogue.ts'
import { action as overviewAction } from '#app/routes/host/playroom-overview.tsx'
import { createDraftPlayroom } from './host-playrooms.server.ts'
import {
	publishChecklist,
	publishPlayroom,
	pausePlayroom,
	unpausePlayroom,
} from './playroom-publishing.server.ts'
import { searchPlayrooms } from '#app/models/catalogue/playroom-search.server.ts'
import { updatePlayroom } from '#app/models/catalogue/catalogue.server.ts'

function caught(run: () => unknown): AppError {
	try {
		run()
	} catch (error) {
		if (isAppError(error)) return error
		throw error
	}
	throw new Error('expected an AppError')
}

/** A Draft with everything the checklist asks for. */
async function completeDraft(overrides: Parameters<typeof createTestPlayroom>[0] = {}) {
	const playroom = await createTestPlayroom({ status: 'Draft', publishedAt: null, ...overrides })
	addTestPhotos(playroom.id, 3)
	return playroom
}

/** The names of public search results (Köln) that contain `text`. */
const searchNames = (text: string) =>
	searchPlayrooms(searchParamsSchema.parse({ perPage: '60', city: 'koeln' }), null, 'de')
		.items.map((i) => i.name)
		.filter((name) => name.includes(text))

describe('publishing', () => {
	test('a new Draft lists every missing item, in German and in English, and stays a Draft', async () => {
		const host = await createTestUser({ role: 'Owner' })
		const { id } = createDraftPlayroom(host, { name: 'Kleine Strolche Ehrenfeld', city: 'koeln' })
		const draft = playroomRow(id)
		expect(draft).toMatchObject({ status: 'Draft', city: 'Köln', citySlug: 'koeln', lat: 50.9375 })
		expect(draft?.playroomUrlPath).toBe('kleine-strolche-ehrenfeld')

		const error = caught(() => publishPlayroom(host, id))
		expect(error.status).toBe(409)
		expect(error.errorName).toBe('PublishChecklistIncomplete')
		const messages = error.fields?.checklist ?? []
		const de = messages.map((m) => translateValidationMessage(getFixedT('de'), m))
		const en = messages.map((m) => translateValidationMessage(getFixedT('en'), m))
		expect(de).toEqual([
			'Mindestens 3 Fotos (bisher 0)',
			'Eine Beschreibung (auf Deutsch oder Englisch)',
			'Ein Preis für jede angebotene Buchungsart',
			'Öffnungszeiten',
			'Eine Adresse mit Koordinaten',
		])
		expect(en).toEqual([
			'At least 3 photos (0 so far)',
			'A description (in German or English)',
			'A price for each booking type offered',
			'Opening hours',
			'An address with coordinates',
		])
		expect(playroomRow(id)?.status).toBe('Draft')
	})

	test('each requirement on its own keeps the playroom from being published', async () => {
		const cases: [string, (id: string) => void][] = [
			['photos', () => undefined],
			['descriptions', (id) => updatePlayroom(id, { descriptionDe: ' ', descriptionEn: '  ' })],
			[
				'prices',
				(id) =>
					getDb()
						.update(playroomBookingTypes)
						.set({ weekendPrice: 0 })
						.where(eq(playroomBookingTypes.playroomId, id))
						.run(),
			],
			[
				'openingHours',
				(id) => getDb().delete(playroomOpeningHours).where(eq(playroomOpeningHours.playroomId, id)).run(),
			],
			['address', (id) => updatePlayroom(id, { street: '' })],
		]
		for (const [key, spoil] of cases) {
			const playroom =
				key === 'photos' ? await createTestPlayroom({ status: 'Draft' }) : await completeDraft()
			spoil(playroom.id)
			const missing = publishChecklist(playroom.id).filter((item) => !item.done)
			expect(
				missing.map((item) => item.key),
				key,
			).toEqual([key])
			const host = { id: playroom.hostId, role: 'Owner' as const }
			expect(caught(() => publishPlayroom(host, playroom.id)).fields?.checklist, key).toHaveLength(1)
			expect(playroomRow(playroom.id)?.status, key).toBe('Draft')
		}
	})

	test('a complete Draft is published, found by search, paused and published again; Blocked stays blocked', async () => {
		const playroom = await completeDraft({ name: 'Tobeland Zollstock' })
		const host = { id: playroom.hostId, role: 'Owner' as const }
		expect(searchNames('Tobeland')).toEqual([])
		expect(publishPlayroom(host, playroom.id)).toEqual({ playroomId: playroom.id, status: 'Published' })
		expect(playroomRow(playroom.id)?.publishedAt).toBeInstanceOf(Date)
		expect(searchNames('Tobeland')).toEqual(['Tobeland Zollstock'])
		expect(pausePlayroom(host, playroom.id).status).toBe('Paused')
		expect(searchNames('Tobeland')).toEqual([])
		expect(unpausePlayroom(host, playroom.id).status).toBe('Published')

		const blocked = await completeDraft({ status: 'Blocked' })
		const owner = { id: blocked.hostId, role: 'Owner' as const }
		for (const run of [publishPlayroom, unpausePlayroom, pausePlayroom]) {
			expect(caught(() => run(owner, blocked.id)).status).toBe(409)
		}
		expect(caught(() => publishPlayroom(owner, blocked.id)).errorName).toBe('PlayroomBlocked')
		expect(playroomRow(blocked.id)?.status).toBe('Blocked')
	})

	test('a publish through the page empties the page cache: the next anonymous search shows the playroom', async () => {
		const { user, cookie } = await createLoggedInUser({ role: 'Owner' })
		const playroom = await completeDraft({ hostId: user.id, name: 'Rabaukenhaus Kalk' })
		const cache = createPageCache()
		const app = express()
		app.use(cache.middleware)
		app.get('/search', (_req, res) => {
			res.setHeader('X-Page-Cache', '60')
			res.json(searchNames('Rabaukenhaus'))
		})
		app.post('/publish', async (_req, res) => {
			const result = await callRoute(overviewAction as never, {
				path: `/host/playrooms/${playroom.id}`,
				cookie,
				form: { intent: 'publish' },
				params: { playroomId: playroom.id },
				middleware: [roleGuard('Owner')],
			})
			const keep = result.headers.get('X-Page-Cache')
			if (keep) res.setHeader('X-Page-Cache', keep)
			res.status(result.status).end()
		})
		const server = http.createServer(app)
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
		const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
		try {
			expect(await (await fetch(`${base}/search`)).json()).toEqual([])
			expect(await (await fetch(`${base}/search`)).json()).toEqual([]) // from the cache
			expect(cache.stats.hits).toBe(1)
			expect((await fetch(`${base}/publish`, { method: 'POST', redirect: 'manual' })).status).toBe(302)
			expect(await (await fetch(`${base}/search`)).json()).toEqual(['Rabaukenhaus Kalk'])
		} finally {
			await new Promise((resolve) => server.close(resolve))
		}
	})
})
