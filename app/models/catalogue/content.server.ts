import { and, eq, sql } from 'drizzle-orm'
import MarkdownIt from 'markdown-it'
import { contentPages } from '#db/schema/content.ts'
import { getDb, preparedQuery, type DbOrTx } from '#app/utils/db.server.ts'
import type { Locale } from '#app/utils/locale.ts'

/**
 * Content pages (imprint, FAQs, host info, privacy policy, admin-made pages).
 * Markdown is rendered with markdown-it with raw HTML switched off: any HTML in
 * the source is escaped, and markdown-it's link validation refuses
 * javascript:, vbscript:, file: and non-image data: URLs (docs/decisions/0024-content-pages-markdown.md).
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true, breaks: false })

// External links open safely.
const defaultLinkOpen =
	markdown.renderer.rules.link_open ??
	((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options))
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
	const token = tokens[idx]
	const href = String(token?.attrGet('href') ?? '')
	if (token && /^https?:\/\//i.test(href)) token.attrSet('rel', 'noopener noreferrer')
	return defaultLinkOpen(tokens, idx, options, env, self)
}

/** Rendered pages by their source: the same text renders the same HTML, so no version is needed. */
const renderedBySource = new Map<string, string>()
const MAX_RENDERED = 500

export function renderMarkdown(source: string): string {
	let html = renderedBySource.get(source)
	if (html === undefined) {
		html = markdown.render(source)
		if (renderedBySource.size >= MAX_RENDERED) renderedBySource.clear()
		renderedBySource.set(source, html)
	}
	return html
}

/** markdown-it escapes exactly these (escapeHtml); typographer quotes and dashes are characters. */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' }

/**
 * The plain text of Markdown — what a card's short text and a page's meta
 * description show (no "**" or "- "): the same render, tags dropped, whitespace
 * collapsed (issue 31.1).
 */
export function markdownToText(source: string): string {
	return renderMarkdown(source)
		.replace(/<[^>]*>/g, ' ')
		.replace(/&(?:amp|lt|gt|quot);/g, (entity) => ENTITIES[entity] ?? entity)
		.replace(/\s+/g, ' ')
		.trim()
}

/** Normalises a path into a content page slug: "/en/info/imprint/" → "info/imprint". */
export function contentSlugFromPath(path: string): string {
	return path
		.replace(/^\/+|\/+$/g, '')
		.replace(/^en(\/|$)/, '')
		.toLowerCase()
}

export type ContentPageView = {
	slug: string
	locale: Locale
	title: string
	description: string
	html: string
	updatedAt: string
	/** Whether the page exists in the other language (for hreflang). */
	alternates: Locale[]
}

/** A published content page by slug and locale, rendered; null when there is none. */
export function getContentPage(slug: string, locale: Locale, db: DbOrTx = getDb()): ContentPageView | null {
	// Prepared (ADR 0112): every info page view runs these two.
	const page = preparedQuery(db, 'content.page', (d) =>
		d
			.select()
			.from(contentPages)
			.where(
				and(
					eq(contentPages.slug, sql.placeholder('slug')),
					eq(contentPages.locale, sql.placeholder('locale')),
					eq(contentPages.published, true),
				),
			)
			.prepare(),
	).get({ slug, locale })
	if (!page) return null
	const alternates = preparedQuery(db, 'content.alternates', (d) =>
		d
			.select({ locale: contentPages.locale })
			.from(contentPages)
			.where(and(eq(contentPages.slug, sql.placeholder('slug')), eq(contentPages.published, true)))
			.prepare(),
	)
		.all({ slug })
		.map((p) => p.locale)
	return {
		slug: page.slug,
		locale: page.locale,
		title: page.title,
		description: page.description,
		html: renderMarkdown(page.bodyMarkdown),
		updatedAt: page.updatedAt.toISOString(),
		alternates,
	}
}
