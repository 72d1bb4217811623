import { eq } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { users } from '#db/schema/users.ts'
import { parseTableQuery } from '#app/utils/data-table.server.ts'
import { getUserStatus } from '#app/models/accounts/user-status.server.ts'
import {
	findUserSupportThread,
	getOwnSupportThread,
	listSupportThreads,
	supportTable,
} from '#app/models/chat/support.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { seedDemoData } from './index.server.ts'

test('the demo data has support threads: answered for the guest, open and unread for the admins', async () => {
	await seedDemoData()
	const userOf = (email: string) => {
		const row = getDb().select().from(users).where(eq(users.email, email)).get()
		return { id: row?.id ?? '', role: row?.role ?? 'Customer' }
	}
	const admin = userOf('admin@example.com')
	const all = listSupportThreads(admin, parseTableQuery(supportTable, new URLSearchParams()))
	expect(all.items.map((item) => item.status).sort()).toEqual(['Open', 'Resolved', 'Waiting'])
	expect(findUserSupportThread(userOf('guest@example.com').id)?.supportStatus).toBe('Waiting')
	expect(getUserStatus(admin).unreadChatMessageCount).toBeGreaterThan(0)
	expect(getOwnSupportThread(userOf('guest2@example.com'))).toMatchObject({
		status: 'Resolved',
		unreadCount: 1,
	})
})
