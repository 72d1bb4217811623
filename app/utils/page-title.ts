import type { TFunction } from 'i18next'

/** The title of a page, keyed by its route id (common:pages.<id>). */
export function pageTitle(t: TFunction, routeId: string): string {
	return t(`pages.${routeId}` as 'pages.home')
}
