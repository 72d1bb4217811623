import type { LedgerAccount, MoneyTransactionKind } from '#db/schema/payments.ts'

/**
 * The double-entry journals of the booking engine (ADR 0042), pure. Each
 * function returns the rows of one journal; their amounts add up to zero.
 * Debits are positive, credits negative.
 *
 *   GuestPayment  PlatformBank +T        GuestPrepayments −T      money in for an order (or unmatched: no order)
 *   GuestPayment  GuestPrepayments +T    PlatformBank −T          an unmatched transfer's journal reversed when
 *                                                                  it is assigned to an order (ADR 0173)
 *   Refund        GuestPrepayments +R    PlatformBank −R          money back to the guest
 *   Commission    GuestPrepayments +C    PlatformRevenue −C       platform's share of money it holds
 *   HostEarning   GuestPrepayments +H    HostPayable −H           host's share, owed to the host
 *   Commission    HostPayable +C         PlatformRevenue −C       on-site payment: the host owes the commission
 *   HostPayout    HostPayable +P         PlatformBank −P          paid out to the host (a payout run, issue 34)
 *
 * Host balances and invoices (issue 34) — HostPayable negative = the platform owes the host:
 *   InvoiceCharge   HostPayable +V       VatPayable −V          the VAT a commission invoice charges
 *   InvoiceCharge   HostPayable +F       PlatformRevenue −F     a fee line (modules) of an invoice
 *                   (a cancellation invoice posts the same journals reversed)
 *   HostPayment     PlatformBank +A      HostPayable −A         the host paid an open invoice by transfer
 *   HostAdjustment  PlatformDiscounts +A HostPayable −A         an admin credits the host (reverse: debits)
 *
 * Gift vouchers (issue 33, ADR 0166) — money the platform holds for the voucher's holder:
 *   VoucherSale        PlatformBank +A       VoucherLiability −A    a voucher order paid
 *   VoucherGoodwill    PlatformDiscounts +A  VoucherLiability −A    credit the platform gives (adjust +)
 *   VoucherRedemption  VoucherLiability +V   GuestPrepayments −V    a voucher pays (part of) an order
 *   VoucherRefund      GuestPrepayments +R   VoucherLiability −R    a cancellation credits the voucher
 *   VoucherExpiry      VoucherLiability +B   PlatformRevenue −B     the balance left at expiry
 */
export type JournalLine = {
	kind: MoneyTransactionKind
	account: LedgerAccount
	amount: number
	/** HostPayable rows name the host. */
	host?: boolean
}

function pair(
	kind: MoneyTransactionKind,
	debit: LedgerAccount,
	credit: LedgerAccount,
	amount: number,
): JournalLine[] {
	if (!Number.isInteger(amount) || amount <= 0) return []
	return [
		{ kind, account: debit, amount, ...(debit === 'HostPayable' ? { host: true } : {}) },
		{ kind, account: credit, amount: -amount, ...(credit === 'HostPayable' ? { host: true } : {}) },
	]
}

/** A pair whose direction follows the sign: positive debits `debit`, negative reverses the pair. */
function signedPair(kind: MoneyTransactionKind, debit: LedgerAccount, credit: LedgerAccount, amount: number) {
	return amount >= 0 ? pair(kind, debit, credit, amount) : pair(kind, credit, debit, -amount)
}

export function guestPaymentJournal(amount: number) {
	return pair('GuestPayment', 'PlatformBank', 'GuestPrepayments', amount)
}

/**
 * Reverses an unmatched transfer's GuestPayment journal (rows without an order) when an admin assigns
 * it to an order (ADR 0173); the order then gets its own GuestPayment journal, as if matched at once.
 */
export function unmatchedReversalJournal(amount: number) {
	return pair('GuestPayment', 'GuestPrepayments', 'PlatformBank', amount)
}

export function refundJournal(amount: number) {
	return pair('Refund', 'GuestPrepayments', 'PlatformBank', amount)
}

/** Settles money the platform holds for an order: commission to revenue, the rest owed to the host. */
export function settlementJournals(retained: number, commission: number): JournalLine[][] {
	const fee = Math.min(Math.max(0, commission), Math.max(0, retained))
	return [
		pair('Commission', 'GuestPrepayments', 'PlatformRevenue', fee),
		pair('HostEarning', 'GuestPrepayments', 'HostPayable', retained - fee),
	].filter((journal) => journal.length > 0)
}

/** The guest paid the host directly: the host owes the platform its commission. */
export function onSiteCommissionJournal(commission: number) {
	return pair('Commission', 'HostPayable', 'PlatformRevenue', commission)
}

export function hostPayoutJournal(amount: number) {
	return pair('HostPayout', 'HostPayable', 'PlatformBank', amount)
}

/** The VAT of a commission invoice charged to the host's balance; negative reverses it (a Storno). */
export function invoiceVatJournal(amount: number) {
	return signedPair('InvoiceCharge', 'HostPayable', 'VatPayable', amount)
}

/** A platform fee line of an invoice (module fees) charged to the host; negative reverses it. */
export function invoiceFeeJournal(amount: number) {
	return signedPair('InvoiceCharge', 'HostPayable', 'PlatformRevenue', amount)
}

/** The host's own transfer to the platform (an open invoice paid). */
export function hostPaymentJournal(amount: number) {
	return pair('HostPayment', 'PlatformBank', 'HostPayable', amount)
}

/** An admin's correction of a host's balance: positive credits the host, negative debits. */
export function hostAdjustmentJournal(amount: number) {
	return signedPair('HostAdjustment', 'PlatformDiscounts', 'HostPayable', amount)
}

/** Commission in cents: rate in basis points (1000 = 10 %), rounded half up. */
export function commissionOf(amount: number, rateBp: number): number {
	return Math.round((Math.max(0, amount) * rateBp) / 10_000)
}

export function isBalanced(lines: readonly { amount: number }[]): boolean {
	return lines.reduce((sum, line) => sum + line.amount, 0) === 0
}

export function voucherSaleJournal(amount: number) {
	return pair('VoucherSale', 'PlatformBank', 'VoucherLiability', amount)
}

/** A credit the platform gives (positive) or takes back (negative) on a gift voucher. */
export function voucherAdjustJournal(amount: number) {
	return signedPair('VoucherGoodwill', 'PlatformDiscounts', 'VoucherLiability', amount)
}

export function voucherRedemptionJournal(amount: number) {
	return pair('VoucherRedemption', 'VoucherLiability', 'GuestPrepayments', amount)
}

export function voucherRefundJournal(amount: number) {
	return pair('VoucherRefund', 'GuestPrepayments', 'VoucherLiability', amount)
}

export function voucherExpiryJournal(amount: number) {
	return pair('VoucherExpiry', 'VoucherLiability', 'PlatformRevenue', amount)
}
