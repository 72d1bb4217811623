// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { users } from '#db/schema/users.ts'
import AdminSearchPage, { loader as searchLoader } from '#app/routes/admin/search.tsx'
import { loader as searchApi } from '#app/routes/api/admin-search.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { callApi } from '#tests/helpers/api.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser, createTestUser } from '#tests/helpers/users.ts'
import {
	BUILD_BATCH_ROWS,
	buildAdminSearchIndex,
	INLINE_BUILD_ROWS,
	resetAdminSearchIndex,
} from './admin-search-index.server.ts'
import { searchAdmin } from './admin-search.server.ts'

/** ADR 0108: a big table's index is built in the background, in batches; searches answer meanwhile. */
const adminRole = { role: 'Admin' as const }
let admin: Awaited<ReturnType<typeof createLoggedInUser>>
let builder: Awaited<ReturnType<typeof createTestUser>>

beforeAll(async () => {
	admin = await createLoggedInUser({ role: 'Admin' })
	builder = await createTestUser({
		role: 'Owner',
		email: 'bruno.bau@example.test',
		firstName: 'Bruno',
		lastName: 'Baustelle',
	})
	// More users than a search indexes inline: the index of a wiped database is built in the background.
	const sqlite = getDb().$client
	const insert = sqlite.prepare(`INSERT INTO users (id, email, role, display_name, first_name, last_name,
		created_at, updated_at) VALUES (?, ?, 'Customer', ?, 'Viele', 'Gaeste', ?, ?)`)
	sqlite.transaction(() => {
		for (let i = 0; i <= INLINE_BUILD_ROWS + BUILD_BATCH_ROWS; i++) {
			insert.run(`bulk${String(i).padStart(12, '0')}`, `bulk-${i}@example.test`, `Bulk ${i}`, 1, 1)
		}
	})()
})

describe('admin search index built in the background', () => {
	test('a search before the index is ready answers (exact hits, a note), never waits or throws; then names are found', async () => {
		resetAdminSearchIndex()
		const started = performance.now()
		const during = searchAdmin(adminRole, 'Baustelle')
		expect(performance.now() - started).toBeLessThan(1_000)
		expect(during).toMatchObject({ indexing: true, users: [] })
		// Exact shortcuts do not need the index.
		const byEmail = searchAdmin(adminRole, 'bruno.bau@example.test')
		expect(byEmail).toMatchObject({ indexing: true })
		expect(byEmail.users.map((user) => user.id)).toEqual([builder.id])
		// FTS syntax is still text while building.
		expect(() => searchAdmin(adminRole, '"OR NEAR(')).not.toThrow()

		// A user renamed while the build runs is found under the new name afterwards.
		getDb()
			.update(users)
			.set({ lastName: 'Bauherrin', updatedAt: new Date(Date.now() + 1_000) })
			.where(eq(users.id, builder.id))
			.run()
		const stats = await buildAdminSearchIndex()
		expect(stats.batches).toBeGreaterThanOrEqual(3)

		const after = searchAdmin(adminRole, 'Bauherrin')
		expect(after.indexing).toBe(false)
		expect(after.users.map((user) => user.id)).toEqual([builder.id])
		expect(searchAdmin(adminRole, 'Baustelle').users).toEqual([])
		expect(searchAdmin(adminRole, 'Bulk 2999').users.map((user) => user.email)).toContain(
			'bulk-2999@example.test',
		)
	})

	test('page and API answer 200 while the index is built: the page shows the note', async () => {
		resetAdminSearchIndex()
		const response = await callApi(searchApi as never, 'Admin/Search', 'Get', {
			cookie: admin.cookie,
			query: 'query=Bauherrin',
		})
		expect(response.status).toBe(200)
		expect(response.value).toMatchObject({ indexing: true, users: [] })

		const result = await callRoute(searchLoader as never, {
			path: '/en/admin/search?query=Bauherrin',
			cookie: admin.cookie,
			middleware: [roleGuard('Admin')],
		})
		type Data = Awaited<ReturnType<typeof searchLoader>>
		const Page = AdminSearchPage as unknown as (props: { loaderData: Data }) => React.ReactElement
		await renderWithApp(<Page loaderData={result.data as Data} />, { locale: 'en' })
		expect(screen.getByTestId('search-indexing').textContent).toMatch(/still being built/)

		await buildAdminSearchIndex()
		expect(searchAdmin(adminRole, 'Bauherrin')).toMatchObject({ indexing: false })
	})
})
