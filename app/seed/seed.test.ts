import { describe, expect, test } from 'vitest'
import { playrooms } from '#db/schema/catalogue.ts'
import { users } from '#db/schema/users.ts'
import { createRecordingHub } from '#tests/helpers/recording-hub.ts'
import { getDb } from '#app/utils/db.server.ts'
import { verifyPassword } from '#app/utils/password.server.ts'
import { DEMO_PASSWORD, isDatabaseEmpty, seedDemoData, wipeDatabase } from './index.server.ts'

describe('demo seed', () => {
	test('creates the confirmed demo accounts, reports progress, and is reproducible', async () => {
		expect(isDatabaseEmpty()).toBe(true)
		const { hub, published } = createRecordingHub()
		await seedDemoData({ hub })

		const accounts = getDb().select().from(users).orderBy(users.email).all()
		expect(accounts.map((a) => [a.email, a.role])).toEqual(
			expect.arrayContaining([
				['admin@example.com', 'Admin'],
				['guest@example.com', 'Customer'],
				['host@example.com', 'Owner'],
				...['guest2', 'guest3', 'guest4', 'guest5', 'guest6'].map((g) => [`${g}@example.com`, 'Customer']),
				...['host2', 'host3', 'host4'].map((h) => [`${h}@example.com`, 'Owner']),
			]),
		)
		expect(accounts.every((a) => a.emailConfirmedAt !== null)).toBe(true)
		const admin = accounts.find((a) => a.email === 'admin@example.com')
		expect(await verifyPassword(admin?.passwordHash ?? null, DEMO_PASSWORD)).toBe(true)

		const progress = published.filter((p) => p.event.type === 'SeedProgress')
		expect(progress.length).toBeGreaterThan(0)
		expect(progress[0]).toMatchObject({ to: 'all', event: { type: 'SeedProgress', step: 1 } })

		const firstIds = accounts.map((a) => a.id)
		wipeDatabase()
		expect(isDatabaseEmpty()).toBe(true)
		await seedDemoData()
		const secondIds = getDb()
			.select()
			.from(users)
			.orderBy(users.email)
			.all()
			.map((a) => a.id)
		expect(secondIds).toEqual(firstIds)
	})

	test('makes the same playrooms whatever the day (the orders, which depend on it, draw apart)', async () => {
		const playroomsSeededOn = async (now: Date) => {
			wipeDatabase()
			await seedDemoData({ now })
			return getDb()
				.select({
					id: playrooms.id,
					name: playrooms.name,
					path: playrooms.playroomUrlPath,
					maxGuests: playrooms.maxGuests,
					street: playrooms.street,
				})
				.from(playrooms)
				.orderBy(playrooms.playroomUrlPath)
				.all()
		}
		// Two of the days on which the seed used to fail: the playrooms after the first depended on the
		// day, and on those days one was too small for its fixed demo order.
		const autumn = await playroomsSeededOn(new Date('2026-11-27T09:00:00Z'))
		const spring = await playroomsSeededOn(new Date('2026-05-01T09:00:00Z'))
		expect(autumn.length).toBeGreaterThan(60)
		expect(spring).toEqual(autumn)
	})
})
