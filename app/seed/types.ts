import type { AppDatabase } from '#app/utils/db.server.ts'
import type { Random } from './random.ts'

export type SeedContext = {
	db: AppDatabase
	random: Random
	/** The moment the seed runs; demo orders and dates are placed relative to it. */
	now: Date
	/** argon2id hash of DEMO_PASSWORD, computed once and shared by all demo accounts. */
	demoPasswordHash: string
	/** Detail text for the current step (shown in SeedProgress). */
	log: (text: string) => void
}

/** One step of the demo seed. Later capabilities append theirs to SEED_STEPS. */
export type SeedStep = {
	name: string
	run: (context: SeedContext) => void | Promise<void>
}
