import { eq } from 'drizzle-orm'
import { playrooms } from '#db/schema/catalogue.ts'
import { AppError } from '#app/utils/app-error.ts'
import { getDb, type DbOrTx } from '#app/utils/db.server.ts'
import type { SessionUser } from '#app/models/accounts/session.server.ts'

export type ManagedPlayroom = typeof playrooms.$inferSelect

/**
 * The one ownership check of the host back office: a playroom the caller may
 * manage — its host, or an admin acting for the host. Anything else (another
 * host's playroom, an unknown id, a guest) is a 404, never a 403, so a foreign
 * id cannot be told apart from one that does not exist. Every host loader,
 * action and API handler that takes a playroom id goes through here first,
 * before any feature or validation check (issue 10, defect 10).
 */
export function requireManageablePlayroom(
	user: Pick<SessionUser, 'id' | 'role'> | null,
	playroomId: string | undefined,
	db: DbOrTx = getDb(),
): ManagedPlayroom {
	if (!user || !playroomId || (user.role !== 'Owner' && user.role !== 'Admin')) throw new AppError(404)
	const playroom = db.select().from(playrooms).where(eq(playrooms.id, playroomId)).get()
	if (!playroom) throw new AppError(404)
	if (user.role === 'Owner' && playroom.hostId !== user.id) throw new AppError(404)
	return playroom
}
