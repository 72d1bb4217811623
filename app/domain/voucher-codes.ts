/**
 * Voucher codes (issue 33, ADR 0166): `XXXX-XXXX-XXXX` from an alphabet without the characters
 * people confuse (0/O, 1/I/L), drawn with a CSPRNG by rejection sampling (no modulo bias). 31
 * characters, 12 places: ~2^59 codes, so guessing is hopeless even before the rate limit. Pure
 * and browser-safe; the hash lives in the server model.
 */
export const VOUCHER_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export const VOUCHER_CODE_LENGTH = 12
const GROUP = 4

/** `random(n)` returns n random bytes (crypto.getRandomValues or node:crypto.randomBytes). */
export function generateVoucherCode(random: (size: number) => Uint8Array): string {
	const limit = 256 - (256 % VOUCHER_CODE_ALPHABET.length) // 248: bytes above are drawn again
	let code = ''
	while (code.length < VOUCHER_CODE_LENGTH) {
		for (const byte of random(VOUCHER_CODE_LENGTH * 2)) {
			if (byte >= limit) continue
			code += VOUCHER_CODE_ALPHABET[byte % VOUCHER_CODE_ALPHABET.length]
			if (code.length === VOUCHER_CODE_LENGTH) break
		}
	}
	return formatVoucherCode(code)
}

/** `ABCD2345WXYZ` → `ABCD-2345-WXYZ`. */
export function formatVoucherCode(compact: string): string {
	return compact.match(new RegExp(`.{1,${GROUP}}`, 'g'))?.join('-') ?? compact
}

/**
 * What a person typed, as the 12 characters of a code (upper case, spaces and dashes dropped),
 * or null when it cannot be one. Lower-case and the confusable characters are read as meant
 * (o → 0 is not in the alphabet, so O is kept and fails; we do not guess).
 */
export function normalizeVoucherCode(input: string): string | null {
	const compact = input.toUpperCase().replace(/[\s\u2010-\u2015-]+/g, '')
	if (compact.length !== VOUCHER_CODE_LENGTH) return null
	for (const char of compact) if (!VOUCHER_CODE_ALPHABET.includes(char)) return null
	return compact
}

/** The display form for lists: `…-7K3M` (the last four characters, ADR 0166). */
export function maskedVoucherCode(last4: string): string {
	return `…-${last4}`
}
