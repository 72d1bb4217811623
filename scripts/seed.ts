/**
 * npm run seed — replace all data with the demo data (deterministic, fixed seed).
 *   npm run seed -- --if-empty   only seed when the database has no users yet
 */
export {}

process.env.SCHEDULER = 'off'

const { ensureMigrated, closeDb } = await import('#app/utils/db.server.ts')
const { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemoData, wipeDatabase } =
	await import('#app/seed/index.server.ts')
const { getEnv } = await import('#app/utils/env.server.ts')

const ifEmpty = process.argv.includes('--if-empty')
ensureMigrated()
if (ifEmpty && !isDatabaseEmpty()) {
	console.log('The database already has data; nothing seeded.')
} else {
	if (!isDatabaseEmpty()) {
		console.log(`Replacing all data in ${getEnv().DATABASE_PATH} …`)
		wipeDatabase()
	}
	const started = Date.now()
	await seedDemoData({
		onProgress: ({ step, totalSteps, text }) => console.log(`  [${step}/${totalSteps}] ${text}`),
	})
	console.log(`Demo data seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
	console.log(`\nDemo logins (password for all: ${DEMO_PASSWORD})`)
	for (const account of DEMO_ACCOUNTS) console.log(`  ${account.role.padEnd(9)} ${account.email}`)
}
closeDb()
