import { and, eq, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { emailOutbox } from '#db/schema/platform.ts'
import { orders } from '#db/schema/orders.ts'
import { invoiceDocuments, invoices } from '#db/schema/money.ts'
import { moneyTransactions } from '#db/schema/payments.ts'
import { users } from '#db/schema/users.ts'
import { localDateOf, localToInstant } from '#app/domain/berlin-time.ts'
import type { SessionUser } from '#app/models/accounts/session.server.ts'
import { bookSettlement, postJournal } from '#app/models/booking/order-money.server.ts'
import { getDb, openDatabase } from '#app/utils/db.server.ts'
import { getEnv } from '#app/utils/env.server.ts'
import { formatAmount } from '#app/utils/format.ts'
import { createTestOrder, createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { ciiSchemaErrors, en16931Failures, pdfStreams, pdfText } from '#tests/helpers/einvoice.ts'
import { createLoggedInUser, createTestUser } from '#tests/helpers/users.ts'
import { callRoute } from '#tests/helpers/route-harness.ts'
import { loader } from '#app/routes/api/admin-user.ts'
import { paymentSchema } from '#app/schemas/host-editor.ts'
import { parseTableQuery } from '#app/utils/data-table.server.ts'
import { invoiceTable, listAdminInvoices } from './admin-invoices.server.ts'
import { loadInvoiceRecord } from './invoice-data.server.ts'
import { renderInvoiceXml } from './invoice-xml.server.ts'
import {
	createHostInvoice,
	createMonthlyInvoices,
	hostMonthInvoices,
	hostsToBill,
	invoiceDocument,
	invoiceLinesOf,
	markInvoicePaid,
	recreateInvoice,
} from './invoices.server.ts'

/** A Berlin wall-clock time as a Date. */
function berlin(date: string, hour: number, minute = 0) {
	return new Date(localToInstant(date, hour * 60 + minute) ?? 0)
}

async function host(overrides: Partial<typeof users.$inferInsert> = {}) {
	const playroom = await createTestPlayroom()
	getDb()
		.update(users)
		.set({
			companyName: 'Spielraum Kunterbunt UG',
			street: 'Lindenstraße 5',
			postalCode: '50674',
			city: 'Köln',
			country: 'DE',
			taxStatus: 'Standard',
			vatId: 'DE123456789',
			...overrides,
		})
		.where(eq(users.id, playroom.hostId))
		.run()
	return playroom
}

/** A completed order with the given value, rate and commission, completed at `completedAt`. */
async function completed(
	room: { id: string; hostId: string },
	completedAt: Date,
	totalAmount: number,
	rateBp: number,
	commission: number,
) {
	const order = await createTestOrder({
		playroomId: room.id,
		hostId: room.hostId,
		checkIn: new Date(completedAt.getTime() - 5 * 3_600_000),
		checkOut: new Date(completedAt.getTime() - 3_600_000),
		status: 'Completed',
	})
	getDb()
		.update(orders)
		.set({ completedAt, totalAmount, commissionRateBp: rateBp, commissionAmount: commission })
		.where(eq(orders.id, order.id))
		.run()
	return order
}

/** What the platform owes a host (a HostEarning journal: the guest paid the platform). */
function owe(hostId: string, amount: number) {
	postJournal(
		[
			{ kind: 'HostEarning', account: 'GuestPrepayments', amount },
			{ kind: 'HostEarning', account: 'HostPayable', amount: -amount, host: true },
		],
		{ orderId: null, hostId, now: new Date() },
		getDb(),
	)
}

function invoiceCharge(hostId: string) {
	return getDb()
		.select({ account: moneyTransactions.account, sum: sql<number>`sum(${moneyTransactions.amount})` })
		.from(moneyTransactions)
		.where(
			and(
				eq(moneyTransactions.kind, 'InvoiceCharge'),
				sql`${moneyTransactions.journalId} IN (SELECT journal_id FROM money_transactions WHERE host_id = ${hostId})`,
			),
		)
		.groupBy(moneyTransactions.account)
		.all()
		.reduce<Record<string, number>>((all, row) => ({ ...all, [row.account]: row.sum }), {})
}

async function expectValidEInvoice(xml: string) {
	const failures = en16931Failures(xml)
	expect(failures.map((failure) => `${failure.id}: ${failure.text}`)).toEqual([])
	expect(await ciiSchemaErrors(xml)).toEqual([])
}

test('a fixture month: hand-computed totals, Netted/Open by balance, consecutive numbers, documents, e-mails, valid e-invoices', async () => {
	const online = await host({ langPreference: 'de' })
	const onSite = await host({
		langPreference: 'en',
		taxStatus: 'SmallBusiness',
		vatId: null,
		taxNumber: '21/815/08150',
		companyName: null,
	})
	const zero = await host({ taxStatus: 'Private', vatId: null, companyName: null })
	owe(online.hostId, 50_000)
	// October 2026 (Berlin). The first minutes of 1 October count, the first minutes of 1 November do not.
	await completed(online, berlin('2026-10-01', 0, 10), 18_500, 1_000, 1_850) // 185,00 € × 10 %   = 18,50 €
	await completed(online, berlin('2026-10-14', 18), 12_000, 1_000, 1_200) //   120,00 € × 10 %   = 12,00 €
	await completed(online, berlin('2026-10-31', 23, 50), 9_999, 1_250, 1_250) // 99,99 € × 12,5 % = 12,50 € (12,49875)
	await completed(online, berlin('2026-11-01', 0, 5), 50_000, 1_000, 5_000) //  November: not on October's invoice
	await completed(onSite, berlin('2026-10-20', 12), 20_000, 1_000, 2_000) //   200,00 € × 10 %   = 20,00 €
	await completed(zero, berlin('2026-10-09', 12), 0, 1_000, 0) //                free booking      =  0,00 €
	// The on-site host owes the commission (HostPayable +20,00 €): its invoice cannot be netted.
	postJournal(
		[
			{ kind: 'Commission', account: 'HostPayable', amount: 2_000, host: true },
			{ kind: 'Commission', account: 'PlatformRevenue', amount: -2_000 },
		],
		{ orderId: null, hostId: onSite.hostId, now: new Date() },
		getDb(),
	)

	const now = berlin('2026-11-01', 3)
	const run = createMonthlyInvoices(now)
	expect(run.period).toEqual({ start: '2026-10-01', end: '2026-10-31' })
	expect(run.failed).toEqual([])
	const byHost = new Map(run.created.map((invoice) => [invoice.hostId, invoice]))
	expect(run.created).toHaveLength(3)
	// Consecutive numbers in one year: 1, 2, 3 (in the order of the hosts' ids).
	expect(run.created.map((invoice) => invoice.sequence)).toEqual([1, 2, 3])
	expect(run.created.map((invoice) => invoice.number)).toEqual([
		'SZ-2026-000001',
		'SZ-2026-000002',
		'SZ-2026-000003',
	])

	// Online host: net 18,50 + 12,00 + 12,50 = 43,00 €; VAT 19 % = 8,17 €; gross 51,17 €. Balance −500,00 + 8,17 ≤ 0: Netted.
	const a = byHost.get(online.hostId)
	expect(a).toMatchObject({
		netAmount: 4_300,
		vatAmount: 817,
		grossAmount: 5_117,
		status: 'Netted',
		dueDate: null,
	})
	expect(a).toMatchObject({
		periodStart: '2026-10-01',
		periodEnd: '2026-10-31',
		locale: 'de',
		vatRateBp: 1_900,
	})
	expect(invoiceCharge(online.hostId)).toEqual({ HostPayable: 817, VatPayable: -817 })
	// On-site host: net 20,00 €; VAT 3,80 €; gross 23,80 €. Balance +20,00 + 3,80 > 0 owed by the host: Open, due in 14 days.
	const b = byHost.get(onSite.hostId)
	expect(b).toMatchObject({
		netAmount: 2_000,
		vatAmount: 380,
		grossAmount: 2_380,
		status: 'Open',
		dueDate: '2026-11-15',
		locale: 'en',
	})
	// Zero-commission month: an invoice of 0,00 € all the same.
	const c = byHost.get(zero.hostId)
	expect(c).toMatchObject({ netAmount: 0, vatAmount: 0, grossAmount: 0, status: 'Netted' })

	const api = hostMonthInvoices(
		(await createTestUser({ role: 'Admin' })) as unknown as SessionUser,
		online.hostId,
		'2026-10-17',
	)
	expect(api).toHaveLength(1)
	expect(api[0]?.lines.map((line) => [line.orderAmount, line.commissionRateBp, line.netAmount])).toEqual([
		[18_500, 1_000, 1_850],
		[12_000, 1_000, 1_200],
		[9_999, 1_250, 1_250],
	])
	// The service date is the check-in: the stay completed at 00:10 on 1 October began on 30 September.
	expect(api[0]?.lines[0]?.description).toMatch(/^Provision Buchung SZ-\w+ vom 30\.09\.2026$/)

	// The documents, rendered after commit; the PDF/A-3 shows number and total and embeds the XML.
	for (const invoice of [a, b, c]) {
		const xml = invoiceDocument(invoice?.id ?? '', 'xml')
		const pdf = invoiceDocument(invoice?.id ?? '', 'pdf')
		expect(xml && pdf).toBeTruthy()
		if (!xml || !pdf || !invoice) continue
		await expectValidEInvoice(xml.content.toString('utf8'))
		expect(pdf.content.subarray(0, 8).toString()).toBe('%PDF-1.7')
		const raw = pdf.content.toString('latin1')
		expect(raw).toContain('/AFRelationship /Alternative')
		expect(raw).toContain('<pdfaid:part>3</pdfaid:part>')
		expect(raw).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>')
		expect(pdfStreams(pdf.content)).toContain(xml.content.toString('latin1'))
		const text = pdfText(pdf.content)
		expect(text).toContain(invoice.number)
		expect(text).toContain(formatAmount(invoice.grossAmount, invoice.locale).replace(/\s/g, ' '))
	}
	// The open invoice carries payment means 58 with the platform's IBAN and the due date; the netted one does not.
	const openXml = invoiceDocument(b?.id ?? '', 'xml')?.content.toString('utf8') ?? ''
	expect(openXml).toContain('<ram:TypeCode>58</ram:TypeCode>')
	expect(openXml).toContain('<ram:IBANID>DE89370400440532013000</ram:IBANID>')
	expect(openXml).toContain('<udt:DateTimeString format="102">20261115</udt:DateTimeString>')
	expect(invoiceDocument(a?.id ?? '', 'xml')?.content.toString('utf8')).not.toContain(
		'<ram:TypeCode>58</ram:TypeCode>',
	)
	expect(pdfText(invoiceDocument(a?.id ?? '', 'pdf')?.content ?? Buffer.alloc(0))).toContain('51,17 €')
	expect(pdfText(invoiceDocument(b?.id ?? '', 'pdf')?.content ?? Buffer.alloc(0))).toContain('€23.80')
	expect(pdfText(invoiceDocument(b?.id ?? '', 'pdf')?.content ?? Buffer.alloc(0))).toContain('§ 19 UStG')

	// One e-mail per invoice, in the host's language, with the PDF attached.
	const mails = getDb()
		.select()
		.from(emailOutbox)
		.where(sql`${emailOutbox.template} = 'invoice.issued'`)
		.all()
	expect(mails).toHaveLength(3)
	const mailA = mails.find((mail) => mail.subject.includes(a?.number ?? '-'))
	expect(mailA?.subject).toBe(`Deine Rechnung ${a?.number} von Spielzimmer`)
	expect(mailA?.attachments[0]?.filename).toBe(`Rechnung-${a?.number}.pdf`)
	expect(mails.find((mail) => mail.subject.includes(b?.number ?? '-'))?.attachments[0]?.filename).toBe(
		`Invoice-${b?.number}.pdf`,
	)

	// A second run bills nobody twice and renders nothing again.
	expect(createMonthlyInvoices(berlin('2026-11-03', 9))).toMatchObject({ created: [], rendered: 0 })

	// The open invoice paid: Paid, the host's transfer booked once.
	const admin = (await createTestUser({ role: 'Admin' })) as unknown as SessionUser
	markInvoicePaid(admin, b?.id ?? '')
	markInvoicePaid(admin, b?.id ?? '')
	const payments = getDb()
		.select()
		.from(moneyTransactions)
		.where(and(eq(moneyTransactions.kind, 'HostPayment'), eq(moneyTransactions.hostId, onSite.hostId)))
		.all()
	expect(payments.map((row) => row.amount)).toEqual([-2_380])
	expect(
		getDb()
			.select()
			.from(invoices)
			.where(eq(invoices.id, b?.id ?? ''))
			.get()?.status,
	).toBe('Paid')
	expect(() => markInvoicePaid(admin, a?.id ?? '')).toThrow()

	// Recreate: an order's commission changed (a goodwill reduction): a Storno of the original and a new invoice.
	getDb()
		.update(orders)
		.set({ commissionAmount: 1_000 })
		.where(and(eq(orders.hostId, online.hostId), eq(orders.totalAmount, 12_000)))
		.run()
	const { cancellation, invoice } = recreateInvoice(admin, a?.id ?? '', berlin('2026-11-05', 10))
	// Storno: −43,00 € net, −8,17 € VAT, −51,17 € gross, type 384, refers to the original.
	expect(cancellation).toMatchObject({
		kind: 'Cancellation',
		number: 'SZ-2026-000004',
		cancelsInvoiceId: a?.id,
		netAmount: -4_300,
		vatAmount: -817,
		grossAmount: -5_117,
	})
	// New: 18,50 + 10,00 + 12,50 = 41,00 € net; 19 % = 7,79 €; 48,79 € gross.
	expect(invoice).toMatchObject({
		number: 'SZ-2026-000005',
		netAmount: 4_100,
		vatAmount: 779,
		grossAmount: 4_879,
	})
	expect(
		getDb()
			.select()
			.from(invoices)
			.where(eq(invoices.id, a?.id ?? ''))
			.get()?.status,
	).toBe('Cancelled')
	// The ledger now holds only the new invoice's VAT: +8,17 − 8,17 + 7,79.
	expect(invoiceCharge(online.hostId)).toEqual({ HostPayable: 779, VatPayable: -779 })
	const stornoXml = invoiceDocument(cancellation.id, 'xml')?.content.toString('utf8') ?? ''
	expect(stornoXml).toContain('<ram:TypeCode>384</ram:TypeCode>')
	expect(stornoXml).toContain(`<ram:IssuerAssignedID>${a?.number}</ram:IssuerAssignedID>`)
	await expectValidEInvoice(stornoXml)
	expect(pdfText(invoiceDocument(cancellation.id, 'pdf')?.content ?? Buffer.alloc(0))).toContain(
		'Stornorechnung',
	)
	expect(() => recreateInvoice(admin, a?.id ?? '')).toThrow()
	expect(
		getDb()
			.select()
			.from(emailOutbox)
			.where(sql`${emailOutbox.template} = 'invoice.cancellation'`)
			.all(),
	).toHaveLength(1)
}, 60_000)

test('two concurrent runs on two connections: one invoice per host, consecutive numbers, a failed render uses up no number', async () => {
	const first = await host()
	const second = await host()
	await completed(first, berlin('2026-09-10', 12), 10_000, 1_000, 1_000)
	await completed(second, berlin('2026-09-11', 12), 10_000, 1_000, 1_000)
	const period = { start: '2026-09-01', end: '2026-09-30' }
	const now = berlin('2026-10-01', 2)
	const other = openDatabase(getEnv().DATABASE_PATH)
	try {
		// Both runs see both hosts to bill before either writes; then their transactions interleave.
		const hostsA = hostsToBill(period)
		const hostsB = hostsToBill(period, other)
		expect(hostsB).toEqual(hostsA)
		const [h1 = '', h2 = ''] = hostsA.filter((id) => id === first.hostId || id === second.hostId)
		const a1 = createHostInvoice(h1, period, now)
		const b1 = createHostInvoice(h1, period, now, other)
		const b2 = createHostInvoice(h2, period, now, other)
		const a2 = createHostInvoice(h2, period, now)
		expect(a1).not.toBeNull()
		expect(b1).toBeNull()
		expect(b2).not.toBeNull()
		expect(a2).toBeNull()
		expect((b2?.sequence ?? 0) - (a1?.sequence ?? 0)).toBe(1)
	} finally {
		other.$client.close()
	}
	const rows = getDb()
		.select()
		.from(invoices)
		.where(
			and(
				eq(invoices.periodStart, '2026-09-01'),
				sql`${invoices.hostId} IN (${first.hostId}, ${second.hostId})`,
			),
		)
		.all()
	expect(rows).toHaveLength(2)
	// The partial unique index refuses a second valid invoice for the same host and month outright.
	const [row] = rows
	expect(() =>
		getDb()
			.insert(invoices)
			.values({ ...row!, id: undefined, number: 'SZ-2026-999999', sequence: 999_999 })
			.run(),
	).toThrow(/UNIQUE/)
	// No documents yet for these (nothing rendered): they are picked up by the next run, numbers unchanged.
	getDb().delete(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, row!.id)).run()
	const again = createMonthlyInvoices(berlin('2026-10-02', 2))
	expect(again.created).toEqual([])
	expect(invoiceDocument(row!.id, 'pdf')).not.toBeNull()
	expect(getDb().select().from(invoices).where(eq(invoices.id, row!.id)).get()?.number).toBe(row!.number)
}, 30_000)

test('admin API: Invoice answers the month with lines; bad input is a 400, a host a 403; the list filters overdue', async () => {
	const room = await host()
	await completed(room, berlin('2026-08-12', 12), 30_000, 1_000, 3_000)
	// Open (the host owes the commission), so it has a due date.
	postJournal(
		[
			{ kind: 'Commission', account: 'HostPayable', amount: 3_000, host: true },
			{ kind: 'Commission', account: 'PlatformRevenue', amount: -3_000 },
		],
		{ orderId: null, hostId: room.hostId, now: new Date() },
		getDb(),
	)
	const invoice = createHostInvoice(
		room.hostId,
		{ start: '2026-08-01', end: '2026-08-31' },
		berlin('2026-09-01', 3),
	)
	expect(invoice).toMatchObject({ status: 'Open', dueDate: '2026-09-15', grossAmount: 3_570 }) // 30,00 + 5,70 VAT
	const admin = await createLoggedInUser({ role: 'Admin' })
	const owner = await createLoggedInUser({ role: 'Owner' })
	const call = (token: string, query: string) =>
		callRoute(loader, {
			path: `/api/Admin/User/Invoice?${query}`,
			headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'en-GB' },
			params: { endpoint: 'Invoice' },
		})
	const ok = await call(admin.token, `hostUserId=${room.hostId}&dateString=2026-08-20`)
	expect(ok.status).toBe(200)
	const value = (ok.json as { value: { number: string; lines: unknown[] }[] }).value
	expect(value.map((row) => [row.number, row.lines.length])).toEqual([[invoice?.number, 1]])
	expect((await call(admin.token, `hostUserId=${room.hostId}&dateString=August`)).status).toBe(400)
	expect((await call(owner.token, `hostUserId=${room.hostId}&dateString=2026-08-20`)).status).toBe(403)

	// Overdue: open and past the due date (Berlin) — exactly the rows of `?status=overdue`.
	const overdue = listAdminInvoices(admin.user as unknown as SessionUser, {
		...parseTableQuery(invoiceTable, new URLSearchParams('status=overdue&perPage=100')),
	})
	const today = localDateOf(Date.now())
	expect(overdue.items.some((row) => row.id === invoice?.id)).toBe('2026-09-15' < today)
	expect(overdue.items.every((row) => row.dueDate !== null && row.dueDate < today)).toBe(true)

	// The editor's tax status: standard needs the VAT id.
	const base = { taxStatus: 'Standard', vatId: '' }
	expect(paymentSchema.safeParse(base).success).toBe(false)
	expect(paymentSchema.safeParse({ ...base, vatId: 'DE123456789' }).success).toBe(true)
	expect(paymentSchema.safeParse({ ...base, taxStatus: 'SmallBusiness' }).success).toBe(true)
})

