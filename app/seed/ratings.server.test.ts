import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { users } from '#db/schema/users.ts'
import { guestRatingState, listHostRatings } from '#app/models/ratings/rating-views.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { seedDemoData } from './index.server.ts'

const NOW = new Date('2026-06-01T08:00:00Z')

describe('demo ratings (issue 32)', () => {
	test('published ratings with replies, a pending one for host@, a stay guest@ can still rate', async () => {
		await seedDemoData({ now: NOW })
		const db = getDb()
		const counts = db.get<{ published: number; replied: number; pendingReplied: number }>(sql`SELECT
			sum(published_at IS NOT NULL) AS published,
			sum(published_at IS NOT NULL AND host_reply IS NOT NULL AND host_replied_at IS NOT NULL) AS replied,
			sum(published_at IS NULL AND host_reply IS NOT NULL) AS pendingReplied FROM ratings`)
		expect(counts?.published).toBeGreaterThan(50)
		expect(counts?.replied).toBeGreaterThan(5)
		expect(counts?.pendingReplied).toBe(0)
		const host = db.select().from(users).where(eq(users.email, 'host@example.com')).get()
		const guest = db.select().from(users).where(eq(users.email, 'guest@example.com')).get()
		if (!host || !guest) throw new Error('no demo accounts')
		const hostRatings = listHostRatings(host, NOW.getTime()).items
		expect(hostRatings.some((item) => item.published === null)).toBe(true)
		expect(hostRatings.some((item) => item.published?.hostReply)).toBe(true)
		const completed = db.all<{ id: string }>(
			sql`SELECT id FROM orders WHERE guest_id = ${guest.id} AND status = 'Completed' ORDER BY check_out DESC`,
		)
		const rateable = completed.filter(({ id }) => guestRatingState(id, guest, NOW.getTime())?.canRate)
		expect(rateable.length).toBeGreaterThanOrEqual(1)
	}, 120_000)
})
