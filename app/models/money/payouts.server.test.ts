import { readFileSync } from 'node:fs'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { validateXML } from 'xmllint-wasm'
import { hostPayouts, payoutRuns } from '#db/schema/money.ts'
import { orders } from '#db/schema/orders.ts'
import { moneyTransactions } from '#db/schema/payments.ts'
import { users } from '#db/schema/users.ts'
import { recordControlTransaction } from '#app/models/booking/control-transactions.server.ts'
import { cancelOrder, completeOrder, expireOrder } from '#app/models/booking/order-transitions.server.ts'
import { setSetting } from '#app/models/platform/settings.server.ts'
import { runScheduledPayouts } from '#app/tasks/host-payouts.server.ts'
import { issueVoucher } from '#app/models/vouchers/voucher-ledger.server.ts'
import { getDb, immediateTransaction } from '#app/utils/db.server.ts'
import {
	bookingFixture,
	hourlySlot,
	mailsTo,
	NOW,
	orderRow,
	placeOrder,
	unbalancedJournals,
} from '#tests/helpers/booking.ts'
import { createTestPlayroom } from '#tests/helpers/catalogue.ts'
import { sharedFile } from '#tests/helpers/shared-dir.ts'
import { createTestUser } from '#tests/helpers/users.ts'
import {
	adjustHostBalance,
	createPayoutRun,
	getHostPayouts,
	hostBalances,
	isoWeekOf,
	markPayoutRunExecuted,
} from './payouts.server.ts'
import { epcText, nextBusinessDay } from './sepa-file.server.ts'

/**
 * Payout runs over a fixture month (issue 34, ADR 0177): orders built through the real booking
 * engine (createOrder, recorded bank transfers, completion, cancellation, expiry); balances and
 * payouts hand-computed to the cent; every journal sums to 0; the pain.001 validates against the
 * EPC schema in ../shared/sepa/ and its NbOfTxs/CtrlSum add up; a second run pays nobody twice.
 */
const XSD = sharedFile('sepa/pain.001.001.09-EPC132-08-2023-SCT-C2PSP.xsd')
const PAID_AT = NOW + 86_400_000
const MONTH_END = Date.parse('2026-06-30T20:00:00Z')
/** Wednesday 1 July 2026, 10:00 Berlin. */
const RUN_AT = Date.parse('2026-07-01T08:00:00Z')
const IBAN_A = 'DE02120300000000202051'
const IBAN_C = 'DE89370400440532013000'

let keys = 0
/** An order of `total` cents at 15 % commission, paid by the given bank transfers (cents). */
async function order(
	fixture: Awaited<ReturnType<typeof bookingFixture>>,
	date: string,
	total: number | null,
	transfers: number[],
	voucherCode?: string,
) {
	const placed = placeOrder(fixture, { ...hourlySlot(date, 10), ...(voucherCode ? { voucherCode } : {}) })
	getDb()
		.update(orders)
		.set({ ...(total === null ? {} : { totalAmount: total }), commissionRateBp: 1500 })
		.where(eq(orders.id, placed.id))
		.run()
	const admin = { id: fixture.host.id, role: 'Admin' as const }
	for (const amount of transfers) {
		recordControlTransaction(
			{
				amount,
				bookingDate: '2026-06-02',
				reference: placed.code,
				idempotencyKey: `t-${++keys}-${placed.id}`,
			},
			admin,
			{ now: PAID_AT },
		)
	}
	return orderRow(placed.id)!
}

function setIban(hostId: string, iban: string | null) {
	getDb().update(users).set({ payoutIban: iban }).where(eq(users.id, hostId)).run()
}

function balanceOf(hostId: string, at = RUN_AT) {
	return hostBalances(new Date(at)).find((host) => host.hostId === hostId)
}

