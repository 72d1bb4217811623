import { beforeAll, describe, expect, test } from 'vitest'
import { createId } from '#db/schema/columns.ts'
import { AppError } from '#app/utils/app-error.ts'
import { parseTableQuery, type TableQuery } from '#app/utils/data-table.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { exportAdminOrders, listAdminOrders, orderTable, type AdminOrderItem } from './admin-orders.server.ts'

/**
 * The data table on the admin order list (issue 14): sorting by every sortable
 * column, filters, paging, free text as text, 400 for a bad state, and the
 * streaming CSV of 10,000 rows.
 */
const ROWS = 10_000
const STATUSES = ['Requested', 'AwaitingPayment', 'Confirmed', 'Cancelled', 'Completed'] as const
const PAYMENT = ['Unpaid', 'Paid', 'Refunded'] as const
const DAY = 86_400_000
const BASE = Date.parse('2026-01-01T10:00:00Z')
/** Guest names that look like SQL/FTS syntax; every other row is "Gast Nummer<i>". */
const TRICKY = [
	'100%',
	'a_b',
	'Say "hi"',
	'Star*',
	'Tom OR Jerry',
	"O'Brien",
	'=HYPERLINK("x")',
	'Comma, Inc.',
]

const admin = { id: 'admin-test', role: 'Admin' as const }
let playroomA = ''
let hostA = ''
const statusCount: Record<string, number> = {}

function query(params: Record<string, string> = {}): TableQuery {
	return parseTableQuery(orderTable, new URLSearchParams(params))
}

beforeAll(async () => {
	const a = await createTestPlayroom()
	const b = await createTestPlayroom()
	playroomA = a.id
	hostA = a.hostId
	const guests = [await createTestUser(), await createTestUser()]
	const sqlite = getDb().$client
	const insert = sqlite.prepare(`INSERT INTO orders (id, code, playroom_id, guest_id, host_id, booking_type,
		check_in, check_out, adults, children, extras, contact, price, total_amount, payment_method, payment_status,
		status, commission_rate_bp, commission_amount, idempotency_key, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, 'Hourly', ?, ?, 2, 1, '[]', ?, '{}', ?, 'BankTransfer', ?, ?, 1000, 0, ?, ?, ?)`)
	sqlite.transaction(() => {
		for (let i = 0; i < ROWS; i++) {
			const room = i % 3 === 0 ? a : b
			const status = STATUSES[i % STATUSES.length] as string
			statusCount[status] = (statusCount[status] ?? 0) + 1
			const checkIn = BASE + (i % 400) * DAY
			const lastName = i < TRICKY.length ? (TRICKY[i] as string) : `Nummer${i}`
			const contact = JSON.stringify({
				firstName: 'Gast',
				lastName,
				email: `g${i}@example.test`,
				phoneNumber: null,
			})
			insert.run(
				createId(),
				`SZ-${String(i).padStart(6, '0')}`,
				room.id,
				(guests[i % 2] as { id: string }).id,
				room.hostId,
				checkIn,
				checkIn + 2 * 3_600_000,
				contact,
				1_000 + ((i * 7919) % 50_000),
				PAYMENT[i % PAYMENT.length],
				status,
				createId(),
				BASE - ((i * 104_729) % 1_000_000) * 1000,
				BASE,
			)
		}
	})()
})

const VALUE: Record<string, (item: AdminOrderItem) => string | number> = {
	code: (item) => item.code,
	status: (item) => item.status,
	paymentStatus: (item) => item.paymentStatus,
	checkIn: (item) => item.checkIn,
	totalAmount: (item) => item.totalAmount,
	createdAt: (item) => item.createdAt,
}

