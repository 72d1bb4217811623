import { readFileSync, writeFileSync } from 'node:fs'
import { beforeAll, describe, expect, test } from 'vitest'
import { invoices, hostPayouts, payoutRuns } from '#db/schema/money.ts'
import { orders } from '#db/schema/orders.ts'
import { moneyTransactions, paymentTransactions } from '#db/schema/payments.ts'
import { voucherOrders } from '#db/schema/vouchers.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb } from '#app/utils/db.server.ts'
import { testInvoiceParty } from '#tests/helpers/books.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import { datevBookings, datevExport, monthRange } from './datev-export.server.ts'
import { getSetting } from '#app/models/platform/settings.server.ts'

/**
 * Issue 34 / ADR 0180: October 2026 (Europe/Berlin; summer time ends on the 25th) as a DATEV
 * Buchungsstapel must equal the checked-in ./__fixtures__/datev-2026-10.csv byte for byte
 * (Windows-1252, CRLF). The rows sit on both sides of the month's edges in Berlin time: an invoice
 * issued at 00:30 on 1 October (still 30 September in UTC) is in, a payment at 00:10 on 1 November
 * (31 October in UTC) is out. `UPDATE_DATEV_FIXTURES=1 npx vitest run <this file>` rewrites the file.
 */
const FIXTURE = new URL('./__fixtures__/datev-2026-10.csv', import.meta.url)
const MONTH = '2026-10'
/** Berlin wall clock → instant (October 2026: +02:00 until the 25th 03:00, then +01:00). */
const berlin = (day: number, hour: number, minute = 0) =>
	new Date(Date.UTC(2026, 9, day, hour - (day < 25 || (day === 25 && hour < 3) ? 2 : 1), minute))
const CREATED_AT = Date.UTC(2026, 10, 2, 8, 15, 30, 123) // 2 November 2026, 09:15:30.123 Berlin

