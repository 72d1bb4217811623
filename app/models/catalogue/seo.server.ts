import { getEnv } from '#app/utils/env.server.ts'
import { localizePath, type Locale } from '#app/utils/locale.ts'

/**
 * Meta data of the public pages, built in the loaders so the browser bundle
 * only prints it (docs/subsystems/catalogue-ui.md §SEO): title, description,
 * Open Graph, and JSON-LD. The canonical link and hreflang alternates come
 * from the root (ADR 0002).
 */
export type PageMeta = {
	title: string
	description: string
	/** Absolute URL of the page in its language (og:url). */
	url: string
	locale: Locale
	type: 'website' | 'place'
	image: { url: string; width: number; height: number; alt: string } | null
	/** Serialised JSON-LD (already safe to put inside a script element), or null. */
	jsonLd: string | null
	noindex?: boolean
}

export function absoluteUrl(path: string, locale?: Locale): string {
	return `${getEnv().PUBLIC_URL}${locale ? localizePath(path, locale) : path}`
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the element. */
export function jsonLdString(value: unknown): string {
	return JSON.stringify(value)
		.replace(/</g, '\\u003c')
		.replace(/\u2028/g, '\\u2028')
		.replace(/\u2029/g, '\\u2029')
}

export function breadcrumbJsonLd(items: readonly { name: string; path: string }[], locale: Locale) {
	return {
		'@type': 'BreadcrumbList',
		itemListElement: items.map((item, index) => ({
			'@type': 'ListItem',
			position: index + 1,
			name: item.name,
			item: absoluteUrl(item.path, locale),
		})),
	}
}

export function itemListJsonLd(items: readonly { name: string; path: string }[], locale: Locale) {
	return {
		'@type': 'ItemList',
		itemListElement: items.map((item, index) => ({
			'@type': 'ListItem',
			position: index + 1,
			name: item.name,
			url: absoluteUrl(item.path, locale),
		})),
	}
}

/** A `@graph` of several entities in one script element. */
export function jsonLdGraph(...entities: readonly (Record<string, unknown> | null)[]): string {
	return jsonLdString({ '@context': 'https://schema.org', '@graph': entities.filter(Boolean) })
}

export function pageMeta(input: {
	title: string
	description: string
	path: string
	locale: Locale
	type?: PageMeta['type']
	image?: PageMeta['image']
	jsonLd?: string | null
	noindex?: boolean
}): PageMeta {
	const image = input.image ? { ...input.image, url: absoluteUrl(input.image.url) } : null
	return {
		title: input.title,
		description: input.description.length > 300 ? `${input.description.slice(0, 297)}…` : input.description,
		url: absoluteUrl(input.path, input.locale),
		locale: input.locale,
		type: input.type ?? 'website',
		image,
		jsonLd: input.jsonLd ?? null,
		...(input.noindex ? { noindex: true } : {}),
	}
}

/** og:image of a photo: its JPEG variant (the largest WebP's size; both are 1280 px wide at most). */
export function ogImage(
	photo: { ogUrl: string; width: number; height: number; alt: string } | null | undefined,
) {
	return photo ? { url: photo.ogUrl, width: photo.width, height: photo.height, alt: photo.alt } : null
}
