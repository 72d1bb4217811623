import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import {
	images,
	playroomBookingTypes,
	playroomContentVersions,
	playroomPhotos,
	playrooms,
} from '#db/schema/catalogue.ts'
import { createId } from '#db/schema/columns.ts'
import { ratings } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { getDb } from '#app/utils/db.server.ts'
import { recordAdminPlayroomEdit } from '#app/models/admin/admin-playrooms.server.ts'
import { listAuditEntries } from '#app/models/platform/audit-log.server.ts'
import { getPlayroomContent } from './playroom-content.server.ts'

const version = (id: string) =>
	getDb()
		.select({ v: playroomContentVersions.version })
		.from(playroomContentVersions)
		.where(eq(playroomContentVersions.playroomId, id))
		.get()?.v

/** A playroom with a row in every table its page reads, and a rating by a guest. */
async function fullPlayroom() {
	const room = await createTestPlayroom({
		features: ['ball-pit'],
		questions: [{ questionDe: 'Parken?', questionEn: 'Parking?', answerDe: 'Ja.', answerEn: 'Yes.' }],
		pages: [{ titleDe: 'Anfahrt', titleEn: 'Directions', textDe: 'Bus 1.', textEn: 'Bus 1.' }],
		additions: [{ nameDe: 'Kuchen', nameEn: 'Cake', price: 1_500, unit: 'PerBooking' }],
	})
	const imageId = createId()
	getDb().insert(images).values({ id: imageId, width: 800, height: 600, variants: [] }).run()
	getDb()
		.insert(playroomPhotos)
		.values({ playroomId: room.id, imageId, position: 0, altEn: 'Ball pit' })
		.run()
	const order = await createTestOrder({
		playroomId: room.id,
		hostId: room.hostId,
		checkIn: new Date('2026-01-10T09:00:00Z'),
		checkOut: new Date('2026-01-10T12:00:00Z'),
	})
	getDb()
		.insert(ratings)
		.values({
			orderId: order.id,
			playroomId: room.id,
			guestId: order.guestId,
			stars: 5,
			cleanliness: 5,
			communication: 5,
			value: 4,
			comment: 'Toll',
		})
		.run()
	return { ...room, imageId, guestId: order.guestId }
}

const CHILD_TABLES = [
	'playroom_photos',
	'playroom_features',
	'playroom_questions',
	'playroom_pages',
	'playroom_booking_types',
	'playroom_additions',
	'playroom_opening_hours',
	'ratings',
]

