/**
 * IBANs (ISO 13616): the check a form runs before an account is stored, the form it is stored in
 * and how a page shows it without the middle. Shared by the host's payout account
 * (paymentAndInvoice tab) and a guest's refund account (issue 34, ADR 0176).
 */

/** Without spaces, upper case: the form an IBAN is stored in. */
export function normalizeIban(value: string): string {
	return value.replace(/\s+/g, '').toUpperCase()
}

/** ISO 13616 check: move the first four characters to the end, letters → 10…35, mod 97 = 1. */
export function isValidIban(value: string): boolean {
	const iban = normalizeIban(value)
	if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false
	const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))
	let remainder = 0
	for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97
	return remainder === 1
}

/** The country and the last four characters only: "DE•• •••• •••• 3000". */
export function maskIban(iban: string | null): string | null {
	if (!iban) return null
	return `${iban.slice(0, 2)}•• •••• •••• ${iban.slice(-4)}`
}

/** Groups of four for reading aloud or typing into a banking app: "DE89 3704 0044 0532 0130 00". */
export function formatIban(iban: string): string {
	return normalizeIban(iban).replace(/(.{4})(?=.)/g, '$1 ')
}
