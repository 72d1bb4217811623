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

/** More confirmed demo guests and hosts (issue 3); same demo password. */
export const MORE_DEMO_GUESTS = [
	{
		email: 'guest2@example.com',
		displayName: 'Familie Wagner',
		firstName: 'Julia',
		lastName: 'Wagner',
		lang: 'de',
	},
	{
		email: 'guest3@example.com',
		displayName: 'Familie Yılmaz',
		firstName: 'Elif',
		lastName: 'Yılmaz',
		lang: 'de',
	},
	{
		email: 'guest4@example.com',
		displayName: 'Familie Becker',
		firstName: 'Thomas',
		lastName: 'Becker',
		lang: 'en',
	},
	{
		email: 'guest5@example.com',
		displayName: 'Familie Schulz',
		firstName: 'Sabine',
		lastName: 'Schulz',
		lang: 'de',
	},
	{
		email: 'guest6@example.com',
		displayName: 'Familie Krüger',
		firstName: 'Markus',
		lastName: 'Krüger',
		lang: 'de',
	},
] as const

export const MORE_DEMO_HOSTS = [
	{
		email: 'host2@example.com',
		displayName: 'Kinderwelt Hamburg',
		firstName: 'Katrin',
		lastName: 'Meyer',
		companyName: 'Kinderwelt Meyer UG',
		street: 'Osterstraße 88',
		postalCode: '20259',
		city: 'Hamburg',
	},
	{
		email: 'host3@example.com',
		displayName: 'Spielscheune München',
		firstName: 'Florian',
		lastName: 'Huber',
		companyName: 'Spielscheune Huber GmbH',
		street: 'Leopoldstraße 45',
		postalCode: '80802',
		city: 'München',
	},
	{
		email: 'host4@example.com',
		displayName: 'Tobezimmer Leipzig',
		firstName: 'Sandra',
		lastName: 'Richter',
		companyName: null,
		street: 'Karl-Liebknecht-Straße 21',
		postalCode: '04107',
		city: 'Leipzig',
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
		for (const guest of MORE_DEMO_GUESTS) {
			db.insert(users)
				.values({
					id: random.id(),
					email: guest.email,
					role: 'Customer',
					displayName: guest.displayName,
					firstName: guest.firstName,
					lastName: guest.lastName,
					passwordHash: demoPasswordHash,
					emailConfirmedAt: now,
					termsAcceptedAt: now,
					langPreference: guest.lang,
				})
				.run()
		}
		for (const host of MORE_DEMO_HOSTS) {
			db.insert(users)
				.values({
					id: random.id(),
					email: host.email,
					role: 'Owner',
					displayName: host.displayName,
					firstName: host.firstName,
					lastName: host.lastName,
					passwordHash: demoPasswordHash,
					emailConfirmedAt: now,
					termsAcceptedAt: now,
					langPreference: 'de',
					companyName: host.companyName,
					street: host.street,
					postalCode: host.postalCode,
					city: host.city,
					country: 'DE',
				})
				.run()
		}
		log(`${DEMO_ACCOUNTS.length + MORE_DEMO_GUESTS.length + MORE_DEMO_HOSTS.length} demo accounts`)
	},
}
