import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { playrooms } from '#db/schema/catalogue.ts'
import { listAuditEntries } from '#app/models/platform/audit-log.server.ts'
import { createSession } from '#app/models/accounts/session.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { isPlayroomEditorPath } from '#app/utils/slugs.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { requestPage } from '#tests/helpers/route-table.ts'
import { createLoggedInUser, createTestUser } from '#tests/helpers/users.ts'
import * as layout from './layout.tsx'

/**
 * ADR 0102: an admin opens the host's playroom editor on behalf of the host —
 * through the real route table (host layout guard, editor layout, tab) — and
 * only the editor: the rest of the host area stays 403 for admins, and a host
 * still cannot open another host's playroom.
 */
const rulesForm = (text: string) => ({
	rulesDe: `${text} (de)`,
	rulesEn: `${text} (en)`,
	cancellationPolicy: 'Strict',
	minChildAge: '',
	maxChildAge: '',
})

function rulesOf(id: string) {
	return getDb().select({ rulesEn: playrooms.rulesEn }).from(playrooms).where(eq(playrooms.id, id)).get()
		?.rulesEn
}

async function world() {
	const host = await createTestUser({ role: 'Owner', displayName: `Gastgeberin ${Date.now()}` })
	const { id } = await createTestPlayroom({ hostId: host.id })
	return { host, id }
}

describe('admin edits on behalf of the host', () => {
	test('an admin GETs and POSTs an editor tab of a host playroom; the row changes', async () => {
		const { id } = await world()
		const admin = await createLoggedInUser({ role: 'Admin' })
		const page = await requestPage(`/en/host/playrooms/edit/${id}/rules`, { cookie: admin.cookie })
		expect(page.status).toBe(200)
		const saved = await requestPage(`/en/host/playrooms/edit/${id}/rules`, {
			cookie: admin.cookie,
			form: rulesForm('Nur mit Socken'),
		})
		expect(saved.status).toBe(302)
		expect(saved.location).toBe(`/en/host/playrooms/edit/${id}/rules`)
		expect(rulesOf(id)).toBe('Nur mit Socken (en)')
		// The index of the editor leads to the first tab, for the admin too.
		const index = await requestPage(`/host/playrooms/edit/${id}`, { cookie: admin.cookie })
		expect(index.location).toBe(`/host/playrooms/edit/${id}/basic-information`)
	})

	test("an admin's save is in the playroom's audit log with the changed fields; a host's own save is not", async () => {
		const { host, id } = await world()
		const admin = await createLoggedInUser({ role: 'Admin' })
		const before = rulesOf(id)
		await requestPage(`/en/host/playrooms/edit/${id}/rules`, {
			cookie: admin.cookie,
			form: rulesForm('Hausschuhe'),
		})
		const [entry] = listAuditEntries('playroom', id)
		expect(entry).toMatchObject({ action: 'playroom.editOnBehalf' })
		expect(entry?.changes).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ field: 'editorTab', after: 'rules' }),
				expect.objectContaining({ field: 'rulesEn', before, after: 'Hausschuhe (en)' }),
			]),
		)
		const hostSession = createSession({ userId: host.id, persistent: true })
		await requestPage(`/en/host/playrooms/edit/${id}/rules`, {
			cookie: `auth.token=${hostSession.token}`,
			form: rulesForm('Socken'),
		})
		expect(rulesOf(id)).toBe('Socken (en)')
		expect(listAuditEntries('playroom', id)).toHaveLength(1)
	})

	test('the editor frame names the host for an admin and links back to the admin page', async () => {
		const { host, id } = await world()
		const admin = await createLoggedInUser({ role: 'Admin' })
		const asAdmin = await callRoute(layout.loader as never, {
			path: `/host/playrooms/edit/${id}/rules`,
			params: { playroomId: id },
			cookie: admin.cookie,
		})
		expect(asAdmin.data).toMatchObject({ id, onBehalfOf: host.displayName })
		const owner = await createLoggedInUser({ role: 'Owner' })
		const { id: own } = await createTestPlayroom({ hostId: owner.user.id })
		const asHost = await callRoute(layout.loader as never, {
			path: `/host/playrooms/edit/${own}/rules`,
			params: { playroomId: own },
			cookie: owner.cookie,
		})
		expect(asHost.data).toMatchObject({ id: own, onBehalfOf: null })
	})

	test('another host still gets 404 and changes nothing; guests 403; the rest of the host area is 403 for admins', async () => {
		const { id } = await world()
		const before = rulesOf(id)
		const other = await createLoggedInUser({ role: 'Owner' })
		const guest = await createLoggedInUser({ role: 'Customer' })
		expect((await requestPage(`/host/playrooms/edit/${id}/rules`, { cookie: other.cookie })).status).toBe(404)
		const foreign = await requestPage(`/host/playrooms/edit/${id}/rules`, {
			cookie: other.cookie,
			form: rulesForm('Fremd'),
		})
		expect(foreign.status).toBe(404)
		expect((await requestPage(`/host/playrooms/edit/${id}/rules`, { cookie: guest.cookie })).status).toBe(403)
		expect(rulesOf(id)).toBe(before)

		const admin = await createLoggedInUser({ role: 'Admin' })
		for (const path of ['/host/playrooms', `/host/playrooms/${id}`, '/host/orders', '/en/host/dashboard']) {
			expect((await requestPage(path, { cookie: admin.cookie })).status, path).toBe(403)
		}
	})

	test('only the editor index and its tabs count as editor paths', () => {
		expect(isPlayroomEditorPath('/host/playrooms/edit/Ab12Cd34Ef56Gh78')).toBe(true)
		expect(isPlayroomEditorPath('/host/playrooms/edit/Ab12Cd34Ef56Gh78/price')).toBe(true)
		expect(isPlayroomEditorPath('/host/playrooms/edit/Ab12Cd34Ef56Gh78/price/x')).toBe(false)
		expect(isPlayroomEditorPath('/host/playrooms/edit/Ab12Cd34Ef56Gh78/unknown')).toBe(false)
		expect(isPlayroomEditorPath('/host/playrooms/Ab12Cd34Ef56Gh78')).toBe(false)
		expect(isPlayroomEditorPath('/host/accessAreas')).toBe(false)
	})
})