describe('admin order table', () => {
	test('sorts by each sortable column, both directions', () => {
		const sortable = Object.entries(orderTable.columns)
			.filter(([, column]) => column.sort)
			.map(([key]) => key)
		expect(sortable.sort()).toEqual(Object.keys(VALUE).sort())
		for (const key of sortable) {
			const firsts: (string | number | undefined)[] = []
			for (const direction of ['asc', 'desc'] as const) {
				const page = listAdminOrders(admin, query({ sortCriterias: `${key}:${direction}`, perPage: '100' }))
				const values = page.items.map(VALUE[key] as (item: AdminOrderItem) => string | number)
				const sorted = [...values].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))
				if (direction === 'desc') sorted.reverse()
				expect(values, `${key}:${direction}`).toEqual(sorted)
				firsts.push(values[0])
			}
			expect(firsts[0], `${key}: asc and desc start differently`).not.toBe(firsts[1])
		}
	})

	test('several criteria: status asc, then totalAmount desc', () => {
		const page = listAdminOrders(
			admin,
			query({ sortCriterias: 'status:asc,totalAmount:desc', perPage: '100' }),
		)
		const first = page.items.filter((item) => item.status === page.items[0]?.status)
		expect(first.map((i) => i.totalAmount)).toEqual(
			[...first.map((i) => i.totalAmount)].sort((x, y) => y - x),
		)
	})

	test('filters: status, payment status, playroom, host, date range', () => {
		const confirmed = listAdminOrders(admin, query({ status: 'Confirmed' }))
		expect(confirmed.totalCount).toBe(statusCount.Confirmed)
		expect(confirmed.items.every((item) => item.status === 'Confirmed')).toBe(true)
		const paid = listAdminOrders(admin, query({ status: 'Confirmed', paymentStatus: 'Paid', perPage: '100' }))
		expect(paid.items.every((i) => i.status === 'Confirmed' && i.paymentStatus === 'Paid')).toBe(true)
		expect(paid.totalCount).toBeLessThan(confirmed.totalCount)
		const inA = listAdminOrders(admin, query({ playroomId: playroomA }))
		expect(inA.totalCount).toBe(Math.ceil(ROWS / 3))
		expect(listAdminOrders(admin, query({ hostId: hostA })).totalCount).toBe(inA.totalCount)
		// 2026-01-01 … 2026-01-03 (Berlin days): orders i % 400 ∈ {0, 1, 2} → 3 × 25 rows.
		const days = listAdminOrders(admin, query({ checkInFrom: '2026-01-01', checkInTo: '2026-01-03' }))
		expect(days.totalCount).toBe(75)
	})

	test('paging: pages do not overlap and cover the filtered rows', () => {
		const seen = new Set<string>()
		const total = statusCount.Requested ?? 0
		for (let page = 1; page <= Math.ceil(total / 100); page++) {
			const result = listAdminOrders(
				admin,
				query({
					status: 'Requested',
					currentPage: String(page),
					perPage: '100',
					sortCriterias: 'totalAmount:asc',
				}),
			)
			expect(result).toMatchObject({ currentPage: page, perPage: 100, totalCount: total })
			for (const item of result.items) seen.add(item.id)
		}
		expect(seen.size).toBe(total)
		const beyond = listAdminOrders(admin, query({ currentPage: '999', perPage: '100' }))
		expect(beyond.items).toEqual([])
	})

	test('free text is text: % _ " * OR and quote match literally', () => {
		const names = (text: string) =>
			listAdminOrders(admin, query({ tableFilter: text, perPage: '100' })).items.map((item) => item.guestName)
		expect(names('%')).toEqual(['Gast 100%'])
		expect(names('a_b')).toEqual(['Gast a_b'])
		expect(names('_')).toEqual(['Gast a_b'])
		expect(names('"hi"')).toEqual(['Gast Say "hi"'])
		expect(names('*')).toEqual(['Gast Star*'])
		expect(names('Tom OR Jerry')).toEqual(['Gast Tom OR Jerry'])
		expect(names('OR')).toEqual(['Gast Tom OR Jerry'])
		expect(names("O'Brien")).toEqual(["Gast O'Brien"])
		expect(names("' OR 1=1 --")).toEqual([])
		expect(listAdminOrders(admin, query({ tableFilter: 'SZ-000042' })).items.map((i) => i.code)).toEqual([
			'SZ-000042',
		])
	})

	test('an unknown sort column, a bad direction, a bad page or page size is a 400 with field messages', () => {
		const fails = (params: Record<string, string>, field: string) => {
			try {
				query(params)
			} catch (error) {
				expect(error).toBeInstanceOf(AppError)
				expect((error as AppError).status).toBe(400)
				expect(Object.keys((error as AppError).fields ?? {})).toContain(field)
				return
			}
			throw new Error(`accepted ${JSON.stringify(params)}`)
		}
		fails({ sortCriterias: 'passwordHash:asc' }, 'sortCriterias')
		fails({ sortCriterias: 'guest:asc' }, 'sortCriterias')
		fails({ sortCriterias: 'code:sideways' }, 'sortCriterias')
		fails({ sortCriterias: 'code;DROP TABLE orders' }, 'sortCriterias')
		fails({ currentPage: '0' }, 'currentPage')
		fails({ currentPage: 'abc' }, 'currentPage')
		fails({ perPage: '1000' }, 'perPage')
		fails({ status: 'Nope' }, 'status')
		fails({ playroomId: "' OR 1=1" }, 'playroomId')
		fails({ checkInFrom: '2026-02-30' }, 'checkInFrom')
		fails({ checkInFrom: '2026-03-01', checkInTo: '2026-02-01' }, 'checkInTo')
	})

	test('only admins list or export', () => {
		expect(() => listAdminOrders({ role: 'Owner' }, query())).toThrow(AppError)
		expect(() => exportAdminOrders({ role: 'Customer' }, query(), 'en')).toThrow(AppError)
	})

	test('CSV export of 10,000 rows streams in chunks, one line per row, escaped', async () => {
		const response = exportAdminOrders(admin, query({ sortCriterias: 'code:asc', cols: 'code' }), 'en')
		expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
		expect(response.headers.get('Content-Disposition')).toMatch(
			/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
		)
		const reader = (response.body as ReadableStream<Uint8Array>).getReader()
		const decoder = new TextDecoder('utf-8', { ignoreBOM: true })
		let chunks = 0
		let text = ''
		for (;;) {
			const { done, value } = await reader.read()
			if (done) break
			chunks++
			text += decoder.decode(value, { stream: true })
		}
		expect(chunks).toBeGreaterThan(5)
		const lines = text.split('\r\n')
		expect(lines.pop()).toBe('')
		expect(lines[0]).toBe('\uFEFFBooking number')
		expect(lines).toHaveLength(ROWS + 1)
		expect(lines[1]).toBe('SZ-000000')
		expect(lines[ROWS]).toBe('SZ-009999')

		const full = exportAdminOrders(admin, query({ tableFilter: 'Gast' }), 'de')
		const all = await full.text()
		expect(all.split('\r\n')[0]).toBe(
			'Buchungsnummer;Status;Zahlung;Spielraum;Gast;Termin (Europe/Berlin);Betrag;Gebucht am (Europe/Berlin)',
		)
		expect(all).toContain(`"Gast Say ""hi"" <g2@example.test>"`)
		expect(all).toContain(`"Gast Comma, Inc. <g7@example.test>"`) // quoted for a `,` reader too
		// The filtered rows only.
		const confirmed = await exportAdminOrders(admin, query({ status: 'Confirmed' }), 'en').text()
		expect(confirmed.split('\r\n').length - 2).toBe(statusCount.Confirmed)
	})
})
