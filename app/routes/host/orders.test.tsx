// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { localDateOf } from '#app/domain/berlin-time.ts'
import { roleGuard } from '#app/utils/auth.server.ts'
import { callApi } from '#tests/helpers/api.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { renderWithApp } from '#tests/helpers/render.tsx'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'
import * as ownerOrdersApi from '../api/owner-orders.ts'
import HostOrdersPage, { loader } from './orders.tsx'
import OwnerAgendaPage, { loader as agendaLoader } from './owner-agenda.tsx'

/**
 * /host/orders on the data table block (issue 30): the host's filters (status,
 * playroom, the period `from`/`to` as overlapping stays), requests first by
 * default, sorting and free text of the block, only the host's own orders, bad
 * values dropped (ADR 0030); the same definition behind /api/Owner/Orders/Index.
 * /owner/orders is its own module.
 */
const DAY = 86_400_000
const hostArea = [roleGuard('Owner')]

async function render(Component: unknown, loaderData: unknown, path: string) {
	const Page = Component as (props: { loaderData: unknown }) => React.ReactElement
	return renderWithApp(<Page loaderData={loaderData} />, { path })
}

async function world() {
	const host = await createLoggedInUser({ role: 'Owner' })
	const other = await createLoggedInUser({ role: 'Owner' })
	const first = await createTestPlayroom({ hostId: host.user.id })
	const second = await createTestPlayroom({ hostId: host.user.id })
	const foreign = await createTestPlayroom({ hostId: other.user.id })
	const now = Date.now()
	const at = (days: number, hours = 2) => ({
		checkIn: new Date(now + days * DAY),
		checkOut: new Date(now + days * DAY + hours * 3_600_000),
	})
	const order = (
		playroom: { id: string; hostId: string },
		days: number,
		status: 'Completed' | 'Confirmed' | 'Requested',
	) => createTestOrder({ playroomId: playroom.id, hostId: playroom.hostId, ...at(days), status })
	const past = await order(first, -10, 'Completed')
	const soon = await order(first, 5, 'Confirmed')
	const request = await order(first, 20, 'Requested')
	const later = await order(second, 30, 'Confirmed')
	const theirs = await order(foreign, 5, 'Confirmed')
	return { host, other, first, second, foreign, past, soon, request, later, theirs }
}

type ListData = {
	list: { items: { id: string; code: string }[]; totalCount: number; error: string | null }
}

async function list(cookie: string, search = '') {
	const result = await callRoute(loader as never, {
		path: `/host/orders${search}`,
		cookie,
		middleware: hostArea,
	})
	const data = result.data as ListData
	return { status: result.status, data, ids: data.list.items.map((item) => item.id) }
}

