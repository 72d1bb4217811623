import { contentPages } from '#db/schema/content.ts'
import { CONTENT_PAGES } from './content-pages.ts'
import type { SeedStep } from './types.ts'

/** Content pages in German and English (imprint, about us, FAQs, host info and prices, privacy policy). */
export const contentSeedStep: SeedStep = {
	name: 'content',
	run: ({ db, random, now, log }) => {
		for (const page of CONTENT_PAGES) {
			for (const locale of ['de', 'en'] as const) {
				const text = page[locale]
				db.insert(contentPages)
					.values({
						id: random.id(),
						slug: page.slug,
						locale,
						title: text.title,
						description: text.description,
						bodyMarkdown: text.body,
						published: true,
						createdAt: now,
						updatedAt: now,
					})
					.run()
			}
		}
		log(`${CONTENT_PAGES.length * 2} content pages`)
	},
}
