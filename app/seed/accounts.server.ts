import { users } from '#db/schema/users.ts'
import type { SeedStep } from './types.ts'

/** The demo logins printed on start and written in the README. One shared password. */
export const DEMO_PASSWORD = 'Spielzimmer-Demo-2026'

export const DEMO_ACCOUNTS = [
	{
		email: 'admin@example.com',
		role: 'Admin',
		displayName: 'Admin',
		firstName: 'Anna',
		lastName: 'Admin',
	},
	{
		email: 'host@example.com',
		role: 'Owner',
		displayName: 'Spielwiese Köln',
		firstName: 'Hanna',
		lastName: 'Hoffmann',
	},
	{
		email: 'guest@example.com',
		role: 'Customer',
		displayName: 'Familie Schneider',
		firstName: 'Gabi',
		lastName: 'Schneider',
	},
] as const

export const accountsSeedStep: SeedStep = {
	name: 'accounts',
	run: ({ db, random, now, demoPasswordHash, log }) => {
		for (const account of DEMO_ACCOUNTS) {
			db.insert(users)
				.values({
					id: random.id(),
					email: account.email,
					role: account.role,
					displayName: account.displayName,
					firstName: account.firstName,
					lastName: account.lastName,
					passwordHash: demoPasswordHash,
					emailConfirmedAt: now,
					langPreference: 'de',
					companyName: account.role === 'Owner' ? 'Spielwiese Köln GbR' : null,
					street: account.role === 'Owner' ? 'Aachener Straße 12' : null,
					postalCode: account.role === 'Owner' ? '50674' : null,
					city: account.role === 'Owner' ? 'Köln' : null,
					country: account.role === 'Owner' ? 'DE' : null,
				})
				.run()
		}
		log(`${DEMO_ACCOUNTS.length} demo accounts`)
	},
}
