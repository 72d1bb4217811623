import { addDays, parseLocalDate, type LocalDate } from './berlin-time.ts'

/**
 * Commission invoices (issue 34, ADR 0178), pure: numbers, periods, totals, the payment state and the
 * GiroCode payload. The model (app/models/invoices/) stores and renders them.
 */

/** `SZ-2026-000123`: the year and a six-digit sequence, unique per year. */
export function invoiceNumber(year: number, sequence: number): string {
	return `SZ-${year}-${String(sequence).padStart(6, '0')}`
}

/** The Berlin calendar month a date lies in, as the invoicing period (BG-14): first and last day. */
export function monthPeriod(date: LocalDate): { start: LocalDate; end: LocalDate } {
	const { year, month } = parseLocalDate(date)
	const start = `${year}-${String(month).padStart(2, '0')}-01`
	const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
	return { start, end: addDays(next, -1) }
}

/** The month before the one a date lies in (the monthly task bills it). */
export function previousMonthPeriod(date: LocalDate): { start: LocalDate; end: LocalDate } {
	return monthPeriod(addDays(monthPeriod(date).start, -1))
}

/** VAT of a net amount at a rate in basis points, rounded half away from zero to the cent. */
export function vatOf(net: number, rateBp: number): number {
	const exact = (Math.abs(net) * rateBp) / 10_000
	return Math.sign(net) * Math.round(exact)
}

/** Net, VAT and gross of an invoice's lines. */
export function invoiceTotals(lineNets: readonly number[], rateBp: number) {
	const net = lineNets.reduce((sum, value) => sum + value, 0)
	const vat = vatOf(net, rateBp)
	return { net, vat, gross: net + vat }
}

/**
 * How a new invoice is settled (ADR 0178): Netted when the host's balance after the charge still has the
 * platform owing the host at least nothing (−Σ HostPayable ≥ 0: deducted from the next payout), otherwise
 * Open (the host transfers the gross amount by the due date).
 */
export function settlementOf(hostPayableSumAfterCharge: number): 'Netted' | 'Open' {
	return -hostPayableSumAfterCharge >= 0 ? 'Netted' : 'Open'
}

/** Cents as the decimal the XML and the GiroCode write: `1234` → `12.34`, `-5` → `-0.05`. */
export function decimalAmount(cents: number): string {
	const sign = cents < 0 ? '-' : ''
	const abs = Math.abs(cents)
	return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

/**
 * The GiroCode (EPC069-12 "SEPA credit transfer" QR, version 002, UTF-8): the payee, IBAN, amount and the
 * invoice number as the unstructured remittance.
 */
export function giroCodePayload(input: {
	name: string
	iban: string
	bic: string
	amount: number
	remittance: string
}): string {
	return [
		'BCD',
		'002',
		'1',
		'SCT',
		input.bic.replace(/\s+/g, ''),
		input.name.slice(0, 70),
		input.iban.replace(/\s+/g, '').toUpperCase(),
		`EUR${decimalAmount(input.amount)}`,
		'',
		'',
		input.remittance.slice(0, 140),
	].join('\n')
}

/** A calendar date on an invoice: `27.11.2026` (de) / `27 Nov 2026` (en). */
export function formatInvoiceDate(date: LocalDate, locale: 'de' | 'en'): string {
	const { year, month, day } = parseLocalDate(date)
	if (locale === 'de') return `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${year}`
	const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
	return `${day} ${months[month - 1] ?? ''} ${year}`
}
