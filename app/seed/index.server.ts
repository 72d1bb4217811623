import { sql } from 'drizzle-orm'
import { users } from '#db/schema/users.ts'
import { getDb, type AppDatabase } from '#app/utils/db.server.ts'
import { hashPassword } from '#app/utils/password.server.ts'
import type { Hub } from '#app/utils/realtime.ts'
import { accountsSeedStep, DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.server.ts'
import { catalogueSeedStep } from './catalogue.server.ts'
import { contentSeedStep } from './content.server.ts'
import { ordersSeedStep } from './orders.server.ts'
import { refundsSeedStep } from './refunds.server.ts'
import { hostOfficeSeedStep } from './host-office.server.ts'
import { accessSeedStep } from './access.server.ts'
import { notificationsSeedStep } from './notifications.server.ts'
import { chatSeedStep } from './chat.server.ts'
import { supportSeedStep } from './support.server.ts'
import { ratingsSeedStep } from './ratings.server.ts'
import { vouchersSeedStep } from './vouchers.server.ts'
import { createRandom } from './random.ts'
import type { SeedStep } from './types.ts'
import { voucherOrdersSeedStep } from './voucher-orders.server.ts'
import { payoutsSeedStep } from './payouts.server.ts'
import { invoicesSeedStep } from './invoices.server.ts'

export { DEMO_ACCOUNTS, DEMO_PASSWORD }

/** The fixed seed that makes demo data reproducible. */
export const DEMO_SEED = 20_261_122

/** Steps in order; each capability appends its own (catalogue, orders, vouchers …). */
export const SEED_STEPS: SeedStep[] = [
	accountsSeedStep,
	catalogueSeedStep,
	contentSeedStep,
	ordersSeedStep,
	refundsSeedStep,
	hostOfficeSeedStep,
	accessSeedStep,
	notificationsSeedStep,
	chatSeedStep,
	supportSeedStep,
	ratingsSeedStep,
	vouchersSeedStep,
	voucherOrdersSeedStep,
	// Last month's invoices, after the orders and refunds (issue 34); the payouts come after them.
	invoicesSeedStep,
	// Last: pays out the balances every earlier step booked, invoice VAT included (issue 34).
	payoutsSeedStep,
]

export function isDatabaseEmpty(db: AppDatabase = getDb()): boolean {
	return !db.select({ id: users.id }).from(users).limit(1).get()
}

/** Deletes every row of every table (not the migrations table). */
export function wipeDatabase(db: AppDatabase = getDb()) {
	const tables = db.$client
		.prepare(
			`SELECT name FROM sqlite_master WHERE type = 'table'
			 AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'
			 AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
			 AND name NOT IN (SELECT name FROM pragma_table_list WHERE type = 'shadow')`,
		)
		.all() as { name: string }[]
	// Virtual tables (the FTS5 search index) are emptied through themselves, never via their shadow tables.
	const virtualTables = db.$client
		.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'`)
		.all() as { name: string }[]
	db.$client.pragma('foreign_keys = OFF')
	try {
		db.$client.transaction(() => {
			for (const { name } of [...tables, ...virtualTables]) db.$client.prepare(`DELETE FROM "${name}"`).run()
		})()
	} finally {
		db.$client.pragma('foreign_keys = ON')
	}
	db.run(sql`PRAGMA optimize`)
}

export type SeedProgress = { step: number; totalSteps: number; text: string }

/**
 * Fills an empty database with the demo data, reporting progress per step
 * (and over the realtime channel as SeedProgress when a hub is given).
 */
export async function seedDemoData(
	options: { hub?: Hub; onProgress?: (progress: SeedProgress) => void; now?: Date } = {},
) {
	const db = getDb()
	const random = createRandom(DEMO_SEED)
	const demoPasswordHash = await hashPassword(DEMO_PASSWORD)
	const totalSteps = SEED_STEPS.length
	const report = (progress: SeedProgress) => {
		options.onProgress?.(progress)
		options.hub?.publishToAll({ type: 'SeedProgress', ...progress })
	}
	for (const [index, step] of SEED_STEPS.entries()) {
		const stepNumber = index + 1
		report({ step: stepNumber, totalSteps, text: step.name })
		await step.run({
			db,
			random,
			now: options.now ?? new Date(),
			demoPasswordHash,
			log: (text) => report({ step: stepNumber, totalSteps, text: `${step.name}: ${text}` }),
		})
	}
}
