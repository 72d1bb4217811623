import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { localDateOf } from '#app/domain/berlin-time.ts'
import { loader as adminListsLoader } from '#app/routes/api/admin-lists.ts'
import { loader as adminOrdersLoader } from '#app/routes/api/admin-orders.ts'
import { loader as adminUserLoader } from '#app/routes/api/admin-user.ts'
import { getDb } from '#app/utils/db.server.ts'
import { orders } from '#db/schema/orders.ts'
import { moneyTransactions, paymentTransactions } from '#db/schema/payments.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { spreadsheetRows } from '#tests/helpers/spreadsheet-csv.ts'
import { createLoggedInUser, createTestUser } from '#tests/helpers/users.ts'

/**
 * Issue 34: every admin CSV export in the admin's language and conventions
 * (ADR 0174). A small fixed set of rows (fixed ids, names, times, amounts) is
 * exported in German and English through the API, and each file must equal the
 * checked-in expected file in ./__fixtures__/csv/ byte for byte (BOM, separator,
 * decimal mark, Berlin times, translated headers and values, the formula guard).
 * `UPDATE_CSV_FIXTURES=1 npx vitest run <this file>` rewrites them (check the diff).
 */
const FIXTURES = new URL('./__fixtures__/csv/', import.meta.url)
const LANGS = ['de', 'en'] as const

// 28 November 2026, 13:05 UTC = 14:05 in Berlin (winter time); 1 July 2026, 08:30 UTC = 10:30 (summer).
const WINTER = new Date(Date.UTC(2026, 10, 28, 13, 5))
const SUMMER = new Date(Date.UTC(2026, 6, 1, 8, 30))

type Loader = (args: never) => unknown

async function download(loader: Loader, path: string, endpoint: string, token: string, language = 'de-DE') {
	let response: Response | undefined
	const capture = async (args: never) => {
		response = (await loader(args)) as Response
		return response.clone()
	}
	const result = await callRoute(capture as never, {
		path,
		headers: { Authorization: `Bearer ${token}`, 'Accept-Language': language },
		params: { endpoint },
	})
	expect(result.status).toBe(200)
	if (!response) throw new Error('no response')
	return {
		bytes: Buffer.from(await response.arrayBuffer()),
		disposition: response.headers.get('Content-Disposition'),
		type: response.headers.get('Content-Type'),
	}
}

function expectFixture(name: string, bytes: Buffer) {
	const file = new URL(name, FIXTURES)
	if (process.env.UPDATE_CSV_FIXTURES) writeFileSync(file, bytes)
	const expected = readFileSync(file)
	// Compared as text first for a readable diff, then byte for byte.
	expect(bytes.toString('utf8')).toBe(expected.toString('utf8'))
	expect(bytes.equals(expected)).toBe(true)
}

