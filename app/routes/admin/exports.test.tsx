// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import { beforeAll, describe, expect, test } from 'vitest'
import { roleGuard } from '#app/utils/auth.server.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import { loader as datevLoader } from './datev-export.ts'
import AdminExportsPage, { loader as exportsLoader } from './exports.tsx'

/**
 * Issue 34 / ADR 0180: /admin/exports and its DATEV download are the admin's only. The file comes
 * with its month's name and Windows-1252 type; a bad month goes back to the page, which says why.
 */
const adminArea = [roleGuard('Admin')]
let admin: Awaited<ReturnType<typeof createLoggedInUser>>
let host: Awaited<ReturnType<typeof createLoggedInUser>>
let guest: Awaited<ReturnType<typeof createLoggedInUser>>

beforeAll(async () => {
	admin = await createLoggedInUser({ role: 'Admin' })
	host = await createLoggedInUser({ role: 'Owner' })
	guest = await createLoggedInUser({ role: 'Customer' })
})

async function download(cookie: string | undefined, month: string) {
	let response: Response | undefined
	const capture = async (args: never) => {
		response = (await datevLoader(args)) as Response
		return response.clone()
	}
	const result = await callRoute(capture as never, {
		path: `/admin/exports/datev?month=${month}`,
		cookie,
		middleware: adminArea,
	})
	return { result, response }
}

describe('DATEV export download', () => {
	test('an admin downloads the month as DATEV-Buchungsstapel-2026-10.csv (Windows-1252, EXTF)', async () => {
		const { result, response } = await download(admin.cookie, '2026-10')
		expect(result.status).toBe(200)
		expect(response?.headers.get('Content-Disposition')).toBe(
			'attachment; filename="DATEV-Buchungsstapel-2026-10.csv"',
		)
		expect(response?.headers.get('Content-Type')).toBe('text/csv; charset=windows-1252')
		const text = Buffer.from((await response?.arrayBuffer()) ?? new ArrayBuffer(0)).toString('latin1')
		expect(text).toMatch(/^"EXTF";700;21;"Buchungsstapel";13;/)
		expect(text).toContain(';20261001;20261031;"Spielzimmer 2026-10";')
	})

	test('hosts and guests get 403, anonymous callers the login page — never the file', async () => {
		for (const user of [host, guest]) {
			const { result } = await download(user.cookie, '2026-10')
			expect(result.status).toBe(403)
		}
		const { result } = await download(undefined, '2026-10')
		expect(result.status).toBe(302)
		expect(result.location).toMatch(/^\/login\?redirect=%2Fadmin%2Fexports%2Fdatev/)
	})

	test('a bad month goes back to the page with the value kept and a message', async () => {
		const { result } = await download(admin.cookie, '2026-13')
		expect(result.status).toBe(302)
		expect(result.location).toBe('/admin/exports?month=2026-13')
		const page = await callRoute(exportsLoader as never, {
			path: '/admin/exports?month=2026-13',
			cookie: admin.cookie,
			middleware: adminArea,
		})
		expect(page.status).toBe(200)
		const data = page.data as {
			result: { initialValue: { month: string }; error: Record<string, string[]> } | undefined
			accounts: Record<string, number>
		}
		// The value as typed comes back with its message (shown in the failure summary and at the field).
		expect(data.result?.initialValue.month).toBe('2026-13')
		expect(data.result?.error.month?.length).toBeGreaterThan(0)
		expect(data.accounts).toMatchObject({ bank: 1200, revenue19: 8400, hostPayables: 1700 })

		const Page = AdminExportsPage as unknown as (props: { loaderData: unknown }) => React.ReactNode
		await renderWithApp(<Page loaderData={page.data} />, { locale: 'de' })
		const input = screen.getByLabelText(/Monat/) as HTMLInputElement
		expect(input.value).toBe('2026-13')
		expect(input.getAttribute('aria-invalid')).toBe('true')
		expect(screen.getByRole('alert').textContent).toMatch(/Monat/)
		expect(screen.getByTestId('datev-form').getAttribute('action')).toBe('/admin/exports/datev')
		expect(screen.getByTestId('datev-accounts').textContent).toContain('Provisionserlöse 19 % USt8400')
	})

	test('without a month the page offers last month, with no message', async () => {
		const page = await callRoute(exportsLoader as never, {
			path: '/en/admin/exports',
			cookie: admin.cookie,
			middleware: adminArea,
		})
		const data = page.data as { defaultMonth: string; result: unknown }
		expect(data.defaultMonth).toMatch(/^\d{4}-\d{2}$/)
		expect(data.result).toBeUndefined()
	})
})
