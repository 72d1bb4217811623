import { addDays, localDateOf, startOfLocalDay } from '#app/domain/berlin-time.ts'
import { datevBuchungsstapel, type DatevBooking } from '#app/domain/datev.ts'
import { assertAdmin } from '#app/utils/assert-admin.ts'
import { getDb, type AppDatabase } from '#app/utils/db.server.ts'
import { encodeWindows1252 } from '#app/utils/windows-1252.ts'
import { getSetting, type SettingValue } from '#app/models/platform/settings.server.ts'

/**
 * The month's books for the tax advisor as a DATEV Buchungsstapel (issue 34, ADR 0180): one booking
 * per business event of a Europe/Berlin calendar month, read from the tables (never from the pages):
 *
 *   guest payment (incoming, Succeeded; bank or card)   Bank/Stripe S  ← guest prepayments
 *   unmatched transfer (no order yet)                    Bank S         ← guest prepayments
 *   gift voucher order paid                              Bank/Stripe S  ← voucher liability
 *   refund sent (outgoing, Succeeded)                    Bank/Stripe H  → guest prepayments
 *   gift voucher pays (part of) an order                 voucher liability S → guest prepayments
 *   gift voucher credited back at a cancellation         voucher liability H ← guest prepayments
 *   order settled (the platform's money to the host)     guest prepayments S → host payables
 *   commission invoice (gross; 8400 is an automatic account)  host payables S → revenue 19 %
 *   cancellation invoice (Storno)                        host payables H ← revenue 19 %
 *   a host pays an open invoice by transfer              Bank S         ← host payables
 *   host payout of a run executed                        Bank H → host payables
 *
 * Accounts come from the `datevAccounts` setting. The same data and `createdAt` give the same bytes.
 */
export type DatevAccounts = SettingValue<'datevAccounts'>

/** The month as "YYYY-MM" → its first and last Berlin date and the instants [start, end). */
export function monthRange(month: string) {
	const from = `${month}-01`
	const next = addDays(from, 32).slice(0, 7)
	const to = addDays(`${next}-01`, -1)
	return { from, to, start: startOfLocalDay(from), end: startOfLocalDay(`${next}-01`) }
}

/** The month before the one `now` is in (Berlin): what the tax advisor usually asks for. */
export function previousMonth(now: number): string {
	return addDays(`${localDateOf(now).slice(0, 7)}-01`, -1).slice(0, 7)
}

/** "DATEV-Buchungsstapel-2026-10.csv". */
export function datevFileName(month: string): string {
	return `DATEV-Buchungsstapel-${month}.csv`
}

type Client = AppDatabase['$client']
type Range = { start: number; end: number }

/** Order of bookings with the same instant: money in, money out, then the internal moves. */
const RANK = {
	payment: 0,
	voucherSale: 1,
	refund: 2,
	voucherRedemption: 3,
	voucherRefund: 4,
	settlement: 5,
	invoice: 6,
	hostPayment: 7,
	payout: 8,
} as const
type Ranked = DatevBooking & { rank: number; id: string }

function moneyAccount(provider: string, accounts: DatevAccounts) {
	return provider === 'Stripe' ? accounts.stripeClearing : accounts.bank
}

function payments(client: Client, range: Range, accounts: DatevAccounts): Ranked[] {
	const rows = client
		.prepare(
			`SELECT p.id, p.provider, p.direction, p.amount, p.reference, p.note, p.order_id AS orderId,
			        coalesce(p.completed_at, p.created_at) AS at, o.code AS orderCode, v.code AS voucherOrderCode
			 FROM payment_transactions p
			 LEFT JOIN orders o ON o.id = p.order_id
			 LEFT JOIN voucher_orders v ON p.order_id IS NULL AND (
			   (p.provider = 'Stripe' AND v.stripe_session_id = p.external_id) OR
			   (p.provider = 'BankTransfer' AND p.note = 'voucherOrder' AND v.code = p.reference))
			 WHERE p.status = 'Succeeded' AND p.provider IN ('BankTransfer', 'Stripe') AND p.amount > 0
			   AND coalesce(p.completed_at, p.created_at) >= ? AND coalesce(p.completed_at, p.created_at) < ?`,
		)
		.all(range.start, range.end) as {
		id: string
		provider: string
		direction: 'Incoming' | 'Outgoing'
		amount: number
		reference: string
		note: string | null
		orderId: string | null
		at: number
		orderCode: string | null
		voucherOrderCode: string | null
	}[]
	return rows.map((row) => {
		const money = moneyAccount(row.provider, accounts)
		const via = row.provider === 'Stripe' ? 'Karte' : 'Überweisung'
		const base = { id: row.id, amount: row.amount, account: money, at: row.at }
		if (row.direction === 'Outgoing') {
			return {
				...base,
				rank: RANK.refund,
				side: 'H' as const,
				contraAccount: accounts.guestPrepayments,
				document: row.orderCode ?? row.reference,
				text: `Erstattung ${via} ${row.orderCode ?? row.reference}`,
			}
		}
		if (row.voucherOrderCode) {
			return {
				...base,
				rank: RANK.voucherSale,
				side: 'S' as const,
				contraAccount: accounts.voucherLiability,
				document: row.voucherOrderCode,
				text: `Gutscheinverkauf ${via} ${row.voucherOrderCode}`,
			}
		}
		return {
			...base,
			rank: RANK.payment,
			side: 'S' as const,
			contraAccount: accounts.guestPrepayments,
			document: row.orderCode ?? row.reference,
			text: row.orderCode
				? `Zahlung Gast ${via} ${row.orderCode}`
				: `Zahlung ohne Buchung ${via} ${row.reference}`,
		}
	})
}

