import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { format } from 'node:util'
import { afterAll, afterEach, beforeEach, inject, vi } from 'vitest'

/**
 * Runs before every test file: a private copy of the migrated template
 * database, APP_ENV=test, and console.error turned into a failure.
 * Most files share their worker's modules (vitest.config.ts, ADR 0157), so
 * this also forgets what the previous file's modules remembered: the parsed
 * configuration and the open database.
 */
const templatePath = inject('templateDatabasePath')
const databasePath = path.join(path.dirname(templatePath), `test-${randomUUID()}.db`)
fs.copyFileSync(templatePath, databasePath)

process.env.APP_ENV = 'test'
process.env.DATABASE_PATH = databasePath
// Shared by all test files: image files are content-addressed, so parallel writers agree.
process.env.UPLOADS_DIR = path.join(path.dirname(templatePath), 'uploads')
process.env.SCHEDULER = 'off'
process.env.SEED_DEMO = 'false'
process.env.LOG_LEVEL = 'silent'
delete process.env.SMTP_URL
delete process.env.SESSION_SECRET

// The shared validation error map must be active in every test.
await import('#app/utils/validation.ts')
const { resetEnvCache } = await import('#app/utils/env.server.ts')
const { closeDb } = await import('#app/utils/db.server.ts')
resetEnvCache()
closeDb()

beforeEach(() => {
	vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
		throw new Error(`console.error was called (mock it in the test if that is expected): ${format(...args)}`)
	})
})

afterEach(async () => {
	if (typeof document !== 'undefined') {
		const { cleanup } = await import('@testing-library/react')
		cleanup()
	}
})

afterAll(async () => {
	const { closeDb } = await import('#app/utils/db.server.ts')
	closeDb()
	for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${databasePath}${suffix}`, { force: true })
})
