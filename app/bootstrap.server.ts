import type { IncomingHttpHeaders } from 'node:http'
import { sql } from 'drizzle-orm'
import { syncAdminSearchIndex } from './models/admin/admin-search-index.server.ts'
import { findActiveSession } from './models/accounts/session.server.ts'
import { ensurePlatformTemplates } from './models/host-office/template-texts.server.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemoData } from './seed/index.server.ts'
import { registerAllTasks } from './tasks/index.server.ts'
import { readAuthToken } from './utils/auth.server.ts'
import { warmPasswordStrength } from './utils/password-strength.server.ts'
import { stopZxcvbnWorker } from './utils/zxcvbn-worker.server.ts'
import { closeDb, ensureMigrated, getDb, isMigrated } from './utils/db.server.ts'
import { getEnv } from './utils/env.server.ts'
import type { Logger } from './utils/logger.server.ts'
import type { Hub } from './utils/realtime.ts'
import { startScheduler, stopScheduler } from './utils/scheduler.server.ts'

/**
 * Start-up of the application inside the server process: migrate, seed an
 * empty database with demo data (SEED_DEMO), write the platform's default
 * template texts that are missing (idempotent; the admin list only reads
 * them), register and start the background tasks. Called once by server/index.ts through server/app.ts.
 */
export async function bootstrap({ hub, logger }: { hub: Hub; logger: Logger }) {
	const env = getEnv()
	ensureMigrated()
	logger.info({ database: env.DATABASE_PATH }, 'database migrated')
	let seeded = false
	if (env.SEED_DEMO && isDatabaseEmpty()) {
		logger.info('empty database: seeding demo data')
		await seedDemoData({
			hub,
			onProgress: (progress) => logger.info(progress, 'seeding'),
		})
		seeded = true
	}
	ensurePlatformTemplates()
	registerAllTasks()
	if (env.SCHEDULER === 'on') startScheduler({ hub, logger })
	return { seeded }
}

/**
 * Background work after the server reports ready (server/index.ts): loads the
 * password-strength dictionaries on the next turn of the event loop, so the
 * first registration or live hint does not wait ~0.4 s for them, and
 * readiness does not wait either. A failure is logged; the first real check
 * then loads them again. It also starts the admin search index's build when
 * it is missing (in batches, in the background — ADR 0108), so the first
 * admin search finds it ready.
 */
export function warmUp({ logger }: { logger: Pick<Logger, 'debug' | 'warn'> }): Promise<void> {
	return new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
		const started = performance.now()
		try {
			await warmPasswordStrength()
			logger.debug(
				{ ms: Math.round(performance.now() - started) },
				'password-strength dictionaries warmed up',
			)
		} catch (error) {
			logger.warn({ err: error }, 'password-strength warm-up failed')
		}
		try {
			syncAdminSearchIndex()
		} catch (error) {
			logger.warn({ err: error }, 'admin search index: could not start the build')
		}
	})
}

export function healthCheck(): boolean {
	if (!isMigrated()) return false
	return getDb().get<{ ok: number }>(sql`SELECT 1 AS ok`)?.ok === 1
}

/** Who is opening a realtime connection: the session of its cookie or bearer token. */
export function authenticateHubRequest(headers: IncomingHttpHeaders) {
	const request = new Request('http://hub.local/', {
		headers: {
			cookie: headers.cookie ?? '',
			authorization: typeof headers.authorization === 'string' ? headers.authorization : '',
		},
	})
	const credentials = readAuthToken(request)
	const session = credentials ? findActiveSession(credentials.token) : null
	return session ? { userId: session.user.id, role: session.user.role } : null
}

/** The demo logins to print on start (only when demo data is enabled). */
export function demoLogins() {
	if (!getEnv().SEED_DEMO) return null
	return { password: DEMO_PASSWORD, accounts: DEMO_ACCOUNTS.map((a) => ({ email: a.email, role: a.role })) }
}

export function shutdown() {
	stopScheduler()
	void stopZxcvbnWorker()
	closeDb()
}
