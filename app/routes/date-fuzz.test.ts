import { count } from 'drizzle-orm'
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { accessCodeParts } from '#db/schema/access.ts'
import { playroomBlocks } from '#db/schema/catalogue.ts'
import { orders } from '#db/schema/orders.ts'
import { waitlistEntries } from '#db/schema/waitlist.ts'
import { localDateOf } from '#app/domain/berlin-time.ts'
import { createAccessArea } from '#app/models/host-office/access-areas.server.ts'
import { orderTable } from '#app/models/admin/admin-orders.server.ts'
import { ledgerTable, paymentTable } from '#app/models/admin/admin-ledger.server.ts'
import { playroomTable } from '#app/models/admin/admin-playrooms.server.ts'
import { ratingTable } from '#app/models/admin/admin-ratings.server.ts'
import { voucherOrderTable } from '#app/models/vouchers/admin-voucher-orders.server.ts'
import { payoutRunTable } from '#app/models/money/payouts.server.ts'
import { executionTable } from '#app/models/admin/admin-tasks.server.ts'
import { templateTextTable } from '#app/models/admin/admin-template-texts.server.ts'
import { userTable } from '#app/models/admin/admin-users.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { bookingFixture, daysAhead, hourlySlot, orderApiBody } from '#tests/helpers/booking.ts'
import type { RouteCallResult } from '#tests/helpers/route-harness.ts'
import { requestPage } from '#tests/helpers/route-table.ts'
import { createLoggedInUser } from '#tests/helpers/users.ts'

/**
 * Issue 29, part 4 (ADR 0143): a date fuzz over every date parameter of every
 * entry point — the public API, the public pages, the checkout, the host's
 * pages and API, the admin's order and list filters, the waitlist form. Each
 * parameter gets dates outside 2000-01-01 … ten years after today (9999-12-31,
 * 1970-01-01, 0000-01-01, the first day eleven years on, 275760-09-13 …), dates
 * that do not exist (2026-02-30), instants, months and epoch milliseconds of
 * the same, and garbage ('', 'x', huge numbers), plus fast-check's random ones
 * of the same kinds. Every answer is below 500; nothing is stored; a strict
 * entry point refuses the value as it says (API: the 400 envelope with a
 * translated message at the parameter; form: the field error; data table: its
 * error line), a lenient one (ADR 0030: catalogue and checkout parameters, the
 * calendar's URL, the host's order filters) drops it and still answers 200.
 * FUZZ_RUNS raises the random values per entry point, FUZZ_SEED replays one.
 */
type Who = 'anonymous' | 'guest' | 'host' | 'admin'
type Outcome = 'envelope' | 'form' | 'dashboard' | 'table' | 'lenient' | 'toast'
type Request = { path: string; form?: Record<string, string>; json?: unknown }
type Entry = {
	label: string
	who: Who
	params: string[]
	/** The request with `param` set to `value`, everything else valid. */
	request: (param: string, value: string) => Request
	outcome: Outcome
	/** Optional parameters: '' means "not given" and is a valid request. */
	optional?: boolean
	/** More checks of a lenient answer (the value was not used). */
	lenient?: (result: RouteCallResult) => void
}

const RUNS = Number(process.env.FUZZ_RUNS ?? 8)
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined

/** The first year no input may reach: today's year + 11 (the bound is ten years ahead). */
const TOO_LATE_YEAR = Number(localDateOf(Date.now()).slice(0, 4)) + 11

const BAD_VALUES = [
	// Dates outside the bounds, and dates that do not exist.
	'9999-12-31',
	'1970-01-01',
	'0000-01-01',
	'1999-12-31',
	`${TOO_LATE_YEAR}-01-01`,
	'2026-02-30',
	'2026-13-01',
	'2026-1-1',
	'275760-09-13',
	'+275760-09-13',
	'-000001-01-01',
	// Instants.
	'9999-12-31T10:00:00Z',
	'9999-12-31T23:30',
	'1970-01-01T00:00:00Z',
	'0000-01-01T00:00:00Z',
	'1999-12-31T22:59:59Z',
	`${TOO_LATE_YEAR}-06-01T10:00:00+02:00`,
	'+275760-09-13T00:00:00Z',
	'-271821-04-20T00:00:00Z',
	'2026-02-30T10:00:00Z',
	// Months.
	'9999-12',
	'1970-01',
	'0000-01',
	`${TOO_LATE_YEAR}-01`,
	// Epoch milliseconds (the calendar's chosen periods) and huge numbers.
	'253402300799999',
	'253402300800000',
	'946681199999',
	'8640000000000001',
	'99999999999999999999',
	'1e400',
	'-1',
	'0',
	// Garbage.
	'',
	' ',
	'x',
	'null',
]