async function createFixtures() {
	const db = getDb()
	const host = await createTestUser({ id: 'datevhost0000001', role: 'Owner', displayName: 'Greta Datev' })
	const guest = await createTestUser({ id: 'datevguest000001', role: 'Customer', displayName: 'Gabi Datev' })
	const admin = await createTestUser({ id: 'datevadmin000001', role: 'Admin', displayName: 'Ada Datev' })
	const playroom = await createTestPlayroom({ hostId: host.id, name: 'Datev Spielzimmer' })
	const order = (id: string, code: string, fields: Partial<typeof orders.$inferInsert> = {}) =>
		db
			.insert(orders)
			.values({
				id,
				code,
				playroomId: playroom.id,
				guestId: guest.id,
				hostId: host.id,
				bookingType: 'Hourly',
				checkIn: berlin(18, 14),
				checkOut: berlin(18, 16),
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
				status: 'Completed',
				paymentStatus: 'Paid',
				commissionRateBp: 1000,
				commissionAmount: 1_850,
				idempotencyKey: `datev-${id}`,
				createdAt: berlin(1, 9),
				...fields,
			})
			.run()
	order('datevorder000001', 'SZ-OKT001')
	order('datevorder000002', 'SZ-OKT002', { paymentMethod: 'Card', status: 'Cancelled', totalAmount: 12_000 })
	order('datevorder000003', 'SZ-OKT003', { totalAmount: 10_000, voucherAmount: 5_000 })
	order('datevorder000004', 'SZ-OKT004', { paymentMethod: 'OnSite' })

	type Payment = typeof paymentTransactions.$inferInsert
	const payment = (
		id: string,
		fields: Omit<Payment, 'id' | 'reference'> & { reference?: string },
	): Payment => ({
		id,
		reference: 'SZ-OKT001',
		...fields,
	})
	db.insert(paymentTransactions)
		.values([
			// In the month: a bank transfer, a card payment and its refund, a part paid beside a voucher.
			payment('datevpay00000001', {
				orderId: 'datevorder000001',
				provider: 'BankTransfer',
				direction: 'Incoming',
				amount: 18_500,
				status: 'Succeeded',
				createdAt: berlin(2, 10),
			}),
			payment('datevpay00000002', {
				orderId: 'datevorder000002',
				provider: 'Stripe',
				direction: 'Incoming',
				amount: 12_000,
				reference: 'cs_test_okt002',
				externalId: 'cs_test_okt002',
				status: 'Succeeded',
				createdAt: berlin(5, 16, 45),
			}),
			payment('datevpay00000003', {
				orderId: 'datevorder000002',
				provider: 'Stripe',
				direction: 'Outgoing',
				amount: 12_000,
				reference: 're_test_okt002',
				externalId: 're_test_okt002',
				status: 'Succeeded',
				createdAt: berlin(6, 9),
				completedAt: berlin(7, 11),
			}),
			payment('datevpay00000004', {
				orderId: 'datevorder000003',
				provider: 'BankTransfer',
				direction: 'Incoming',
				amount: 5_000,
				reference: 'SZ-OKT003',
				status: 'Succeeded',
				createdAt: berlin(10, 12),
			}),
			// A transfer nobody could match, and a gift voucher order paid by transfer.
			payment('datevpay00000005', {
				provider: 'BankTransfer',
				direction: 'Incoming',
				amount: 4_200,
				reference: 'Geburtstag Mia "Löwe"',
				note: 'unmatched',
				status: 'Succeeded',
				createdAt: berlin(12, 8),
			}),
			payment('datevpay00000006', {
				provider: 'BankTransfer',
				direction: 'Incoming',
				amount: 3_000,
				reference: 'GV-OKT001',
				note: 'voucherOrder',
				status: 'Succeeded',
				createdAt: berlin(14, 9, 30),
			}),
			// Not in the books of October: the edges, a refund still due, an on-site payment, a failed card.
			payment('datevpay00000007', {
				orderId: 'datevorder000001',
				provider: 'BankTransfer',
				direction: 'Incoming',
				amount: 999,
				status: 'Succeeded',
				createdAt: new Date(Date.UTC(2026, 8, 30, 21, 30)), // 30 September, 23:30 Berlin
			}),
			payment('datevpay00000008', {
				orderId: 'datevorder000001',
				provider: 'BankTransfer',
				direction: 'Incoming',
				amount: 998,
				status: 'Succeeded',
				createdAt: new Date(Date.UTC(2026, 9, 31, 23, 10)), // 1 November, 00:10 Berlin
			}),
			payment('datevpay00000009', {
				orderId: 'datevorder000001',
				provider: 'BankTransfer',
				direction: 'Outgoing',
				amount: 997,
				status: 'Pending',
				createdAt: berlin(20, 9),
			}),
			payment('datevpay00000010', {
				orderId: 'datevorder000004',
				provider: 'OnSite',
				direction: 'Incoming',
				amount: 18_500,
				status: 'Succeeded',
				createdAt: berlin(18, 16),
			}),
			payment('datevpay00000011', {
				orderId: 'datevorder000001',
				provider: 'Stripe',
				direction: 'Incoming',
				amount: 996,
				status: 'Failed',
				createdAt: berlin(3, 9),
			}),
		])
		.run()
	db.insert(voucherOrders)
		.values({
			id: 'datevvorder00001',
			code: 'GV-OKT001',
			tokenHash: 'x'.repeat(64),
			buyerEmail: 'kaeufer@example.test',
			amount: 3_000,
			scope: 'All',
			paymentMethod: 'BankTransfer',
			status: 'Paid',
			paidAt: berlin(14, 9, 30),
			createdAt: berlin(13, 20),
		})
		.run()

	// The ledger's internal moves: settlements (commission + host's share), a voucher paying part of an order.
	const ledger = (
		id: string,
		journalId: string,
		fields: Omit<typeof moneyTransactions.$inferInsert, 'id' | 'journalId'>,
	) => ({ id, journalId, ...fields })
	db.insert(moneyTransactions)
		.values([
			ledger('datevledger00001', 'datevjournal0001', {
				kind: 'VoucherRedemption',
				account: 'VoucherLiability',
				amount: 5_000,
				orderId: 'datevorder000003',
				createdAt: berlin(9, 18),
			}),
			ledger('datevledger00002', 'datevjournal0001', {
				kind: 'VoucherRedemption',
				account: 'GuestPrepayments',
				amount: -5_000,
				orderId: 'datevorder000003',
				createdAt: berlin(9, 18),
			}),
			...[
				['datevorder000001', 1_850, 16_650, berlin(18, 18)],
				['datevorder000003', 1_000, 9_000, berlin(28, 18)],
			].flatMap(([orderId, commission, earning, at], i) => [
				ledger(`datevledger0001${i}`, `datevjournal001${i}`, {
					kind: 'Commission',
					account: 'GuestPrepayments',
					amount: commission as number,
					orderId: orderId as string,
					createdAt: at as Date,
				}),
				ledger(`datevledger0002${i}`, `datevjournal001${i}`, {
					kind: 'Commission',
					account: 'PlatformRevenue',
					amount: -(commission as number),
					orderId: orderId as string,
					createdAt: at as Date,
				}),
				ledger(`datevledger0003${i}`, `datevjournal002${i}`, {
					kind: 'HostEarning',
					account: 'GuestPrepayments',
					amount: earning as number,
					orderId: orderId as string,
					createdAt: at as Date,
				}),
				ledger(`datevledger0004${i}`, `datevjournal002${i}`, {
					kind: 'HostEarning',
					account: 'HostPayable',
					amount: -(earning as number),
					orderId: orderId as string,
					hostId: host.id,
					createdAt: at as Date,
				}),
			]),
		])
		.run()

	// The host pays an open invoice by transfer (the HostPayment journal).
	db.insert(moneyTransactions)
		.values([
			ledger('datevledger00005', 'datevjournal0005', {
				kind: 'HostPayment',
				account: 'PlatformBank',
				amount: 4_522,
				description: 'SZ-2026-000043',
				createdAt: berlin(29, 11),
			}),
			ledger('datevledger00006', 'datevjournal0005', {
				kind: 'HostPayment',
				account: 'HostPayable',
				amount: -4_522,
				hostId: host.id,
				description: 'SZ-2026-000043',
				createdAt: berlin(29, 11),
			}),
		])
		.run()

	// September's invoice, issued at 00:30 on 1 October (Berlin), then cancelled and issued anew.
	const invoice = (
		id: string,
		sequence: number,
		fields: Pick<
			typeof invoices.$inferInsert,
			'kind' | 'netAmount' | 'vatAmount' | 'grossAmount' | 'status'
		> &
			Partial<typeof invoices.$inferInsert>,
	) => ({
		id,
		number: `SZ-2026-${String(sequence).padStart(6, '0')}`,
		year: 2026,
		sequence,
		hostId: host.id,
		periodStart: '2026-09-01',
		periodEnd: '2026-09-30',
		issuedAt: berlin(1, 0, 30),
		vatRateBp: 1900,
		locale: 'de' as const,
		seller: testInvoiceParty('Spielzimmer GmbH'),
		buyer: testInvoiceParty('Spiel & Spaß GmbH'),
		...fields,
	})
	db.insert(invoices)
		.values([
			invoice('datevinvoice0041', 41, {
				kind: 'Invoice',
				netAmount: 4_000,
				vatAmount: 760,
				grossAmount: 4_760,
				status: 'Cancelled',
			}),
			invoice('datevinvoice0042', 42, {
				kind: 'Cancellation',
				cancelsInvoiceId: 'datevinvoice0041',
				netAmount: -4_000,
				vatAmount: -760,
				grossAmount: -4_760,
				status: 'Paid',
				issuedAt: berlin(15, 10),
			}),
			invoice('datevinvoice0043', 43, {
				kind: 'Invoice',
				netAmount: 3_800,
				vatAmount: 722,
				grossAmount: 4_522,
				status: 'Netted',
				issuedAt: berlin(15, 10),
			}),
		])
		.run()

	// A run executed after summer time ended, and one created but not executed (not in the books).
	const run = (id: string, reference: string, fields: Partial<typeof payoutRuns.$inferInsert>) => ({
		id,
		reference,
		trigger: 'manual' as const,
		cutoffAt: berlin(26, 6),
		payoutCount: 1,
		totalAmount: 16_650,
		sepaXml: '<Document/>',
		createdById: admin.id,
		createdAt: berlin(26, 6),
		...fields,
	})
	db.insert(payoutRuns)
		.values([
			run('datevrun00000001', 'SZPO-2026-10-26', {
				status: 'Executed',
				executedAt: berlin(26, 14),
				executedById: admin.id,
			}),
			run('datevrun00000002', 'SZPO-2026-10-30', { status: 'Created', createdAt: berlin(30, 6) }),
		])
		.run()
	db.insert(hostPayouts)
		.values(
			['datevrun00000001', 'datevrun00000002'].map((runId, i) => ({
				id: `datevpayout00000${i + 1}`,
				runId,
				hostId: host.id,
				amount: 16_650,
				iban: 'DE02120300000000202051',
				accountHolder: 'Spiel & Spaß GmbH',
				endToEndId: `SZPO-${i + 1}`,
				remittance: 'Auszahlung',
				journalId: `datevpayoutjrn0${i + 1}`,
			})),
		)
		.run()
	return { admin, host }
}

