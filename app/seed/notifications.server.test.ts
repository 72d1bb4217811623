import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { users } from '#db/schema/users.ts'
import {
	countUnreadNotifications,
	listNotifications,
} from '#app/models/notifications/notifications.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { seedDemoData } from './index.server.ts'

const NOW = new Date('2026-06-01T08:00:00Z')

describe('demo notifications', () => {
	test('host@ and guest@ have read and unread notifications about their orders', async () => {
		await seedDemoData({ now: NOW })
		for (const email of ['host@example.com', 'guest@example.com']) {
			const user = getDb().select().from(users).where(eq(users.email, email)).get()
			if (!user) throw new Error(`no ${email}`)
			const list = listNotifications(user, { locale: 'de', perPage: 100 })
			expect(countUnreadNotifications(user.id), email).toBeGreaterThan(0)
			expect(
				list.items.some((item) => item.read),
				email,
			).toBe(true)
			expect(
				list.items.every((item) => item.orderPath !== null && !item.text.includes('{{')),
				email,
			).toBe(true)
		}
	})
})