const pad = (n: number, width: number) => String(Math.abs(n)).padStart(width, '0')
const yearText = (year: number) =>
	year >= 0 && year <= 9999 ? pad(year, 4) : `${year < 0 ? '-' : '+'}${pad(year, 6)}`
/** Random values of the same kinds: every year outside the bounds, any month and day. */
const randomBadValue = fc
	.record({
		year: fc.oneof(
			fc.integer({ min: 0, max: 1999 }),
			fc.integer({ min: TOO_LATE_YEAR, max: 9999 }),
			fc.integer({ min: 10_000, max: 300_000 }),
			fc.integer({ min: -300_000, max: -1 }),
		),
		month: fc.integer({ min: 0, max: 13 }),
		day: fc.integer({ min: 0, max: 32 }),
		hour: fc.integer({ min: 0, max: 23 }),
		form: fc.constantFrom('date', 'instant', 'local', 'month', 'ms'),
	})
	.map(({ year, month, day, hour, form }) => {
		const date = `${yearText(year)}-${pad(month, 2)}-${pad(day, 2)}`
		if (form === 'instant') return `${date}T${pad(hour, 2)}:00:00Z`
		if (form === 'local') return `${date}T${pad(hour, 2)}:30`
		if (form === 'month') return `${yearText(year)}-${pad(month, 2)}`
		if (form === 'ms') return String(new Date(0).setUTCFullYear(Math.min(year, 275_000), month, day))
		return date
	})

// --- The world ---------------------------------------------------------------------

const who: Record<Who, { cookie?: string; token?: string }> = {
	anonymous: {},
	guest: {},
	host: {},
	admin: {},
}
const world = { playroomId: '', urlPath: '', accessAreaId: '', day: '', slot: { checkIn: 0, checkOut: 0 } }

beforeAll(async () => {
	const host = await createLoggedInUser({ role: 'Owner' })
	const guest = await createLoggedInUser({ role: 'Customer', phoneNumber: '+49 170 5550123' })
	const admin = await createLoggedInUser({ role: 'Admin' })
	Object.assign(who, { host, guest, admin })
	const fixture = await bookingFixture({ hostId: host.user.id, instantBooking: true })
	const area = createAccessArea(
		{ id: host.user.id, role: 'Owner' },
		{ name: 'Schlüsselkasten', type: 'KeyBox', playroomIds: [fixture.playroom.id] },
	)
	const day = daysAhead(30)
	Object.assign(world, {
		playroomId: fixture.playroom.id,
		urlPath: fixture.playroom.input.playroomUrlPath,
		accessAreaId: area.id,
		day,
		slot: hourlySlot(day, 11, 2),
	})
})

