import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { playroomPhotos, playrooms } from '#db/schema/catalogue.ts'
import { contentPages } from '#db/schema/content.ts'
import { orders, ratings } from '#db/schema/orders.ts'
import { users } from '#db/schema/users.ts'
import { overlapsBusy } from '#app/domain/availability.ts'
import { searchPlayrooms } from '#app/models/catalogue/playroom-search.server.ts'
import { searchParamsSchema } from '#app/schemas/catalogue.ts'
import { getDb } from '#app/utils/db.server.ts'
import { CITY_SLUGS, INFO_PAGES, STATE_SLUGS } from '#app/utils/slugs.ts'
import { publishChecklist } from '#app/models/host-office/playroom-publishing.server.ts'
import { DEMO_DRAFT_URL_PATH } from './host-office.server.ts'
import { seedDemoData } from './index.server.ts'

describe('demo catalogue', () => {
	test('≥ 60 published playrooms in all cities and states, with photos, ratings, orders and content pages', async () => {
		await seedDemoData()
		const db = getDb()
		const all = db.select().from(playrooms).all()
		const published = all.filter((p) => p.status === 'Published')
		expect(published.length).toBeGreaterThanOrEqual(60)
		expect(all.some((p) => p.status === 'Draft')).toBe(true)
		expect(all.some((p) => p.status === 'Paused')).toBe(true)
		for (const city of CITY_SLUGS)
			expect(
				published.some((p) => p.citySlug === city),
				city,
			).toBe(true)
		for (const state of STATE_SLUGS)
			expect(
				published.some((p) => p.stateSlug === state),
				state,
			).toBe(true)
		expect(published.some((p) => p.instantBooking)).toBe(true)
		expect(published.some((p) => !p.instantBooking)).toBe(true)
		expect(published.filter((p) => p.placeType === 'Mobile').length).toBeGreaterThanOrEqual(3)

		const photoCounts = db
			.select({ id: playroomPhotos.playroomId, n: sql<number>`count(*)` })
			.from(playroomPhotos)
			.groupBy(playroomPhotos.playroomId)
			.all()
		// Every playroom has 3–8 photos but the demo host's unfinished Draft (issue 12), which has none.
		const demoDraft = all.find((p) => p.playroomUrlPath === DEMO_DRAFT_URL_PATH)
		expect(demoDraft?.status).toBe('Draft')
		expect(photoCounts).toHaveLength(all.length - 1)
		expect(photoCounts.some((c) => c.id === demoDraft?.id)).toBe(false)
		expect(photoCounts.every((c) => c.n >= 3 && c.n <= 8)).toBe(true)
		const draftChecklist = publishChecklist(demoDraft?.id ?? '')
		// Its German description is enough (issue 31.5).
		expect(draftChecklist.filter((item) => !item.done).map((item) => item.key)).toEqual([
			'photos',
			'prices',
			'openingHours',
		])
		expect(new Set(published.map((p) => p.descriptionEn)).size).toBe(published.length)
		// Issue 11: no two demo playrooms share a name (two "Bällebad-Paradies Moabit" in Berlin were).
		const names = all.map((p) => p.name)
		expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([])

		const host = db.select().from(users).where(eq(users.email, 'host@example.com')).get()
		const own = all.filter((p) => p.hostId === host?.id && p.status === 'Published')
		expect(own.map((p) => [p.citySlug, p.instantBooking, p.placeType]).sort()).toEqual(
			[
				['koeln', false, 'FixedPlace'],
				['koeln', true, 'FixedPlace'],
				['koeln', true, 'Mobile'],
			].sort(),
		)
		expect(db.select().from(users).where(eq(users.email, 'gastgeber1@example.com')).get()?.role).toBe('Owner')

		const guest = db.select().from(users).where(eq(users.email, 'guest@example.com')).get()
		const guestCompleted = db
			.select()
			.from(orders)
			.where(and(eq(orders.guestId, guest?.id ?? ''), eq(orders.status, 'Completed')))
			.all()
		expect(guestCompleted.length).toBeGreaterThan(0)
		expect(db.select().from(ratings).all().length).toBeGreaterThan(30)
		expect(published.filter((p) => p.ratingCount > 0 && p.ratingAverage !== null).length).toBeGreaterThan(30)

		// Seeded slot-holding orders never overlap (the engine placed them).
		const holding = db
			.select()
			.from(orders)
			.where(sql`status IN ('Requested', 'AwaitingPayment', 'Confirmed', 'Completed')`)
			.all()
		for (const order of holding) {
			const others = holding
				.filter((o) => o.playroomId === order.playroomId && o.id !== order.id)
				.map((o) => ({ start: o.checkIn.getTime(), end: o.checkOut.getTime(), kind: 'order' as const }))
			expect(overlapsBusy({ start: order.checkIn.getTime(), end: order.checkOut.getTime() }, others, 0)).toBe(
				false,
			)
		}

		const koeln = searchPlayrooms(searchParamsSchema.parse({ q: 'Koeln', perPage: '60' }), null, 'de')
		expect(koeln.totalCount).toBe(published.filter((p) => p.citySlug === 'koeln').length)

		const pages = db.select().from(contentPages).all()
		for (const slug of [...INFO_PAGES.map((p) => `info/${p}`), 'privacy-policy']) {
			expect(
				pages
					.filter((p) => p.slug === slug)
					.map((p) => p.locale)
					.sort(),
				slug,
			).toEqual(['de', 'en'])
		}
	})
})
