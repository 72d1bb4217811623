// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { beforeAll, describe, expect, test } from 'vitest'
import { moneyTransactions } from '#db/schema/payments.ts'
import { resolveReportPeriod } from '#app/domain/report-period.ts'
import { dashboardPeriodSchema } from '#app/schemas/admin-dashboard.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { parseFormSubmission } from '#app/utils/form-submission.ts'
import { callApi } from '#tests/helpers/api.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { loader as searchApi } from '../api/admin-search.ts'
import AdminDashboardPage, { loader as dashboardLoader } from './dashboard.tsx'
import AdminSearchPage, { loader as searchLoader } from './search.tsx'

const adminArea = [roleGuard('Admin')]
let admin: Awaited<ReturnType<typeof createLoggedInUser>>

beforeAll(async () => {
	admin = await createLoggedInUser({ role: 'Admin' })
})

async function loadDashboard(query: string) {
	const result = await callRoute(dashboardLoader as never, {
		path: `/en/admin/dashboard${query}`,
		cookie: admin.cookie,
		middleware: adminArea,
	})
	return result
}

type DashboardData = Awaited<ReturnType<typeof dashboardLoader>>

async function renderDashboard(data: DashboardData) {
	const Page = AdminDashboardPage as unknown as (props: { loaderData: DashboardData }) => React.ReactElement
	return renderWithApp(<Page loaderData={data} />, { locale: 'en' })
}

describe('period parsing', () => {
	test.each([
		['', '30d', 30],
		['?period=7d', '7d', 7],
		['?period=90d', '90d', 90],
		['?period=custom&from=2026-01-01&to=2026-01-31', 'custom', 31],
	])('%s → %s (%i days)', async (query, key, days) => {
		const result = await loadDashboard(query)
		expect(result.status).toBe(200)
		const data = result.data as DashboardData
		expect(data.dashboard.period).toMatchObject({ key, days })
		expect(data.errors).toEqual({})
	})

	test('this month and last month are whole Berlin months', () => {
		const now = Date.parse('2026-03-15T12:00:00Z')
		expect(resolveReportPeriod({ period: 'thisMonth' }, now)).toMatchObject({
			from: '2026-03-01',
			to: '2026-03-15',
		})
		const last = resolveReportPeriod({ period: 'lastMonth' }, now)
		expect(last).toMatchObject({ from: '2026-02-01', to: '2026-02-28', days: 28 })
		expect(last.start).toBe(Date.parse('2026-01-31T23:00:00Z'))
		expect(resolveReportPeriod({ period: 'lastMonth' }, Date.parse('2026-01-05T12:00:00Z'))).toMatchObject({
			from: '2025-12-01',
			to: '2025-12-31',
		})
	})

	test.each([
		['?period=custom&from=2026-02-30&to=2026-03-01', 'from', 'Value is not a valid date'],
		['?period=custom&from=2026-03-10&to=2026-03-01', 'to', 'The end date is before the start date'],
		['?period=custom&from=2024-01-01&to=2026-01-01', 'to', 'The period may be at most 366 days long'],
		['?period=custom&from=2026-01-01', 'to', 'Value is required'],
		['?period=yesterday', 'period', 'Please choose one of the offered values'],
		["?period=custom&from='%20OR%201=1&to=%00", 'from', 'Value is not a valid date'],
	])('bad input %s → 200 with a translated message and the default period', async (query, field, message) => {
		const result = await loadDashboard(query)
		expect(result.status).toBe(200)
		const data = result.data as DashboardData
		expect(data.dashboard.period.key).toBe('30d')
		expect(data.errors[field]?.length).toBeGreaterThan(0)
		await renderDashboard(data)
		expect(screen.getAllByText(message).length).toBeGreaterThan(0)
		expect(screen.getByTestId('period-invalid').textContent).toContain('showing the last 30 days')
	})

	test('the schema refuses a custom period without dates', () => {
		const submission = parseFormSubmission(new URLSearchParams('period=custom'), {
			schema: dashboardPeriodSchema,
		})
		expect(submission.status).toBe('error')
	})
})

