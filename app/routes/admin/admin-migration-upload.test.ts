import { beforeAll, describe, expect, test } from 'vitest'
import { isActiveRun, latestImportRun } from '#app/models/admin/admin-import.server.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { generateImportExport } from '#tests/helpers/import-fixture.ts'
import { createRecordingHub } from '#tests/helpers/recording-hub.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { action, loader } from './migration.tsx'

const adminArea = [roleGuard('Admin')]
let admin: Awaited<ReturnType<typeof createLoggedInUser>>

beforeAll(async () => {
	admin = await createLoggedInUser({ role: 'Admin' })
})

const upload = (form: Record<string, string | File>, hub = createRecordingHub().hub) =>
	callRoute(action as never, {
		path: '/en/admin/migration',
		cookie: admin.cookie,
		middleware: adminArea,
		form,
		hub,
	})

async function waitForRun() {
	for (let attempt = 0; attempt < 200 && isActiveRun(latestImportRun()); attempt++) {
		await new Promise((resolve) => setTimeout(resolve, 25))
	}
}

describe('/admin/migration upload', () => {
	test('an uploaded export runs in the background, publishes progress to the admin, and the page loads the report', async () => {
		const fixture = generateImportExport({ users: 8, playrooms: 2, orders: 5, hosts: 2, prefix: 'page' })
		fixture.orders[2]!.guestLegacyId = 'nobody'
		const { hub, published } = createRecordingHub()
		const answer = await upload(
			{ file: new File([JSON.stringify(fixture)], 'export.json'), dryRun: 'on' },
			hub,
		)
		expect(answer.status).toBe(302)
		expect(answer.location).toBe('/en/admin/migration')
		await waitForRun()
		expect(
			published.filter((p) => p.event.type === 'SeedProgress' && p.to === `user:${admin.user.id}`),
		).not.toHaveLength(0)

		const page = await callRoute(loader as never, {
			path: '/en/admin/migration',
			cookie: admin.cookie,
			middleware: adminArea,
		})
		const data = page.data as Awaited<ReturnType<typeof loader>>
		expect(data.active).toBe(false)
		expect(data.run).toMatchObject({ status: 'succeeded', dryRun: true, fileName: 'export.json' })
		expect(data.run?.report?.counts.orders).toEqual({ created: 4, updated: 0, unchanged: 0, invalid: 1 })
		expect(data.run?.report?.errors).toEqual([
			expect.objectContaining({
				entity: 'orders',
				index: 2,
				reason: 'adminImport:errors.unknownGuest?legacyId=nobody',
			}),
		])
	})

	test('a missing file, broken JSON or a document of the wrong shape is a translated 400', async () => {
		expect(await upload({ dryRun: 'on' })).toMatchObject({
			status: 400,
			data: { errors: ['adminImport:errors.noFile'] },
		})
		const broken = await upload({ file: new File(['{"users": ['], 'x.json') })
		expect(broken).toMatchObject({ status: 400, data: { errors: ['adminImport:errors.notJson'] } })
		const shape = await upload({ file: new File(['{"users": 3}'], 'x.json') })
		expect(shape).toMatchObject({ status: 400, data: { errors: ['adminImport:errors.badDocument'] } })
	})
})
