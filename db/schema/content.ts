import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { LANGUAGES } from './users.ts'
import { booleanColumn, createdAt, idColumn, updatedAt } from './columns.ts'

/**
 * Content pages (imprint, FAQs, host info, privacy policy, admin-made pages),
 * one row per slug and language. The slug is the locale-free path without the
 * leading slash, e.g. "info/imprint" or "privacy-policy". The body is Markdown;
 * it is rendered without raw HTML (app/models/catalogue/content.server.ts).
 */
export const contentPages = sqliteTable(
	'content_pages',
	{
		id: idColumn(),
		slug: text('slug').notNull(),
		locale: text('locale', { enum: LANGUAGES }).notNull(),
		title: text('title').notNull(),
		/** Meta description. */
		description: text('description').notNull().default(''),
		bodyMarkdown: text('body_markdown').notNull(),
		published: booleanColumn('published').notNull().default(true),
		createdAt: createdAt(),
		updatedAt: updatedAt(),
	},
	(table) => [
		uniqueIndex('content_pages_slug_locale_unique').on(table.slug, table.locale),
		index('content_pages_published_idx').on(table.published, table.slug),
	],
)