test('commission kept on a cancellation fee is billed in the month the order was cancelled', async () => {
	const room = await host({ langPreference: 'de' })
	const cancelledOrder = async (checkIn: Date) => {
		const order = await createTestOrder({
			playroomId: room.id,
			hostId: room.hostId,
			checkIn,
			checkOut: new Date(checkIn.getTime() + 2 * 3_600_000),
			status: 'Cancelled',
		})
		getDb().update(orders).set({ commissionRateBp: 1_000 }).where(eq(orders.id, order.id)).run()
		return getDb().select().from(orders).where(eq(orders.id, order.id)).get() as typeof orders.$inferSelect
	}
	// Cancelled late on 18 October: 60,00 € of the price kept; 10 % commission = 6,00 €, 54,00 € to the host.
	const october = await cancelledOrder(berlin('2026-10-25', 10))
	bookSettlement(october, 6_000, berlin('2026-10-18', 9), getDb())
	// Cancelled on 2 November: November's invoice, not October's.
	const november = await cancelledOrder(berlin('2026-11-10', 10))
	bookSettlement(november, 4_000, berlin('2026-11-02', 9), getDb())
	// Cancelled in October without a fee: nothing kept, no line.
	await cancelledOrder(berlin('2026-10-12', 10))

	const period = { start: '2026-10-01' as const, end: '2026-10-31' as const }
	expect(hostsToBill(period)).toContain(room.hostId)
	const invoice = createHostInvoice(room.hostId, period, berlin('2026-11-01', 3))
	expect(invoice).not.toBeNull()
	const lines = invoiceLinesOf(invoice?.id ?? '')
	expect(lines.map((line) => [line.orderCode, line.orderAmount, line.netAmount])).toEqual([
		[october.code, 6_000, 600],
	])
	expect(lines[0]?.description).toContain('Stornogebühr')
	// 6,00 € net + 19 % = 1,14 € VAT → 7,14 €.
	expect([invoice?.netAmount, invoice?.vatAmount, invoice?.grossAmount]).toEqual([600, 114, 714])
	const record = loadInvoiceRecord(invoice?.id ?? '')
	if (!record) throw new Error('no invoice record')
	await expectValidEInvoice(renderInvoiceXml(record))
})
