/**
 * URLs of the catalogue pages and the checkout link contract
 * (docs/subsystems/catalogue-ui.md). Client-safe: no Zod, no database — the
 * pages import it, so it must stay tiny.
 */
export const BOOKING_TYPE_LIST = ['Hourly', 'Daily', 'Overnight'] as const
export type BookingTypeName = (typeof BOOKING_TYPE_LIST)[number]

/** Sort orders a page offers (the API's `distance` needs a place). */
export const PAGE_SORTS = ['relevance', 'price', 'priceDesc', 'rating', 'newest', 'distance'] as const

export function playroomPath(playroomUrlPath: string): string {
	return `/playrooms/${playroomUrlPath}`
}

/** `?a=1&b=2` from a record; empty and undefined values are left out, arrays repeat the key. */
export function queryString(values: Record<string, string | number | readonly string[] | undefined | null>) {
	const search = new URLSearchParams()
	for (const [key, value] of Object.entries(values)) {
		if (value === undefined || value === null || value === '') continue
		if (Array.isArray(value)) for (const item of value) search.append(key, item)
		else search.set(key, String(value))
	}
	const text = search.toString()
	return text ? `?${text}` : ''
}

/** The current query with some values replaced (undefined removes a key). */
export function withQuery(search: string, changes: Record<string, string | number | undefined>): string {
	const params = new URLSearchParams(search)
	for (const [key, value] of Object.entries(changes)) {
		if (value === undefined || value === '') params.delete(key)
		else params.set(key, String(value))
	}
	const text = params.toString()
	return text ? `?${text}` : ''
}

/**
 * The checkout link contract with issue 5 (ADR 0034): only playroomUrlPath is
 * required; the rest is what the visitor has chosen. checkIn/checkOut are UTC
 * ISO instants. The path is locale-free — localise it for the page.
 */
export function checkoutPath(choice: {
	playroomUrlPath: string
	bookingType?: BookingTypeName
	checkIn?: string
	checkOut?: string
	guests?: number
}): string {
	return `/public/playroomOrder/checkout${queryString(choice)}`
}

/** The counted link to a host's website (GET redirects; works without JavaScript). */
export function websiteRedirectPath(playroomUrlPath: string): string {
	return `/api/Public/Playrooms/RedirectToPlayroomWebsite${queryString({ playroomUrlPath })}`
}
