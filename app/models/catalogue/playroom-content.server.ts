import { eq, sql } from 'drizzle-orm'
import { playroomContentVersions, playrooms } from '#db/schema/catalogue.ts'
import { users } from '#db/schema/users.ts'
import { getDb, preparedQuery, type DbOrTx } from '#app/utils/db.server.ts'
import type { Locale } from '#app/utils/locale.ts'
import { createVersionedCache } from '#app/utils/versioned-cache.server.ts'
import {
	canSeePlayroom,
	getPlayroomDetail,
	getPlayroomPage,
	playroomNotFound,
	type Caller,
} from './playrooms.server.ts'

/**
 * What the playroom page shows of a playroom — its detail and its extra pages
 * — kept per playroom and language while the playroom's content version
 * (`playroom_content_versions`) is the same (ADR 0118). Triggers give it a new
 * random value on every write to any row the detail is read from (migration
 * `playroom_content_versions_sql`), so whichever process or tool wrote, the
 * next request reads the new version and builds afresh. Each request still
 * reads the playroom's version, status and host (one small indexed read) and
 * checks that the caller may see it. The host's § 19 UStG status is part of the
 * key, not of the version: the triggers do not watch the users table for it, and
 * every price on the page follows it (ADR 0150).
 */
export const CONTENT_CACHE_SIZE = 500

type PlayroomContent = {
	detail: ReturnType<typeof getPlayroomDetail>
	pages: ReturnType<typeof getPlayroomPage>[]
}

const contentCache = createVersionedCache<PlayroomContent>(CONTENT_CACHE_SIZE)

/** The detail and extra pages of a playroom the caller may see; otherwise the 404 AppError. Read-only. */
export function getPlayroomContent(
	playroomUrlPath: string,
	caller: Caller,
	locale: Locale,
	db: DbOrTx = getDb(),
): PlayroomContent {
	const row = preparedQuery(db, 'playrooms.contentVersionByUrlPath', (d) =>
		d
			.select({
				id: playrooms.id,
				status: playrooms.status,
				hostId: playrooms.hostId,
				version: playroomContentVersions.version,
				smallBusiness: users.smallBusiness,
			})
			.from(playrooms)
			.leftJoin(playroomContentVersions, eq(playroomContentVersions.playroomId, playrooms.id))
			.leftJoin(users, eq(users.id, playrooms.hostId))
			.where(eq(playrooms.playroomUrlPath, sql.placeholder('path')))
			.prepare(),
	).get({ path: playroomUrlPath })
	if (!row || !canSeePlayroom(caller, row)) throw playroomNotFound()
	const load = () => {
		const detail = getPlayroomDetail({ playroomUrlPath }, caller, locale, db)
		return { detail, pages: detail.pages.map((p) => getPlayroomPage(detail.id, p.id, caller, locale, db)) }
	}
	// Inside a transaction the rows read may still be rolled back: read them, never keep them.
	if (db !== getDb()) return load()
	return contentCache.get(`${row.id}:${locale}`, `${row.version}:${row.smallBusiness}`, load)
}

/** Empties the cache (tests). */
export function clearPlayroomContent() {
	contentCache.clear()
}