let fixtures: Awaited<ReturnType<typeof createFixtures>>
beforeAll(async () => {
	fixtures = await createFixtures()
})

describe('DATEV Buchungsstapel (ADR 0180)', () => {
	test('October 2026 equals the checked-in file byte for byte, and again on a second run', () => {
		const file = datevExport(fixtures.admin, MONTH, { now: CREATED_AT })
		expect(file.fileName).toBe('DATEV-Buchungsstapel-2026-10.csv')
		if (process.env.UPDATE_DATEV_FIXTURES) writeFileSync(FIXTURE, file.bytes)
		const expected = readFileSync(FIXTURE)
		// As text first for a readable diff, then byte for byte.
		expect(file.bytes.toString('latin1')).toBe(expected.toString('latin1'))
		expect(file.bytes.equals(expected)).toBe(true)
		expect(datevExport(fixtures.admin, MONTH, { now: CREATED_AT }).bytes.equals(expected)).toBe(true)
	})

	test('the file is Windows-1252 with CRLF lines, the EXTF header and 125 columns per line', () => {
		const text = readFileSync(FIXTURE).toString('latin1')
		expect(text.endsWith('\r\n')).toBe(true)
		const lines = text.slice(0, -2).split('\r\n')
		expect(lines.every((line) => !line.includes('\n'))).toBe(true)
		expect(lines[0]).toMatch(/^"EXTF";700;21;"Buchungsstapel";13;20261102091530123;;"RE";/)
		expect(lines[0]).toContain(';1001;1;20260101;4;20261001;20261031;"Spielzimmer 2026-10";')
		expect(lines[1]?.split(';')).toHaveLength(125)
		expect(lines.slice(2).every((line) => line.split(';').length === 125)).toBe(true)
		// "Spaß" as the one byte 0xDF, not UTF-8's two.
		expect(readFileSync(FIXTURE).includes(Buffer.from([0x53, 0x70, 0x61, 0xdf]))).toBe(true)
	})

	test('each event of the month is one booking with the SKR03 accounts, and nothing outside it', () => {
		const accounts = getSetting('datevAccounts')
		const lines = datevBookings(MONTH, accounts).map(
			(b) => `${b.document} ${b.amount} ${b.side} ${b.account}/${b.contraAccount}`,
		)
		expect(lines).toEqual([
			'SZ-2026-000041 4760 S 1700/8400', // 1 October 00:30 Berlin, still September in UTC
			'SZ-OKT001 18500 S 1200/1590',
			'SZ-OKT002 12000 S 1360/1590',
			'SZ-OKT002 12000 H 1360/1590',
			'SZ-OKT003 5000 S 1710/1590',
			'SZ-OKT003 5000 S 1200/1590',
			'Geburtstag Mia "Löwe" 4200 S 1200/1590',
			'GV-OKT001 3000 S 1200/1710',
			'SZ-2026-000042 4760 H 1700/8400',
			'SZ-2026-000043 4522 S 1700/8400',
			'SZ-OKT001 18500 S 1590/1700',
			'SZPO-2026-10-26 16650 H 1200/1700',
			'SZ-OKT003 10000 S 1590/1700',
			'SZ-2026-000043 4522 S 1200/1700',
		])
		const sum = (list: { amount: number }[]) => list.reduce((total, row) => total + row.amount, 0)
		expect(sum(datevBookings(MONTH, accounts))).toBe(
			4760 +
				18_500 +
				12_000 * 2 +
				5_000 * 2 +
				4_200 +
				3_000 +
				4_760 +
				4_522 +
				18_500 +
				16_650 +
				10_000 +
				4_522,
		)
	})

	test('a revenue account without automatic VAT gets the net amount and the VAT on 1776', () => {
		const accounts = { ...getSetting('datevAccounts'), revenueIsAutomatic: false }
		const invoiceLines = datevBookings(MONTH, accounts)
			.filter((b) => b.contraAccount === accounts.revenue19 || b.contraAccount === accounts.vat19)
			.map((b) => `${b.document} ${b.amount} ${b.side} ${b.account}/${b.contraAccount}`)
		expect(invoiceLines).toEqual([
			'SZ-2026-000041 4000 S 1700/8400',
			'SZ-2026-000041 760 S 1700/1776',
			'SZ-2026-000042 4000 H 1700/8400',
			'SZ-2026-000042 760 H 1700/1776',
			'SZ-2026-000043 3800 S 1700/8400',
			'SZ-2026-000043 722 S 1700/1776',
		])
	})

	test('a month without events is the header and the column line; the month is Berlin days', () => {
		const file = datevExport(fixtures.admin, '2026-12', { now: CREATED_AT })
		expect(file.bookings).toBe(0)
		expect(file.bytes.toString('latin1').split('\r\n')).toHaveLength(3)
		expect(monthRange('2026-10')).toEqual({
			from: '2026-10-01',
			to: '2026-10-31',
			start: Date.UTC(2026, 8, 30, 22),
			end: Date.UTC(2026, 9, 31, 23),
		})
	})

	test('only an admin gets the file', () => {
		expect(() => datevExport(fixtures.host, MONTH)).toThrow(AppError)
	})
})
