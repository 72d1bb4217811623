import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { playrooms } from '#db/schema/catalogue.ts'
import { users } from '#db/schema/users.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { getDb } from '#app/utils/db.server.ts'
import { deleteUserAsAdmin } from '#app/models/accounts/account.server.ts'
import { hostHasFutureOrders } from './host-orders.server.ts'

const HOUR = 60 * 60 * 1000
const now = new Date('2026-06-10T10:00:00Z')
const at = (hours: number) => new Date(now.getTime() + hours * HOUR)

describe('host deletion and future orders', () => {
	test('slot-holding orders that are not over yet count; past, ended and freed ones do not', async () => {
		const { id: playroomId, hostId } = await createTestPlayroom()
		expect(hostHasFutureOrders(hostId, { now })).toBe(false)
		await createTestOrder({ playroomId, hostId, checkIn: at(-50), checkOut: at(-48), status: 'Completed' })
		await createTestOrder({ playroomId, hostId, checkIn: at(24), checkOut: at(26), status: 'Cancelled' })
		await createTestOrder({ playroomId, hostId, checkIn: at(30), checkOut: at(32), status: 'Declined' })
		expect(hostHasFutureOrders(hostId, { now })).toBe(false)
		// An ongoing stay (started, not yet over) still counts.
		await createTestOrder({ playroomId, hostId, checkIn: at(-1), checkOut: at(1), status: 'Confirmed' })
		expect(hostHasFutureOrders(hostId, { now })).toBe(true)
	})

	test.each(['Requested', 'AwaitingPayment', 'Confirmed'] as const)(
		'a future %s order blocks the deletion and nothing changes',
		async (status) => {
			const admin = await createTestUser({ role: 'Admin' })
			const { id: playroomId, hostId } = await createTestPlayroom()
			await createTestOrder({ playroomId, hostId, checkIn: at(72), checkOut: at(74), status })
			expect(() => deleteUserAsAdmin(admin, hostId, now)).toThrow(
				expect.objectContaining({ errorName: 'HostHasFutureOrders', status: 409 }),
			)
			expect(getDb().select().from(users).where(eq(users.id, hostId)).get()?.deletedAt).toBeNull()
			expect(getDb().select().from(playrooms).where(eq(playrooms.id, playroomId)).get()?.status).toBe(
				'Published',
			)
		},
	)

	test('a host without future orders is anonymised and the playrooms leave the catalogue', async () => {
		const admin = await createTestUser({ role: 'Admin' })
		const { id: playroomId, hostId } = await createTestPlayroom()
		await createTestOrder({ playroomId, hostId, checkIn: at(-50), checkOut: at(-48), status: 'Completed' })
		deleteUserAsAdmin(admin, hostId, now)
		expect(getDb().select().from(users).where(eq(users.id, hostId)).get()?.deletedAt).toEqual(now)
		expect(getDb().select().from(playrooms).where(eq(playrooms.id, playroomId)).get()?.status).toBe('Paused')
	})
})
