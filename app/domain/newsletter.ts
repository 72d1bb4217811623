/**
 * The newsletter's pure rules (issue 33, ADR 0169, docs/subsystems/newsletter.md).
 */

/**
 * The version of the consent text (`newsletter:consentText`, de and en). Every consent record
 * names it, so the platform can show which words a guest agreed to (UWG § 7, BGH I ZR 164/09):
 * change the text only together with this version.
 */
export const NEWSLETTER_TEXT_VERSION = '2026-11-28'

/** The `dismissed` cookie of spec §4 and its lifetime of spec §9. */
export const NEWSLETTER_DISMISSED_VALUE = 'true'
export const NEWSLETTER_DISMISSED_MAX_AGE_SECONDS = 31536000

/** The welcome voucher (PRODUCT.md §3): 10 EUR off a booking from 50 EUR, one use, 90 days. */
export const WELCOME_VOUCHER = {
	discountAmount: 1000,
	minOrderAmount: 5000,
	validDays: 90,
} as const

/**
 * Spec §4: the prompt is shown only to logged-in Customers who have not dismissed it and whose
 * allowEmailForPersonalOffers is false.
 */
export function showsNewsletterPrompt(input: {
	role: string | null | undefined
	allowEmailForPersonalOffers: boolean
	dismissed: boolean
}): boolean {
	return input.role === 'Customer' && !input.allowEmailForPersonalOffers && !input.dismissed
}
