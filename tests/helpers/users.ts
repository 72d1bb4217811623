import { users, type UserRole } from '#db/schema/users.ts'
import { createSession } from '#app/models/accounts/session.server.ts'
import { getDb } from '#app/utils/db.server.ts'
import { hashPassword } from '#app/utils/password.server.ts'

let counter = 0
let cachedHash: Promise<string> | undefined

export const TEST_PASSWORD = 'Kletterwand-Sonne-42'

/** A confirmed user of the given role; all test users share one password (hashed once). */
export async function createTestUser(
	overrides: Partial<typeof users.$inferInsert> & { role?: UserRole } = {},
) {
	counter++
	cachedHash ??= hashPassword(TEST_PASSWORD)
	const row = getDb()
		.insert(users)
		.values({
			email: `user${counter}-${Date.now()}@example.test`,
			role: 'Customer',
			displayName: `Testnutzer ${counter} ${Math.random().toString(36).slice(2, 6)}`,
			firstName: 'Test',
			lastName: `Nutzer ${counter}`,
			passwordHash: await cachedHash,
			emailConfirmedAt: new Date(),
			...overrides,
		})
		.returning()
		.get()
	return row
}

/** A user with a live session; returns the raw token for cookie or bearer use. */
export async function createLoggedInUser(
	overrides: Parameters<typeof createTestUser>[0] = {},
	options: { impersonatorUserId?: string } = {},
) {
	const user = await createTestUser(overrides)
	const session = createSession({
		userId: user.id,
		persistent: true,
		impersonatorUserId: options.impersonatorUserId,
	})
	return { user, token: session.token, cookie: `auth.token=${session.token}` }
}