describe("the playroom's content version (ADR 0118)", () => {
	test('every insert, update and delete of a row the page shows gives the playroom a new version', async () => {
		const room = await fullPlayroom()
		const other = await createTestPlayroom()
		const sqlite = getDb().$client
		const changes = async (write: () => unknown) => {
			const before = [version(room.id), version(other.id)]
			await write()
			return { mine: version(room.id) !== before[0], other: version(other.id) !== before[1] }
		}
		for (const table of CHILD_TABLES) {
			const rows = `FROM ${table} WHERE playroom_id = '${room.id}'`
			expect(sqlite.prepare(`SELECT count(*) AS n ${rows}`).get(), table).not.toEqual({ n: 0 })
			sqlite.exec(`CREATE TEMP TABLE kept AS SELECT * ${rows}`)
			expect(
				await changes(() =>
					sqlite.exec(`UPDATE ${table} SET playroom_id = playroom_id WHERE playroom_id = '${room.id}'`),
				),
				`${table} update`,
			).toEqual({ mine: true, other: false })
			expect(await changes(() => sqlite.exec(`DELETE ${rows}`)), `${table} delete`).toEqual({
				mine: true,
				other: false,
			})
			expect(
				await changes(() => sqlite.exec(`INSERT INTO ${table} SELECT * FROM kept`)),
				`${table} insert`,
			).toEqual({ mine: true, other: false })
			sqlite.exec('DROP TABLE kept')
		}
		expect(
			await changes(() =>
				getDb().update(playrooms).set({ name: 'Neu' }).where(eq(playrooms.id, room.id)).run(),
			),
		).toEqual({ mine: true, other: false })
		expect(
			await changes(() => sqlite.exec(`UPDATE images SET width = 801 WHERE id = '${room.imageId}'`)),
		).toEqual({ mine: true, other: false })
		expect(
			(
				await changes(() =>
					sqlite.exec(`UPDATE features SET name_en = name_en || '!' WHERE key = 'ball-pit'`),
				)
			).mine,
		).toBe(true)
		const rename = (id: string, name: string) => () =>
			getDb().update(users).set({ displayName: name }).where(eq(users.id, id)).run()
		expect(await changes(rename(room.hostId, `Gastgeberin ${room.id}`))).toEqual({ mine: true, other: false })
		expect(await changes(rename(room.guestId, `Gast ${room.id}`))).toEqual({ mine: true, other: false })
		// Not content: another user's name, a booking (availability is read live on every request).
		expect(await changes(rename((await createTestUser()).id, `Jemand ${room.id}`))).toEqual({
			mine: false,
			other: false,
		})
		expect(
			await changes(() =>
				createTestOrder({
					playroomId: room.id,
					hostId: room.hostId,
					checkIn: new Date('2026-02-10T09:00:00Z'),
					checkOut: new Date('2026-02-10T12:00:00Z'),
				}),
			),
		).toEqual({ mine: false, other: false })
	})

	test('the same content object while the version is the same, a new one after a write; never kept inside a transaction', async () => {
		const room = await fullPlayroom()
		const path = room.input.playroomUrlPath
		const first = getPlayroomContent(path, null, 'en')
		expect(getPlayroomContent(path, null, 'en')).toBe(first)
		expect(getPlayroomContent(path, null, 'de')).not.toBe(first)
		expect(first.pages[0]?.title).toBe('Directions')

		getDb().$client.exec(
			`UPDATE playroom_questions SET answer_en = 'Two spaces.' WHERE playroom_id = '${room.id}'`,
		)
		const after = getPlayroomContent(path, null, 'en')
		expect(after).not.toBe(first)
		expect(after.detail.questions[0]?.answer).toBe('Two spaces.')

		getDb().transaction((tx) => {
			expect(getPlayroomContent(path, null, 'en', tx)).not.toBe(after)
		})
		expect(getPlayroomContent(path, null, 'en')).toBe(after)
		// Visibility is checked on every request, cached or not.
		getDb().update(playrooms).set({ status: 'Paused' }).where(eq(playrooms.id, room.id)).run()
		expect(() => getPlayroomContent(path, null, 'en')).toThrow()
		expect(getPlayroomContent(path, { id: room.hostId, role: 'Owner' }, 'en').detail.status).toBe('Paused')
	})

	test("a price-only save changes the version, not the playroom's row: an admin's audited edit records the tab alone", async () => {
		const room = await createTestPlayroom()
		const admin = await createTestUser({ role: 'Admin' })
		const before = getDb().select().from(playrooms).where(eq(playrooms.id, room.id)).get()
		const versionBefore = version(room.id)
		if (!before) throw new Error('no playroom')
		getDb()
			.update(playroomBookingTypes)
			.set({ weekdayPrice: 4_000 })
			.where(eq(playroomBookingTypes.playroomId, room.id))
			.run()
		expect(version(room.id)).not.toBe(versionBefore)
		// The playroom's own row is unchanged (the version has its own table).
		const { updatedAt: _u, ...row } =
			getDb().select().from(playrooms).where(eq(playrooms.id, room.id)).get() ?? before
		const { updatedAt: _v, ...rowBefore } = before
		expect(row).toEqual(rowBefore)
		recordAdminPlayroomEdit({ id: admin.id, role: 'Admin' }, room.id, 'prices', before)
		expect(listAuditEntries('playroom', room.id)[0]?.changes).toEqual([
			expect.objectContaining({ field: 'editorTab', after: 'prices' }),
		])
	})
})
