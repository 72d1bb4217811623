import { eq } from 'drizzle-orm'
import { images, playroomPhotos, playrooms } from '#db/schema/catalogue.ts'
import { getDb } from '#app/utils/db.server.ts'

/** Gives a playroom `n` photos (image rows without files: enough for the checklist and lists). */
export function addTestPhotos(playroomId: string, n: number) {
	const db = getDb()
	for (let i = 0; i < n; i++) {
		const imageId = `img-${playroomId}-${i}`
		db.insert(images)
			.values({
				id: imageId,
				width: 640,
				height: 480,
				variants: [
					{ url: `/uploads/${imageId}-640.webp`, width: 640, height: 480, format: 'webp', bytes: 1000 },
				],
			})
			.onConflictDoNothing()
			.run()
		db.insert(playroomPhotos)
			.values({ playroomId, imageId, position: 100 + i })
			.run()
	}
}

export function playroomRow(playroomId: string) {
	return getDb().select().from(playrooms).where(eq(playrooms.id, playroomId)).get()
}