/**
 * The ledger's internal moves of the month, one booking per order and kind: a gift voucher paying an
 * order (VoucherRedemption), credited back (VoucherRefund), and the order settled — what the
 * Commission and HostEarning journals take from the guest prepayments goes to the host payables,
 * where the commission invoice charges it (the revenue is booked from the invoice, with its VAT).
 */
function ledgerMoves(client: Client, range: Range, accounts: DatevAccounts): Ranked[] {
	const rows = client
		.prepare(
			`SELECT m.order_id AS orderId, o.code AS orderCode,
			        CASE WHEN m.kind IN ('Commission', 'HostEarning') THEN 'settlement' ELSE m.kind END AS move,
			        sum(m.amount) AS amount, max(m.created_at) AS at
			 FROM money_transactions m JOIN orders o ON o.id = m.order_id
			 WHERE m.created_at >= ? AND m.created_at < ? AND (
			   (m.kind IN ('Commission', 'HostEarning') AND m.account = 'GuestPrepayments') OR
			   (m.kind IN ('VoucherRedemption', 'VoucherRefund') AND m.account = 'VoucherLiability'))
			 GROUP BY m.order_id, move`,
		)
		.all(range.start, range.end) as {
		orderId: string
		orderCode: string
		move: 'settlement' | 'VoucherRedemption' | 'VoucherRefund'
		amount: number
		at: number
	}[]
	return rows.flatMap((row): Ranked[] => {
		const base = { id: `${row.orderId}:${row.move}`, at: row.at, document: row.orderCode }
		const amount = Math.abs(row.amount)
		if (amount === 0) return []
		switch (row.move) {
			case 'settlement':
				return [
					{
						...base,
						rank: RANK.settlement,
						amount,
						side: row.amount > 0 ? 'S' : 'H',
						account: accounts.guestPrepayments,
						contraAccount: accounts.hostPayables,
						text: `Abrechnung Buchung ${row.orderCode}`,
					},
				]
			case 'VoucherRedemption':
			case 'VoucherRefund':
				return [
					{
						...base,
						rank: row.move === 'VoucherRedemption' ? RANK.voucherRedemption : RANK.voucherRefund,
						amount,
						side: row.amount > 0 ? 'S' : 'H',
						account: accounts.voucherLiability,
						contraAccount: accounts.guestPrepayments,
						text: `${row.move === 'VoucherRedemption' ? 'Gutschein eingelöst' : 'Gutschein gutgeschrieben'} ${row.orderCode}`,
					},
				]
		}
	})
}

/**
 * A host's own transfer to the platform (an open invoice paid; the HostPayment journal): one booking
 * per journal, its description (the invoice number, where the invoices module writes one) as Beleg.
 */
function hostPayments(client: Client, range: Range, accounts: DatevAccounts): Ranked[] {
	const rows = client
		.prepare(
			`SELECT m.journal_id AS id, m.amount, m.created_at AS at, coalesce(m.description, '') AS description,
			        coalesce(u.display_name, '') AS host
			 FROM money_transactions m
			 LEFT JOIN money_transactions h ON h.journal_id = m.journal_id AND h.account = 'HostPayable'
			 LEFT JOIN users u ON u.id = h.host_id
			 WHERE m.kind = 'HostPayment' AND m.account = 'PlatformBank' AND m.created_at >= ? AND m.created_at < ?`,
		)
		.all(range.start, range.end) as {
		id: string
		amount: number
		at: number
		description: string
		host: string
	}[]
	return rows
		.filter((row) => row.amount !== 0)
		.map((row) => ({
			id: row.id,
			rank: RANK.hostPayment,
			amount: Math.abs(row.amount),
			side: row.amount > 0 ? ('S' as const) : ('H' as const),
			account: accounts.bank,
			contraAccount: accounts.hostPayables,
			at: row.at,
			document: row.description,
			text: `Zahlung Gastgeber ${row.host}`,
		}))
}

