import { and, count, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { playrooms } from '#db/schema/catalogue.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { getFixedT } from '#app/utils/i18n.server.ts'
import { translateValidationMessage } from '#app/utils/validation.ts'
import { callApi } from '#tests/helpers/api.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { action as ownerPlayroomsAction } from '#app/routes/api/owner-playrooms.ts'
import { action as playroomsAction } from '#app/routes/host/playrooms.tsx'
import { createDraftPlayroom, MAX_DRAFT_PLAYROOMS } from './host-playrooms.server.ts'

/**
 * Issue 29: playrooms per host were unlimited, and each can carry feeds and
 * photos. A host may have MAX_DRAFT_PLAYROOMS (20) drafts at once; the next
 * one is refused with a translated message on the page and in the API, and
 * nothing is written. Published, paused and blocked playrooms do not count.
 */
const draftsOf = (hostId: string) =>
	getDb()
		.select({ n: count() })
		.from(playrooms)
		.where(and(eq(playrooms.hostId, hostId), eq(playrooms.status, 'Draft')))
		.get()?.n ?? 0

describe('drafts per host', () => {
	test('the 21st draft is refused on the page and in the API; published, paused and blocked ones do not count', async () => {
		expect(MAX_DRAFT_PLAYROOMS).toBe(20)
		const host = await createLoggedInUser({ role: 'Owner' })
		for (const status of ['Published', 'Paused', 'Blocked'] as const) {
			await createTestPlayroom({ hostId: host.user.id, status })
		}
		for (let i = 0; i < MAX_DRAFT_PLAYROOMS - 1; i++) {
			createDraftPlayroom(host.user, { name: `Entwurf ${i}`, city: 'koeln' })
		}
		const page = (locale: '' | '/en', name: string) =>
			callRoute(playroomsAction as never, {
				path: `${locale}/host/playrooms`,
				cookie: host.cookie,
				form: { name, city: 'koeln' },
				middleware: [roleGuard('Owner')],
			})
		// The 20th draft is still made.
		expect((await page('', 'Entwurf zwanzig')).status).toBe(302)
		expect(draftsOf(host.user.id)).toBe(MAX_DRAFT_PLAYROOMS)

		const messages = {
			de: 'Du hast schon 20 unveröffentlichte Entwürfe. Stelle einen davon fertig und veröffentliche ihn, bevor du einen weiteren Spielraum anlegst.',
			en: 'You already have 20 unpublished drafts. Finish and publish one of them before you create another playroom.',
		}
		for (const [locale, language] of [
			['', 'de'],
			['/en', 'en'],
		] as const) {
			const refused = await page(locale, 'Noch einer')
			expect(refused.status).toBe(400)
			const formErrors = (refused.data as { result: { error: Record<string, string[]> } }).result.error['']
			expect(formErrors?.map((message) => translateValidationMessage(getFixedT(language), message))).toEqual([
				messages[language],
			])
			const api = await callApi(ownerPlayroomsAction, 'Owner/Playrooms', 'Create', {
				json: { name: 'Noch einer', city: 'berlin' },
				cookie: host.cookie,
				language,
			})
			expect(api.status).toBe(409)
			expect(api.error?.message).toBe(messages[language])
		}
		expect(draftsOf(host.user.id)).toBe(MAX_DRAFT_PLAYROOMS)
		expect(
			getDb().select({ n: count() }).from(playrooms).where(eq(playrooms.name, 'Noch einer')).get()?.n,
		).toBe(0)

		// Another host is not affected; once a draft is published, this host may make one again.
		const other = await createLoggedInUser({ role: 'Owner' })
		expect(createDraftPlayroom(other.user, { name: 'Anderer Entwurf', city: 'koeln' }).id).toBeTruthy()
		const oneDraft = getDb()
			.select({ id: playrooms.id })
			.from(playrooms)
			.where(and(eq(playrooms.hostId, host.user.id), eq(playrooms.status, 'Draft')))
			.get()!
		getDb().update(playrooms).set({ status: 'Published' }).where(eq(playrooms.id, oneDraft.id)).run()
		expect((await page('', 'Jetzt wieder')).status).toBe(302)
		expect(draftsOf(host.user.id)).toBe(MAX_DRAFT_PLAYROOMS)
	})
})