const iso = (ms: number) => new Date(ms).toISOString()
const query = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`
/** A GET with `param` set and the other parameters valid (or absent). */
const get =
	(path: string | (() => string), valid: () => Record<string, string> = () => ({})) =>
	(param: string, value: string): Request => ({
		path: query(typeof path === 'string' ? path : path(), { ...valid(), [param]: value }),
	})

// --- The entry points ------------------------------------------------------------------

const checkoutPath = '/public/playroomOrder/checkout'

/** The admin data tables, each with its page and its API; their date-range filters are fuzzed. */
const ADMIN_TABLES = [
	{ table: orderTable, page: '/admin/orders', api: 'Admin/Orders' },
	{ table: ledgerTable, page: '/admin/moneyTransactions', api: 'Admin/MoneyTransactions' },
	{ table: paymentTable, page: '/admin/paymentTransactions', api: 'Admin/PaymentTransactions' },
	{ table: executionTable, page: '/admin/backgroundTaskExecutions', api: 'Admin/BackgroundTaskExecutions' },
	{ table: playroomTable, page: '/admin/playrooms', api: 'Admin/Playrooms' },
	{ table: ratingTable, page: '/admin/playroomRatings', api: 'Admin/PlayroomRatings' },
	{ table: voucherOrderTable, page: '/admin/voucherOrders', api: 'Admin/VoucherOrders' },
	{ table: payoutRunTable, page: '/admin/payouts', api: 'Admin/PayoutRuns' },
	{ table: userTable, page: '/admin/guests', api: null },
	{ table: templateTextTable, page: '/admin/templateTexts', api: null },
]
const dateRangeParams = (table: (typeof ADMIN_TABLES)[number]['table']) =>
	Object.entries(table.filters ?? {})
		.filter(([, filter]) => filter.kind === 'dateRange')
		.flatMap(([name]) => [`${name}From`, `${name}To`])

const ENTRIES: Entry[] = [
	// The public catalogue API.
	{
		label: 'GET /api/Public/Playrooms/AvailableLists',
		who: 'anonymous',
		params: ['checkIn'],
		request: get('/api/Public/Playrooms/AvailableLists', () => ({
			playroomUrlPath: world.urlPath,
			bookingType: 'Hourly',
		})),
		outcome: 'envelope',
	},
	{
		label: 'GET /api/Public/Playrooms/GetOccupationData',
		who: 'anonymous',
		params: ['from', 'to'],
		request: get('/api/Public/Playrooms/GetOccupationData', () => ({ playroomId: world.playroomId })),
		outcome: 'envelope',
	},
	{
		label: 'GET /api/Public/Playrooms/Booking',
		who: 'anonymous',
		params: ['checkIn'],
		request: get('/api/Public/Playrooms/Booking', () => ({ playroomUrlPath: world.urlPath })),
		outcome: 'envelope',
	},
	{
		label: 'GET /api/Public/Playrooms/GetPrice',
		who: 'anonymous',
		params: ['checkIn', 'checkOut'],
		request: get('/api/Public/Playrooms/GetPrice', () => ({
			playroomId: world.playroomId,
			bookingType: 'Hourly',
			guests: '2',
			checkIn: iso(world.slot.checkIn),
			checkOut: iso(world.slot.checkOut),
		})),
		outcome: 'envelope',
	},
	{
		label: 'GET /api/Public/Playrooms/Index',
		who: 'anonymous',
		params: ['checkIn'],
		request: get('/api/Public/Playrooms/Index'),
		outcome: 'envelope',
	},
	// The public pages (lenient parameters, ADR 0030).
	...['/playrooms', '/en/playrooms/search', '/playrooms/cities/koeln'].map((path): Entry => ({
		label: `GET ${path}`,
		who: 'anonymous',
		params: ['checkIn'],
		request: get(path),
		outcome: 'lenient',
	})),
	{
		label: 'GET /playrooms/:playroomUrlPath',
		who: 'anonymous',
		params: ['date', 'month'],
		request: get(() => `/playrooms/${world.urlPath}`),
		outcome: 'lenient',
	},
	// The checkout: its state in the URL is lenient, its date step a form.
	{
		label: `GET ${checkoutPath}`,
		who: 'anonymous',
		params: ['date', 'checkIn', 'checkOut'],
		request: get(checkoutPath, () => ({
			playroomUrlPath: world.urlPath,
			bookingType: 'Hourly',
			step: 'date',
			checkIn: iso(world.slot.checkIn),
			checkOut: iso(world.slot.checkOut),
		})),
		outcome: 'lenient',
	},
	{
		label: `POST ${checkoutPath} (date step)`,
		who: 'guest',
		params: ['date', 'start'],
		request: (param, value) => ({
			path: query(checkoutPath, { playroomUrlPath: world.urlPath, bookingType: 'Hourly' }),
			form: {
				intent: 'date',
				bookingType: 'Hourly',
				date: world.day,
				start: iso(world.slot.checkIn),
				duration: '120',
				[param]: value,
			},
		}),
		outcome: 'form',
	},
	// Guests: the booking API and the waitlist form.
	{
		label: 'POST /api/Customer/Orders/Create',
		who: 'guest',
		params: ['checkIn', 'checkOut'],
		request: (param, value) => ({
			path: '/api/Customer/Orders/Create',
			json: { ...orderApiBody(world.playroomId, world.slot), [param]: value },
		}),
		outcome: 'envelope',
	},
	{
		label: 'POST /resources/waitlist',
		who: 'guest',
		params: ['startsAt'],
		request: (param, value) => ({
			path: '/resources/waitlist',
			form: {
				intent: 'join',
				playroomId: world.playroomId,
				bookingType: 'Hourly',
				redirectTo: `/playrooms/${world.urlPath}`,
				[param]: value,
			},
		}),
		outcome: 'toast',
	},
	// Hosts: the calendar (its URL is lenient), blocks, code parts, order filters.
	...(['month', 'week'] as const).map((view): Entry => ({
		label: `GET /host/calendar (${view})`,
		who: 'host',
		params: ['date'],
		request: get('/host/calendar', () => ({ view })),
		outcome: 'lenient',
		// The calendar falls back to today.
		lenient: (result) =>
			expect((result.data as { query: { date: string } }).query.date).toBe(localDateOf(Date.now())),
	})),
	{
		label: 'GET /host/calendar (a period chosen on the grid)',
		who: 'host',
		params: ['blockStart', 'blockEnd'],
		request: (param, value) => {
			const start = /^\d{1,15}$/.test(value) ? Number(value) : world.slot.checkIn
			const params = { blockStart: String(start), blockEnd: String(start + 3_600_000), [param]: value }
			return { path: query('/host/calendar', params) }
		},
		outcome: 'lenient',
	},
	...[
		['whole days', { allDay: 'on' }],
		['with times', { startTime: '10:00', endTime: '12:00' }],
	].map(([kind, times]): Entry => ({
		label: `POST /host/calendar (a block, ${String(kind)})`,
		who: 'host',
		params: ['startDate', 'endDate'],
		request: (param, value) => ({
			path: '/host/calendar',
			form: {
				intent: 'create',
				playroomId: world.playroomId,
				startDate: world.day,
				endDate: world.day,
				...(times as Record<string, string>),
				[param]: value,
			},
		}),
		outcome: 'form',
	})),
	{
		label: 'POST /host/accessAreas/:accessAreaId (a code part)',
		who: 'host',
		params: ['validFrom', 'validTo'],
		request: (param, value) => ({
			path: `/host/accessAreas/${world.accessAreaId}`,
			form: { intent: 'addPart', code: 'Kx7319q', [param]: value },
		}),
		outcome: 'form',
		optional: true,
	},
	{
		label: 'GET /host/orders',
		who: 'host',
		params: ['from', 'to'],
		request: get('/host/orders'),
		outcome: 'lenient',
		optional: true,
	},
	{
		label: 'GET /api/Owner/Orders/Index',
		who: 'host',
		params: ['from', 'to'],
		request: get('/api/Owner/Orders/Index'),
		outcome: 'lenient',
		optional: true,
	},
	// Admins: the dashboard's period and every data table's date filters (page, API, CSV).
	{
		label: 'GET /admin/dashboard',
		who: 'admin',
		params: ['from', 'to'],
		request: get('/admin/dashboard', () => ({ period: 'custom', from: daysAhead(-30), to: daysAhead(0) })),
		outcome: 'dashboard',
	},
	...ADMIN_TABLES.flatMap(({ table, page, api }): Entry[] => {
		const params = dateRangeParams(table)
		if (!params.length) return []
		const paths = [page, ...(api ? [`/api/${api}/Index`, `/api/${api}/Export`] : [])]
		return paths.map((path) => ({
			label: `GET ${path}`,
			who: 'admin',
			params,
			request: get(path),
			outcome: path === page ? 'table' : 'envelope',
			optional: true,
		}))
	}),
]

// --- The checks ------------------------------------------------------------------------

/** What a write could leave behind. */
function storedRows() {
	const db = getDb()
	const rows = (table: Parameters<ReturnType<typeof db.select>['from']>[0]) =>
		db.select({ n: count() }).from(table).get()?.n ?? 0
	return {
		blocks: rows(playroomBlocks),
		codeParts: rows(accessCodeParts),
		waitlist: rows(waitlistEntries),
		orders: rows(orders),
	}
}

const translated = (message: unknown) => {
	expect(typeof message).toBe('string')
	expect(String(message)).not.toMatch(/^$|^validation\.|^[a-zA-Z]+:[a-zA-Z]+\.|^Invalid input/)
}

function checkRefused(entry: Entry, param: string, result: RouteCallResult) {
	const data = result.data as Record<string, unknown> | undefined
	switch (entry.outcome) {
		case 'envelope': {
			expect(result.status).toBe(400)
			const body = result.json as { success: boolean; error: string }
			expect(body.success).toBe(false)
			const error = JSON.parse(body.error) as { fields?: Record<string, string[]> }
			const messages = error.fields?.[param]
			expect(messages, `a message at ${param}: ${body.error}`).toBeDefined()
			for (const message of messages ?? []) translated(message)
			return
		}
		case 'form': {
			expect(result.status).toBe(400)
			const errors = (data?.result as { error?: Record<string, string[]> } | undefined)?.error
			expect(errors?.[param], `a field error at ${param}: ${JSON.stringify(errors)}`).toBeDefined()
			return
		}
		case 'dashboard':
			expect(result.status).toBe(200)
			expect((data?.errors as Record<string, string[]>)[param]).toBeDefined()
			return
		case 'table':
			expect(result.status).toBe(400)
			translated(data?.error)
			return
		case 'lenient':
			expect(result.status).toBe(200)
			return
		case 'toast':
			expect(result.status).toBe(302)
			expect(result.setCookies.join(';')).toContain('toast')
			return
	}
}

async function probe(entry: Entry, param: string, value: string) {
	const { path, form, json } = entry.request(param, value)
	const identity = who[entry.who]
	const before = storedRows()
	const headers: Record<string, string> = { 'Accept-Language': 'de-DE' }
	if (identity.token && json !== undefined) headers.Authorization = `Bearer ${identity.token}`
	const result = await requestPage(path, { cookie: identity.cookie, form, json, headers })
	const label = `${entry.label} ${param}=${JSON.stringify(value)}`
	expect(
		result.status,
		`${label}: ${String((result.data as Error | undefined)?.message ?? '')}`,
	).toBeLessThan(500)
	const notGiven = entry.optional && value.trim() === ''
	if (notGiven) return
	expect(storedRows(), `${label} stored something`).toEqual(before)
	try {
		checkRefused(entry, param, result)
		entry.lenient?.(result)
	} catch (error) {
		throw new Error(`${label}: ${(error as Error).message}`)
	}
}

describe('date fuzz: no 500, nothing stored, out-of-range dates refused or dropped', () => {
	test('the entry points of the finding and every admin table with a date filter are covered', () => {
		const labels = ENTRIES.map((entry) => entry.label)
		for (const named of [
			'GET /api/Public/Playrooms/AvailableLists',
			'GET /api/Public/Playrooms/GetOccupationData',
			`GET ${checkoutPath}`,
			'GET /host/calendar (month)',
			'POST /host/calendar (a block, whole days)',
			'POST /host/accessAreas/:accessAreaId (a code part)',
			'GET /host/orders',
			'GET /admin/orders',
			'GET /api/Admin/Orders/Index',
			'POST /resources/waitlist',
		]) {
			expect(labels).toContain(named)
		}
		const tables = ADMIN_TABLES.filter(({ table }) => dateRangeParams(table).length > 0)
		expect(tables.map(({ page }) => page)).toEqual(
			expect.arrayContaining([
				'/admin/orders',
				'/admin/moneyTransactions',
				'/admin/backgroundTaskExecutions',
			]),
		)
	})

	for (const entry of ENTRIES) {
		test(entry.label, { timeout: 120_000 }, async () => {
			for (const param of entry.params) {
				for (const value of BAD_VALUES) await probe(entry, param, value)
			}
			await fc.assert(
				fc.asyncProperty(fc.constantFrom(...entry.params), randomBadValue, async (param, value) => {
					await probe(entry, param, value)
				}),
				{ numRuns: RUNS, seed: SEED },
			)
		})
	}
})
