import { count, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { playrooms } from '#db/schema/catalogue.ts'
import { importRuns } from '#db/schema/import.ts'
import { orders } from '#db/schema/orders.ts'
import { backgroundTaskExecutions } from '#db/schema/platform.ts'
import { users } from '#db/schema/users.ts'
import { generateImportExport } from '#tests/helpers/import-fixture.ts'
import { createRecordingHub } from '#tests/helpers/recording-hub.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { importDocumentSchema } from '#app/schemas/admin-import.ts'
import { getDb } from '#app/utils/db.server.ts'
import { createImportRun, isActiveRun, startImportRun } from './admin-import.server.ts'

async function runImport(adminUserId: string, raw: unknown, dryRun = false) {
	const { hub, published } = createRecordingHub()
	const runId = createImportRun({
		adminUserId,
		fileName: 'export.json',
		dryRun,
		document: importDocumentSchema.parse(raw),
	})
	const outcome = await startImportRun(runId, hub)
	const run = getDb().select().from(importRuns).where(eq(importRuns.id, runId)).get()
	return { outcome, run: run!, published }
}

const tally = () => {
	const db = getDb()
	return {
		users: db.select({ n: count() }).from(users).get()!.n,
		playrooms: db.select({ n: count() }).from(playrooms).get()!.n,
		orders: db.select({ n: count() }).from(orders).get()!.n,
	}
}

describe('admin import', () => {
	test('imports 1,000 users, 200 playrooms and 5,000 orders with progress; the second run changes nothing', async () => {
		const admin = await createTestUser({ role: 'Admin' })
		const fixture = generateImportExport({ users: 1000, playrooms: 200, orders: 5000 })
		const before = tally()

		const started = performance.now()
		const first = await runImport(admin.id, fixture)
		expect(performance.now() - started).toBeLessThan(20_000)
		expect(first.outcome.status).toBe('succeeded')
		expect(first.run.status).toBe('succeeded')
		expect(first.run.report?.counts).toEqual({
			users: { created: 1000, updated: 0, unchanged: 0, invalid: 0 },
			playrooms: { created: 200, updated: 0, unchanged: 0, invalid: 0 },
			orders: { created: 5000, updated: 0, unchanged: 0, invalid: 0 },
		})
		expect(tally()).toEqual({
			users: before.users + 1000,
			playrooms: before.playrooms + 200,
			orders: before.orders + 5000,
		})
		// 2 + 1 + 10 chunks of 500, one SeedProgress each, to the admin who started it.
		const progress = first.published.filter((p) => p.event.type === 'SeedProgress')
		expect(progress).toHaveLength(13)
		expect(progress.every((p) => p.to === `user:${admin.id}`)).toBe(true)
		expect(progress.at(-1)?.event).toMatchObject({ step: 13, totalSteps: 13, text: 'orders 5000/5000' })
		expect(first.run).toMatchObject({ step: 13, totalSteps: 13, document: null })

		const guest = getDb().select().from(users).where(eq(users.email, 'import-500@example.org')).get()
		expect(guest).toMatchObject({ role: 'Customer', imported: true, passwordHash: null })
		const execution = getDb()
			.select()
			.from(backgroundTaskExecutions)
			.where(eq(backgroundTaskExecutions.id, first.run.executionId!))
			.get()
		expect(execution).toMatchObject({
			taskName: 'admin-import',
			trigger: 'manual',
			status: 'succeeded',
			itemsProcessed: 6200,
		})
		const order = getDb().select().from(orders).where(eq(orders.code, 'LEG-000001')).get()
		expect(order).toMatchObject({ totalAmount: 5001, commissionAmount: 500, status: 'Completed' })

		const updatedAt = guest!.updatedAt
		const second = await runImport(admin.id, fixture)
		expect(second.run.report?.counts).toEqual({
			users: { created: 0, updated: 0, unchanged: 1000, invalid: 0 },
			playrooms: { created: 0, updated: 0, unchanged: 200, invalid: 0 },
			orders: { created: 0, updated: 0, unchanged: 5000, invalid: 0 },
		})
		expect(tally()).toEqual({
			users: before.users + 1000,
			playrooms: before.playrooms + 200,
			orders: before.orders + 5000,
		})
		expect(getDb().select().from(users).where(eq(users.id, guest!.id)).get()?.updatedAt).toEqual(updatedAt)

		// A changed row is updated, the rest stay.
		fixture.users[500]!.lastName = 'Renamed'
		const third = await runImport(admin.id, fixture)
		expect(third.run.report?.counts.users).toEqual({ created: 0, updated: 1, unchanged: 999, invalid: 0 })
		expect(getDb().select().from(users).where(eq(users.id, guest!.id)).get()?.lastName).toBe('Renamed')
	}, 60_000)

	test('bad rows are reported with their index and reason; the other rows import', async () => {
		const admin = await createTestUser({ role: 'Admin' })
		const fixture = generateImportExport({ users: 10, playrooms: 3, orders: 6, hosts: 2, prefix: 'bad' })
		fixture.users[3]!.email = 'not-an-email'
		fixture.playrooms[1]!.hostLegacyId = 'missing'
		fixture.orders[4]!.checkOut = fixture.orders[4]!.checkIn
		const { run } = await runImport(admin.id, fixture)
		expect(run.report?.counts.users).toEqual({ created: 9, updated: 0, unchanged: 0, invalid: 1 })
		expect(run.report?.counts.playrooms).toEqual({ created: 2, updated: 0, unchanged: 0, invalid: 1 })
		expect(run.report?.errors).toEqual(
			expect.arrayContaining([
				expect.objectContaining({
					entity: 'users',
					index: 3,
					legacyId: 'badu3',
					field: 'email',
					reason: 'validation.email',
				}),
				expect.objectContaining({
					entity: 'playrooms',
					index: 1,
					field: 'hostLegacyId',
					reason: 'adminImport:errors.unknownHost?legacyId=missing',
				}),
				expect.objectContaining({
					entity: 'orders',
					index: 4,
					field: 'checkOut',
					reason: 'adminImport:errors.checkOutBeforeCheckIn',
				}),
			]),
		)
		// Orders of the missing playroom (index 1, 4) and of the guest u3 are refused too; the rest import.
		const refused = run.report!.errors.filter((e) => e.entity === 'orders').map((e) => e.index)
		expect(run.report?.counts.orders.created).toBe(6 - refused.length)
		expect(refused).toContain(1)
	})

	test('a dry run reports what would change and writes nothing', async () => {
		const admin = await createTestUser({ role: 'Admin' })
		const fixture = generateImportExport({ users: 20, playrooms: 4, orders: 30, prefix: 'dry' })
		const before = tally()
		const { run, published } = await runImport(admin.id, fixture, true)
		expect(run.report?.counts).toEqual({
			users: { created: 20, updated: 0, unchanged: 0, invalid: 0 },
			playrooms: { created: 4, updated: 0, unchanged: 0, invalid: 0 },
			orders: { created: 30, updated: 0, unchanged: 0, invalid: 0 },
		})
		expect(tally()).toEqual(before)
		expect(published.some((p) => p.event.type === 'SeedProgress')).toBe(true)
	})
	test('a run left "running" by a process that died stops counting as active after the lease', () => {
		const startedAt = new Date('2026-01-10T10:00:00Z')
		const run = { status: 'running' as const, createdAt: startedAt }
		expect(isActiveRun(run, new Date('2026-01-10T10:29:00Z'))).toBe(true)
		expect(isActiveRun(run, new Date('2026-01-10T10:31:00Z'))).toBe(false)
		expect(isActiveRun({ ...run, status: 'succeeded' }, startedAt)).toBe(false)
	})
})