describe('dashboard page', () => {
	test('charts are SVG images with accessible names; the ledger banner appears only when unbalanced', async () => {
		await createTestPlayroom()
		const view = await renderDashboard((await loadDashboard('?period=7d')).data as DashboardData)
		const chart = screen.getByRole('img', { name: 'Bookings by status' })
		expect(chart.tagName.toLowerCase()).toBe('svg')
		expect(
			screen.getByRole('img', { name: 'Page views per day' }).querySelectorAll('rect.fill-accent'),
		).toHaveLength(7)
		expect(screen.queryByTestId('ledger-banner')).toBeNull()
		expect(screen.getByTestId('figure-orders').getAttribute('href')).toMatch(
			/^\/en\/admin\/orders\?createdAtFrom=/,
		)
		view.unmount()

		getDb()
			.insert(moneyTransactions)
			.values({ journalId: 'half-journal', kind: 'Refund', account: 'GuestPrepayments', amount: 500 })
			.run()
		await renderDashboard((await loadDashboard('')).data as DashboardData)
		const banner = screen.getByTestId('ledger-banner')
		expect(banner.getAttribute('role')).toBe('alert')
		expect(banner.textContent).toContain('The ledger does not balance')
		expect(banner.textContent).toContain('half-journal')
	})

	test('guests and hosts get 403, anonymous visitors the login page', async () => {
		for (const role of ['Customer', 'Owner'] as const) {
			const { cookie } = await createLoggedInUser({ role })
			for (const loader of [dashboardLoader, searchLoader]) {
				const result = await callRoute(loader as never, {
					path: '/admin/dashboard',
					cookie,
					middleware: adminArea,
				})
				expect(result.status).toBe(403)
			}
			expect(
				(await callApi(searchApi as never, 'Admin/Search', 'Get', { cookie, query: 'query=a' })).status,
			).toBe(403)
		}
		const anonymous = await callRoute(dashboardLoader as never, {
			path: '/admin/dashboard',
			middleware: adminArea,
		})
		expect(anonymous.status).toBe(302)
		expect((await callApi(searchApi as never, 'Admin/Search', 'Get', { query: 'query=a' })).status).toBe(401)
	})
})

describe('search page and API', () => {
	test('the page finds a playroom and links to its admin page', async () => {
		const playroom = await createTestPlayroom({ name: 'Kletterkeller Sülz', city: 'Köln' })
		const result = await callRoute(searchLoader as never, {
			path: '/en/admin/search?query=Kletterkeller+Koeln',
			cookie: admin.cookie,
			middleware: adminArea,
		})
		type Data = Awaited<ReturnType<typeof searchLoader>>
		const data = result.data as Data
		const Page = AdminSearchPage as unknown as (props: { loaderData: Data }) => React.ReactElement
		await renderWithApp(<Page loaderData={data} />, { locale: 'en' })
		const link = screen.getByRole('link', { name: 'Kletterkeller Sülz' })
		expect(link.getAttribute('href')).toBe(`/en/admin/playrooms/${playroom.id}`)
	})

	test.each(['"', '*', 'OR', 'NEAR(', "'", '"Köln" OR NEAR(x'])(
		'API: %s is text in the envelope, never a 500',
		async (query) => {
			const response = await callApi(searchApi as never, 'Admin/Search', 'Get', {
				cookie: admin.cookie,
				query: `query=${encodeURIComponent(query)}`,
			})
			expect(response.status).toBe(200)
			expect(response.body.success).toBe(true)
			expect(response.value).toMatchObject({ users: expect.any(Array), orders: expect.any(Array) })
		},
	)

	test('API: an admin finds a user by e-mail with the path of the admin page', async () => {
		const host = await createLoggedInUser({ role: 'Owner', email: 'search-host@example.test' })
		const response = await callApi(searchApi as never, 'Admin/Search', 'Get', {
			cookie: admin.cookie,
			query: 'query=search-host@example.test',
		})
		const value = response.value as { users: { id: string; path: string }[] }
		expect(value.users[0]).toMatchObject({ id: host.user.id, path: `/admin/hosts/${host.user.id}` })
	})

	test('API: a query of more than 200 characters is a 400 envelope', async () => {
		const response = await callApi(searchApi as never, 'Admin/Search', 'Get', {
			cookie: admin.cookie,
			query: `query=${'a'.repeat(201)}`,
		})
		expect(response.status).toBe(400)
		expect(response.body.success).toBe(false)
	})
})
