import fs from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'

/**
 * Migrates one template database before the run; every test file copies it
 * (setup-test-env.ts), which is much faster than migrating per file. Each run
 * has a folder of its own, so two runs in one checkout (a single test file
 * beside the whole suite) never remove each other's databases.
 */
const TMP_ROOT = path.resolve('tests/.tmp')
export const TMP_DIR = path.join(TMP_ROOT, `run-${process.pid}`)

export default async function setup(project: TestProject) {
	fs.rmSync(TMP_DIR, { recursive: true, force: true })
	fs.mkdirSync(TMP_DIR, { recursive: true })
	const templatePath = path.join(TMP_DIR, 'template.db')
	const { openDatabase, migrateDatabase } = await import('#app/utils/db.server.ts')
	const database = openDatabase(templatePath)
	migrateDatabase(database)
	database.$client.pragma('wal_checkpoint(TRUNCATE)')
	database.$client.close()
	project.provide('templateDatabasePath', templatePath)
	return () => {
		fs.rmSync(TMP_DIR, { recursive: true, force: true })
		// The root too once no other run uses it.
		if (fs.existsSync(TMP_ROOT) && fs.readdirSync(TMP_ROOT).length === 0)
			fs.rmSync(TMP_ROOT, { recursive: true })
	}
}

declare module 'vitest' {
	export interface ProvidedContext {
		templateDatabasePath: string
	}
}
