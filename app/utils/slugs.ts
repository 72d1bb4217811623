/** Fixed slugs of the route table (spec §2, PRODUCT.md §2). */
export const CITY_SLUGS = [
	'essen',
	'koeln',
	'berlin',
	'bremen',
	'hamburg',
	'leipzig',
	'dortmund',
	'muenchen',
	'stuttgart',
	'duesseldorf',
	'frankfurt-am-main',
] as const
export type CitySlug = (typeof CITY_SLUGS)[number]

export const STATE_SLUGS = [
	'bayern',
	'berlin',
	'hessen',
	'sachsen',
	'brandenburg',
	'niedersachsen',
	'rheinland-pfalz',
	'baden-wuerttemberg',
	'schleswig-holstein',
	'nordrhein-westfalen',
] as const
export type StateSlug = (typeof STATE_SLUGS)[number]

export const INFO_PAGES = [
	'imprint',
	'about-us',
	'host-faq',
	'guest-faq',
	'host-info',
	'host-price-page',
] as const

/**
 * The terms of use the registration accepts (issue 31.10): a content page (the spec names no route
 * for them), seeded with the demo data beside the privacy policy (app/seed/content-pages.ts).
 */
export const TERMS_PATH = '/info/terms'

export const PLAYROOM_EDIT_TABS = [
	'basic-information',
	'detail-information',
	'price',
	'rules',
	'availability',
	'paymentAndInvoice',
] as const

/** The path of a tab of the playroom editor (issue 12). */
export function playroomEditorPath(playroomId: string, tab: (typeof PLAYROOM_EDIT_TABS)[number]) {
	return `/host/playrooms/edit/${playroomId}/${tab}`
}

const EDITOR_PATH = new RegExp(`^/host/playrooms/edit/[^/]+(?:/(?:${PLAYROOM_EDIT_TABS.join('|')}))?/?$`)

/**
 * Whether a locale-free path is one of the playroom editor's routes (its
 * index or a tab) — the only host routes an admin may open, on behalf of the
 * host (docs/decisions/0102-admin-edits-on-behalf-of-the-host.md).
 */
export function isPlayroomEditorPath(pathname: string): boolean {
	return EDITOR_PATH.test(pathname)
}