async function createFixtures() {
	const db = getDb()
	const host = await createTestUser({
		id: 'fixhost000000001',
		role: 'Owner',
		email: 'greta.gastgeber@fixture.test',
		displayName: 'Greta Gastgeber',
		firstName: 'Greta',
		lastName: 'Gastgeber',
		companyName: 'Spiel & Spaß, GmbH',
		createdAt: WINTER,
	})
	await createTestUser({
		id: 'fixhost000000002',
		role: 'Owner',
		email: 'formel@fixture.test',
		displayName: '=HYPERLINK("http://evil","klick")',
		firstName: '-cmd',
		lastName: '@SUM(1)',
		companyName: null,
		emailConfirmedAt: null,
		createdAt: SUMMER,
	})
	const guest = await createTestUser({
		id: 'fixguest00000001',
		role: 'Customer',
		email: 'gabi.gast@fixture.test',
		displayName: 'Gabi Gast',
		createdAt: WINTER,
	})
	const playroom = await createTestPlayroom({ hostId: host.id, name: 'Kletterwald Fixture' })
	const order = (id: string, code: string, fields: Partial<typeof orders.$inferInsert>) =>
		db
			.insert(orders)
			.values({
				id,
				code,
				playroomId: playroom.id,
				guestId: guest.id,
				hostId: host.id,
				bookingType: 'Hourly',
				checkIn: new Date(Date.UTC(2026, 11, 5, 14, 0)),
				checkOut: new Date(Date.UTC(2026, 11, 5, 16, 0)),
				adults: 2,
				children: 4,
				contact: { firstName: 'Gabi', lastName: 'Gast', email: guest.email, phoneNumber: '+49 170 1234567' },
				price: {
					currency: 'EUR',
					lines: [],
					total: 18_500,
					vatRatePercent: 19,
					vatAmount: 2_954,
					deposit: 0,
				},
				totalAmount: 18_500,
				paymentMethod: 'BankTransfer',
				status: 'Confirmed',
				paymentStatus: 'Paid',
				commissionRateBp: 1000,
				commissionAmount: 1_850,
				idempotencyKey: `fixture-${id}`,
				createdAt: WINTER,
				...fields,
			})
			.run()
	order('fixorder00000001', 'SZ-FIX001', {})
	order('fixorder00000002', 'SZ-FIX002', {
		status: 'Cancelled',
		paymentStatus: 'Refunded',
		totalAmount: 123_450,
		checkIn: new Date(Date.UTC(2026, 6, 10, 7, 0)),
		checkOut: new Date(Date.UTC(2026, 6, 10, 9, 0)),
		createdAt: SUMMER,
	})
	db.insert(paymentTransactions)
		.values([
			{
				id: 'fixpay0000000001',
				orderId: 'fixorder00000001',
				provider: 'BankTransfer',
				direction: 'Incoming',
				amount: 18_500,
				reference: 'SZ-FIX001',
				status: 'Succeeded',
				createdAt: WINTER,
			},
			{
				id: 'fixpay0000000002',
				orderId: 'fixorder00000002',
				provider: 'BankTransfer',
				direction: 'Outgoing',
				amount: -7_100,
				reference: '-cmd =1+1 Rückzahlung',
				status: 'Pending',
				createdAt: SUMMER,
			},
		])
		.run()
	const row = (id: string, fields: Omit<typeof moneyTransactions.$inferInsert, 'id'>) => ({ id, ...fields })
	db.insert(moneyTransactions)
		.values([
			row('fixledger0000001', {
				journalId: 'fixjournal000001',
				kind: 'GuestPayment',
				account: 'PlatformBank',
				amount: 123_450,
				orderId: 'fixorder00000002',
				description: 'Fixture Zahlung',
				createdAt: SUMMER,
			}),
			row('fixledger0000002', {
				journalId: 'fixjournal000001',
				kind: 'GuestPayment',
				account: 'GuestPrepayments',
				amount: -123_450,
				orderId: 'fixorder00000002',
				description: 'Fixture Zahlung',
				createdAt: SUMMER,
			}),
			row('fixledger0000003', {
				journalId: 'fixjournal000002',
				kind: 'Refund',
				account: 'PlatformBank',
				amount: -7_100,
				orderId: 'fixorder00000002',
				description: 'Fixture;=Erstattung;-cmd',
				createdAt: WINTER,
			}),
			row('fixledger0000004', {
				journalId: 'fixjournal000002',
				kind: 'Refund',
				account: 'GuestPrepayments',
				amount: 7_100,
				orderId: 'fixorder00000002',
				description: 'Fixture;=Erstattung;-cmd',
				createdAt: WINTER,
			}),
		])
		.run()
}

