/**
 * The length limits the forms show (maxLength, counters) and the schemas
 * enforce, without Zod: components import them from here, so a page that
 * loads its schema on demand (the checkout, ADR 0116) does not load Zod to
 * render. `auth.ts` and `checkout.ts` re-export them.
 */
export const LIMITS = {
	email: 254,
	passwordMin: 10,
	passwordMax: 128,
	name: 60,
	displayNameMin: 3,
	displayName: 40,
	phone: 30,
	company: 100,
	street: 100,
	postalCode: 10,
	city: 60,
	country: 60,
	vatId: 20,
	token: 200,
} as const

/** The checkout's free texts (issue 5). */
export const MESSAGE_MAX = 1_000
export const REASON_MAX = 1_000
export const VOUCHER_CODE_MAX = 40
