import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import {
	playroomAdditions,
	playroomBookingTypes,
	playroomFeatures,
	playroomOpeningHours,
	playroomPages,
	playroomQuestions,
	playrooms,
} from '#db/schema/catalogue.ts'
import { users } from '#db/schema/users.ts'
import { createDraftPlayroom } from '#app/models/host-office/host-playrooms.server.ts'
import { EDITOR_SECTIONS } from '#app/schemas/host-editor.ts'
import { getDb } from '#app/utils/db.server.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import * as editorApi from './host-playroom-editor.ts'

/**
 * Issue 29: two sections of the editor API refused the `null` fields their
 * own GET answers with (read → save unchanged → 400). For every section: what
 * GET answers, PUT back unchanged, is a 200 and changes nothing — for a
 * playroom with its optional fields empty and one with them filled.
 */
function snapshot(id: string) {
	const db = getDb()
	const { updatedAt: _updatedAt, ...row } = db.select().from(playrooms).where(eq(playrooms.id, id)).get()!
	const of = <T extends { playroomId: unknown }>(table: T) =>
		db
			.select()
			.from(table as never)
			.where(eq(table.playroomId as never, id))
			.all()
			.map((r) => {
				const { id: _rowId, ...rest } = r as { id?: unknown }
				return rest
			})
	const { updatedAt: _hostUpdatedAt, ...host } = db
		.select()
		.from(users)
		.where(eq(users.id, row.hostId))
		.get()!
	return {
		row,
		host,
		// Saving availability writes a disabled row for each type not offered (as the form does): not a change.
		types: of(playroomBookingTypes).filter((type) => (type as { enabled: boolean }).enabled),
		hours: of(playroomOpeningHours),
		features: of(playroomFeatures),
		questions: of(playroomQuestions),
		pages: of(playroomPages),
		additions: of(playroomAdditions),
	}
}

const sectionCall = (id: string, section: string, cookie: string) => ({
	path: `/api/Owner/Playrooms/${id}/${section}`,
	cookie,
	params: { playroomId: id, section },
})

async function readAll(id: string, cookie: string) {
	const answers: Record<string, unknown> = {}
	for (const section of Object.keys(EDITOR_SECTIONS)) {
		const read = await callRoute(editorApi.loader as never, sectionCall(id, section, cookie))
		expect(read.status, section).toBe(200)
		answers[section] = (read.json as { value: unknown }).value
	}
	return answers
}

async function roundTrip(id: string, cookie: string) {
	const first = await readAll(id, cookie)
	for (const [section, value] of Object.entries(first)) {
		const before = snapshot(id)
		const saved = await callRoute(editorApi.action as never, {
			...sectionCall(id, section, cookie),
			method: 'PUT',
			json: value,
		})
		expect(saved.status, `${section}: ${JSON.stringify(saved.json)}`).toBe(200)
		expect((saved.json as { value: unknown }).value, section).toEqual(value)
		expect(snapshot(id), section).toEqual(before)
	}
	expect(await readAll(id, cookie)).toEqual(first)
}

describe('host editor API: every section saves what it reads', () => {
	test('a playroom with its optional fields empty (nulls in the answer)', async () => {
		const host = await createLoggedInUser({ role: 'Owner' })
		const { id } = await createTestPlayroom({ hostId: host.user.id, websiteUrl: null })
		const read = await callRoute(editorApi.loader as never, sectionCall(id, 'basic-information', host.cookie))
		// The case of the issue: the answer has nulls.
		expect((read.json as { value: Record<string, unknown> }).value).toMatchObject({
			customUrl: null,
			serviceRadiusKm: null,
			sizeSqm: null,
			websiteUrl: null,
		})
		await roundTrip(id, host.cookie)
	})

	test('a new draft (empty street and postal code, no prices yet)', async () => {
		const host = await createLoggedInUser({ role: 'Owner' })
		const { id } = createDraftPlayroom(host.user, { name: 'Neuer Entwurf', city: 'koeln' })
		await roundTrip(id, host.cookie)
	})

	test('a playroom with every optional field filled', async () => {
		const host = await createLoggedInUser({
			role: 'Owner',
			companyName: 'Spiel GmbH',
			street: 'Hauptstraße 1',
			postalCode: '50667',
			city: 'Köln',
			country: 'DE',
			vatId: 'DE123456789',
			payoutIban: 'DE89370400440532013000',
		})
		const { id } = await createTestPlayroom({
			hostId: host.user.id,
			customUrl: `eigene-${Math.random().toString(36).slice(2, 8)}`,
			placeType: 'Mobile',
			serviceRadiusKm: 30,
			sizeSqm: 120,
			minChildAge: 2,
			maxChildAge: 10,
			rulesDe: 'Socken an.',
			safetyChecklist: ['firstAidKit'],
		})
		await roundTrip(id, host.cookie)
	})
})