describe('a payout run over a fixture month', () => {
	test('pays each host their share to the cent, once, with a valid pain.001', async () => {
		const xsd = readFileSync(XSD, 'utf8')
		// Host A (IBAN): completed, cancelled, refunded and partially paid orders, and an adjustment.
		const a = await bookingFixture({ instantBooking: true })
		setIban(a.host.id, IBAN_A)
		const completed = await order(a, '2026-06-10', 20_000, [20_000])
		const partlyThenPaid = await order(a, '2026-06-11', 9_550, [5_000, 4_550])
		const cancelled = await order(a, '2026-06-12', 10_000, [10_000])
		const partlyExpired = await order(a, '2026-06-13', 10_000, [5_000])
		expect(partlyExpired.paymentStatus).toBe('PartiallyPaid')
		// A gift voucher (money the platform holds) pays 50.00 of the fixture's 95.00 Wednesday price.
		const gift = immediateTransaction((tx) =>
			issueVoucher(
				{
					kind: 'Gift',
					amount: 5_000,
					issuer: 'Platform',
					scope: 'All',
					origin: 'Purchase',
					paid: true,
					now: new Date(NOW - 86_400_000),
				},
				tx,
			),
		)
		const byVoucher = await order(a, '2026-06-17', null, [4_500], gift.code)
		expect(byVoucher).toMatchObject({ totalAmount: 9_500, voucherAmount: 5_000, status: 'Confirmed' })
		cancelOrder(cancelled.id, { id: a.host.id, role: 'Owner' }, 'Wasserschaden', { now: PAID_AT + 3_600_000 })
		expireOrder(partlyExpired.id, { now: (partlyExpired.paymentDeadline?.getTime() ?? PAID_AT) + 60_000 })
		expect(orderRow(partlyExpired.id)?.status).toBe('Expired')
		expect(completeOrder(completed.id, { now: MONTH_END })).toBe(true)
		expect(completeOrder(partlyThenPaid.id, { now: MONTH_END })).toBe(true)
		expect(completeOrder(byVoucher.id, { now: MONTH_END })).toBe(true)
		const admin = await createTestUser({ role: 'Admin' })
		adjustHostBalance(
			admin,
			{ hostId: a.host.id, amount: 1_000, reason: 'Kulanz Juni', idempotencyKey: 'adj-a-1' },
			{ now: MONTH_END },
		)
		// The same form submitted twice books once.
		expect(
			adjustHostBalance(
				admin,
				{ hostId: a.host.id, amount: 1_000, reason: 'Kulanz Juni', idempotencyKey: 'adj-a-1' },
				{ now: MONTH_END },
			),
		).toEqual({ changed: false })

		// Host B: no IBAN. Host C (IBAN): one small order just above the minimum. Host E: below it.
		const b = { ...a, playroom: await createTestPlayroom({ instantBooking: true }) }
		b.host = getDb().select().from(users).where(eq(users.id, b.playroom.hostId)).get()!
		const bOrder = await order(b, '2026-06-14', 8_000, [8_000])
		completeOrder(bOrder.id, { now: MONTH_END })
		const c = { ...a, playroom: await createTestPlayroom({ instantBooking: true }) }
		c.host = getDb().select().from(users).where(eq(users.id, c.playroom.hostId)).get()!
		setIban(c.host.id, IBAN_C)
		getDb().update(users).set({ companyName: 'Bällebad & Söhne GmbH' }).where(eq(users.id, c.host.id)).run()
		const cOrder = await order(c, '2026-06-15', 3_000, [3_000])
		completeOrder(cOrder.id, { now: MONTH_END })
		const e = await createTestUser({ role: 'Owner', payoutIban: IBAN_C })
		adjustHostBalance(
			admin,
			{ hostId: e.id, amount: 500, reason: 'Test', idempotencyKey: 'adj-e-1' },
			{ now: MONTH_END },
		)

		// Hand-computed (15 % commission, rounded half up; host share = retained − commission):
		//   A completed      200.00 paid            → commission 30.00, host 170.00  = 17 000
		//   A 50.00 + 45.50 = 95.50 paid, completed → commission 14.325 → 14.33, host 81.17 = 8 117
		//   A 95.00 = 50.00 gift voucher + 45.00 paid, completed → commission 14.25, host 80.75 = 8 075
		//   A cancelled by the host, 100.00 refunded in full          → host 0
		//   A 50.00 of 100.00 paid, expired, 50.00 refunded           → host 0
		//   A adjustment                                               + 1 000
		//   A balance: 17 000 + 8 117 + 8 075 + 1 000                  = 34 192
		//   B 80.00 completed → commission 12.00, host 68.00 = 6 800, no IBAN → skipped
		//   C 30.00 completed → commission 4.50, host 25.50 = 2 550 ≥ 25.00 minimum → paid
		//   E adjustment 5.00 = 500 < 2 500 minimum → skipped
		expect(balanceOf(a.host.id)).toMatchObject({ balance: 34_192, open: 34_192, skipReason: null })
		expect(balanceOf(b.host.id)).toMatchObject({ balance: 6_800, open: 6_800, skipReason: 'noIban' })
		expect(balanceOf(c.host.id)).toMatchObject({ balance: 2_550, open: 2_550, skipReason: null })
		expect(balanceOf(e.id)).toMatchObject({ balance: 500, skipReason: 'belowMinimum' })

		const first = createPayoutRun(admin, { idempotencyKey: 'run-1', trigger: 'manual' }, { now: RUN_AT })
		if (first.outcome !== 'created') throw new Error(first.outcome)
		// Run total: 34 192 + 2 550 = 36 742 in 2 payouts.
		expect(first.run).toMatchObject({ payoutCount: 2, totalAmount: 36_742, status: 'Created' })
		const payouts = getDb().select().from(hostPayouts).where(eq(hostPayouts.runId, first.run.id)).all()
		expect(Object.fromEntries(payouts.map((p) => [p.hostId, p.amount]))).toEqual({
			[a.host.id]: 34_192,
			[c.host.id]: 2_550,
		})
		expect(payouts.find((p) => p.hostId === c.host.id)).toMatchObject({
			iban: IBAN_C,
			accountHolder: 'Bällebad & Söhne GmbH',
			remittance: `Spielzimmer Auszahlung ${first.run.reference}`,
		})
		expect(first.run.reference.length).toBeLessThanOrEqual(35)
		expect(unbalancedJournals()).toEqual([])
		// Paid hosts are at 0, every row of theirs settled (the payout's own row too); the others keep theirs.
		expect(balanceOf(a.host.id)).toMatchObject({ balance: 0, open: 0 })
		expect(balanceOf(c.host.id)).toMatchObject({ balance: 0, open: 0 })
		expect(balanceOf(b.host.id)).toMatchObject({ balance: 6_800 })
		const unsettledOfA = getDb()
			.select({ n: sql<number>`count(*)` })
			.from(moneyTransactions)
			.where(
				sql`${moneyTransactions.hostId} = ${a.host.id} AND ${moneyTransactions.account} = 'HostPayable' AND ${moneyTransactions.payoutId} IS NULL`,
			)
			.get()
		expect(unsettledOfA?.n).toBe(0)

		// The file: schema-valid, 2 transactions, CtrlSum 367.42 in the header and the payment block.
		const xml = first.run.sepaXml
		const validation = await validateXML({
			xml: [{ fileName: 'payout.xml', contents: xml }],
			schema: [{ fileName: 'pain.001.001.09.xsd', contents: xsd }],
		})
		expect(validation.errors).toEqual([])
		expect(validation.valid).toBe(true)
		expect(xml.match(/<NbOfTxs>(\d+)<\/NbOfTxs>/g)).toEqual(['<NbOfTxs>2</NbOfTxs>', '<NbOfTxs>2</NbOfTxs>'])
		expect(xml.match(/<CtrlSum>([\d.]+)<\/CtrlSum>/g)).toEqual([
			'<CtrlSum>367.42</CtrlSum>',
			'<CtrlSum>367.42</CtrlSum>',
		])
		const amounts = [...xml.matchAll(/<InstdAmt Ccy="EUR">([\d.]+)<\/InstdAmt>/g)].map((m) => m[1])
		expect(amounts.sort()).toEqual(['25.50', '341.92'])
		expect(xml).toContain(`<MsgId>${first.run.reference}</MsgId>`)
		expect(xml).toContain('<BtchBookg>true</BtchBookg>')
		// Executed the next business day (Thursday 2 July); names in the EPC character set.
		expect(xml).toContain('<ReqdExctnDt><Dt>2026-07-02</Dt></ReqdExctnDt>')
		expect(xml).toContain('<Nm>Baellebad + Soehne GmbH</Nm>')

		// The same key again: the first run, nothing new.
		const repeat = createPayoutRun(
			admin,
			{ idempotencyKey: 'run-1', trigger: 'manual' },
			{ now: RUN_AT + 60_000 },
		)
		expect(repeat).toMatchObject({ outcome: 'repeated', run: { id: first.run.id } })
		// A new key right away: nobody left to pay.
		expect(
			createPayoutRun(admin, { idempotencyKey: 'run-2', trigger: 'manual' }, { now: RUN_AT + 120_000 }),
		).toEqual({
			outcome: 'nothingToPay',
		})

		// July: one more order of A; the next run pays only that (50.00 − 7.50 = 42.50).
		const july = await order(a, '2026-06-20', 5_000, [5_000])
		completeOrder(july.id, { now: RUN_AT + 3_600_000 })
		const second = createPayoutRun(
			null,
			{ idempotencyKey: 'schedule:2026-W28', trigger: 'schedule' },
			{ now: RUN_AT + 7 * 86_400_000 },
		)
		if (second.outcome !== 'created') throw new Error(second.outcome)
		expect(second.run).toMatchObject({ payoutCount: 1, totalAmount: 4_250, trigger: 'schedule' })
		expect(unbalancedJournals()).toEqual([])
		expect(getDb().select().from(payoutRuns).all()).toHaveLength(2)
		// Over both runs host A got exactly what the ledger owed: 34 192 + 4 250.
		const paidToA = getDb()
			.select({ total: sql<number>`sum(${hostPayouts.amount})` })
			.from(hostPayouts)
			.where(eq(hostPayouts.hostId, a.host.id))
			.get()
		expect(paidToA?.total).toBe(38_442)

		// The host's page: past payouts with their orders; no other host's.
		const view = getHostPayouts({ id: a.host.id, role: 'Owner' }, { now: RUN_AT + 8 * 86_400_000 })
		expect(view).toMatchObject({ balance: 0, open: 0, hasIban: true })
		expect(view.payouts.map((p) => [p.amount, p.status])).toEqual([
			[4_250, 'Created'],
			[34_192, 'Created'],
		])
		expect(view.payouts[1]?.lines.map((line) => [line.orderCode, line.amount])).toEqual(
			expect.arrayContaining([
				[completed.code, 17_000],
				[partlyThenPaid.code, 8_117],
				[byVoucher.code, 8_075],
				[null, 1_000],
			]),
		)
		expect(view.payouts[1]?.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(34_192)
		const viewB = getHostPayouts({ id: b.host.id, role: 'Owner' }, { now: RUN_AT })
		expect(viewB).toMatchObject({
			balance: 6_800,
			open: 6_800,
			hasIban: false,
			skipReason: 'noIban',
			payouts: [],
		})
		expect(viewB.openLines.map((line) => line.orderCode)).toEqual([bOrder.code])

		// Executed: idempotent; each paid host e-mailed once in their language.
		getDb().update(users).set({ langPreference: 'en' }).where(eq(users.id, c.host.id)).run()
		expect(markPayoutRunExecuted(admin, first.run.id, { now: RUN_AT + 86_400_000 }).changed).toBe(true)
		expect(markPayoutRunExecuted(admin, first.run.id, { now: RUN_AT + 90_000_000 }).changed).toBe(false)
		const mailA = mailsTo(a.host.email).filter((mail) => mail.template === 'payout.executed')
		const mailC = mailsTo(c.host.email).filter((mail) => mail.template === 'payout.executed')
		expect(mailA).toHaveLength(1)
		expect(mailA[0]?.subject.replace(/\u00a0/g, ' ')).toBe('Deine Auszahlung von 341,92 € ist unterwegs')
		expect(mailC[0]?.subject.replace(/\u00a0/g, ' ')).toBe('Your payout of €25.50 is on its way')
		expect(getDb().select().from(payoutRuns).where(eq(payoutRuns.id, first.run.id)).get()?.status).toBe(
			'Executed',
		)
	})
})

describe('the weekly task', () => {
	test('creates the run on the configured Berlin weekday, once per ISO week', async () => {
		setSetting('payoutSchedule', { weekday: 3, minimumCents: 2_500 })
		const admin = await createTestUser({ role: 'Admin' })
		const host = await createTestUser({ role: 'Owner', payoutIban: IBAN_A })
		adjustHostBalance(
			admin,
			{ hostId: host.id, amount: 3_000, reason: 'Task', idempotencyKey: 'adj-task' },
			{ now: RUN_AT },
		)
		// Tuesday 14 July 2026: not the day.
		expect(runScheduledPayouts(new Date('2026-07-14T10:00:00Z'))).toBe(0)
		// Wednesday 15 July, 00:23 Berlin (still Tuesday in UTC): the run of week 29.
		expect(runScheduledPayouts(new Date('2026-07-14T22:23:00Z'))).toBe(1)
		expect(runScheduledPayouts(new Date('2026-07-15T09:23:00Z'))).toBe(0)
		const run = getDb()
			.select()
			.from(payoutRuns)
			.where(eq(payoutRuns.idempotencyKey, 'schedule:2026-W29'))
			.get()
		expect(run).toMatchObject({ trigger: 'schedule', payoutCount: 1, totalAmount: 3_000, createdById: null })
		setSetting('payoutSchedule', { weekday: null, minimumCents: 2_500 })
		adjustHostBalance(
			admin,
			{ hostId: host.id, amount: 3_000, reason: 'Task', idempotencyKey: 'adj-task-2' },
			{ now: RUN_AT },
		)
		expect(runScheduledPayouts(new Date('2026-07-22T10:00:00Z'))).toBe(0)
	})
})

describe('helpers', () => {
	test('ISO weeks, next business day, EPC text', () => {
		expect(isoWeekOf('2026-01-01')).toBe('2026-W01')
		expect(isoWeekOf('2027-01-01')).toBe('2026-W53')
		expect(isoWeekOf('2026-11-30')).toBe('2026-W49')
		// Friday → Monday; Saturday → Monday.
		expect(nextBusinessDay(new Date('2026-07-03T10:00:00Z'))).toBe('2026-07-06')
		expect(nextBusinessDay(new Date('2026-07-04T10:00:00Z'))).toBe('2026-07-06')
		expect(epcText('Jörg Müller & Co. <KG>', 70)).toBe('Joerg Mueller + Co. KG')
	})
})
