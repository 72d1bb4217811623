import { isNotNull, lt, or } from 'drizzle-orm'
import { loginFailures, userTokens } from '#db/schema/users.ts'
import { deleteExpiredSessions } from '#app/models/accounts/session.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import type { TaskDefinition } from '#app/utils/scheduler.server.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** Removes expired sessions, spent or expired one-time tokens and old login failures. */
export const sessionCleanupTask: TaskDefinition = {
	name: 'session-cleanup',
	schedule: '17 * * * *',
	run: ({ now }) => {
		const db = getDb()
		const sessions = deleteExpiredSessions(now)
		const tokens = db
			.delete(userTokens)
			.where(or(lt(userTokens.expiresAt, now), isNotNull(userTokens.usedAt)))
			.run().changes
		const failures = db
			.delete(loginFailures)
			.where(lt(loginFailures.createdAt, new Date(now.getTime() - DAY_MS)))
			.run().changes
		return { itemsProcessed: sessions + tokens + failures }
	},
}