function invoiceBookings(client: Client, range: Range, accounts: DatevAccounts): Ranked[] {
	const rows = client
		.prepare(
			`SELECT i.id, i.number, i.kind, i.net_amount AS net, i.vat_amount AS vat, i.gross_amount AS gross,
			        i.issued_at AS at, i.period_start AS periodStart, json_extract(i.buyer, '$.name') AS buyer,
			        c.number AS cancels
			 FROM invoices i LEFT JOIN invoices c ON c.id = i.cancels_invoice_id
			 WHERE i.issued_at >= ? AND i.issued_at < ?`,
		)
		.all(range.start, range.end) as {
		id: string
		number: string
		kind: 'Invoice' | 'Cancellation'
		net: number
		vat: number
		gross: number
		at: number
		periodStart: string
		buyer: string | null
		cancels: string | null
	}[]
	return rows.flatMap((row) => {
		const month = `${row.periodStart.slice(5, 7)}/${row.periodStart.slice(0, 4)}`
		const what =
			row.kind === 'Cancellation'
				? `Storno ${row.cancels ?? ''} ${row.buyer ?? ''}`
				: `Provision ${month} ${row.buyer ?? ''}`
		const line = (id: string, amount: number, contraAccount: number, text: string): Ranked[] =>
			amount === 0
				? []
				: [
						{
							id,
							rank: RANK.invoice,
							amount: Math.abs(amount),
							// An invoice charges the host (S); a cancellation invoice's negative amounts credit it (H).
							side: amount > 0 ? 'S' : 'H',
							account: accounts.hostPayables,
							contraAccount,
							at: row.at,
							document: row.number,
							text,
						},
					]
		return accounts.revenueIsAutomatic
			? line(row.id, row.gross, accounts.revenue19, what)
			: [
					...line(`${row.id}:net`, row.net, accounts.revenue19, what),
					...line(`${row.id}:vat`, row.vat, accounts.vat19, `USt ${what}`),
				]
	})
}

function payoutBookings(client: Client, range: Range, accounts: DatevAccounts): Ranked[] {
	const rows = client
		.prepare(
			`SELECT h.id, h.amount, h.account_holder AS holder, r.reference, r.executed_at AS at
			 FROM host_payouts h JOIN payout_runs r ON r.id = h.run_id
			 WHERE r.status = 'Executed' AND r.executed_at >= ? AND r.executed_at < ?`,
		)
		.all(range.start, range.end) as {
		id: string
		amount: number
		holder: string
		reference: string
		at: number
	}[]
	return rows
		.filter((row) => row.amount > 0)
		.map((row) => ({
			id: row.id,
			rank: RANK.payout,
			amount: row.amount,
			side: 'H' as const,
			account: accounts.bank,
			contraAccount: accounts.hostPayables,
			at: row.at,
			document: row.reference,
			text: `Auszahlung ${row.holder}`,
		}))
}

/** The bookings of a month in a fixed order: by instant, kind, document, id. */
export function datevBookings(
	month: string,
	accounts: DatevAccounts,
	db: AppDatabase = getDb(),
): DatevBooking[] {
	const range = monthRange(month)
	const client = db.$client
	// One read transaction: every part sees the same state of the books.
	const all = client.transaction(() => [
		...payments(client, range, accounts),
		...ledgerMoves(client, range, accounts),
		...invoiceBookings(client, range, accounts),
		...hostPayments(client, range, accounts),
		...payoutBookings(client, range, accounts),
	])()
	const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
	all.sort((a, b) => a.at - b.at || a.rank - b.rank || byText(a.document, b.document) || byText(a.id, b.id))
	return all.map(({ rank: _rank, id: _id, ...booking }) => booking)
}

/** The first day of the fiscal year the month is in. */
function fiscalYearStart(month: string, startMonth: number): string {
	const year = Number(month.slice(0, 4))
	const first = Number(month.slice(5, 7)) >= startMonth ? year : year - 1
	return `${first}-${String(startMonth).padStart(2, '0')}-01`
}

/** The month's DATEV Buchungsstapel as Windows-1252 bytes (admin only). */
export function datevExport(
	caller: { role: string },
	month: string,
	options: { now?: number } = {},
	db: AppDatabase = getDb(),
): { fileName: string; bytes: Buffer; bookings: number } {
	assertAdmin(caller)
	const accounts = getSetting('datevAccounts', db)
	const { from, to } = monthRange(month)
	const bookings = datevBookings(month, accounts, db)
	const text = datevBuchungsstapel({
		consultantNumber: accounts.consultantNumber,
		clientNumber: accounts.clientNumber,
		accountLength: accounts.accountLength,
		fiscalYearStart: fiscalYearStart(month, accounts.fiscalYearStartMonth),
		from,
		to,
		createdAt: options.now ?? Date.now(),
		name: `Spielzimmer ${month}`,
		bookings,
	})
	return { fileName: datevFileName(month), bytes: encodeWindows1252(text), bookings: bookings.length }
}