describe('/host/orders on the data table', () => {
	test('only the host’s orders, requests first, then stays not over in time order, then past ones', async () => {
		const w = await world()
		const page = await list(w.host.cookie)
		expect(page.status).toBe(200)
		expect(page.ids).toEqual([w.request.id, w.soon.id, w.later.id, w.past.id])
		expect(page.data.list.totalCount).toBe(4)
		expect((await list(w.other.cookie)).ids).toEqual([w.theirs.id])
	})

	test('from/to find the stays overlapping those days; status and playroom filter; a sort and the free text of the block', async () => {
		const w = await world()
		const day = localDateOf(w.soon.checkIn.getTime())
		expect((await list(w.host.cookie, `?from=${day}&to=${day}`)).ids).toEqual([w.soon.id])
		const beforeLater = localDateOf(w.later.checkIn.getTime() - DAY)
		expect((await list(w.host.cookie, `?from=${beforeLater}`)).ids).toEqual([w.later.id])
		expect((await list(w.host.cookie, '?status=Requested')).ids).toEqual([w.request.id])
		expect((await list(w.host.cookie, `?playroomId=${w.second.id}`)).ids).toEqual([w.later.id])
		// Another host's playroom finds nothing of theirs.
		expect((await list(w.host.cookie, `?playroomId=${w.foreign.id}`)).ids).toEqual([])
		expect((await list(w.host.cookie, '?sortCriterias=checkIn:desc')).ids).toEqual([
			w.later.id,
			w.request.id,
			w.soon.id,
			w.past.id,
		])
		expect((await list(w.host.cookie, `?tableFilter=${w.later.code.toLowerCase()}`)).ids).toEqual([
			w.later.id,
		])
		expect((await list(w.host.cookie, `?tableFilter=${w.theirs.code}`)).ids).toEqual([])
		expect((await list(w.host.cookie, '?perPage=2&currentPage=2')).ids).toEqual([w.later.id, w.past.id])
	})

	test('every sort gives every order in the order asked, prepared or (past the prepared shapes) built per request', async () => {
		const w = await world()
		const columns = ['code', 'checkIn', 'totalAmount', 'status']
		const sorts = columns.flatMap((column) => [`${column}:asc`, `${column}:desc`])
		// 8 single sorts and 64 pairs: more shapes than the block prepares per table (64).
		for (const sort of [...sorts, ...sorts.flatMap((first) => sorts.map((second) => `${first},${second}`))]) {
			const page = await list(w.host.cookie, `?sortCriterias=${sort}`)
			expect(page.ids.toSorted(), sort).toEqual([w.past.id, w.soon.id, w.request.id, w.later.id].toSorted())
			const [column = '', direction] = (sort.split(',')[0] ?? '').split(':')
			const key = (id: string) => {
				const order = [w.past, w.soon, w.request, w.later].find((o) => o.id === id)
				const value = order?.[column as 'code' | 'checkIn' | 'totalAmount' | 'status']
				return value instanceof Date ? value.getTime() : (value ?? '')
			}
			const keys = page.ids.map(key)
			const sorted = keys.toSorted((a, b) => (a < b ? -1 : a > b ? 1 : 0))
			expect(keys, sort).toEqual(direction === 'desc' ? sorted.toReversed() : sorted)
		}
	})

	test('bad values are dropped, the list still answers 200 (ADR 0030)', async () => {
		const w = await world()
		const page = await list(
			w.host.cookie,
			'?status=Requested&from=nonsense&to=9999-12-31&currentPage=abc&perPage=1000&sortCriterias=nope:asc&playroomId=x',
		)
		expect(page.status).toBe(200)
		expect(page.data.list.error).toBeNull()
		expect(page.ids).toEqual([w.request.id])
		// A period ending before it starts is dropped at its end.
		const day = localDateOf(w.later.checkIn.getTime())
		expect((await list(w.host.cookie, `?from=${day}&to=2020-01-01`)).ids).toEqual([w.later.id])
	})

	test('the page: the host’s filters and texts on the block, rows linking to the order', async () => {
		const w = await world()
		const { data } = await list(w.host.cookie)
		await render(HostOrdersPage, data, '/host/orders')
		const table = screen.getByTestId('data-table')
		const playroom = within(table).getByRole('combobox', { name: 'Spielraum' }) as HTMLSelectElement
		expect([...playroom.options].map((option) => option.text).sort()).toEqual(
			['Alle Spielräume', w.first.input.name, w.second.input.name].sort(),
		)
		const status = within(table).getByRole('combobox', { name: 'Status' }) as HTMLSelectElement
		expect(status.options[0]?.text).toBe('Alle Status')
		expect((within(table).getByLabelText('Von') as HTMLInputElement).name).toBe('from')
		expect((within(table).getByLabelText('Bis') as HTMLInputElement).name).toBe('to')
		expect(within(table).getByRole('button', { name: 'Filtern' })).toBeTruthy()
		expect(within(table).getAllByTestId('order-row')).toHaveLength(4)
		const link = within(table).getByRole('link', { name: `Buchung ${w.request.code} öffnen` })
		expect(link.getAttribute('href')).toBe(`/host/orders/${w.request.id}`)
		expect(within(table).getByRole('link', { name: /Wann/ }).getAttribute('href')).toContain(
			'sortCriterias=checkIn%3Aasc',
		)
	})

	test('nothing found: the host’s empty text', async () => {
		const w = await world()
		const { data } = await list(w.host.cookie, '?status=Declined')
		await render(HostOrdersPage, data, '/host/orders')
		expect(screen.getByText('Hier ist noch nichts.')).toBeTruthy()
	})

	test('/api/Owner/Orders/Index answers the same list and filters', async () => {
		const w = await world()
		const day = localDateOf(w.soon.checkIn.getTime())
		const index = async (query: string) => {
			const result = await callApi(ownerOrdersApi.loader as never, 'Owner/Orders', 'Index', {
				cookie: w.host.cookie,
				query,
			})
			expect(result.status).toBe(200)
			return (result.value as { items: { id: string; checkIn: string }[] }).items
		}
		const all = await index('')
		expect(all.map((item) => item.id)).toEqual([w.request.id, w.soon.id, w.later.id, w.past.id])
		expect(all[0]?.checkIn).toBe(w.request.checkIn.toISOString())
		expect((await index(`from=${day}&to=${day}&from2=x`)).map((item) => item.id)).toEqual([w.soon.id])
		expect((await index('from=nonsense&status=Requested')).map((item) => item.id)).toEqual([w.request.id])
	})
})

describe('/owner/orders', () => {
	test('the agenda: the host’s slot-holding stays not over, each linking to the owner’s order page', async () => {
		const w = await world()
		const result = await callRoute(agendaLoader as never, {
			path: '/owner/orders',
			cookie: w.host.cookie,
			middleware: hostArea,
		})
		expect(result.status).toBe(200)
		await render(OwnerAgendaPage, result.data, '/owner/orders')
		const rows = screen.getAllByTestId('order-row')
		expect(rows.map((row) => row.getAttribute('href'))).toEqual([
			`/owner/orders/${w.request.id}`,
			`/owner/orders/${w.soon.id}`,
			`/owner/orders/${w.later.id}`,
		])
	})
})