/** Each export of the fixtures: the loader, its path (with the fixture rows' filter) and its file names. */
const EXPORTS = [
	{
		name: 'hosts',
		loader: adminUserLoader,
		path: '/api/Admin/User/OwnerExport?tableFilter=fixture.test&sortCriterias=email:asc',
		endpoint: 'OwnerExport',
		files: { de: 'gastgeber', en: 'hosts' },
	},
	{
		name: 'orders',
		loader: adminOrdersLoader,
		path: '/api/Admin/Orders/Export?tableFilter=SZ-FIX&sortCriterias=code:asc&cols=code&cols=status&cols=paymentStatus&cols=paymentMethod&cols=playroom&cols=guest&cols=checkIn&cols=totalAmount&cols=createdAt',
		endpoint: 'Export',
		files: { de: 'buchungen', en: 'orders' },
	},
	{
		name: 'money-transactions',
		loader: adminListsLoader,
		path: '/api/Admin/MoneyTransactions/Export?tableFilter=Fixture&sortCriterias=createdAt:asc&cols=createdAt&cols=account&cols=kind&cols=amount&cols=balance&cols=order&cols=description',
		endpoint: 'Export',
		files: { de: 'geldbewegungen', en: 'money-transactions' },
	},
	{
		name: 'payment-transactions',
		loader: adminListsLoader,
		path: '/api/Admin/PaymentTransactions/Export?tableFilter=SZ-FIX&sortCriterias=createdAt:asc',
		endpoint: 'Export',
		files: { de: 'zahlungen', en: 'payment-transactions' },
	},
] as const

describe('admin CSV exports in the admin language (issue 34, ADR 0174)', async () => {
	await createFixtures()
	const { token } = await createLoggedInUser({ role: 'Admin' })

	for (const entry of EXPORTS) {
		test.each(LANGS)(`${entry.name}: the %s file equals the checked-in expected file`, async (lang) => {
			const file = await download(entry.loader, `${entry.path}&lang=${lang}`, entry.endpoint, token)
			expect(file.type).toBe('text/csv; charset=utf-8')
			expect(file.disposition).toBe(
				`attachment; filename="${entry.files[lang]}-${localDateOf(Date.now())}.csv"`,
			)
			expectFixture(`${entry.name}.${lang}.csv`, file.bytes)
		})
	}

	test('the ledger sums: negative amounts stay numbers in German (no apostrophe), text stays guarded', async () => {
		const { bytes } = await download(adminListsLoader, `${EXPORTS[2].path}&lang=de`, 'Export', token)
		const rows = spreadsheetRows(bytes.toString('utf8'), ';')
		const amount = rows[0]?.indexOf('Betrag') ?? -1
		expect(amount).toBeGreaterThan(0)
		const amounts = rows.slice(1).map((row) => row[amount] ?? '')
		expect(amounts).toContain('-71,00')
		expect(amounts).toContain('-1.234,50')
		// Every amount reads as a German number; together they sum to zero (balanced journals).
		const total = amounts.reduce((sum, text) => sum + Number(text.replace(/\./g, '').replace(',', '.')), 0)
		expect(total).toBe(0)
		expect(rows.flat()).toContain("Fixture;'=Erstattung;'-cmd")
	})

	test('without `lang` an API client gets its Accept-Language; the page links carry the page language', async () => {
		const english = await download(adminListsLoader, EXPORTS[3].path, 'Export', token, 'en-GB')
		expect(english.disposition).toMatch(/filename="payment-transactions-/)
		expect(english.bytes.toString('utf8')).toContain('Date (Europe/Berlin),Provider,')
		const german = await download(adminListsLoader, `${EXPORTS[3].path}&lang=de`, 'Export', token, 'en-GB')
		expect(german.disposition).toMatch(/filename="zahlungen-/)
	})

	test('hosts, guests and admins each download under their own name, per language', async () => {
		const names = {
			OwnerExport: { de: 'gastgeber', en: 'hosts' },
			CustomerExport: { de: 'gaeste', en: 'guests' },
			AdminExport: { de: 'admins', en: 'admins' },
		}
		for (const [endpoint, files] of Object.entries(names)) {
			for (const lang of LANGS) {
				const { disposition } = await download(
					adminUserLoader,
					`/api/Admin/User/${endpoint}?lang=${lang}`,
					endpoint,
					token,
				)
				expect(disposition).toBe(`attachment; filename="${files[lang]}-${localDateOf(Date.now())}.csv"`)
			}
		}
	})
})
