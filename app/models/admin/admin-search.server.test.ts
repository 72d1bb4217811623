import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { orders } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { getDb } from '#app/utils/db.server.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { resetAdminSearchIndex } from './admin-search-index.server.ts'
import { searchAdmin } from './admin-search.server.ts'

const admin = { role: 'Admin' as const }
let host: Awaited<ReturnType<typeof createTestUser>>
let guest: Awaited<ReturnType<typeof createTestUser>>
let playroom: Awaited<ReturnType<typeof createTestPlayroom>>
let order: Awaited<ReturnType<typeof createTestOrder>>

beforeAll(async () => {
	host = await createTestUser({
		role: 'Owner',
		email: 'helga.hoster@example.test',
		displayName: 'Spielhaus Hoster',
		firstName: 'Helga',
		lastName: 'Höster',
	})
	guest = await createTestUser({ role: 'Customer', firstName: 'Jürgen', lastName: 'Gastmann' })
	playroom = await createTestPlayroom({
		hostId: host.id,
		name: 'Tobezimmer Ehrenfeld',
		playroomUrlPath: 'tobezimmer-ehrenfeld-vanity',
		city: 'Köln',
	})
	order = await createTestOrder({
		playroomId: playroom.id,
		hostId: host.id,
		checkIn: new Date('2026-07-01T08:00:00Z'),
		checkOut: new Date('2026-07-01T10:00:00Z'),
	})
})

describe('searchAdmin', () => {
	test('finds "Koeln" and "Köln" alike (the catalogue folding), a playroom by its path', () => {
		for (const query of ['Köln', 'Koeln', 'koln']) {
			expect(
				searchAdmin(admin, query).playrooms.map((p) => p.id),
				query,
			).toContain(playroom.id)
		}
		const byPath = searchAdmin(admin, 'tobezimmer-ehrenfeld-vanity').playrooms
		expect(byPath[0]).toMatchObject({ id: playroom.id, path: `/admin/playrooms/${playroom.id}` })
		const byUrl = searchAdmin(admin, 'http://localhost/en/playrooms/tobezimmer-ehrenfeld-vanity').playrooms
		expect(byUrl[0]?.id).toBe(playroom.id)
	})

	test('finds a user by e-mail (exact first), by name with umlauts folded, and links by role', () => {
		const byEmail = searchAdmin(admin, 'Helga.Hoster@example.test').users
		expect(byEmail[0]).toMatchObject({ id: host.id, role: 'Owner', path: `/admin/hosts/${host.id}` })
		expect(searchAdmin(admin, 'hoester').users.map((u) => u.id)).toContain(host.id)
		expect(searchAdmin(admin, 'Spielhaus').users.map((u) => u.id)).toContain(host.id)
		const byGuestName = searchAdmin(admin, 'juergen gastm').users
		expect(byGuestName.map((u) => u.path)).toContain(`/admin/guests/${guest.id}`)
	})

	test('finds an order by its code (with or without "SZ-") and by the guest name', () => {
		const suffix = order.code.slice(3)
		for (const query of [order.code, order.code.toLowerCase(), `SZ${suffix}`, suffix]) {
			const found = searchAdmin(admin, query).orders
			expect(found[0], query).toMatchObject({ id: order.id, path: `/admin/orders/${order.id}` })
		}
		expect(searchAdmin(admin, 'Gabi Geheim').orders.map((o) => o.id)).toContain(order.id)
	})

	test('a code whose random part starts with "SZ" is found without its prefix too', async () => {
		const twin = await createTestOrder({
			playroomId: playroom.id,
			hostId: host.id,
			checkIn: new Date('2026-07-02T08:00:00Z'),
			checkOut: new Date('2026-07-02T10:00:00Z'),
		})
		getDb().update(orders).set({ code: 'SZ-SZDA7Y' }).where(eq(orders.id, twin.id)).run()
		for (const query of ['SZ-SZDA7Y', 'szda7y', 'SZDA7Y']) {
			expect(searchAdmin(admin, query).orders[0], query).toMatchObject({ id: twin.id })
		}
	})

	test('a user changed after the last search is found under the new name at once', () => {
		searchAdmin(admin, 'anything')
		getDb().update(users).set({ lastName: 'Neumaier' }).where(eq(users.id, guest.id)).run()
		expect(searchAdmin(admin, 'Neumaier').users.map((u) => u.id)).toEqual([guest.id])
		expect(searchAdmin(admin, 'Gastmann').users.map((u) => u.id)).not.toContain(guest.id)
	})

	test('a reset index is rebuilt by the next search', () => {
		resetAdminSearchIndex()
		getDb().run(sql`DELETE FROM admin_user_search`)
		expect(searchAdmin(admin, 'Spielhaus Hoster').users.map((u) => u.id)).toContain(host.id)
	})

	test.each([
		'"',
		'*',
		'OR',
		'NEAR(',
		"'",
		'Köln OR',
		'"Köln" NEAR(a b)',
		'a AND',
		'^x',
		'{name}: x',
		'-',
		':',
	])('FTS syntax %s is text, never an error', (query) => {
		expect(() => searchAdmin(admin, query)).not.toThrow()
	})

	test('"NEAR(" finds a user whose name has the word "near" and nothing breaks for "OR"', async () => {
		const near = await createTestUser({ firstName: 'Nearly', lastName: 'Orwell' })
		expect(searchAdmin(admin, 'NEAR(').users.map((u) => u.id)).toContain(near.id)
		expect(searchAdmin(admin, 'OR').users.map((u) => u.id)).toContain(near.id)
	})

	test('only admins may search', () => {
		expect(() => searchAdmin({ role: 'Owner' }, 'x')).toThrow()
		expect(() => searchAdmin({ role: 'Customer' }, 'x')).toThrow()
	})
})
